import type { Position, ProgressEvent, ProgressSnapshot } from "@ct/contract";
import { parsePlayerRating, RATING_KEY, replayProgress } from "@ct/machines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYER_DEVIATION_LIMIT } from "../positions/selection";
import { siteFixture } from "../testing/app";
import { testDatabaseKinds } from "../testing/databases";
import { freshStore, type ServerProcess, type Store, startServerProcess } from "../testing/server-process";

/**
 * One player's devices writing at once through two server processes on one database (as two machines behind a
 * proxy on PostgreSQL, or two processes of one machine on its SQLite file): every batch is sent to both processes
 * at the same moment, so each event arrives twice, concurrently. Nothing may be lost or stored twice, the records
 * must be the replay of exactly the events sent, and each puzzle's rating must learn from the player's first result
 * on it once.
 */
const DEVICES = 4;
const PUZZLES_PER_DEVICE = 6;
const T0 = Date.parse("2026-11-28T12:00:00.000Z");
/** First results that settle the player's rating (the curated puzzles' deviation is 350: each tells little). */
const WARM_UP = 40;

const kinds = await testDatabaseKinds();

describe.each(kinds)("one player's progress through two server processes on one $name database", (kind) => {
  let store: Store;
  let servers: ServerProcess[] = [];
  let cookie = "";

  beforeAll(async () => {
    store = await freshStore(kind);
    const env = {
      ...store.env,
      TOKEN_SECRET: "progress-scale-test-token-secret-0123456789",
      SITE_DIR: siteFixture(),
      TRUST_PROXY: "true",
      ENGINE_POOL_SIZE: "1",
    };
    servers = [await startServerProcess(env)];
    // The second starts once the first has stored the curated puzzles (a first start's work, done once).
    servers.push(await startServerProcess(env));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.kill9().catch(() => {});
    await store?.destroy();
  });

  const server = (n: number) => servers[n % 2] as ServerProcess;
  const send = (n: number, method: string, path: string, body?: unknown) =>
    fetch(`${server(n).base}${path}`, {
      method,
      headers: {
        origin: server(n).base,
        "x-forwarded-for": "198.51.100.23",
        ...(cookie ? { cookie: `ct_session=${cookie}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("loses and doubles nothing, and teaches each puzzle once", async () => {
    const signUp = await send(0, "POST", "/api/account/sign-up", {
      username: "scale_player",
      password: "Knight-fork scale e4e5",
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    cookie = /ct_session=([^;]+)/.exec(signUp.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(cookie).not.toBe("");

    const listed = (await (
      await send(1, "GET", "/api/tactical-positions/?per_page=100")
    ).json()) as Position[];
    const puzzles = listed.map((position) => ({
      id: position.id,
      rating: position.rating,
      rating_deviation: position.rating_deviation,
      themes: position.themes,
      game_phase: position.game_phase,
    }));
    expect(puzzles.length).toBeGreaterThanOrEqual(WARM_UP + DEVICES * PUZZLES_PER_DEVICE);

    // First, results that settle the player's rating (its first ones teach no puzzle).
    const warmUp: ProgressEvent[] = puzzles.slice(0, WARM_UP).map((puzzle, n) => ({
      key: `warm-up-${String(n).padStart(4, "0")}`,
      at: new Date(T0 + n * 1000).toISOString(),
      type: "result",
      puzzle,
      result: n % 3 === 0 ? "loss" : "win",
    }));
    const warm = (await (
      await send(0, "POST", "/api/account/events", { events: warmUp })
    ).json()) as ProgressSnapshot;
    expect(parsePlayerRating(warm.records[RATING_KEY] ?? null).deviation).toBeLessThan(
      PLAYER_DEVIATION_LIMIT,
    );

    // Then the devices: each plays its own puzzles, a batch per puzzle, times interleaved across devices.
    const batches: ProgressEvent[][] = [];
    for (let device = 0; device < DEVICES; device++) {
      for (let n = 0; n < PUZZLES_PER_DEVICE; n++) {
        const puzzle = puzzles[WARM_UP + device * PUZZLES_PER_DEVICE + n] as (typeof puzzles)[number];
        const second = 100 + n * DEVICES + device;
        const at = (offset: number) => new Date(T0 + (second * 10 + offset) * 1000).toISOString();
        const key = (part: string) => `device${device}-${n}-${part}`;
        batches.push([
          { key: key("seen"), at: at(0), type: "seen", puzzleId: puzzle.id },
          {
            key: key("move"),
            at: at(1),
            type: "move",
            scenarioId: "endgame",
            move: {
              positionId: String(puzzle.id),
              fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
              move: "a1a2",
              evaluation: "best",
              timeSpentMs: 700,
            },
          },
          { key: key("result"), at: at(2), type: "result", puzzle, result: n % 2 === 0 ? "win" : "loss" },
          { key: key("again"), at: at(3), type: "result", puzzle, result: "win" },
          {
            key: key("outcome"),
            at: at(4),
            type: "outcome",
            scenarioId: "endgame",
            positionId: String(puzzle.id),
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
            outcome: n % 2 === 0 ? "clean" : "helped",
          },
        ]);
      }
    }
    // The devices' batches go in two rounds of three per device, each device's in its own order of arrival (so
    // most arrive older than what came before them), all of a round at once, each batch to both processes.
    const half = PUZZLES_PER_DEVICE / 2;
    const rounds = [0, 1].map((round) =>
      Array.from({ length: DEVICES * half }, (_, n) => {
        const device = n % DEVICES;
        const turn = round * half + Math.floor(n / DEVICES);
        return batches[
          device * PUZZLES_PER_DEVICE + ((turn * 5 + device) % PUZZLES_PER_DEVICE)
        ] as ProgressEvent[];
      }),
    );
    for (const round of rounds) {
      const answers = await Promise.all(
        round.flatMap((events) => [0, 1].map((n) => send(n, "POST", "/api/account/events", { events }))),
      );
      for (const answer of answers) expect(answer.status, await answer.clone().text()).toBe(200);
      const stored = await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as ProgressSnapshot).stored),
      );
      // Each batch was stored by exactly one of its two deliveries.
      for (let batch = 0; batch < round.length; batch++)
        expect([stored[batch * 2], stored[batch * 2 + 1]].sort()).toEqual([0, 5]);
    }

    const sent = [...warmUp, ...batches.flat()];
    const [one, two] = await Promise.all(
      [0, 1].map(
        async (n) => (await (await send(n, "GET", "/api/account/progress")).json()) as ProgressSnapshot,
      ),
    );
    expect(one).toEqual(two);
    expect(one?.events).toBe(sent.length);
    expect(one?.records).toEqual(replayProgress(sent));
    const history = parsePlayerRating(one?.records[RATING_KEY] ?? null).history;
    expect(history).toHaveLength(WARM_UP + DEVICES * PUZZLES_PER_DEVICE);
    expect(new Set(history.map((point) => point.puzzleId)).size).toBe(history.length);

    // Every device puzzle learned from the player's first result on it, once.
    const check = await store.open();
    try {
      const rows = await check.db
        .selectFrom("positions")
        .select(["id", "rating_attempts"])
        .where(
          "id",
          "in",
          batches.map((events) => (events[2]?.type === "result" ? events[2].puzzle.id : 0)),
        )
        .execute();
      expect(rows).toHaveLength(DEVICES * PUZZLES_PER_DEVICE);
      for (const row of rows) expect(Number(row.rating_attempts), `puzzle ${row.id}`).toBe(1);
      const events = await check.db
        .selectFrom("player_events")
        .select(({ fn }) => fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(events.count)).toBe(sent.length);
    } finally {
      await check.close();
    }
    for (const server of servers) expect(server.output()).not.toMatch(/"level":50/);
  }, 120_000);
});
