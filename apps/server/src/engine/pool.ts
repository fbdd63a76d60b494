import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { REPO_ROOT } from "../config";
import { type EngineResult, type SearchLimits, UciProcess } from "./uci";

export type { EngineLine, EngineResult, SearchLimits } from "./uci";

/** The Stockfish build the pool runs: the small-network, single-threaded WebAssembly one (one core per process). */
export const STOCKFISH_SCRIPT = join(REPO_ROOT, "node_modules/stockfish/bin/stockfish-19-lite-single.js");

/** A search that gave no answer within the pool's timeout; its process was killed and replaced. */
export class EngineTimeoutError extends Error {
  override name = "EngineTimeoutError";
}

/**
 * Signals that ask a process to end rather than report a fault: what Ctrl-C in a terminal, `timeout`, `kill` and
 * systemd's stop send, usually to the whole process group (the engines then die with the process that runs them).
 */
const STOP_SIGNALS: readonly string[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** The engine process died during a search (crash or outside kill); it was replaced. Not retried. */
export class EngineCrashError extends Error {
  override name = "EngineCrashError";

  constructor(
    message: string,
    /** The signal that ended the process, if one did. */
    readonly signal: NodeJS.Signals | null = null,
  ) {
    super(message);
  }

  /** The process was asked to end (SIGINT, SIGTERM, SIGHUP), as a shutdown does: no fault of the engine. */
  get stopped(): boolean {
    return this.signal !== null && STOP_SIGNALS.includes(this.signal);
  }
}

export interface EnginePoolOptions {
  /** Number of engine processes; default one per available core. */
  size?: number;
  /**
   * A search with no `bestmove` after this many milliseconds is killed and rejected. Default: 60 s plus 1 s per
   * 20,000 nodes and twice the movetime, so even a large node budget on a loaded machine is not cut short.
   */
  timeoutMs?: number;
  /** Hash table per process in MB; default 16. */
  hashMb?: number;
  /** Forget the hash table before every search so node-limited results are reproducible; default true. */
  newGamePerSearch?: boolean;
  /** Engine script run with this Node binary; default the lite single-threaded Stockfish 19. */
  script?: string;
}

interface Job {
  fen: string;
  limits: SearchLimits;
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  engine: UciProcess;
  ready: boolean;
  job: Job | null;
  /** Set when the pool itself ended the process, so its exit is not reported as a crash. */
  retired: boolean;
}

/** Longest wait for a new process to become ready, and the base of the default search timeout. */
const BASE_TIMEOUT_MS = 60_000;

/** Giving up after this many processes in a row die before they are ready (missing script, broken build). */
const MAX_START_FAILURES = 3;

function checkedFen(fen: string): string {
  const setup = parseFen(fen.trim());
  if (setup.isErr) throw new Error(`invalid FEN "${fen}": ${setup.error.message}`);
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) throw new Error(`impossible position "${fen}": ${position.error.message}`);
  return makeFen(position.value.toSetup());
}

function checkLimits(limits: SearchLimits): void {
  const { depth, nodes, movetime, multipv } = limits;
  const positive = (value: number | undefined) =>
    value === undefined || (Number.isInteger(value) && value > 0);
  if (![depth, nodes, movetime, multipv].every(positive)) {
    throw new Error(`search limits must be positive integers: ${JSON.stringify(limits)}`);
  }
  if (depth === undefined && nodes === undefined && movetime === undefined) {
    throw new Error("a search needs a depth, nodes or movetime limit");
  }
}

/**
 * A fixed set of Stockfish child processes serving searches in arrival order. Callers just await `analyse`; the
 * engines run in their own processes, so the event loop stays free. A search that hangs past `timeoutMs` or whose
 * process crashes is rejected (not retried: the caller decides) and the process is replaced; queued searches carry
 * on with the other processes meanwhile.
 */
export class EnginePool {
  readonly size: number;
  private readonly timeoutMs: number | undefined;
  private readonly hashMb: number;
  private readonly newGamePerSearch: boolean;
  private readonly script: string;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private startFailures = 0;
  private broken: Error | null = null;
  private closed = false;

