import { Chess } from "chess.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EnginePool } from "../engine/pool";
import { PositionsRepository } from "../positions/repository";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { AnalysisJobs } from "./jobs";
import { AnalysisWorker } from "./worker";

const API_KEY = "test-secret-api-key-0123456789";
const writer = { "x-api-key": API_KEY, "content-type": "application/x-chess-pgn" };
const kinds = await testDatabaseKinds();

/** Two famous games with a decisive blunder each (facts of chess history, typed from the score sheets). */
const OPERA_GAME = `[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.11.02"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5
10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8
17. Rd8# 1-0`;
const LEGAL_TRAP = `[Event "Legal's mate"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0`;
const BROKEN = `[Event "Broken"]
[Result "*"]

1. e4 e5 2. Ke3 Qh4 *`;

describe.each(kinds)("analysis queue and routes on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let jobs: AnalysisJobs;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    jobs = new AnalysisJobs(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("analysis_jobs").execute();
    await database.db.deleteFrom("analysis_status").execute();
    await jobs.setPaused(false);
  });

  const upload = (body: string, headers: Record<string, string> = writer, query = "") =>
    app.inject({ method: "POST", url: `/api/analysis/jobs${query}`, headers, payload: body });

  it("queues an uploaded PGN file for writers only, counting its games", async () => {
    const refused = await upload(OPERA_GAME, { "content-type": "application/x-chess-pgn" });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe("unauthorized");

    const queued = await upload(
      `${OPERA_GAME}\n\n${LEGAL_TRAP}\n\n${BROKEN}`,
      writer,
      "?name=classics.pgn&nodes=50000",
    );
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json()).toMatchObject({
      name: "classics.pgn",
      status: "queued",
      total_games: 3,
      nodes: 50000,
    });

    const list = await app.inject({ method: "GET", url: "/api/analysis/jobs", headers: writer });
    expect(list.json().map((job: { name: string }) => job.name)).toEqual(["classics.pgn"]);
  });

  it("refuses a body without games, a bad budget and a missing body with a JSON 400", async () => {
    const empty = await upload("just some words, no moves here");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: "bad_request", message: "The file holds no PGN game" });
    const budget = await upload(OPERA_GAME, writer, "?nodes=5");
    expect(budget.statusCode).toBe(400);
    expect(budget.json().message).toMatch(/^query\.nodes/);
    const none = await app.inject({
      method: "POST",
      url: "/api/analysis/jobs",
      headers: { "x-api-key": API_KEY },
    });
    expect(none.statusCode).toBe(400);
    expect(await jobs.list()).toEqual([]);
  });

  it("reports the status publicly, and stops and resumes for writers", async () => {
    const status = await app.inject({ method: "GET", url: "/api/analysis/status" });
    expect(status.json()).toEqual({
      isRunning: false,
      gamesAnalyzed: 0,
      totalGamesAnalyzed: 0,
      puzzlesGenerated: 0,
      lastUpdate: null,
      paused: false,
    });
    expect((await app.inject({ method: "POST", url: "/api/analysis/stop" })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "POST", url: "/api/analysis/stop", headers: writer })).statusCode,
    ).toBe(200);
    expect(await jobs.isPaused()).toBe(true);
    await app.inject({ method: "POST", url: "/api/analysis/resume", headers: writer });
    expect(await jobs.isPaused()).toBe(false);
  });

  it("gives a job to one worker at a time and lets another take over an expired lease at the next game", async () => {
    const job = await jobs.enqueue({ name: "a.pgn", pgn: OPERA_GAME, totalGames: 3, nodes: 50_000 });
    const first = await jobs.claim("worker-a", 60_000);
    expect(first?.id).toBe(job.id);
    expect(await jobs.claim("worker-b", 60_000)).toBeNull();

    expect(await jobs.recordGame(job.id, "worker-a", { index: 0, puzzles: 2 })).toBe(true);
    // The same game again (a stale worker) changes nothing.
    expect(await jobs.recordGame(job.id, "worker-a", { index: 0, puzzles: 2 })).toBe(false);

    await database.db
      .updateTable("analysis_jobs")
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const taken = await jobs.claim("worker-b", 60_000);
    expect(taken).toMatchObject({ worker: "worker-b", next_game: 1 });
    expect(await jobs.recordGame(job.id, "worker-a", { index: 1, puzzles: 1 })).toBe(false);
    expect(await jobs.recordGame(job.id, "worker-b", { index: 1, puzzles: 1, problem: "bad move" })).toBe(
      true,
    );
    await jobs.finish(job.id, "worker-b", "done");

    expect(await jobs.get(job.id)).toMatchObject({
      status: "done",
      games_analyzed: 2,
      puzzles: 3,
      problems: [{ game: 2, message: "bad move" }],
    });
    expect(await jobs.status()).toMatchObject({
      isRunning: false,
      totalGamesAnalyzed: 2,
      puzzlesGenerated: 3,
    });
  });

  it("answers 404 when cancelling an unknown job and cancels a queued one", async () => {
    const missing = await app.inject({
      method: "POST",
      url: "/api/analysis/jobs/999/cancel",
      headers: writer,
    });
    expect(missing.statusCode).toBe(404);
    const job = await jobs.enqueue({ name: "b.pgn", pgn: OPERA_GAME, totalGames: 1, nodes: 50_000 });
    const cancelled = await app.inject({
      method: "POST",
      url: `/api/analysis/jobs/${job.id}/cancel`,
      headers: writer,
    });
    expect(cancelled.json().status).toBe("cancelled");
    expect(await jobs.claim("worker-a", 60_000)).toBeNull();
  });
});

