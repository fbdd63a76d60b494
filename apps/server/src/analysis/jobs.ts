import type { AnalysisStatus } from "@ct/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import { isPostgres } from "../db/dialect";
import type { AnalysisJobsTable, Database } from "../db/schema";

export type AnalysisJob = Selectable<AnalysisJobsTable>;

/** What the API shows of a job (not its PGN text). */
export interface JobSummary {
  id: number;
  name: string;
  status: AnalysisJob["status"];
  total_games: number;
  games_analyzed: number;
  puzzles: number;
  problems: { game: number; message: string }[];
  nodes: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Games reported as malformed are kept per job up to this many (the count is exact in games_analyzed). */
const MAX_PROBLEMS = 200;
const PAUSED_KEY = "analysis.paused";

/** Job ids are 32-bit on PostgreSQL (serial): a larger number names no job, and must not reach the query. */
const MAX_JOB_ID = 2_147_483_647;
const isJobId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_JOB_ID;

const now = () => new Date().toISOString();
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export function summarise(job: AnalysisJob): JobSummary {
  return {
    id: Number(job.id),
    name: job.name,
    status: job.status,
    total_games: Number(job.total_games),
    games_analyzed: Number(job.games_analyzed),
    puzzles: Number(job.puzzles),
    problems: JSON.parse(job.problems),
    nodes: Number(job.nodes),
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at,
  };
}

/**
 * The analysis job queue in the database. Workers claim a job with a lease they renew while working; a lease that
 * runs out (a killed worker) lets another worker take the job over at its `next_game`. The all-time counters of
 * GET /api/analysis/status live in `analysis_status` (one row) and move in the same transaction as the job.
 */
export class AnalysisJobs {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(job: { name: string; pgn: string; totalGames: number; nodes: number }): Promise<JobSummary> {
    const at = now();
    const row = await this.db
      .insertInto("analysis_jobs")
      .values({
        name: job.name,
        pgn: job.pgn,
        status: "queued",
        total_games: job.totalGames,
        next_game: 0,
        games_analyzed: 0,
        puzzles: 0,
        problems: "[]",
        nodes: job.nodes,
        worker: null,
        lease_until: null,
        created_at: at,
        updated_at: at,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return summarise(row);
  }

  async list(limit = 50): Promise<JobSummary[]> {
    const rows = await this.db
      .selectFrom("analysis_jobs")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(summarise);
  }

  async get(id: number): Promise<JobSummary | null> {
    if (!isJobId(id)) return null;
    const row = await this.db.selectFrom("analysis_jobs").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? summarise(row) : null;
  }

  /**
   * Takes the oldest job that is queued, or running under a lease that ran out. The condition is checked again
   * in the UPDATE itself, so two workers never hold the same job.
   */
  async claim(worker: string, leaseMs: number): Promise<AnalysisJob | null> {
    const at = now();
    const claimable = sql<boolean>`(status = 'queued' or (status = 'running' and lease_until < ${at}))`;
    return this.db.transaction().execute(async (trx) => {
      const candidate = await trx
        .selectFrom("analysis_jobs")
        .select("id")
        .where(claimable)
        .orderBy("id")
        .limit(1)
        .$if(isPostgres(trx), (query) => query.forUpdate().skipLocked())
        .executeTakeFirst();
      if (!candidate) return null;
      const row = await trx
        .updateTable("analysis_jobs")
        .set({ status: "running", worker, lease_until: later(leaseMs), updated_at: at })
        .where("id", "=", candidate.id)
        .where(claimable)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    });
  }

  /** Extends a worker's lease; false when the job is no longer this worker's (taken over, cancelled). */
  async renew(id: number, worker: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable("analysis_jobs")
      .set({ lease_until: later(leaseMs) })
      .where("id", "=", id)
      .where("worker", "=", worker)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records one finished game: the job moves to the next game and the all-time counters grow, together. A game
   * that was already recorded (a second worker raced on an expired lease) changes nothing.
   */
  async recordGame(
    id: number,
    worker: string,
    game: { index: number; puzzles: number; problem?: string },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom("analysis_jobs")
        .selectAll()
        .where("id", "=", id)
        .where("worker", "=", worker)
        .where("next_game", "=", game.index)
        .executeTakeFirst();
      if (!job) return false;
      const at = now();
      const problems = JSON.parse(job.problems) as { game: number; message: string }[];
      if (game.problem && problems.length < MAX_PROBLEMS)
        problems.push({ game: game.index + 1, message: game.problem.slice(0, 300) });
      // The same conditions again in the UPDATE: on PostgreSQL another transaction may have moved the job between
      // the read and this write (the UPDATE waits for it and checks them on the row as it is then).
      const updated = await trx
        .updateTable("analysis_jobs")
        .set({
          next_game: game.index + 1,
          games_analyzed: Number(job.games_analyzed) + 1,
          puzzles: Number(job.puzzles) + game.puzzles,
          problems: JSON.stringify(problems),
          updated_at: at,
        })
        .where("id", "=", id)
        .where("worker", "=", worker)
        .where("next_game", "=", game.index)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await this.bumpStatus(trx, { games: 1, puzzles: game.puzzles, at });
      return true;
    });
  }

