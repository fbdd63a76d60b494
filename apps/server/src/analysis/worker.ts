import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { parsePgn, splitPgnGames } from "@ct/chess";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { EnginePool } from "../engine/pool";
import { HttpError } from "../http/errors";
import { PositionsRepository } from "../positions/repository";
import { buildPosition } from "./build-position";
import { findPuzzles } from "./generator";
import { type AnalysisJob, AnalysisJobs } from "./jobs";

export interface WorkerOptions {
  db: Kysely<Database>;
  /** Creates the engine pool the first time there is work (no engine processes while the queue is empty). */
  engine: () => EnginePool;
  /** How long a claimed job stays this worker's without a renewal (default 60 s). */
  leaseMs?: number;
  /** Pause between looks at an empty queue (default 2 s). */
  idleMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** The source of a generated puzzle: the game's text and the ply, so analysing a game twice adds nothing. */
export function gameSource(gameText: string, ply: number): string {
  const digest = createHash("sha1").update(gameText.replace(/\s+/g, " ").trim()).digest("hex").slice(0, 16);
  return `game:${digest}:${ply}`;
}

type Outcome = "idle" | "paused" | "worked";

/**
 * Takes analysis jobs from the database queue and turns games into positions. Between games it records where it
 * is (so a restart resumes at the next game), renews its lease, and looks at the stop flag. Several workers, in
 * the server or in separate processes, can share one queue.
 */
export class AnalysisWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  private readonly jobs: AnalysisJobs;
  private readonly positions: PositionsRepository;
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly log: NonNullable<WorkerOptions["log"]>;
  private engine: EnginePool | undefined;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: WorkerOptions) {
    this.jobs = new AnalysisJobs(options.db);
    this.positions = new PositionsRepository(options.db);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.idleMs = options.idleMs ?? 2_000;
    this.log = options.log ?? (() => {});
  }

  /** Runs in the background until `stop()`. */
  start(): void {
    this.loop ??= (async () => {
      while (!this.stopping) {
        const outcome = await this.step().catch((error: unknown) => {
          this.log("analysis step failed", { error: String(error) });
          return "idle" as const;
        });
        if (outcome !== "worked") await this.sleep(this.idleMs);
      }
    })();
  }

  /** Works until the queue is empty or analysis is paused (the CLI's `analyse`). */
  async drain(): Promise<void> {
    while (!this.stopping && (await this.step()) === "worked") {}
  }

  /** Asks the look-up loop to check the queue now (after an upload). */
  poke(): void {
    this.wake?.();
  }

  /** Finishes the current game, gives the job back to the queue and ends the engine processes. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await this.engine?.close();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async step(): Promise<Outcome> {
    if (await this.jobs.isPaused()) return "paused";
    const job = await this.jobs.claim(this.id, this.leaseMs);
    if (!job) return "idle";
    await this.process(job);
    return "worked";
  }

  private async process(job: AnalysisJob): Promise<void> {
    const id = Number(job.id);
    let lost = false;
    const renewal = setInterval(() => {
      this.jobs.renew(id, this.id, this.leaseMs).then(
        (held) => {
          if (!held) lost = true;
        },
        () => {},
      );
    }, this.leaseMs / 3);
    this.log("analysis job started", { job: id, name: job.name, from: Number(job.next_game) });
    try {
      let index = 0;
      for (const text of splitPgnGames(job.pgn)) {
        if (index++ < Number(job.next_game)) continue;
        if (this.stopping || lost || (await this.jobs.isPaused())) {
          if (!lost) await this.jobs.release(id, this.id);
          this.log("analysis job handed back", { job: id, at: index - 1 });
          return;
        }
        const outcome = await this.analyseGame(text, Number(job.nodes));
        if (!(await this.jobs.recordGame(id, this.id, { index: index - 1, ...outcome }))) {
          lost = true;
          return;
        }
      }
      await this.jobs.finish(id, this.id, "done");
      this.log("analysis job done", { job: id });
    } catch (error) {
      this.log("analysis job failed", { job: id, error: String(error) });
      await this.jobs.finish(id, this.id, "failed");
    } finally {
      clearInterval(renewal);
    }
  }

  /** One game: its puzzles stored as positions (a source already stored is skipped), or the reason it was skipped. */
  private async analyseGame(text: string, nodes: number): Promise<{ puzzles: number; problem?: string }> {
    const parsed = parsePgn(text);
    const game = parsed.games[0];
    if (!game) return { puzzles: 0, problem: parsed.errors[0]?.message ?? "no game found" };
    this.engine ??= this.options.engine();
    const gameSans = game.moves.map((move) => move.san);
    let puzzles = 0;
    for await (const candidate of findPuzzles(game, this.engine, { nodes }, (fen) =>
      this.positions.hasFen(fen),
    )) {
      const previous = game.moves[candidate.ply - 1];
      let position: ReturnType<typeof buildPosition>;
      try {
        position = buildPosition({
          ...candidate,
          ...(previous ? { previous: { fen: previous.fenBefore, move: previous.uci } } : {}),
          headers: game.headers,
          gameSans,
          source: gameSource(text, candidate.ply),
        });
      } catch (error) {
        // A line the texts or the contract refuse must not cost the rest of the game.
        this.log("puzzle skipped", { ply: candidate.ply, error: String(error) });
        continue;
      }
      try {
        await this.positions.create(position);
        puzzles++;
      } catch (error) {
        // Already stored: this game was analysed before.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      }
    }
    return { puzzles };
  }
}