describe("the analysis worker with the real engine (SQLite)", () => {
  let database: TestDatabase;
  let engine: EnginePool;

  beforeAll(async () => {
    const [sqlite] = kinds;
    database = await (sqlite as (typeof kinds)[number]).create();
    engine = new EnginePool({ size: 2 });
  });
  afterAll(async () => {
    await engine.close();
    await database.destroy();
  });

  it("turns games into legal, unique puzzles, skips a broken game, and adds nothing on a second run", async () => {
    const jobs = new AnalysisJobs(database.db);
    const pgn = `${OPERA_GAME}\n\n${BROKEN}\n\n${LEGAL_TRAP}\n`;
    const worker = new AnalysisWorker({ db: database.db, engine: () => engine });
    const job = await jobs.enqueue({ name: "classics.pgn", pgn, totalGames: 3, nodes: 100_000 });
    await worker.drain();

    const done = await jobs.get(job.id);
    expect(done).toMatchObject({ status: "done", games_analyzed: 3 });
    expect(done?.problems).toHaveLength(1);
    expect(done?.problems[0]?.game).toBe(2);

    const positions = new PositionsRepository(database.db);
    const { positions: stored } = await positions.list(1, 200);
    expect(stored.length).toBe(done?.puzzles);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const position of stored) {
      const board = new Chess(position.fen);
      for (const move of position.solution) {
        expect(() =>
          board.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] }),
        ).not.toThrow();
      }
      expect(position.correct_moves).toContain(position.solution[0]);
      expect(position.hints.explicit_en.length).toBeGreaterThan(0);
      expect(position.hints.explicit_ar).toMatch(/[\u0600-\u06FF]/);
      expect(position.source).toMatch(/^game:[0-9a-f]{16}:\d+$/);
    }
    // Morphy's finish is found: the queen sacrifice Qb8+ from the Opera game.
    expect(stored.some((position) => position.solution[0] === "b3b8")).toBe(true);
    expect(
      stored.find((position) => position.game_metadata.white === "Paul Morphy")?.game_metadata,
    ).toMatchObject({
      black: "Duke Karl / Count Isouard",
      opening: "Philidor Defense",
      eco: "C41",
    });
    expect(await jobs.status()).toMatchObject({ totalGamesAnalyzed: 3, puzzlesGenerated: stored.length });

    await jobs.enqueue({ name: "again.pgn", pgn, totalGames: 3, nodes: 100_000 });
    await worker.drain();
    expect((await positions.list(1, 200)).total).toBe(stored.length);
  }, 180_000);

  it("resumes a job at the game it had reached and honours the stop flag", async () => {
    const jobs = new AnalysisJobs(database.db);
    await database.db.deleteFrom("positions").execute();
    const worker = new AnalysisWorker({ db: database.db, engine: () => engine });
    const job = await jobs.enqueue({
      name: "resume.pgn",
      pgn: `${BROKEN}\n\n${BROKEN}\n\n${BROKEN}`,
      totalGames: 3,
      nodes: 50_000,
    });
    await database.db.updateTable("analysis_jobs").set({ next_game: 2 }).where("id", "=", job.id).execute();
    await jobs.setPaused(true);
    await worker.drain();
    expect((await jobs.get(job.id))?.status).toBe("queued");
    await jobs.setPaused(false);
    await worker.drain();
    expect(await jobs.get(job.id)).toMatchObject({
      status: "done",
      games_analyzed: 1,
      problems: [{ game: 3 }],
    });
  });
});
