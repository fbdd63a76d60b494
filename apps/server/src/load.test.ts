import type { Position, ProgressEvent, ProgressSnapshot } from "@ct/contract";
import { parsePlayerRating, RATING_KEY, replayProgress } from "@ct/machines";
import {
  applyProgressEventTo,
  compareProgressEvents,
  EMPTY_PROGRESS,
  playerRatingOf,
} from "@ct/machines/account-progress";
import { afterEach, describe, expect, it } from "vitest";
import { PLAYER_DEVIATION_LIMIT } from "./positions/selection";
import { siteFixture } from "./testing/app";
import { testDatabaseKinds } from "./testing/databases";
import { positionInput } from "./testing/positions";
import { freshStore, type ServerProcess, startServerProcess } from "./testing/server-process";

/**
 * 50 concurrent clients against a real server process for LOAD_SECONDS (default 30 s on SQLite; PostgreSQL gets
 * LOAD_PG_SECONDS, default half of that; set them higher for a soak): visitors' reads (home statistics, phase counts, the next position, the
 * blog list, a post) mixed with an admin's writes (creating and updating positions and posts with the API key).
 * Every answer must be the expected success, and afterwards every position and post written must be there once,
 * with the content of its last acknowledged write. Requests per second and latencies go to the console.
 *
 * Then signed-in players (issue 38): PLAYERS (default 200) sign up through the API and post their puzzle results
 * (each with its idempotency key) through two server processes on one database, some batches sent twice as a client
 * whose answer was lost does; nothing may be lost or stored twice, and each puzzle's rating moves once per first
 * result of a settled player.
 */
const API_KEY = "load-test-secret-api-key-0123456789";
const CLIENTS = 50;
/** Share of a client's requests that are writes. */
const WRITE_SHARE = 0.2;
const SQLITE_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const POSTGRES_SECONDS = Number(process.env.LOAD_PG_SECONDS ?? Math.max(1, Math.round(SQLITE_SECONDS / 2)));

const apiKey = { "x-api-key": API_KEY };
const writer = { ...apiKey, "content-type": "application/json" };
const PHASES = ["opening", "middlegame", "endgame"] as const;

/** A small seeded generator, so each client's mix is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One position or post a client owns and writes: only it writes there, so its last acknowledged write is known. */
interface Owned {
  kind: "position" | "post";
  /** The position's source or the post's slug. */
  key: string;
  id?: number;
  version: number;
  /** The content of the last acknowledged write. */
  content: string;
}

