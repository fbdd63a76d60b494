import type { AddressInfo } from "node:net";
import { type ProgressSnapshot, positionInputSchema, readEndgameProgress } from "@ct/contract";
import {
  COACH_CARDS_KEY,
  createRatingRecords,
  createReviewRecords,
  parseCards,
  parsePlayerRating,
  RATING_KEY,
} from "@ct/machines";
import { ACCOUNT_PROGRESS_KEYS } from "@ct/machines/account-progress";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerTestApp, strongPassword } from "../../../server/src/players/test-client";
import { PositionsRepository } from "../../../server/src/positions/repository";
import { type TestDatabase, testDatabaseKinds } from "../../../server/src/testing/databases";
import { ratedLibrary } from "../../../server/src/testing/positions";
import { type AccountStore, createAccountStore } from "../account/store";
import { type MyGamePuzzle, puzzleOf } from "../my-games/puzzle";
import { createMyGamesStore, memoryBackend, type StoredPuzzle } from "../my-games/store";
import { shortGameTurningPoint } from "../my-games/testing";
import { type DocumentName, markDocumentChanged } from "./document-changes";
import { createDocumentsSync, handedDocument, type SyncedDocument } from "./documents";
import {
  createSyncEngine,
  DECISIONS_KEY,
  type ProgressEventInput,
  STASH_PREFIX,
  type SyncEngine,
} from "./engine";
import { outboxKey, readOutbox } from "./outbox";
import { OWNER_KEY, type SyncStorage } from "./owner";

/**
 * The sync engine against the real server (the Fastify app on SQLite, listening on a port, with a library of rated
 * puzzles): each "browser" here is a storage of its own, a cookie jar and a network that can go down or lose
 * answers after the server stored what it was sent. Nothing stands in for the server.
 */

const kinds = await testDatabaseKinds();
const sqlite = kinds.find((kind) => kind.name === "sqlite");
if (!sqlite) throw new Error("no SQLite");

type Network = "up" | "down" | "lose-answers" | "reads-only";

function memoryStorage(): SyncStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

let base = "";
let serial = 0;