  constructor(options: EnginePoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
    this.timeoutMs = options.timeoutMs;
    this.hashMb = options.hashMb ?? 16;
    this.newGamePerSearch = options.newGamePerSearch ?? true;
    this.script = options.script ?? STOCKFISH_SCRIPT;
    for (let i = 0; i < this.size; i++) this.startSlot();
  }

  /** Process ids of the running engines (for monitoring, and for tests that kill one). */
  pids(): number[] {
    return [...this.slots].flatMap((slot) => (slot.engine.pid === undefined ? [] : [slot.engine.pid]));
  }

  /** Process ids of the engines in the middle of a search (for monitoring, and for tests that stop one then). */
  searchingPids(): number[] {
    return [...this.slots].flatMap((slot) =>
      slot.job && slot.engine.pid !== undefined ? [slot.engine.pid] : [],
    );
  }

  /** Searches a position; the result's scores are from the side to move. Rejects on a bad FEN or limits. */
  analyse(fen: string, limits: SearchLimits): Promise<EngineResult> {
    return new Promise((resolve, reject) => {
      if (this.closed) throw new Error("the engine pool is closed");
      if (this.broken) throw this.broken;
      checkLimits(limits);
      this.queue.push({ fen: checkedFen(fen), limits: { ...limits }, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every process (searches in progress and queued ones are rejected) and resolves once all have exited. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error("the engine pool is closed");
    for (const job of this.queue.splice(0)) job.reject(error);
    const exits = [...this.slots].map(async (slot) => {
      slot.retired = true;
      if (slot.ready && !slot.job) slot.engine.quit();
      else slot.engine.kill();
      slot.job?.reject(error);
      slot.job = null;
      const timer = setTimeout(() => slot.engine.kill(), 2_000);
      await slot.engine.exited;
      clearTimeout(timer);
    });
    await Promise.all(exits);
    this.slots.clear();
  }

  private startSlot(): void {
    const slot: Slot = {
      engine: new UciProcess(process.execPath, [this.script]),
      ready: false,
      job: null,
      retired: false,
    };
    this.slots.add(slot);
    slot.engine.exited.then(({ code, signal }) => this.onExit(slot, code, signal));
    const startTimer = setTimeout(() => slot.engine.kill(), BASE_TIMEOUT_MS);
    slot.engine.init(this.hashMb).then(
      () => {
        clearTimeout(startTimer);
        if (slot.retired) return;
        slot.ready = true;
        this.startFailures = 0;
        this.dispatch();
      },
      () => clearTimeout(startTimer),
    );
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    this.slots.delete(slot);
    if (slot.retired || this.closed) return;
    const job = slot.job;
    slot.job = null;
    const how = `code ${code}, signal ${signal}`;
    job?.reject(
      new EngineCrashError(`engine process ${slot.engine.pid} died during a search (${how})`, signal),
    );
    if (!slot.ready && ++this.startFailures >= MAX_START_FAILURES) {
      this.broken = new Error(
        `the engine cannot start: ${MAX_START_FAILURES} processes in a row exited (${how})`,
      );
      for (const queued of this.queue.splice(0)) queued.reject(this.broken);
      return;
    }
    this.startSlot();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.ready && !slot.job && !slot.retired) this.run(slot, this.queue.shift() as Job);
    }
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    const { nodes = 0, movetime = 0 } = job.limits;
    const timeoutMs = this.timeoutMs ?? BASE_TIMEOUT_MS + nodes / 20 + 2 * movetime;
    const timer = setTimeout(() => {
      if (slot.job !== job) return;
      slot.job = null;
      slot.retired = true;
      slot.engine.kill();
      job.reject(new EngineTimeoutError(`no answer within ${timeoutMs} ms for ${job.fen}; engine replaced`));
      if (!this.closed) this.startSlot();
    }, timeoutMs);
    slot.engine.search(job.fen, job.limits, this.newGamePerSearch).then(
      (result) => {
        clearTimeout(timer);
        if (slot.job !== job) return;
        slot.job = null;
        job.resolve(result);
        this.dispatch();
      },
      () => clearTimeout(timer),
    );
  }
}
