import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { findPuzzles, parsePgn, splitPgnGames } from "@ct/chess";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { EngineCrashError, type EnginePool } from "../engine/pool";
import { HttpError } from "../http/errors";
import { PositionsRepository } from "../positions/repository";
import { buildPosition } from "./build-position";
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

/** Where the job a worker held stands when the worker stops (`stop()`'s answer, for an honest last log line). */
export interface HeldJob {
  id: number;
  /** The game the job resumes at, counted from 0. */
  nextGame: number;
  totalGames: number;
  /**
   * `handed back`: queued again at `nextGame`, lease released; `done`/`failed`: it ended while the worker stopped;
   * `lost`: another worker had taken it over; `held`: it could not be handed back (the database did not answer),
   * so it stays this worker's until its lease runs out and another worker takes it over.
   */
  state: "handed back" | "done" | "failed" | "lost" | "held";
}

/** The worker's last line: what became of the job it held, as it is. */
export function stoppedMessage(held: HeldJob | null): string {
  if (!held) return "analysis worker stopped: it held no job";
  const where = `game ${held.nextGame + 1} of ${held.totalGames}`;
  switch (held.state) {
    case "handed back":
      return `analysis worker stopped: job ${held.id} is back in the queue at ${where}`;
    case "done":
      return `analysis worker stopped: job ${held.id} is done`;
    case "failed":
      return `analysis worker stopped: job ${held.id} failed at ${where}`;
    case "lost":
      return `analysis worker stopped: job ${held.id} had been taken over by another worker`;
    case "held":
      return (
        `analysis worker stopped: job ${held.id} could not be handed back; another worker takes it over at ` +
        `${where} once its lease runs out`
      );
  }
}

/** A search ended because its engine process was asked to end: the worker's process group is stopping. */
const engineStopped = (error: unknown) => error instanceof EngineCrashError && error.stopped;

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
  /** The job being worked on, or the one an engine stop just handed back (what `stop()` reports). */
  private held: HeldJob | null = null;

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

  /**
   * Stops at once: ends the engine processes (the game in progress is abandoned, to be analysed again by whoever
   * resumes the job), gives the job back to the queue at its next game, and resolves with where that job stands.
   * Call it as soon as a stop signal arrives: an engine that dies meanwhile is then not taken for a failure.
   */
  async stop(): Promise<HeldJob | null> {
    this.stopping = true;
    this.wake?.();
    const engineClosed = this.engine?.close();
    await this.loop;
    await engineClosed;
    await this.engine?.close();
    return this.held;
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
    if (!job) {
      if (!this.stopping) this.held = null;
      return "idle";
    }
    // An engine stopped by a signal is most likely this process being stopped too: wait for that before claiming
    // again (stop() cuts the wait short).
    return (await this.process(job)) === "interrupted" ? "idle" : "worked";
  }

  private async process(job: AnalysisJob): Promise<"finished" | "interrupted"> {
    const id = Number(job.id);
    const held: HeldJob = {
      id,
      nextGame: Number(job.next_game),
      totalGames: Number(job.total_games),
      state: "held",
    };
    this.held = held;
    let lost = false;
    const renewal = setInterval(() => {
      this.jobs.renew(id, this.id, this.leaseMs).then(
        (kept) => {
          if (!kept) lost = true;
        },
        () => {},
      );
    }, this.leaseMs / 3);
    const lose = () => {
      held.state = "lost";
      this.log("analysis job lost: another worker has taken it over", { job: id });
    };
    /** Back to the queue at the game it reached (unless another worker has it now), and says so truthfully. */
    const handBack = async (reason: string, error?: unknown) => {
      if (lost || !(await this.jobs.release(id, this.id))) return lose();
      held.state = "handed back";
      this.log("analysis job handed back", {
        job: id,
        at: held.nextGame,
        reason,
        ...(error ? { error: String(error) } : {}),
      });
    };
    this.log("analysis job started", { job: id, name: job.name, from: held.nextGame });
    try {
      let index = 0;
      for (const text of splitPgnGames(job.pgn)) {
        if (index++ < held.nextGame) continue;
        if (!this.stopping && !lost && (await this.jobs.isPaused())) {
          await handBack("analysis is paused");
          // Paused, not stopped: the job is nobody's now, so a later stop has nothing of it to report.
          if (!this.stopping) this.held = null;
          return "finished";
        }
        // Checked right before the game starts its engine: a stop that came meanwhile starts no engine.
        if (this.stopping || lost) {
          await handBack("the worker is stopping");
          return "finished";
        }
        const outcome = await this.analyseGame(text, Number(job.nodes));
        if (!(await this.jobs.recordGame(id, this.id, { index: index - 1, ...outcome }))) {
          lose();
          return "finished";
        }
        held.nextGame = index;
      }
      await this.jobs.finish(id, this.id, "done");
      held.state = "done";
      this.log("analysis job done", { job: id });
      return "finished";
    } catch (error) {
      // Engines that die because the worker (or its whole process group) is being stopped are no job failure.
      if (this.stopping) {
        await handBack("the worker is stopping", error);
        return "finished";
      }
      if (engineStopped(error)) {
        await handBack("its engine was stopped", error);
        return "interrupted";
      }
      this.log("analysis job failed", { job: id, at: held.nextGame, error: String(error) });
      await this.jobs.finish(id, this.id, "failed");
      held.state = "failed";
      return "finished";
    } finally {
      clearInterval(renewal);
      if (held.state !== "handed back" && held.state !== "held" && !this.stopping) this.held = null;
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