/** A browser: its storage, its session cookie, its network, and the requests it made. */
function browser(address: string) {
  const storage = memoryStorage();
  let cookie: string | null = null;
  const state = {
    network: "up" as Network,
    requests: [] as { method: string; path: string; events?: number }[],
    /** Every request the page tried, the ones that never left included. */
    attempts: 0,
  };
  const http = async (path: string, init: { method: string; body?: string }): Promise<Response> => {
    const write = init.method !== "GET";
    state.attempts += 1;
    if (state.network === "down" || (state.network === "reads-only" && write))
      throw new TypeError("fetch failed: the network is down");
    const events = path === "/api/account/events" ? JSON.parse(init.body ?? "{}").events.length : undefined;
    state.requests.push({ method: init.method, path, ...(events === undefined ? {} : { events }) });
    const response = await fetch(`${base}${path}`, {
      method: init.method,
      headers: {
        accept: "application/json",
        "x-forwarded-for": address,
        ...(cookie ? { cookie } : {}),
        ...(write ? { origin: base } : {}),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      cookie = pair?.endsWith("=") ? null : (pair ?? null);
    }
    // The server stored it and answered; the answer never reaches the page.
    if (state.network === "lose-answers") {
      await response.arrayBuffer();
      throw new TypeError("fetch failed: the connection was reset");
    }
    return response;
  };
  const account: AccountStore = createAccountStore(async () => {
    const response = await http("/api/account/session", { method: "GET" });
    return ((await response.json()) as { account: { username: string } | null }).account as never;
  });
  const engines: SyncEngine[] = [];
  return {
    storage,
    http,
    account,
    state,
    /** This browser's sync engine (no timers of its own here: the tests send when they mean to). */
    engine(
      options: {
        documents?: ReturnType<typeof createDocumentsSync>;
        debounceMs?: number;
        retryMs?: number;
        retryMaxMs?: number;
      } = {},
    ): SyncEngine {
      const engine = createSyncEngine({
        storage,
        http,
        account: { current: account.get, refresh: account.refresh },
        debounceMs: 60_000,
        retryMs: 60_000,
        log: () => undefined,
        ...options,
      });
      engines.push(engine);
      return engine;
    },
    async signUp(name: string) {
      const response = await http("/api/account/sign-up", {
        method: "POST",
        body: JSON.stringify({ username: name, password: strongPassword(name) }),
      });
      expect(response.status).toBe(201);
      return account.refresh();
    },
    async signIn(name: string) {
      const response = await http("/api/account/sign-in", {
        method: "POST",
        body: JSON.stringify({ username: name, password: strongPassword(name) }),
      });
      expect(response.status).toBe(200);
      return account.refresh();
    },
    async signOut() {
      expect((await http("/api/account/sign-out", { method: "POST" })).status).toBe(200);
      return account.refresh();
    },
    async progress(): Promise<ProgressSnapshot> {
      const response = await http("/api/account/progress", { method: "GET" });
      expect(response.status).toBe(200);
      return (await response.json()) as ProgressSnapshot;
    },
    /** The account's records as this browser holds them. */
    records(): Record<string, string> {
      return Object.fromEntries(
        ACCOUNT_PROGRESS_KEYS.flatMap((key) =>
          storage.data.has(key) ? [[key, storage.data.get(key) as string]] : [],
        ),
      );
    },
    stop() {
      for (const engine of engines) engine.stop();
    },
  };
}

let database: TestDatabase;
let app: FastifyInstance;
let puzzles: { id: number; rating: number; rating_deviation: number; themes: string[]; game_phase: string }[];
let networks = 0;

const nextName = (prefix: string) => `${prefix}_${++serial}_${Date.now().toString(36)}`.slice(0, 20);
const newBrowser = () => browser(`10.${++networks}.0.9`);
const T0 = Date.parse("2026-11-28T09:00:00.000Z");
let clock = T0;
/** The next second of the tests' training day. */
function at(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

const result = (index: number, outcome: "win" | "loss"): ProgressEventInput => ({
  type: "result",
  at: at(),
  puzzle: puzzles[index] as (typeof puzzles)[number],
  result: outcome,
});
const seen = (index: number): ProgressEventInput => ({
  type: "seen",
  at: at(),
  puzzleId: puzzles[index]?.id ?? 0,
});

beforeAll(async () => {
  database = await sqlite.create();
  app = await playerTestApp(database, { env: { TRUST_PROXY: "true" } });
  const { first_id } = await new PositionsRepository(database.db).batch(
    ratedLibrary("sync").map((input) => positionInputSchema.parse(input)),
  );
  const ids = Array.from({ length: 60 }, (_, index) => Number(first_id) + index);
  puzzles = ids.map((id, index) => ({
    id,
    rating: 600 + 50 * index,
    rating_deviation: 80,
    themes: ["short"],
    game_phase: ["opening", "middlegame", "endgame"][index % 3] as string,
  }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe("the progress outbox against the real server", () => {
  it("sends nothing for an anonymous visitor: the writes stay in the browser", async () => {
    const visitor = newBrowser();
    const engine = visitor.engine();
    await engine.accountChanged(await visitor.account.refresh());
    engine.record(result(0, "win"));
    await engine.flush();
    expect(visitor.storage.data.get(OWNER_KEY)).toBeUndefined();
    expect([...visitor.storage.data.keys()].some((key) => key.startsWith("chesstrainer.outbox."))).toBe(
      false,
    );
    expect(visitor.state.requests.map((r) => r.path)).toEqual(["/api/account/session"]);
    visitor.stop();
  });

  it("sends the outbox in batches of 200 and empties it as the server answers; the records are the server's", async () => {
    const laptop = newBrowser();
    const name = nextName("batch");
    const engine = laptop.engine();
    await engine.accountChanged(await laptop.signUp(name));
    const owner = name.toLowerCase();
    expect(laptop.storage.get(OWNER_KEY)).toBe(owner);
    for (let i = 0; i < 430; i += 1) engine.record(seen(i % 60));
    engine.record(result(1, "win"));
    expect(readOutbox(laptop.storage, owner)).toHaveLength(431);
    laptop.state.requests.length = 0;
    await engine.flush();
    expect(laptop.state.requests.map((r) => r.events)).toEqual([200, 200, 31]);
    expect(laptop.storage.get(outboxKey(owner))).toBeNull();
    const server = await laptop.progress();
    expect(server.events).toBe(431);
    expect(laptop.records()).toEqual(server.records);
    // The server rated the result with the library's figures: its rating, not an estimate, is the one shown.
    expect(parsePlayerRating(laptop.storage.get(RATING_KEY)).history).toHaveLength(1);
    laptop.stop();
  });

  it("sends the writes of a moment together, soon after the last one", async () => {
    const laptop = newBrowser();
    const engine = laptop.engine({ debounceMs: 40 });
    const name = nextName("soon");
    await engine.accountChanged(await laptop.signUp(name));
    laptop.state.requests.length = 0;
    engine.record(seen(12));
    engine.record(result(12, "win"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    engine.record(seen(13));
    expect(laptop.state.requests).toEqual([]);
    await expect.poll(() => readOutbox(laptop.storage, name.toLowerCase()).length).toBe(0);
    expect(laptop.state.requests).toEqual([{ method: "POST", path: "/api/account/events", events: 3 }]);
    laptop.stop();
  });

  it("tries again by itself while the network is down, waiting longer each time, and sends once it is back", async () => {
    const phone = newBrowser();
    const engine = phone.engine({ debounceMs: 5, retryMs: 20, retryMaxMs: 80 });
    const name = nextName("retry");
    await engine.accountChanged(await phone.signUp(name));
    phone.state.network = "down";
    phone.state.attempts = 0;
    engine.record(result(14, "win"));
    await new Promise((resolve) => setTimeout(resolve, 400));
    // 5 ms, then 20, 40, 80, 80, ... (about 7 tries in 400 ms): a handful, not one per millisecond.
    expect(phone.state.attempts).toBeGreaterThanOrEqual(2);
    expect(phone.state.attempts).toBeLessThanOrEqual(8);
    expect(readOutbox(phone.storage, name.toLowerCase())).toHaveLength(1);
    phone.state.network = "up";
    await expect.poll(() => readOutbox(phone.storage, name.toLowerCase()).length).toBe(0);
    expect((await phone.progress()).events).toBe(1);
    phone.stop();
  });

  it("stores each event once when an answer is lost and the batch is sent again", async () => {
    const phone = newBrowser();
    const engine = phone.engine();
    const name = nextName("lost");
    await engine.accountChanged(await phone.signUp(name));
    engine.record(result(2, "loss"));
    engine.record(result(3, "win"));
    phone.state.network = "lose-answers";
    await engine.flush();
    // The server stored both, but the page never heard: they stay in the outbox.
    expect(readOutbox(phone.storage, name.toLowerCase())).toHaveLength(2);
    phone.state.network = "up";
    expect((await phone.progress()).events).toBe(2);
    await engine.flush();
    expect(readOutbox(phone.storage, name.toLowerCase())).toHaveLength(0);
    const server = await phone.progress();
    expect(server.events).toBe(2);
    expect(
      parsePlayerRating(server.records[RATING_KEY] ?? null).history.map((point) => point.puzzleId),
    ).toEqual([puzzles[2]?.id, puzzles[3]?.id]);
    expect(phone.records()).toEqual(server.records);
    phone.stop();
  });

  it("keeps playing offline: the outbox grows, and what was unsent goes once the network is back", async () => {
    const laptop = newBrowser();
    const engine = laptop.engine();
    const name = nextName("offline");
    await engine.accountChanged(await laptop.signUp(name));
    laptop.state.network = "down";
    engine.record(result(4, "win"));
    await engine.flush();
    engine.record(result(5, "loss"));
    await engine.flush();
    expect(readOutbox(laptop.storage, name.toLowerCase())).toHaveLength(2);
    // A reload: a new engine over the same storage finds the outbox and sends it.
    laptop.state.network = "up";
    const reloaded = laptop.engine();
    await reloaded.accountChanged(laptop.account.get());
    expect(readOutbox(laptop.storage, name.toLowerCase())).toHaveLength(0);
    const server = await laptop.progress();
    expect(server.events).toBe(2);
    expect(parseCards(server.records[COACH_CARDS_KEY] ?? null).map((card) => card.puzzleId)).toEqual([
      puzzles[5]?.id,
    ]);
    laptop.stop();
  });

  it("shows the server's records with the unsent events on top, then exactly the server's once they are in", async () => {
    const name = nextName("devices");
    const laptop = newBrowser();
    const phone = newBrowser();
    const laptopEngine = laptop.engine();
    const phoneEngine = phone.engine();
    await laptopEngine.accountChanged(await laptop.signUp(name));
    await phoneEngine.accountChanged(await phone.signIn(name));
    // The phone trains and sends; the laptop's writes cannot leave (reads only).
    phoneEngine.record(result(6, "win"));
    phoneEngine.record(result(7, "win"));
    await phoneEngine.flush();
    laptop.state.network = "reads-only";
    laptopEngine.record(result(8, "loss"));
    await laptopEngine.flush();
    await laptopEngine.pull();
    const shown = parsePlayerRating(laptop.storage.get(RATING_KEY)).history.map((point) => point.puzzleId);
    expect(shown).toEqual([puzzles[6]?.id, puzzles[7]?.id, puzzles[8]?.id]);
    expect(parseCards(laptop.storage.get(COACH_CARDS_KEY)).map((card) => card.puzzleId)).toEqual([
      puzzles[8]?.id,
    ]);
    laptop.state.network = "up";
    await laptopEngine.flush();
    const server = await laptop.progress();
    expect(server.events).toBe(3);
    expect(laptop.records()).toEqual(server.records);
    await phoneEngine.pull();
    expect(phone.records()).toEqual(server.records);
    laptop.stop();
    phone.stop();
  });

  it("keeps an outbox per account: a player's unsent events wait for them, never for another player", async () => {
    const shared = newBrowser();
    const engine = shared.engine();
    const first = nextName("first");
    const second = nextName("second");
    await engine.accountChanged(await shared.signUp(first));
    engine.record(result(9, "win"));
    engine.record(result(10, "win"));
    // Signed out before the outbox went (say the tab closed): the events stay under the first player's name.
    await engine.accountChanged(await shared.signOut());
    expect(shared.storage.get(OWNER_KEY)).toBeNull();
    expect(shared.records()).toEqual({});
    expect(readOutbox(shared.storage, first.toLowerCase())).toHaveLength(2);
    await engine.accountChanged(await shared.signUp(second));
    await engine.flush();
    expect((await shared.progress()).events).toBe(0);
    expect(readOutbox(shared.storage, first.toLowerCase())).toHaveLength(2);
    await engine.accountChanged(await shared.signOut());
    await engine.accountChanged(await shared.signIn(first));
    expect(readOutbox(shared.storage, first.toLowerCase())).toHaveLength(0);
    const server = await shared.progress();
    expect(server.events).toBe(2);
    expect(shared.records()).toEqual(server.records);
    shared.stop();
  });

  it("does not take a player for signed out while the server cannot be reached", async () => {
    const laptop = newBrowser();
    const engine = laptop.engine();
    const name = nextName("unsure");
    await engine.accountChanged(await laptop.signUp(name));
    engine.record(result(11, "win"));
    await engine.flush();
    const before = laptop.records();
    laptop.state.network = "down";
    // The account store could not ask either: it says signed out.
    await engine.accountChanged({ status: "signed-out" });
    expect(laptop.storage.get(OWNER_KEY)).toBe(name.toLowerCase());
    expect(laptop.records()).toEqual(before);
    laptop.state.network = "up";
    laptop.stop();
  });
});

describe("the merge of an anonymous browser's progress", () => {
  /** A browser that trained without an account: a rated result and a miss put up for review. */
  function anonymousTraining(storage: SyncStorage) {
    const now = () => T0 - 86_400_000;
    const rating = createRatingRecords({ storage, now });
    const review = createReviewRecords({ storage, now });
    rating.report(puzzles[20] as (typeof puzzles)[number], "win");
    rating.report(puzzles[21] as (typeof puzzles)[number], "loss");
    review.record(puzzles[21]?.id ?? 0, "helped");
  }

  it("offers to add them on the first sign-in, adds them once, and not again", async () => {
    const name = nextName("merge");
    const elsewhere = newBrowser();
    const elsewhereEngine = elsewhere.engine();
    await elsewhereEngine.accountChanged(await elsewhere.signUp(name));
    elsewhereEngine.record(result(22, "win"));
    await elsewhereEngine.flush();

    const visitor = newBrowser();
    anonymousTraining(visitor.storage);
    const anonymous = visitor.records();
    const engine = visitor.engine();
    expect(engine.offer()).toBeNull();
    await engine.accountChanged(await visitor.signIn(name));
    expect(engine.offer()).toEqual({ username: name, puzzles: 0 });
    // While the player decides, the screens show the account's records, and the browser's wait aside.
    expect(parsePlayerRating(visitor.storage.get(RATING_KEY)).history).toHaveLength(1);
    expect(visitor.storage.get(`${STASH_PREFIX}rating`)).toBe(anonymous[RATING_KEY]);

    // The answer to the first request is lost; the merge goes again and is stored once.
    visitor.state.network = "lose-answers";
    await engine.acceptMerge();
    expect(engine.offer()).toBeNull();
    visitor.state.network = "up";
    await engine.flush();
    const server = await visitor.progress();
    expect(server.events).toBe(2);
    const history = parsePlayerRating(server.records[RATING_KEY] ?? null).history.map(
      (point) => point.puzzleId,
    );
    expect(history.sort()).toEqual([puzzles[20]?.id, puzzles[21]?.id, puzzles[22]?.id].sort());
    expect(parseCards(server.records[COACH_CARDS_KEY] ?? null).map((card) => card.puzzleId)).toEqual([
      puzzles[21]?.id,
    ]);
    expect(visitor.records()).toEqual(server.records);
    expect(Object.values(JSON.parse(visitor.storage.get(DECISIONS_KEY) ?? "{}"))).toEqual(["merged"]);

    // Signing out leaves a clean browser (its records went to the account); signing in again offers nothing.
    await engine.accountChanged(await visitor.signOut());
    expect(visitor.records()).toEqual({});
    await engine.accountChanged(await visitor.signIn(name));
    expect(engine.offer()).toBeNull();
    expect((await visitor.progress()).events).toBe(2);
    visitor.stop();
    elsewhere.stop();
  });

  it("keeps them separate when asked: they come back on sign-out, and the account never sees them", async () => {
    const name = nextName("apart");
    const visitor = newBrowser();
    anonymousTraining(visitor.storage);
    const anonymous = visitor.records();
    const engine = visitor.engine();
    await engine.accountChanged(await visitor.signUp(name));
    expect(engine.offer()).not.toBeNull();
    expect(visitor.records()).toEqual({});
    engine.keepSeparate();
    expect(engine.offer()).toBeNull();
    engine.record(result(30, "win"));
    await engine.flush();
    await engine.accountChanged(await visitor.signOut());
    expect(visitor.records()).toEqual(anonymous);
    expect([...visitor.storage.data.keys()].some((key) => key.startsWith(STASH_PREFIX))).toBe(false);
    await engine.accountChanged(await visitor.signIn(name));
    expect(engine.offer()).toBeNull();
    const server = await visitor.progress();
    expect(server.events).toBe(1);
    expect(visitor.records()).toEqual(server.records);
    visitor.stop();
  });
});

describe("the documents against the real server (last write wins)", () => {
  function documentsOf(device: ReturnType<typeof browser>) {
    /** A document kept in the browser's storage under one key. */
    const kept = (name: DocumentName, key: string): SyncedDocument => ({
      name,
      read: async () => device.storage.get(key),
      write: async (_owner, body) => device.storage.set(key, body),
    });
    return createDocumentsSync({
      storage: device.storage,
      http: device.http,
      documents: [kept("settings/board", "board"), kept("settings/theme", "theme")],
      log: () => undefined,
    });
  }

  it("takes a first browser's settings, gives them to the next, and keeps the later change", async () => {
    const name = nextName("docs");
    const laptop = newBrowser();
    laptop.storage.set("board", JSON.stringify({ boardTheme: "blue" }));
    const laptopDocuments = documentsOf(laptop);
    const laptopEngine = laptop.engine({ documents: laptopDocuments });
    await laptopEngine.accountChanged(await laptop.signUp(name));

    const phone = newBrowser();
    phone.storage.set("board", JSON.stringify({ boardTheme: "green" }));
    const phoneDocuments = documentsOf(phone);
    const phoneEngine = phone.engine({ documents: phoneDocuments });
    await phoneEngine.accountChanged(await phone.signIn(name));
    // The account had the laptop's look: the phone takes it.
    expect(phone.storage.get("board")).toBe(JSON.stringify({ boardTheme: "blue" }));

    // The phone changes it (later): the laptop gets the change on its next sync.
    await new Promise((resolve) => setTimeout(resolve, 5));
    phone.storage.set("board", JSON.stringify({ boardTheme: "green", pieceSet: "geometric" }));
    markDocumentChanged(phone.storage, "settings/board", new Date().toISOString());
    await phoneDocuments.push();
    await laptopDocuments.sync(name.toLowerCase());
    expect(laptop.storage.get("board")).toBe(JSON.stringify({ boardTheme: "green", pieceSet: "geometric" }));
    laptop.stop();
    phone.stop();
  });

  /**
   * A browser's My games set: the real store over memory (IndexedDB's stand-in), kept on the account whole as the
   * page keeps it (page-sync.ts's `my-games/set`: each puzzle with its place).
   */
  function myGamesOf(device: ReturnType<typeof browser>) {
    const store = createMyGamesStore(memoryBackend());
    const set: SyncedDocument = {
      name: "my-games/set",
      empty: JSON.stringify({ puzzles: [] }),
      read: async () => {
        const entries = await store.entries();
        return entries.length === 0 ? null : JSON.stringify({ puzzles: entries });
      },
      write: async (_owner, body) => store.replace((JSON.parse(body) as { puzzles: StoredPuzzle[] }).puzzles),
    };
    const documents = createDocumentsSync({
      storage: device.storage,
      http: device.http,
      documents: [set],
      log: () => undefined,
    });
    return {
      store,
      documents,
      /** The player adds puzzles here (an analysis, an import): marked for the account, as browserStore() does. */
      async add(...keys: string[]) {
        await store.add(keys.map(puzzleWithKey));
        markDocumentChanged(device.storage, "my-games/set", new Date().toISOString());
      },
      keys: async () => (await store.puzzles()).map((puzzle) => puzzle.key),
    };
  }
  const made = puzzleOf(shortGameTurningPoint(), "white");
  if (!made) throw new Error("no puzzle");
  const sample: MyGamePuzzle = made;
  const puzzleWithKey = (key: string): MyGamePuzzle => ({ ...sample, key });
  /** A few milliseconds: the next change is later than the last, at the server's resolution. */
  const later = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("gives one browser's My games set to another, and keeps the later write of two", async () => {
    const name = nextName("sets");
    const owner = name.toLowerCase();
    const laptop = newBrowser();
    const laptopSet = myGamesOf(laptop);
    const laptopEngine = laptop.engine({ documents: laptopSet.documents });
    await laptopEngine.accountChanged(await laptop.signUp(name));
    const phone = newBrowser();
    const phoneSet = myGamesOf(phone);
    const phoneEngine = phone.engine({ documents: phoneSet.documents });
    await phoneEngine.accountChanged(await phone.signIn(name));
    expect(await phoneSet.keys()).toEqual([]);

    // The laptop's set goes up; the phone's next sync brings it down, each puzzle at its place.
    await laptopSet.add("game:1", "game:2");
    await laptopSet.documents.push();
    await phoneSet.documents.sync(owner);
    expect(await phoneSet.store.entries()).toEqual(await laptopSet.store.entries());

    // The phone adds a puzzle offline; the laptop adds another later and sends it: the laptop's set wins.
    phone.state.network = "down";
    await phoneSet.add("game:3");
    await phoneSet.documents.push();
    await later();
    await laptopSet.add("game:4");
    await laptopSet.documents.push();
    phone.state.network = "up";
    await phoneSet.documents.sync(owner);
    expect(await phoneSet.keys()).toEqual(["game:1", "game:2", "game:4"]);

    // The phone changes the set after the account's version and syncs before it sends: its change wins.
    await later();
    await phoneSet.add("game:5");
    await phoneSet.documents.sync(owner);
    await laptopSet.documents.sync(owner);
    expect(await laptopSet.keys()).toEqual(["game:1", "game:2", "game:4", "game:5"]);
    expect(await laptopSet.store.entries()).toEqual(await phoneSet.store.entries());
    laptop.stop();
    phone.stop();
  });
});

describe("the repertoire's and the endgame course's progress against the real server (merged)", () => {
  const REPERTOIRE = "chesstrainer.repertoire";
  const COURSE = "ct.endgame-course.v1";
  /** A browser's two progress documents over its storage, as page-sync.ts hands them to the sync. */
  function courseOf(device: ReturnType<typeof browser>) {
    const documents = createDocumentsSync({
      storage: device.storage,
      http: device.http,
      documents: [
        handedDocument(device.storage, {
          name: "repertoire/progress",
          key: REPERTOIRE,
          replace: (text) =>
            text === null ? device.storage.remove(REPERTOIRE) : device.storage.set(REPERTOIRE, text),
        }),
        handedDocument(device.storage, {
          name: "endgame-course/progress",
          key: COURSE,
          replace: (text) =>
            text === null ? device.storage.remove(COURSE) : device.storage.set(COURSE, text),
        }),
      ],
      log: () => undefined,
    });
    return {
      documents,
      engine: device.engine({ documents }),
      /** The player passes an exercise here (the course's page writes its list and marks the change). */
      pass(id: string) {
        const solved = readEndgameProgress(JSON.parse(device.storage.get(COURSE) ?? "[]")).solved;
        device.storage.set(COURSE, JSON.stringify([...solved, id]));
        markDocumentChanged(device.storage, "endgame-course/progress", new Date().toISOString());
      },
      /** A line drilled here at `drilled`, clean or not. */
      drill(id: string, drilled: string, clean: boolean) {
        const records = JSON.parse(device.storage.get(REPERTOIRE) ?? '{"version":1,"lines":{},"cards":{}}');
        const before = records.lines[id];
        records.lines[id] = {
          learnt: before?.learnt ?? drilled,
          drilled,
          clean,
          drills: (before?.drills ?? 0) + 1,
        };
        device.storage.set(REPERTOIRE, JSON.stringify(records));
        markDocumentChanged(device.storage, "repertoire/progress", new Date().toISOString());
      },
      solved: () => readEndgameProgress(JSON.parse(device.storage.get(COURSE) ?? "[]")).solved,
      line: (id: string) => JSON.parse(device.storage.get(REPERTOIRE) ?? '{"lines":{}}').lines[id],
    };
  }

  it("offers a browser's anonymous progress on the first sign-in, unites both devices' work, and gives the visitor's back on sign-out", async () => {
    const name = nextName("course");
    const owner = name.toLowerCase();
    // The laptop trained before it had an account.
    const laptop = newBrowser();
    const onLaptop = courseOf(laptop);
    onLaptop.pass("queen-mate");
    onLaptop.drill("scotch-game/0", "2026-11-20T10:00:00.000Z", true);
    await onLaptop.engine.accountChanged(await laptop.signUp(name));
    // Put aside while the player decides (no puzzles here: only the course's progress makes the offer).
    expect(onLaptop.engine.offer()).toEqual({ username: name, puzzles: 0 });
    expect(onLaptop.solved()).toEqual([]);
    await onLaptop.engine.acceptMerge();
    expect(onLaptop.engine.offer()).toBeNull();
    expect(onLaptop.solved()).toEqual(["queen-mate"]);
    expect(onLaptop.line("scotch-game/0").clean).toBe(true);
    expect([...laptop.storage.data.keys()].some((key) => key.startsWith(STASH_PREFIX))).toBe(false);

    // The phone has a visitor's progress of its own, kept apart: the phone shows the account's.
    const phone = newBrowser();
    const onPhone = courseOf(phone);
    onPhone.pass("lucena");
    await onPhone.engine.accountChanged(await phone.signIn(name));
    expect(onPhone.engine.offer()).not.toBeNull();
    onPhone.engine.keepSeparate();
    expect(onPhone.solved()).toEqual(["queen-mate"]);
    // The phone trains later; the laptop trains too before it hears of it: both are kept.
    onPhone.pass("rook-mate");
    onPhone.drill("scotch-game/0", "2026-11-22T10:00:00.000Z", false);
    await onPhone.documents.push();
    onLaptop.pass("philidor");
    await onLaptop.documents.push();
    expect(onLaptop.solved()).toEqual(["philidor", "queen-mate", "rook-mate"]);
    await onPhone.documents.sync(owner);
    expect(onPhone.solved()).toEqual(["philidor", "queen-mate", "rook-mate"]);
    // The line as the phone's later drill left it (with its mistake), on the laptop's next sync.
    await onLaptop.documents.sync(owner);
    expect(onLaptop.line("scotch-game/0")).toMatchObject({
      drilled: "2026-11-22T10:00:00.000Z",
      clean: false,
    });

    // A change the account has not taken when the player signs out waits for them; the visitor's comes back.
    phone.state.network = "reads-only";
    onPhone.pass("vancura");
    await onPhone.documents.push();
    phone.state.network = "up";
    await onPhone.engine.accountChanged(await phone.signOut());
    expect(onPhone.solved()).toEqual(["lucena"]);
    await onPhone.engine.accountChanged(await phone.signIn(name));
    expect(onPhone.solved()).toContain("vancura");
    await onLaptop.documents.sync(owner);
    expect(onLaptop.solved()).toEqual(["philidor", "queen-mate", "rook-mate", "vancura"]);
    // The visitor's exercise never reached the account.
    expect(onLaptop.solved()).not.toContain("lucena");
    laptop.stop();
    phone.stop();
  });
});

describe("the player's own repertoires against the real server (kept whole)", () => {
  const MINE = "chesstrainer.my-repertoires";
  const value = (...names: string[]) =>
    JSON.stringify({
      version: 1,
      repertoires: names.map((name) => ({ id: name, name, side: "white", pgn: "1. e4 *", updatedAt: at() })),
    });
  function mineOf(device: ReturnType<typeof browser>) {
    const documents = createDocumentsSync({
      storage: device.storage,
      http: device.http,
      documents: [
        handedDocument(device.storage, {
          name: "repertoire/mine",
          key: MINE,
          replace: (text) => device.storage.set(MINE, text ?? value()),
          holds: (text) => (JSON.parse(text) as { repertoires: unknown[] }).repertoires.length > 0,
          empty: value(),
        }),
      ],
      log: () => undefined,
    });
    return {
      documents,
      engine: device.engine({ documents }),
      names: () =>
        (
          JSON.parse(device.storage.get(MINE) ?? value()) as { repertoires: { name: string }[] }
        ).repertoires.map((each) => each.name),
    };
  }

  it("carries a visitor's repertoires to an account that has none, keeps an account's own, and gives the visitor's back", async () => {
    const name = nextName("mine");
    const laptop = newBrowser();
    laptop.storage.set(MINE, value("london"));
    const onLaptop = mineOf(laptop);
    await onLaptop.engine.accountChanged(await laptop.signUp(name));
    expect(onLaptop.engine.offer()).not.toBeNull();
    expect(onLaptop.names()).toEqual([]);
    await onLaptop.engine.acceptMerge();
    expect(onLaptop.names()).toEqual(["london"]);

    // Another browser's visitor has repertoires of their own: the account's stay, the visitor's wait aside.
    const phone = newBrowser();
    phone.storage.set(MINE, value("caro-kann"));
    const onPhone = mineOf(phone);
    await onPhone.engine.accountChanged(await phone.signIn(name));
    expect(onPhone.names()).toEqual(["london"]);
    await onPhone.engine.acceptMerge();
    expect(onPhone.names()).toEqual(["london"]);
    // The player deletes their last one on the phone: the laptop's next sync has none either.
    phone.storage.set(MINE, value());
    markDocumentChanged(phone.storage, "repertoire/mine", new Date().toISOString());
    await onPhone.documents.push();
    await onLaptop.documents.sync(name.toLowerCase());
    expect(onLaptop.names()).toEqual([]);
    // Signing out gives the phone's visitor their repertoire back.
    await onPhone.engine.accountChanged(await phone.signOut());
    expect(onPhone.names()).toEqual(["caro-kann"]);
    laptop.stop();
    phone.stop();
  });
});