  async finish(id: number, worker: string, status: "done" | "failed"): Promise<void> {
    const at = now();
    await this.db
      .updateTable("analysis_jobs")
      .set({ status, finished_at: at, updated_at: at, lease_until: null })
      .where("id", "=", id)
      .where("worker", "=", worker)
      .where("status", "=", "running")
      .execute();
  }

  /**
   * Gives a job back to the queue at its next game (a worker stopping for a pause or a shutdown); false when it
   * was no longer this worker's.
   */
  async release(id: number, worker: string): Promise<boolean> {
    const result = await this.db
      .updateTable("analysis_jobs")
      .set({ status: "queued", worker: null, lease_until: null, updated_at: now() })
      .where("id", "=", id)
      .where("worker", "=", worker)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Queues a failed job again. It keeps its progress, so a worker resumes it at its next game: the games already
   * analysed are not run again, and their puzzles stay stored once. `retried` is false when the job was not failed
   * (it is then left as it is); null when there is no such job.
   */
  async retry(id: number): Promise<{ job: JobSummary; retried: boolean } | null> {
    if (!isJobId(id)) return null;
    const at = now();
    const row = await this.db
      .updateTable("analysis_jobs")
      .set({ status: "queued", worker: null, lease_until: null, finished_at: null, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .returningAll()
      .executeTakeFirst();
    if (row) return { job: summarise(row), retried: true };
    const job = await this.get(id);
    return job ? { job, retried: false } : null;
  }

  async cancel(id: number): Promise<JobSummary | null> {
    if (!isJobId(id)) return null;
    const at = now();
    await this.db
      .updateTable("analysis_jobs")
      .set({ status: "cancelled", finished_at: at, updated_at: at, lease_until: null })
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .execute();
    return this.get(id);
  }

  async isPaused(): Promise<boolean> {
    const row = await this.db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", PAUSED_KEY)
      .executeTakeFirst();
    return row?.value === "1";
  }

  /** Stop (pause) or resume every worker: they look at this flag between games. */
  async setPaused(paused: boolean): Promise<void> {
    await this.db
      .insertInto("app_meta")
      .values({ key: PAUSED_KEY, value: paused ? "1" : "0" })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: paused ? "1" : "0" }))
      .execute();
  }

  /**
   * The spec's status: running while some worker holds a live lease and analysis is not paused; gamesAnalyzed is
   * the current (or last) job's progress; the totals are all-time.
   */
  async status(): Promise<AnalysisStatus> {
    const at = now();
    const [totals, active, latest, paused] = await Promise.all([
      this.db.selectFrom("analysis_status").selectAll().where("id", "=", 1).executeTakeFirst(),
      this.db
        .selectFrom("analysis_jobs")
        .select("id")
        .where("status", "=", "running")
        .where("lease_until", ">", at)
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom("analysis_jobs")
        .select(["games_analyzed", "updated_at"])
        .where("status", "!=", "queued")
        .orderBy("updated_at", "desc")
        .limit(1)
        .executeTakeFirst(),
      this.isPaused(),
    ]);
    return {
      isRunning: Boolean(active) && !paused,
      gamesAnalyzed: Number(latest?.games_analyzed ?? 0),
      totalGamesAnalyzed: Number(totals?.total_games_analyzed ?? 0),
      puzzlesGenerated: Number(totals?.puzzles_generated ?? 0),
      lastUpdate: totals?.last_update ?? null,
      paused,
    };
  }

  private async bumpStatus(
    trx: Kysely<Database>,
    delta: { games: number; puzzles: number; at: string },
  ): Promise<void> {
    await trx
      .insertInto("analysis_status")
      .values({
        id: 1,
        is_running: 0,
        games_analyzed: delta.games,
        total_games_analyzed: delta.games,
        puzzles_generated: delta.puzzles,
        last_update: delta.at,
      })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({
          games_analyzed: sql`analysis_status.games_analyzed + ${delta.games}`,
          total_games_analyzed: sql`analysis_status.total_games_analyzed + ${delta.games}`,
          puzzles_generated: sql`analysis_status.puzzles_generated + ${delta.puzzles}`,
          last_update: delta.at,
        }),
      )
      .execute();
  }
}
