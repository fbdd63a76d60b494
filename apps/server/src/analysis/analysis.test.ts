import { readFileSync } from "node:fs";
import { join } from "node:path";
import { splitPgnGames } from "@ct/chess";
import { Chess } from "chess.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminAccounts } from "../auth/accounts";
import { REPO_ROOT } from "../config";
import { EnginePool } from "../engine/pool";
import { PositionsRepository } from "../positions/repository";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { runCli } from "../testing/server-process";
import { AnalysisJobs } from "./jobs";
import { AnalysisWorker } from "./worker";

const API_KEY = "test-secret-api-key-0123456789";
const TOKEN_SECRET = "analysis-test-token-secret-0123456789abcdef";
const ADMIN_PASSWORD = "analysis test admin password";
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

  let admin: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY, TOKEN_SECRET } });
    jobs = new AnalysisJobs(database.db);
    await new AdminAccounts(database.db, {
      hashCost: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    }).create("admin", ADMIN_PASSWORD);
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: ADMIN_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    admin = { authorization: `Bearer ${login.json().access_token}` };
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

  it("records a game once when the same worker reports it twice at the same moment", async () => {
    const job = await jobs.enqueue({ name: "twice.pgn", pgn: OPERA_GAME, totalGames: 2, nodes: 50_000 });
    await jobs.claim("worker-a", 60_000);
    const recorded = await Promise.all([
      jobs.recordGame(job.id, "worker-a", { index: 0, puzzles: 2 }),
      jobs.recordGame(job.id, "worker-a", { index: 0, puzzles: 2 }),
    ]);
    expect([...recorded].sort()).toEqual([false, true]);
    expect(await jobs.get(job.id)).toMatchObject({ games_analyzed: 1, puzzles: 2 });
    expect(await jobs.status()).toMatchObject({ totalGamesAnalyzed: 1, puzzlesGenerated: 2 });
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

  /** A job that failed in its second game: the first one analysed (two puzzles), the worker gone. */
  async function failedJob(name = "failed.pgn") {
    const job = await jobs.enqueue({ name, pgn: OPERA_GAME, totalGames: 3, nodes: 50_000 });
    expect((await jobs.claim("worker-a", 60_000))?.id).toBe(job.id);
    expect(await jobs.recordGame(job.id, "worker-a", { index: 0, puzzles: 2 })).toBe(true);
    await jobs.finish(job.id, "worker-a", "failed");
    expect((await jobs.get(job.id))?.status).toBe("failed");
    return job;
  }

  it("retries a failed job for an admin or the API key: queued again at its next game, progress kept", async () => {
    const job = await failedJob();
    const url = `/api/analysis/jobs/${job.id}/retry`;
    for (const headers of [
      {},
      { "x-api-key": "chess-trainer-web" },
      { "x-api-key": "wrong-key-0123456789" },
    ]) {
      const refused = await app.inject({ method: "POST", url, headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: "unauthorized" });
    }
    expect((await jobs.get(job.id))?.status).toBe("failed");

    const retried = await app.inject({ method: "POST", url, headers: admin });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      id: job.id,
      status: "queued",
      total_games: 3,
      games_analyzed: 1,
      puzzles: 2,
      finished_at: null,
    });
    // A worker takes it at its next game, not from the start.
    expect(await jobs.claim("worker-b", 60_000)).toMatchObject({
      id: job.id,
      next_game: 1,
      worker: "worker-b",
    });
    // Running now: not failed, so a retry is refused and changes nothing.
    const running = await app.inject({ method: "POST", url, headers: writer });
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({
      error: "conflict",
      message: `Only a failed job can be retried: job ${job.id} is running`,
    });
    expect(await jobs.get(job.id)).toMatchObject({ status: "running" });

    // The API key may retry too; a queued, done or cancelled job answers 409.
    await jobs.finish(job.id, "worker-b", "failed");
    const byKey = await app.inject({ method: "POST", url, headers: writer });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().status).toBe("queued");
    for (const status of ["queued", "done", "cancelled"] as const) {
      await database.db.updateTable("analysis_jobs").set({ status }).where("id", "=", job.id).execute();
      const refused = await app.inject({ method: "POST", url, headers: admin });
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(`Only a failed job can be retried: job ${job.id} is ${status}`);
      expect((await jobs.get(job.id))?.status).toBe(status);
    }
  });

  it("answers a JSON 400 for a malformed job id and 404 for an unknown job, on retry and cancel", async () => {
    const job = await failedJob();
    for (const action of ["retry", "cancel"]) {
      for (const id of ["0", "01", "-1", "+1", "1.5", "1e3", "0x1", "abc", "1%20", "%201", "١"]) {
        const response = await app.inject({
          method: "POST",
          url: `/api/analysis/jobs/${id}/${action}`,
          headers: writer,
        });
        expect(response.statusCode, `${action} ${id}`).toBe(400);
        expect(response.json(), `${action} ${id}`).toMatchObject({
          error: "bad_request",
          message: "params.id: Invalid job id: a whole number from 1",
        });
      }
      for (const id of [job.id + 1000, 2_147_483_648, "99999999999999999999"]) {
        const response = await app.inject({
          method: "POST",
          url: `/api/analysis/jobs/${id}/${action}`,
          headers: writer,
        });
        expect(response.statusCode, `${action} ${id}`).toBe(404);
        expect(response.json(), `${action} ${id}`).toEqual({ error: "not_found", message: "Job not found" });
      }
    }
    expect((await jobs.get(job.id))?.status).toBe("failed");
  });

  it("retries a failed job from the command line", async () => {
    const job = await failedJob();
    const cli = (...args: string[]) => runCli(["analysis", ...args], database.env);
    const [missing, bad, unknown] = await Promise.all([
      cli("retry"),
      cli("retry", "1x"),
      cli("retry", "999999"),
    ]);
    expect(missing.code, missing.output).toBe(2);
    expect(missing.output).toContain("analysis retry: give the id of a failed job");
    expect(bad.code).toBe(2);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("analysis retry: there is no job 999999");

    const retried = await cli("retry", String(job.id));
    expect(retried.code, retried.output).toBe(0);
    expect(retried.output).toContain(`job ${job.id} queued again: a worker resumes it at game 2 of 3`);
    expect(await jobs.get(job.id)).toMatchObject({ status: "queued", games_analyzed: 1, finished_at: null });

    const again = await cli("retry", String(job.id));
    expect(again.code).toBe(1);
    expect(again.output).toContain(
      `analysis retry: only a failed job can be retried; job ${job.id} is queued`,
    );
    const status = await cli("status");
    expect(status.output).toContain(`job ${job.id} queued 1/3 games, 2 puzzles`);
  }, 60_000);
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
    const job = await jobs.enqueue({ name: "classics.pgn", pgn, totalGames: 3, nodes: 25_000 });
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

    await jobs.enqueue({ name: "again.pgn", pgn, totalGames: 3, nodes: 25_000 });
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

  it("hands a job back when its engine is stopped mid-search, fails it when the engine crashes, and a retry resumes it", async () => {
    const jobs = new AnalysisJobs(database.db);
    await database.db.deleteFrom("positions").execute();
    const games = [
      ...splitPgnGames(readFileSync(join(REPO_ROOT, "apps/server/src/seed/sources/games.pgn"), "utf8")),
    ].slice(0, 4);
    const pool = new EnginePool({ size: 1 });
    const logs: { message: string; details?: Record<string, unknown> }[] = [];
    const worker = new AnalysisWorker({
      db: database.db,
      engine: () => pool,
      idleMs: 100,
      log: (message, details) => logs.push({ message, ...(details ? { details } : {}) }),
    });
    const job = await jobs.enqueue({
      name: "four.pgn",
      pgn: games.join("\n\n"),
      totalGames: 4,
      nodes: 10_000,
    });
    const logged = (message: string) => logs.filter((line) => line.message === message);
    /** Waits until the job has analysed `games` games and the engine is searching the next, then sends `signal`. */
    const signalMidSearch = async (games: number, signal: NodeJS.Signals, until: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!until()) {
        if (Date.now() > deadline) throw new Error(`no ${signal} mid-search: ${JSON.stringify(logs)}`);
        const [pid] = pool.searchingPids();
        if (pid !== undefined && ((await jobs.get(job.id))?.games_analyzed ?? 0) >= games)
          process.kill(pid, signal);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      worker.start();
      // A stop signal (what a stop of the process group sends): no failure, the job is back in the queue...
      await signalMidSearch(1, "SIGTERM", () => logged("analysis job handed back").length > 0);
      const [handedBack] = logged("analysis job handed back");
      expect(handedBack?.details).toMatchObject({ job: job.id, reason: "its engine was stopped" });
      const at = Number(handedBack?.details?.at);
      expect(at).toBeGreaterThanOrEqual(1);
      // ...and taken up again at the game it had reached, on a fresh engine.
      await pollUntil(() => logged("analysis job started").length === 2);
      expect(logged("analysis job started").map((line) => line.details?.from)).toEqual([0, at]);

      // A crash (SIGKILL) is a real failure: the job stops there, at its next game.
      await signalMidSearch(at + 1, "SIGKILL", () => logged("analysis job failed").length > 0);
      const failed = await jobs.get(job.id);
      expect(failed).toMatchObject({ status: "failed" });
      const next = failed?.games_analyzed ?? 0;
      expect(next).toBeGreaterThan(at);
      expect(next).toBeLessThan(4);
      expect(logged("analysis job failed")[0]?.details).toMatchObject({ job: job.id, at: next });

      // Retried, it resumes at that game, not from the start, and finishes.
      expect(await jobs.retry(job.id)).toMatchObject({ retried: true, job: { status: "queued" } });
      worker.poke();
      await pollUntil(async () => (await jobs.get(job.id))?.status === "done");
      expect(logged("analysis job started").map((line) => line.details?.from)).toEqual([0, at, next]);
      expect(await jobs.get(job.id)).toMatchObject({ games_analyzed: 4, problems: [] });
      expect(logged("analysis job failed")).toHaveLength(1);
    } finally {
      await worker.stop();
    }
    const puzzles = await database.db
      .selectFrom("positions")
      .select(["source", "fen"])
      .where("source", "like", "game:%")
      .execute();
    expect(puzzles.length).toBeGreaterThan(0);
    expect(new Set(puzzles.map((puzzle) => puzzle.source)).size).toBe(puzzles.length);
    expect(new Set(puzzles.map((puzzle) => puzzle.fen)).size).toBe(puzzles.length);
  }, 120_000);
});

/** Checks `ready` every 20 ms, for up to a minute. */
async function pollUntil(ready: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error("the condition did not hold within a minute");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