interface Figures {
  reads: number[];
  writes: number[];
  failures: string[];
  creates: { position: number; post: number };
  updates: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const postBody = (owned: Owned, client: number) => ({
  title: `Load post ${owned.key}`,
  content: `<p>${owned.content}: the rook belongs behind the passed pawn.</p>`,
  tags: ["load", `client-${client}`],
  published: true,
});

async function runClient(
  client: number,
  base: string,
  until: number,
  owned: Owned[],
  publicSlugs: string[],
  figures: Figures,
): Promise<void> {
  const next = random(client + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const mine: Owned[] = [];
  let created = 0;

  async function call(
    kind: "reads" | "writes",
    label: string,
    url: string,
    expected: number,
    init: RequestInit = {},
  ): Promise<unknown> {
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(`${base}${url}`, init);
    } catch (error) {
      figures.failures.push(`${label}: ${String(error)}`);
      return undefined;
    }
    const body = await response.text();
    figures[kind].push(performance.now() - started);
    if (response.status !== expected) {
      figures.failures.push(`${label} ${url}: ${response.status} ${body.slice(0, 200)}`);
      return undefined;
    }
    return body ? JSON.parse(body) : undefined;
  }

  async function read(): Promise<void> {
    const choice = next();
    if (choice < 0.2) await call("reads", "stats", "/api/tactical-positions/stats", 200);
    else if (choice < 0.4)
      await call("reads", "phase counts", "/api/tactical-positions/stats/phase-counts", 200);
    else if (choice < 0.6) {
      const url = `/api/tactical-positions/phase/${pick(PHASES)}/sequence/${Math.floor(next() * 200)}/next`;
      await call("reads", "next position", url, 200);
    } else if (choice < 0.8)
      await call("reads", "blog list", `/api/blog/posts?page=${1 + Math.floor(next() * 3)}`, 200);
    else await call("reads", "blog post", `/api/blog/posts/${pick(publicSlugs)}`, 200);
  }

  async function write(): Promise<void> {
    const create = mine.length === 0 || next() < 0.3;
    if (create) {
      const n = created++;
      const kind = next() < 0.5 ? "position" : "post";
      const entity: Owned = {
        kind,
        key: kind === "position" ? `load:${client}:${n}` : `load-${client}-${n}`,
        version: 1,
        content: `${kind} ${client}/${n} version 1`,
      };
      if (kind === "position") {
        const body = positionInput(pick(PHASES), { source: entity.key, description_en: entity.content });
        const answer = (await call("writes", "create position", "/api/tactical-positions/", 201, {
          method: "POST",
          headers: writer,
          body: JSON.stringify(body),
        })) as { id: number } | undefined;
        if (!answer) return;
        entity.id = answer.id;
        figures.creates.position++;
      } else {
        const answer = await call("writes", "create post", "/api/blog/posts", 201, {
          method: "POST",
          headers: writer,
          body: JSON.stringify({ ...postBody(entity, client), slug: entity.key }),
        });
        if (!answer) return;
        figures.creates.post++;
      }
      mine.push(entity);
      owned.push(entity);
      return;
    }
    const entity = pick(mine);
    const content = `${entity.kind} ${entity.key} version ${entity.version + 1}`;
    const url =
      entity.kind === "position" ? `/api/tactical-positions/${entity.id}` : `/api/blog/posts/${entity.key}`;
    const body =
      entity.kind === "position"
        ? positionInput(pick(PHASES), { source: entity.key, description_en: content })
        : postBody({ ...entity, content }, client);
    const answer = await call("writes", `update ${entity.kind}`, url, 200, {
      method: "PUT",
      headers: writer,
      body: JSON.stringify(body),
    });
    if (!answer) return;
    entity.version++;
    entity.content = content;
    figures.updates++;
  }

  while (Date.now() < until) {
    if (next() < WRITE_SHARE) await write();
    else await read();
  }
}

/** Signed-in players of the second case, each with its own network (sign-ups are limited per network). */
const PLAYERS = Number(process.env.LOAD_PLAYERS ?? 200);
/**
 * First results per player, on distinct puzzles (LOAD_PLAYER_PUZZLES, a multiple of PLAYER_BATCH, at most the 124
 * curated puzzles): a newcomer's rating settles after about 13 of the curated ones. PLAYERS × PLAYER_PUZZLES is how
 * many results the puzzles share: the test command's 30 players × 40 give each puzzle about ten, as 60 × 20 did, with
 * half the sign-ups (each an argon2id hash of 46 MiB; the accounts tests prove the hash).
 */
const PLAYER_PUZZLES = Number(process.env.LOAD_PLAYER_PUZZLES ?? 20);
/** First results per batch; each batch also carries a second result on its first puzzle, which teaches nothing. */
const PLAYER_BATCH = 5;
/** Shares of batches sent twice: at once to both processes, or again to the other once the first answered. */
const RESENT_AT_ONCE = 0.15;
const RESENT_AFTER = 0.15;
const T0 = Date.parse("2026-11-28T08:00:00.000Z");

/** What a player sent and what the server answered. */
interface PlayerRun {
  username: string;
  cookie: string;
  /** Every event sent, each key once. */
  sent: ProgressEvent[];
  /** Deliveries beyond the first of a batch. */
  resent: number;
}

interface PlayerFigures {
  signUps: number[];
  posts: number[];
  failures: string[];
}

type PuzzleFigures = Pick<Position, "id" | "rating" | "rating_deviation" | "themes" | "game_phase">;

/** A result event with the figures the player's browser was shown. */
const resultEvent = (
  key: string,
  at: number,
  puzzle: PuzzleFigures,
  result: "win" | "loss",
): ProgressEvent => ({
  key,
  at: new Date(at).toISOString(),
  type: "result",
  puzzle: {
    id: puzzle.id,
    rating: puzzle.rating ?? 1500,
    rating_deviation: puzzle.rating_deviation ?? 350,
    themes: puzzle.themes,
    game_phase: puzzle.game_phase,
  },
  result,
});

/** An event as the client knows it: the server puts the library's own figures on a stored result. */
const withoutFigures = (event: ProgressEvent) =>
  event.type === "result"
    ? { key: event.key, at: event.at, type: event.type, puzzle: event.puzzle.id, result: event.result }
    : event;

/**
 * One player: signs up on a process of its own network, then posts its results in batches in time order, each
 * batch to the process after the last one's; a lost answer's batch is sent again (at once to both processes, or
 * to the other after the first answered), and some players send their first batch again at the end, as a queue
 * that did not hear back would. Every answer must be a 200 whose `stored` and `events` count each event once.
 */
async function runPlayer(
  n: number,
  servers: ServerProcess[],
  puzzles: PuzzleFigures[],
  figures: PlayerFigures,
): Promise<PlayerRun | undefined> {
  const next = random(1000 + n);
  const network = `10.${40 + (n >> 8)}.${n & 255}.9`;
  const username = `load_player_${n}`;
  let cookie = "";
  const server = (turn: number) => servers[turn % servers.length] as ServerProcess;
  const send = async (turn: number, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${server(turn).base}${path}`, {
      method,
      headers: {
        origin: server(turn).base,
        "x-forwarded-for": network,
        ...(cookie ? { cookie: `ct_session=${cookie}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, headers: response.headers, ms: performance.now() - started };
  };
  const fail = (what: string, answer: { status: number; text: string }) => {
    figures.failures.push(`${username} ${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return undefined;
  };

  const signUp = await send(n, "POST", "/api/account/sign-up", {
    username,
    password: `Load player ${n}: rook behind the passer`,
  });
  figures.signUps.push(signUp.ms);
  if (signUp.status !== 201) return fail("sign-up", signUp);
  cookie = /ct_session=([^;]+)/.exec(signUp.headers.get("set-cookie") ?? "")?.[1] ?? "";
  if (!cookie) return fail("sign-up without a cookie", signUp);

  // The player's own puzzles, in an order of its own; many players share each puzzle.
  const mine = [...puzzles]
    .map((puzzle) => ({ puzzle, order: next() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, PLAYER_PUZZLES)
    .map(({ puzzle }) => puzzle);
  const batches: ProgressEvent[][] = [];
  for (let start = 0; start < PLAYER_PUZZLES; start += PLAYER_BATCH) {
    const batch = mine.slice(start, start + PLAYER_BATCH).map((puzzle, i) => {
      const at = T0 + (start + batches.length + i) * 60_000;
      return resultEvent(`load-${n}-first-${start + i}`, at, puzzle, next() < 0.6 ? "win" : "loss");
    });
    const again = mine[start] as PuzzleFigures;
    const at = T0 + (start + batches.length + PLAYER_BATCH) * 60_000;
    batch.push(resultEvent(`load-${n}-again-${start}`, at, again, "win"));
    batches.push(batch);
  }

  const run: PlayerRun = { username, cookie, sent: [], resent: 0 };
  let turn = n;
  const post = async (to: number, events: ProgressEvent[]) => {
    const answer = await send(to, "POST", "/api/account/events", { events });
    figures.posts.push(answer.ms);
    if (answer.status !== 200) return fail("events", answer);
    return JSON.parse(answer.text) as ProgressSnapshot;
  };
  for (const events of batches) {
    const held = run.sent.length + events.length;
    const chance = next();
    let answers: (ProgressSnapshot | undefined)[];
    if (chance < RESENT_AT_ONCE) {
      answers = await Promise.all([post(turn, events), post(turn + 1, events)]);
      run.resent++;
    } else if (chance < RESENT_AT_ONCE + RESENT_AFTER) {
      answers = [await post(turn, events)];
      answers.push(await post(turn + 1, events));
      run.resent++;
    } else {
      answers = [await post(turn, events)];
    }
    if (answers.some((answer) => answer === undefined)) return undefined;
    const stored = answers.map((answer) => answer?.stored ?? -1).sort((a, b) => b - a);
    const expected = [events.length, ...Array(answers.length - 1).fill(0)];
    if (
      JSON.stringify(stored) !== JSON.stringify(expected) ||
      answers.some((answer) => answer?.events !== held)
    )
      figures.failures.push(
        `${username}: a batch of ${events.length} stored ${stored} holding ${answers.map((answer) => answer?.events)}, ` +
          `not ${expected} holding ${held}`,
      );
    run.sent.push(...events);
    turn++;
  }
  if (next() < 0.2) {
    const again = await post(turn, batches[0] as ProgressEvent[]);
    if (!again) return undefined;
    run.resent++;
    if (again.stored !== 0 || again.events !== run.sent.length)
      figures.failures.push(
        `${username}: the first batch again stored ${again.stored}, holding ${again.events}`,
      );
  }
  return run;
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("the server under load on $name", (kind) => {
  const seconds = kind.name === "sqlite" ? SQLITE_SECONDS : POSTGRES_SECONDS;
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
  });

  it(
    `serves ${CLIENTS} clients reading and writing for ${seconds} s without an error or a lost write`,
    async () => {
      // The whole first-start content, the 10,000-puzzle library too: the load runs on a database as big as a
      // fresh install's.
      const store = await freshStore(kind, { library: true });
      cleanup.push(() => store.destroy());
      // Its first start stores the library: seconds on a quiet machine, over 30 s on two cores at a load of 15.
      // A bound on a hang, not a speed check.
      const server = await startServerProcess(
        {
          ...store.env,
          API_KEY,
          ADMIN_PASSWORD: "load test admin password",
          ANALYSIS_WORKER: "off",
          SITE_DIR: siteFixture(),
        },
        { timeoutMs: 90_000 },
      );
      cleanup.push(() => server.kill9());

      const seeded = (await (await fetch(`${server.base}/api/blog/posts?per_page=50`)).json()) as {
        posts: { slug: string }[];
      };
      const publicSlugs = seeded.posts.map((post) => post.slug);
      expect(publicSlugs.length).toBeGreaterThan(0);

      const figures: Figures = {
        reads: [],
        writes: [],
        failures: [],
        creates: { position: 0, post: 0 },
        updates: 0,
      };
      const owned: Owned[] = [];
      const started = performance.now();
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          runClient(client, server.base, until, owned, publicSlugs, figures),
        ),
      );
      const elapsed = (performance.now() - started) / 1000;
      expect(figures.failures.slice(0, 20)).toEqual([]);

      // Every write is there, once, with the content of its last acknowledged write.
      let checked = 0;
      for (let start = 0; start < owned.length; start += 25) {
        await Promise.all(
          owned.slice(start, start + 25).map(async (entity) => {
            if (entity.kind === "position") {
              const response = await fetch(`${server.base}/api/tactical-positions/${entity.id}`);
              expect(response.status, entity.key).toBe(200);
              const position = (await response.json()) as { source: string; description_en: string };
              expect(position.source).toBe(entity.key);
              expect(position.description_en, entity.key).toBe(entity.content);
            } else {
              const response = await fetch(`${server.base}/api/blog/posts/${entity.key}`, {
                headers: apiKey,
              });
              expect(response.status, entity.key).toBe(200);
              const post = (await response.json()) as { content: string };
              expect(post.content, entity.key).toContain(`<p>${entity.content}:`);
            }
            checked++;
          }),
        );
      }
      const check = await store.open();
      cleanup.push(() => check.close());
      const positions = await check.db
        .selectFrom("positions")
        .select("source")
        .where("source", "like", "load:%")
        .execute();
      const posts = await check.db
        .selectFrom("blog_posts")
        .select("slug")
        .where("title", "like", "Load post %")
        .execute();
      expect(positions.length).toBe(figures.creates.position);
      expect(new Set(positions.map((row) => row.source)).size).toBe(positions.length);
      expect(posts.length).toBe(figures.creates.post);
      expect(posts.every((row) => /^load-\d+-\d+$/.test(row.slug))).toBe(true);
      expect(await server.stop()).toBe(0);
      expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);

      const reads = [...figures.reads].sort((a, b) => a - b);
      const writes = [...figures.writes].sort((a, b) => a - b);
      const all = [...reads, ...writes].sort((a, b) => a - b);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        [
          `load on ${kind.name}: ${CLIENTS} clients for ${elapsed.toFixed(1)} s`,
          `  all:    ${all.length} requests, ${(all.length / elapsed).toFixed(1)} req/s, p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? 0)}`,
          `  reads:  ${reads.length}, ${(reads.length / elapsed).toFixed(1)} req/s, p50 ${ms(percentile(reads, 50))}, p99 ${ms(percentile(reads, 99))}`,
          `  writes: ${writes.length}, ${(writes.length / elapsed).toFixed(1)} req/s, p50 ${ms(percentile(writes, 50))}, p99 ${ms(percentile(writes, 99))}`,
          `  ${figures.creates.position} positions and ${figures.creates.post} posts created, ${figures.updates} updates; ` +
            `${checked} checked afterwards, each with its last acknowledged content; 0 errors`,
        ].join("\n"),
      );
    },
    seconds * 1000 + 150_000,
  );

  it(`keeps every result of ${PLAYERS} signed-in players posting through two server processes, each once`, async () => {
    // The curated puzzles only (124, deviation 350): shared by many players, so results on one puzzle meet.
    const store = await freshStore(kind);
    cleanup.push(() => store.destroy());
    // The proxy's part, X-Forwarded-For, is played here: each player signs up from a network of its own.
    const env = {
      ...store.env,
      TOKEN_SECRET: "load-test-players-token-secret-0123456789",
      ANALYSIS_WORKER: "off",
      SITE_DIR: siteFixture(),
      TRUST_PROXY: "true",
    };
    const servers: ServerProcess[] = [];
    // The second starts once the first has stored the curated puzzles (a first start's work, done once).
    for (let n = 0; n < 2; n++) {
      const server = await startServerProcess(env, { timeoutMs: 90_000 });
      cleanup.push(() => server.kill9());
      servers.push(server);
    }
    const listed = (await (
      await fetch(`${servers[1]?.base}/api/tactical-positions/?per_page=200`)
    ).json()) as Position[];
    const puzzles: PuzzleFigures[] = listed.map(({ id, rating, rating_deviation, themes, game_phase }) => ({
      id,
      rating,
      rating_deviation,
      themes,
      game_phase,
    }));
    expect(puzzles.length).toBeGreaterThanOrEqual(Math.max(100, PLAYER_PUZZLES));
    expect(PLAYER_PUZZLES % PLAYER_BATCH).toBe(0);
    const check = await store.open();
    cleanup.push(() => check.close());
    const attemptsOf = async () =>
      new Map(
        (await check.db.selectFrom("positions").select(["id", "rating_attempts"]).execute()).map((row) => [
          Number(row.id),
          Number(row.rating_attempts),
        ]),
      );
    const before = await attemptsOf();

    const figures: PlayerFigures = { signUps: [], posts: [], failures: [] };
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: PLAYERS }, (_, n) => runPlayer(n, servers, puzzles, figures)),
    );
    const elapsed = (performance.now() - started) / 1000;
    expect(figures.failures.slice(0, 20)).toEqual([]);
    const players = runs.filter((run): run is PlayerRun => run !== undefined);
    expect(players).toHaveLength(PLAYERS);

    // Each event once: as many rows as distinct keys sent, and each player's exactly theirs.
    const ids = new Map(
      (await check.db.selectFrom("players").select(["id", "username"]).execute()).map((row) => [
        row.username,
        Number(row.id),
      ]),
    );
    const rows = await check.db.selectFrom("player_events").select(["player_id", "key", "body"]).execute();
    const sentKeys = players.reduce((sum, run) => sum + new Set(run.sent.map((event) => event.key)).size, 0);
    expect(rows).toHaveLength(sentKeys);
    const storedOf = new Map<number, ProgressEvent[]>();
    for (const row of rows) {
      const events = storedOf.get(Number(row.player_id)) ?? [];
      events.push(JSON.parse(row.body) as ProgressEvent);
      storedOf.set(Number(row.player_id), events);
    }

    // Each player's progress, read from the process it did not write to last, holds exactly their results: the
    // replay of their events as stored (with the library's figures at the time), first results only rated.
    const expectedMoves = new Map<number, number>();
    let settledPlayers = 0;
    for (let start = 0; start < players.length; start += 25) {
      await Promise.all(
        players.slice(start, start + 25).map(async (run, offset) => {
          const n = start + offset;
          const id = ids.get(run.username) as number;
          const stored = (storedOf.get(id) ?? []).sort(compareProgressEvents);
          expect(stored.map(withoutFigures), run.username).toEqual(
            [...run.sent].sort(compareProgressEvents).map(withoutFigures),
          );
          const server = servers[(n + PLAYER_PUZZLES / PLAYER_BATCH + 1) % 2] as ServerProcess;
          const response = await fetch(`${server.base}/api/account/progress`, {
            headers: { cookie: `ct_session=${run.cookie}` },
          });
          expect(response.status, run.username).toBe(200);
          const progress = (await response.json()) as ProgressSnapshot;
          expect(progress.events, run.username).toBe(run.sent.length);
          expect(progress.records, run.username).toEqual(replayProgress(stored));
          const history = parsePlayerRating(progress.records[RATING_KEY] ?? null).history;
          expect(history.map((point) => point.puzzleId).sort(), run.username).toEqual(
            [...new Set(run.sent.map((event) => (event.type === "result" ? event.puzzle.id : 0)))].sort(),
          );
          // The puzzles this player should have taught: a first result while its rating was settled.
          let state = EMPTY_PROGRESS;
          const played = new Set<number>();
          for (const event of stored) {
            if (event.type === "result" && !event.unrated && !played.has(event.puzzle.id)) {
              played.add(event.puzzle.id);
              const player = playerRatingOf(state);
              if (player.deviation < PLAYER_DEVIATION_LIMIT && !player.rated.includes(event.puzzle.id))
                expectedMoves.set(event.puzzle.id, (expectedMoves.get(event.puzzle.id) ?? 0) + 1);
            }
            state = applyProgressEventTo(state, event);
          }
          if (playerRatingOf(state).deviation < PLAYER_DEVIATION_LIMIT) settledPlayers++;
        }),
      );
    }

    // Each puzzle's rating moved once per first result of a settled player: none lost, none twice.
    const after = await attemptsOf();
    const moves = new Map<number, number>();
    for (const [id, attempts] of after) {
      const moved = attempts - (before.get(id) ?? 0);
      if (moved !== 0) moves.set(id, moved);
    }
    expect(Object.fromEntries(moves)).toEqual(Object.fromEntries(expectedMoves));
    const taught = [...moves.values()].reduce((sum, count) => sum + count, 0);
    expect(taught).toBeGreaterThan(0);
    // Most players settle within their results; the others' first results taught nothing (checked above).
    expect(settledPlayers).toBeGreaterThan(0);

    for (const server of servers) expect(server.output()).not.toMatch(/"level":50/);
    for (const server of servers) expect(await server.stop()).toBe(0);
    expect(store.integrity()).toEqual(kind.name === "sqlite" ? ["ok"] : []);

    const signUps = [...figures.signUps].sort((a, b) => a - b);
    const posts = [...figures.posts].sort((a, b) => a - b);
    const resent = players.reduce((sum, run) => sum + run.resent, 0);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      [
        `signed-in players on ${kind.name}: ${PLAYERS} players through 2 processes in ${elapsed.toFixed(1)} s`,
        `  sign-ups: ${signUps.length}, p50 ${ms(percentile(signUps, 50))}, p99 ${ms(percentile(signUps, 99))} (argon2id)`,
        `  event posts: ${posts.length} (${resent} of them a batch sent again), ${(posts.length / elapsed).toFixed(1)} req/s, ` +
          `p50 ${ms(percentile(posts, 50))}, p99 ${ms(percentile(posts, 99))}`,
        `  ${rows.length} events stored, each once (${sentKeys} distinct keys sent); ${moves.size} puzzles moved ` +
          `${taught} times, each once per first result of a settled player (${settledPlayers} players settled); 0 errors`,
      ].join("\n"),
    );
  }, 240_000);
});
