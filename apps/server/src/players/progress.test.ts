import {
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_MAX,
  PLAYER_SESSION_COOKIE,
  type ProgressEvent,
  type ProgressSnapshot,
  positionInputSchema,
} from "@ct/contract";
import {
  COACH_CARDS_KEY,
  PROGRESS_KEYS,
  parseCards,
  parsePlayerRating,
  RATING_KEY,
  replayProgress,
} from "@ct/machines";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PositionsRepository } from "../positions/repository";
import { PLAYER_DEVIATION_LIMIT } from "../positions/selection";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { ratedLibrary } from "../testing/positions";
import { Browser, EVIL_ORIGIN, networks, playerTestApp, SITE_ORIGIN, strongPassword } from "./test-client";

const T0 = Date.parse("2026-11-28T08:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SIGN_IN_FIRST = { error: "unauthorized", message: "Sign in to keep progress on your account" };

const kinds = await testDatabaseKinds();

describe.each(kinds)("a player's progress on the server on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let ids: number[];
  const address = networks(14);
  let serial = 0;
  let keys = 0;
  /** A key no other event of this run has. */
  const key = (prefix = "event") => `${prefix}-${String(++keys).padStart(8, "0")}`;

  beforeAll(async () => {
    database = await kind.create();
    app = await playerTestApp(database);
    const { first_id } = await new PositionsRepository(database.db).batch(
      ratedLibrary("progress").map((input) => positionInputSchema.parse(input)),
    );
    ids = Array.from({ length: 60 }, (_, index) => Number(first_id) + index);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  /** A new account, signed in on a new browser. */
  async function signedUp(prefix: string): Promise<{ browser: Browser; name: string; password: string }> {
    const name = `${prefix}_${++serial}`;
    const password = strongPassword(name);
    const browser = new Browser(app, address());
    const response = await browser.signUp(name, password);
    expect(response.statusCode, response.body).toBe(201);
    return { browser, name, password };
  }

  /** The same account signed in on another browser. */
  async function secondDevice(name: string, password: string): Promise<Browser> {
    const browser = new Browser(app, address());
    expect((await browser.signIn(name, password)).statusCode).toBe(200);
    return browser;
  }

  const post = (browser: Browser, events: ProgressEvent[]) =>
    browser.send("POST", "/api/account/events", { events });
  const snapshot = async (browser: Browser) => {
    const response = await browser.send("GET", "/api/account/progress");
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProgressSnapshot;
  };
  const stored = async (browser: Browser, events: ProgressEvent[]) => {
    const response = await post(browser, events);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProgressSnapshot;
  };
  /** PUT through the browser's cookie and origin (the test client sends GET, POST, PATCH and DELETE). */
  const put = (browser: Browser, url: string, payload: object, origin = SITE_ORIGIN) =>
    app.inject({
      method: "PUT",
      url,
      remoteAddress: browser.address,
      headers: {
        origin,
        ...(browser.cookie ? { cookie: `${PLAYER_SESSION_COOKIE}=${browser.cookie}` } : {}),
      },
      payload,
    });

  /** A library puzzle's figures as the library answers them now. */
  async function figures(id: number) {
    const position = (await app.inject({ method: "GET", url: `/api/tactical-positions/${id}` })).json();
    return {
      id,
      rating: position.rating as number,
      rating_deviation: position.rating_deviation as number,
      themes: position.themes as string[],
      game_phase: position.game_phase as string,
    };
  }
  const puzzleRow = (id: number) =>
    database.db
      .selectFrom("positions")
      .select(["rating", "rating_deviation", "rating_attempts"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  /** One puzzle played in a module: shown, a move, the first result, how it ended. */
  async function played(
    scenarioId: string,
    id: number,
    second: number,
    outcome: "clean" | "helped" | "failed",
    prefix = "event",
  ): Promise<ProgressEvent[]> {
    // The player's own puzzles (My games) are not the library's: the browser sends what it has.
    const puzzle =
      id < 0
        ? { id, rating: 1500, rating_deviation: 350, themes: [], game_phase: "endgame" }
        : await figures(id);
    const win = outcome === "clean";
    return [
      { key: key(prefix), at: at(second), type: "seen", puzzleId: id },
      {
        key: key(prefix),
        at: at(second + 1),
        type: "move",
        scenarioId,
        move: {
          positionId: String(id),
          fen: START,
          move: "e2e4",
          evaluation: win ? "best" : "mistake",
          timeSpentMs: 900,
        },
      },
      { key: key(prefix), at: at(second + 2), type: "result", puzzle, result: win ? "win" : "loss" },
      {
        key: key(prefix),
        at: at(second + 3),
        type: "outcome",
        scenarioId,
        positionId: String(id),
        fen: START,
        outcome,
      },
    ];
  }

  describe("who may", () => {
    it("refuses every route without a signed-in player, with a JSON 401", async () => {
      const stranger = new Browser(app, address());
      const forged = new Browser(app, address());
      forged.cookie = "not-a-session-the-server-made";
      for (const browser of [stranger, forged]) {
        const answers = [
          await browser.send("GET", "/api/account/progress"),
          await post(browser, [{ key: key(), at: at(0), type: "streak", length: 3 }]),
          await browser.send("GET", "/api/account/documents"),
          await put(browser, "/api/account/documents/settings/board", { body: "{}" }),
          await browser.send("DELETE", "/api/account/documents/settings/board"),
        ];
        for (const answer of answers) {
          expect(answer.statusCode, answer.body).toBe(401);
          expect(answer.json()).toEqual(SIGN_IN_FIRST);
        }
      }
      // A stranger's large body is refused unread.
      const large = await stranger.send("POST", "/api/account/events", {
        events: [{ key: key(), at: at(0), type: "merge", records: { x: "y".repeat(3_000_000) } }],
      });
      expect(large.statusCode).toBe(401);
    });

    it("refuses writes sent from another site with a 403, and stores nothing", async () => {
      const { browser } = await signedUp("origin");
      const evil = new Browser(app, address(), EVIL_ORIGIN);
      evil.cookie = browser.cookie;
      const answers = [
        await post(evil, [{ key: key(), at: at(0), type: "streak", length: 3 }]),
        await put(evil, "/api/account/documents/settings/board", { body: "{}" }, EVIL_ORIGIN),
        await evil.send("DELETE", "/api/account/documents/settings/board"),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json().error).toBe("forbidden");
      }
      // Reading is no write: another site's page cannot read the answer anyway (no CORS).
      expect((await evil.send("GET", "/api/account/progress")).statusCode).toBe(200);
      expect(await snapshot(browser)).toEqual({ records: {}, events: 0 });
      expect((await browser.send("GET", "/api/account/documents")).json()).toEqual({ documents: [] });
    });
  });

  it("refuses bad events with a JSON 400 that names the field", async () => {
    const { browser } = await signedUp("bad");
    const good = { key: key(), at: at(0), type: "streak", length: 3 };
    const cases: [unknown, string][] = [
      [{}, "body.events"],
      [{ events: [] }, "body.events"],
      [{ events: [{ ...good, key: "short" }] }, "body.events.0.key"],
      [{ events: [{ ...good, key: "has spaces in it" }] }, "body.events.0.key"],
      [{ events: [{ ...good, at: "yesterday" }] }, "body.events.0.at"],
      [{ events: [{ ...good, at: "2026-13-45T99:00:00Z" }] }, "body.events.0.at"],
      [{ events: [good, { ...good, key: key(), type: "jump" }] }, "body.events.1"],
      [{ events: [{ ...good, length: -1 }] }, "body.events.0.length"],
      [{ events: Array.from({ length: 201 }, () => ({ ...good, key: key() })) }, "body.events"],
      [
        {
          events: [
            {
              key: key(),
              at: at(0),
              type: "move",
              scenarioId: "endgame",
              move: { positionId: "1", fen: START, move: "e2e4", evaluation: "brilliant", timeSpentMs: 1 },
            },
          ],
        },
        "body.events.0.move.evaluation",
      ],
    ];
    for (const [payload, field] of cases) {
      const answer = await browser.send("POST", "/api/account/events", payload as object);
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().error, field).toBe("bad_request");
      expect(answer.json().message, field).toContain(field);
    }
    const broken = await app.inject({
      method: "POST",
      url: "/api/account/events",
      remoteAddress: browser.address,
      headers: {
        origin: SITE_ORIGIN,
        cookie: `${PLAYER_SESSION_COOKIE}=${browser.cookie}`,
        "content-type": "application/json",
      },
      payload: '{"events": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe("bad_request");
    expect(await snapshot(browser)).toEqual({ records: {}, events: 0 });
  });

  it("keeps the review cards of the tries it is sent: time, themes and rating, and a try served for a card", async () => {
    const { browser, name, password } = await signedUp("cards");
    const missed = ids[10] as number;
    const served = ids[11] as number;
    const puzzle = await figures(missed);
    // An event stored before the cards had their fields (the first try) stays valid; the later ones carry them.
    const first = await played("endgame", missed, 10, "failed");
    const outcome = (
      second: number,
      id: number,
      result: "clean" | "helped",
      fields: object,
    ): ProgressEvent => ({
      key: key(),
      at: at(second),
      type: "outcome",
      scenarioId: "review",
      positionId: String(id),
      fen: START,
      outcome: result,
      ...fields,
    });
    const retry = outcome(20, missed, "clean", {
      timeMs: 7000,
      themes: puzzle.themes,
      rating: puzzle.rating,
    });
    // Half a day later (the server takes no time from the future) an unseen puzzle of the same theme, served for
    // the card, solved with help.
    const motif = outcome(12 * 3600, served, "helped", { timeMs: 30_000, forCard: missed });
    const records = (await stored(browser, [...first, retry, motif])).records;
    expect(records).toEqual(replayProgress([...first, retry, motif]));
    const cards = parseCards(records[COACH_CARDS_KEY] ?? null);
    expect(cards.map((card) => [card.puzzleId, card.source, card.rating])).toEqual([
      [missed, "failed", puzzle.rating],
    ]);
    expect(cards[0]?.log.map((review) => [review.grade, review.served, review.ms, review.puzzleId])).toEqual([
      ["again", "position", undefined, undefined],
      ["good", "position", 7000, undefined],
      ["hard", "motif", 30_000, served],
    ]);
    // Another device reads the same cards.
    expect((await snapshot(await secondDevice(name, password))).records).toEqual(records);
  });

  it("stores an event once however often it is sent", async () => {
    const { browser } = await signedUp("twice");
    const events = await played("endgame", ids[3] as number, 10, "helped");
    const first = await stored(browser, events);
    expect(first).toMatchObject({ events: 4, stored: 4 });
    const again = await stored(browser, events);
    expect(again).toEqual({ ...first, stored: 0 });
    // Old and new together, and one key twice in one request: only the new one, once.
    const streak = { key: key(), at: at(30), type: "streak", length: 5 } as const;
    const mixed = await stored(browser, [...events.slice(1, 3), streak, { ...streak, length: 9 }]);
    expect(mixed).toMatchObject({ events: 5, stored: 1 });
    expect(parsePlayerRating(mixed.records[RATING_KEY] ?? null).streakBest).toBe(5);
    const rows = await database.db
      .selectFrom("player_events")
      .innerJoin("players", "players.id", "player_events.player_id")
      .select(({ fn }) => fn.countAll().as("count"))
      .where("players.username_key", "=", `twice_${serial}`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(5);
  });

  it("answers the records the events build, whatever order its batches arrive in, on every device", async () => {
    const { browser, name, password } = await signedUp("replay");
    const events: ProgressEvent[] = [
      { key: key(), at: at(0), type: "difficulty", difficulty: "harder" },
      ...(await played("endgame", ids[5] as number, 10, "clean")),
      ...(await played("endgame", ids[6] as number, 20, "helped")),
      ...(await played("endgame", ids[7] as number, 30, "failed")),
      {
        key: key(),
        at: at(40),
        type: "session-end",
        scenarioId: "endgame",
        startTime: at(5),
        totalPositions: 20,
      },
      ...(await played("my-games", -1, 50, "failed")),
      { key: key(), at: at(60), type: "streak", length: 4 },
      { key: key(), at: at(61), type: "order", order: "rated" },
    ];
    const batches = [events.slice(0, 6), events.slice(6, 12), events.slice(12, 18), events.slice(18)];
    let last: ProgressSnapshot | undefined;
    for (const batch of [batches[2], batches[0], batches[3], batches[1]])
      last = await stored(browser, batch ?? []);
    const expected = replayProgress(events);
    expect(last).toEqual({ records: expected, events: events.length, stored: batches[1]?.length });
    expect(await snapshot(browser)).toEqual({ records: expected, events: events.length });
    // As the browser itself would have them: rated by the library's figures, the My games puzzle never.
    const rating = parsePlayerRating(expected[RATING_KEY] ?? null);
    expect(rating.history.map((point) => [point.puzzleId, point.result])).toEqual([
      [ids[5], "win"],
      [ids[6], "loss"],
      [ids[7], "loss"],
    ]);
    expect(rating).toMatchObject({ difficulty: "harder", order: "rated", streakBest: 4 });
    expect(parseCards(expected[COACH_CARDS_KEY] ?? null).map((card) => card.puzzleId)).toEqual([
      ids[6],
      ids[7],
      -1,
    ]);
    expect(Object.keys(expected)).toContain(PROGRESS_KEYS.scenarios);
    // Another device signed in to the account reads the same.
    const phone = await secondDevice(name, password);
    expect(await snapshot(phone)).toEqual({ records: expected, events: events.length });
    // The export holds the events as stored, which replay to the same records, and the documents.
    const exported = (await browser.send("GET", "/api/account/export")).json();
    expect(exported.progress.snapshot).toEqual({ records: expected, events: events.length });
    expect(replayProgress(exported.progress.events)).toEqual(expected);
    expect(exported.progress.events).toHaveLength(events.length);
    expect(exported.progress.documents).toEqual([]);
  });

  it("keeps every result of two devices posting interleaved batches", async () => {
    const { browser: laptop, name, password } = await signedUp("devices");
    const phone = await secondDevice(name, password);
    const laptopEvents: ProgressEvent[] = [];
    const phoneEvents: ProgressEvent[] = [];
    for (let n = 0; n < 12; n++) {
      const laptopTurn = n % 2 === 0;
      const events = await played(
        laptopTurn ? "endgame" : "opening",
        ids[10 + n] as number,
        n * 10,
        "clean",
        laptopTurn ? "laptop" : "phone",
      );
      (laptopTurn ? laptopEvents : phoneEvents).push(...events);
    }
    // The phone was offline: its batches arrive late, each older than what the laptop sent before it.
    for (let batch = 0; batch < 6; batch++) {
      await stored(laptop, laptopEvents.slice(batch * 4, batch * 4 + 4));
      if (batch >= 2) await stored(phone, phoneEvents.slice((batch - 2) * 6, (batch - 2) * 6 + 6));
    }
    const all = [...laptopEvents, ...phoneEvents];
    const answer = await snapshot(phone);
    expect(answer).toEqual({ records: replayProgress(all), events: all.length });
    const rating = parsePlayerRating(answer.records[RATING_KEY] ?? null);
    expect(rating.history.map((point) => point.puzzleId)).toEqual(ids.slice(10, 22));
    expect(await snapshot(laptop)).toEqual(answer);
  });

  it("rates the player with the library's figures, by the first result on a puzzle only", async () => {
    const { browser } = await signedUp("first");
    const id = ids[40] as number; // 2600
    const library = await figures(id);
    const claimed = {
      ...library,
      rating: 400,
      rating_deviation: 0,
      themes: ["mateIn1"],
      game_phase: "opening",
    };
    const first = await stored(browser, [
      { key: key(), at: at(0), type: "result", puzzle: claimed, result: "win" },
    ]);
    const rating = parsePlayerRating(first.records[RATING_KEY] ?? null);
    expect(rating.history).toEqual([
      expect.objectContaining({
        puzzleId: id,
        puzzleRating: library.rating,
        themes: library.themes,
        phase: library.game_phase,
        result: "win",
      }),
    ]);
    // A 1500 newcomer beat a 2600 puzzle: a large gain (capped at 150 per result).
    expect(rating.rating).toBe(1650);
    const second = await stored(browser, [
      { key: key(), at: at(10), type: "result", puzzle: library, result: "loss" },
    ]);
    expect(parsePlayerRating(second.records[RATING_KEY] ?? null)).toMatchObject({
      rating: rating.rating,
      deviation: rating.deviation,
      history: rating.history,
    });
    // The newcomer's rating is far from settled: the puzzle learned nothing from either result.
    expect(await puzzleRow(id)).toMatchObject({ rating: 2600, rating_attempts: 0 });
    // A puzzle the library does not have rates nothing (a loss on it still waits for review); nor do My games.
    const unknown = { ...library, id: 987_654 };
    const others = await stored(browser, [
      { key: key(), at: at(20), type: "result", puzzle: unknown, result: "loss" },
      { key: key(), at: at(21), type: "result", puzzle: { ...library, id: -3 }, result: "win" },
    ]);
    expect(parsePlayerRating(others.records[RATING_KEY] ?? null).history).toHaveLength(1);
    expect(parseCards(others.records[COACH_CARDS_KEY] ?? null).map((card) => card.puzzleId)).toEqual([
      id,
      987_654,
    ]);
  });

  it("moves a puzzle's rating by a settled player's first result on it, once", async () => {
    const { browser } = await signedUp("settled");
    // Ten first results settle a newcomer's rating; none of them moves its puzzle while the deviation is high.
    const warmUp: ProgressEvent[] = [];
    for (let n = 0; n < 10; n++) {
      const puzzle = await figures(ids[22 + n] as number);
      warmUp.push({ key: key(), at: at(n), type: "result", puzzle, result: n % 3 === 0 ? "loss" : "win" });
    }
    const before = await Promise.all(
      warmUp.map((event) => puzzleRow(event.type === "result" ? event.puzzle.id : 0)),
    );
    const warm = await stored(browser, warmUp);
    const player = parsePlayerRating(warm.records[RATING_KEY] ?? null);
    expect(player.deviation).toBeLessThan(PLAYER_DEVIATION_LIMIT);
    const after = await Promise.all(
      warmUp.map((event) => puzzleRow(event.type === "result" ? event.puzzle.id : 0)),
    );
    const movedDuringWarmUp = after.filter((row, n) => row.rating !== before[n]?.rating).length;
    // Only the results after the deviation fell under the limit taught their puzzles.
    const settledAt = player.history.findIndex((point) => point.deviation < PLAYER_DEVIATION_LIMIT);
    expect(movedDuringWarmUp).toBe(player.history.length - 1 - settledAt);
    expect(movedDuringWarmUp).toBeLessThan(10);

    const id = ids[45] as number; // 2850
    const puzzle = await figures(id);
    await stored(browser, [{ key: key(), at: at(20), type: "result", puzzle, result: "win" }]);
    const moved = await puzzleRow(id);
    // A player far below 2850 solved it: it comes down, by at most 40 (half its deviation of 80).
    expect(Number(moved.rating)).toBeLessThan(2850);
    expect(Number(moved.rating)).toBeGreaterThanOrEqual(2850 - 40);
    expect(Number(moved.rating_attempts)).toBe(1);
    // The next answers of the library show the new rating.
    expect((await figures(id)).rating).toBe(Math.round(Number(moved.rating)));
    // Later results of the same player on it, sent in any order, teach it nothing more.
    await stored(browser, [
      { key: key(), at: at(30), type: "result", puzzle, result: "loss" },
      { key: key(), at: at(15), type: "result", puzzle, result: "loss" },
    ]);
    expect(await puzzleRow(id)).toEqual(moved);
  });

  it("keeps documents whole, last write wins, within their size and number", async () => {
    const { browser } = await signedUp("docs");
    const url = "/api/account/documents/my-games/set-1";
    const first = await put(browser, url, { body: JSON.stringify({ puzzles: [1, 2, 3] }) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: "my-games", id: "set-1", body: '{"puzzles":[1,2,3]}' });
    const second = await put(browser, url, { body: '{"puzzles":[4]}' });
    expect(second.statusCode).toBe(200);
    await put(browser, "/api/account/documents/settings/board", { body: '{"coordinates":true}' });
    const listed = (await browser.send("GET", "/api/account/documents")).json();
    expect(listed.documents).toEqual([
      expect.objectContaining({ kind: "my-games", id: "set-1", body: '{"puzzles":[4]}' }),
      expect.objectContaining({ kind: "settings", id: "board", body: '{"coordinates":true}' }),
    ]);
    // The largest document goes in whole; one byte more is refused.
    const largest = JSON.stringify("x".repeat(DOCUMENT_MAX_BYTES - 2));
    expect((await put(browser, url, { body: largest })).statusCode).toBe(200);
    const roundtrip = (await browser.send("GET", "/api/account/documents")).json();
    expect(roundtrip.documents[0].body).toBe(largest);
    const tooLarge = await put(browser, url, { body: JSON.stringify("x".repeat(DOCUMENT_MAX_BYTES - 1)) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe("payload_too_large");
    // Not JSON, an unknown kind, a bad id: 400 with a JSON body.
    for (const [target, payload] of [
      [url, { body: "{not json" }],
      ["/api/account/documents/passwords/set-1", { body: "{}" }],
      ["/api/account/documents/my-games/a.b", { body: "{}" }],
      [url, {}],
    ] as const) {
      const answer = await put(browser, target, payload);
      expect(answer.statusCode, target).toBe(400);
      expect(answer.json().error).toBe("bad_request");
    }
    expect((await browser.send("DELETE", url)).json()).toEqual({ deleted: true });
    expect((await browser.send("DELETE", url)).json()).toEqual({ deleted: false });
    // At most DOCUMENTS_MAX documents; rewriting one of them stays possible.
    for (let n = 1; n < DOCUMENTS_MAX; n++)
      expect(
        (await put(browser, `/api/account/documents/my-games/many-${n}`, { body: "[]" })).statusCode,
      ).toBe(200);
    const over = await put(browser, "/api/account/documents/my-games/one-more", { body: "[]" });
    expect(over.statusCode).toBe(409);
    expect((await put(browser, "/api/account/documents/my-games/many-1", { body: "[1]" })).statusCode).toBe(
      200,
    );
  }, 60_000);

  it("merges the repertoire's and the endgame course's progress from two devices, keeping the better of both", async () => {
    const { browser, name, password } = await signedUp("course");
    const phone = await secondDevice(name, password);
    const card = (key: string, lastReview: string, reps: number) => ({
      key,
      due: at(86_400 * reps),
      stability: 2,
      difficulty: 5,
      scheduledDays: reps,
      learningSteps: 0,
      reps,
      lapses: 0,
      state: "review",
      lastReview,
    });
    const line = (learnt: string | null, drilled: string | null, clean: boolean, drills: number) => ({
      learnt,
      drilled,
      clean,
      drills,
    });
    const repertoire = "/api/account/documents/repertoire/progress";
    // The laptop learnt and drilled the Scotch's main line cleanly; the phone drilled it later with a mistake and
    // learnt the Italian's second line.
    const laptop = await put(browser, repertoire, {
      body: JSON.stringify({
        version: 1,
        lines: { "scotch-game/0": line(at(10), at(20), true, 1) },
        cards: {
          "scotch-game:a": card("scotch-game:a", at(20), 1),
          "scotch-game:b": card("scotch-game:b", at(20), 1),
        },
      }),
    });
    expect(laptop.statusCode, laptop.body).toBe(200);
    const merged = await put(phone, repertoire, {
      body: JSON.stringify({
        version: 1,
        lines: {
          "scotch-game/0": line(at(30), at(40), false, 2),
          "italian-game/1": line(at(50), null, false, 0),
        },
        cards: {
          "scotch-game:a": card("scotch-game:a", at(40), 2),
          "scotch-game:b": card("scotch-game:b", at(5), 3),
        },
      }),
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const body = JSON.parse(merged.json().body);
    expect(body.lines).toEqual({
      // Learnt at the first time either learnt it; drilled as the latest drill left it (with its mistake).
      "scotch-game/0": line(at(10), at(40), false, 2),
      "italian-game/1": line(at(50), null, false, 0),
    });
    // Each card as its latest review left it.
    expect(body.cards["scotch-game:a"].lastReview).toBe(at(40));
    expect(body.cards["scotch-game:b"].lastReview).toBe(at(20));
    // Sending either side again changes nothing: the merge keeps what both hold.
    const again = await put(browser, repertoire, { body: laptop.json().body });
    expect(again.json().body).toBe(merged.json().body);

    const course = "/api/account/documents/endgame-course/progress";
    await put(browser, course, { body: JSON.stringify({ solved: ["queen-mate", "lucena"] }) });
    const both = await put(phone, course, { body: JSON.stringify({ solved: ["rook-mate", "queen-mate"] }) });
    expect(JSON.parse(both.json().body)).toEqual({ solved: ["lucena", "queen-mate", "rook-mate"] });
    // An empty list from a fresh browser takes nothing away.
    const fresh = await put(phone, course, { body: JSON.stringify({ solved: [] }) });
    expect(JSON.parse(fresh.json().body).solved).toHaveLength(3);
    const listed = (await browser.send("GET", "/api/account/documents")).json();
    expect(
      listed.documents.map((each: { kind: string; id: string }) => `${each.kind}/${each.id}`).sort(),
    ).toEqual(["endgame-course/progress", "repertoire/progress"]);

    // The player's own repertoires are kept whole, last write wins.
    const mine = "/api/account/documents/repertoire/mine";
    await put(browser, mine, { body: JSON.stringify({ repertoires: [{ id: "a" }] }) });
    const replaced = await put(phone, mine, { body: JSON.stringify({ repertoires: [] }) });
    expect(replaced.json().body).toBe('{"repertoires":[]}');

    // Refused with a JSON 400 naming the field: another id of these kinds, a body of the wrong shape.
    for (const [target, sent, path] of [
      ["/api/account/documents/repertoire/other", { version: 1, lines: {}, cards: {} }, "params.id"],
      ["/api/account/documents/endgame-course/mine", { solved: [] }, "params.id"],
      [repertoire, { version: 2, lines: {}, cards: {} }, "body.body.version"],
      [
        repertoire,
        { version: 1, lines: { x: { learnt: "yesterday" } }, cards: {} },
        "body.body.lines.x.learnt",
      ],
      [course, { solved: ["Queen Mate!"] }, "body.body.solved.0"],
      [course, ["queen-mate"], "body.body"],
      [mine, "text", "body.body"],
    ] as const) {
      const answer = await put(browser, target, { body: JSON.stringify(sent) });
      expect(answer.statusCode, `${target} ${answer.body}`).toBe(400);
      expect(answer.json().error).toBe("bad_request");
      expect(answer.json().details.map((each: { path: string }) => each.path)).toContain(path);
    }
    // Each has its own size limit: 64 kB for the course's list.
    const long = { solved: Array.from({ length: 1000 }, (_, n) => `exercise-${"x".repeat(60)}-${n}`) };
    expect((await put(browser, course, { body: JSON.stringify(long) })).statusCode).toBe(413);
  }, 30_000);

  it("goes with the account when the account is deleted", async () => {
    const { browser, name, password } = await signedUp("gone");
    await stored(browser, await played("endgame", ids[50] as number, 0, "clean"));
    await put(browser, "/api/account/documents/settings/theme", { body: '{"dark":true}' });
    const player = await database.db
      .selectFrom("players")
      .select("id")
      .where("username_key", "=", name.toLowerCase())
      .executeTakeFirstOrThrow();
    const count = async (table: "player_events" | "player_snapshots" | "player_documents") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select(({ fn }) => fn.countAll().as("count"))
            .where("player_id", "=", player.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect([
      await count("player_events"),
      await count("player_snapshots"),
      await count("player_documents"),
    ]).toEqual([4, 1, 1]);
    const deleted: LightMyRequestResponse = await browser.send("POST", "/api/account/delete", { password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect([
      await count("player_events"),
      await count("player_snapshots"),
      await count("player_documents"),
    ]).toEqual([0, 0, 0]);
    expect((await browser.send("GET", "/api/account/progress")).statusCode).toBe(401);
  });
});
