import { checkFen, type EngineRefutation, sanLine } from "@ct/chess";
import { parseBestMove, parseInfo, type UciInfo } from "./uci";

/**
 * Why a refutation search gave no answer.
 * - `unsupported`: no Web Worker or WebAssembly in this browser;
 * - `load-failed`: the engine files could not be loaded or compiled (network, content policy);
 * - `engine-failed`: the engine stopped with an error, or answered something unusable;
 * - `timeout`: loading or searching took longer than allowed;
 * - `no-reply`: the side to move has no legal move (the wrong move mated or stalemated);
 * - `invalid-position`: the FEN given is not a legal position;
 * - `superseded`, `aborted`, `disposed`: the caller replaced the request, aborted it, or disposed the engine.
 */
export type RefutationErrorCode =
  | "unsupported"
  | "load-failed"
  | "engine-failed"
  | "timeout"
  | "no-reply"
  | "invalid-position"
  | "superseded"
  | "aborted"
  | "disposed";

const ON_PURPOSE: ReadonlySet<RefutationErrorCode> = new Set(["superseded", "aborted", "disposed"]);

export class RefutationError extends Error {
  override readonly name = "RefutationError";
  readonly code: RefutationErrorCode;

  constructor(code: RefutationErrorCode, message?: string) {
    super(message ?? `Refutation failed: ${code}`);
    this.code = code;
  }

  /**
   * True when the UI should say 'The engine could not analyse this move here.'; false when the request ended on
   * the caller's own wish (a newer request, an abort, dispose), where there is nothing to show.
   */
  get showsFallback(): boolean {
    return !ON_PURPOSE.has(this.code);
  }
}

/** What the client needs of a Worker; tests pass a fake engine. */
export interface EngineWorker {
  postMessage(command: string): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface RefutationEngineOptions {
  /** URL of the worker script (stockfish-boot.js, with the .wasm's URL in its hash). */
  workerUrl?: string;
  /** Creates the worker (tests); defaults to `new Worker(workerUrl)`. */
  createWorker?: () => EngineWorker;
  /** Search depth; the search also stops at `movetimeMs`, whichever comes first. Default 16. */
  depth?: number;
  /** Longest search in milliseconds, for slow devices. Default 2000. */
  movetimeMs?: number;
  /** How long downloading and starting the engine may take. Default 20 s. */
  loadTimeoutMs?: number;
  /** How long one search may take before the engine is considered stuck. Default movetimeMs + 5 s. */
  searchTimeoutMs?: number;
}

export interface AnalyseOptions {
  signal?: AbortSignal;
  /**
   * This search's own budget instead of the engine's (the alternative-win check searches less than a refutation).
   * The search stops at the first limit reached.
   */
  limits?: SearchBudget;
}

/** A search's limits: depth, nodes and time in milliseconds, each optional (the engine's own depth and time stay). */
export interface SearchBudget {
  depth?: number;
  nodes?: number;
  movetimeMs?: number;
}

export interface RefutationEngine {
  /**
   * The opponent's best reply in `fen`, the position after the player's wrong move (the opponent to move). One
   * search runs at a time; a newer call supersedes an older one, which rejects with `superseded`. Rejects with a
   * RefutationError.
   */
  analyse(fen: string, options?: AnalyseOptions): Promise<EngineRefutation>;
  /** Stops the engine and frees the worker; pending calls reject with `disposed`. */
  dispose(): void;
}

export const DEFAULT_DEPTH = 16;
export const DEFAULT_MOVETIME_MS = 2000;
export const DEFAULT_LOAD_TIMEOUT_MS = 20_000;
const SEARCH_SLACK_MS = 5000;

interface Job {
  fen: string;
  limits: SearchBudget | undefined;
  resolve: (refutation: EngineRefutation) => void;
  reject: (error: RefutationError) => void;
}

interface Search {
  /** Null once the caller no longer waits for it (superseded or aborted): the engine still has to finish. */
  job: Job | null;
  fen: string;
  best: UciInfo | null;
  stopSent: boolean;
  timer: ReturnType<typeof setTimeout>;
}

function browserWorker(url: string | undefined): EngineWorker {
  if (typeof Worker === "undefined" || typeof WebAssembly !== "object") {
    throw new RefutationError("unsupported", "Web Workers or WebAssembly are not available");
  }
  if (!url) throw new RefutationError("load-failed", "No engine URL");
  return new Worker(url, { name: "stockfish" });
}

/** The UCI `go` command for a budget: every limit given; the engine stops at the first reached. */
function goCommand(limits: SearchBudget): string {
  const parts = ["go"];
  if (limits.depth !== undefined) parts.push(`depth ${limits.depth}`);
  if (limits.nodes !== undefined) parts.push(`nodes ${limits.nodes}`);
  if (limits.movetimeMs !== undefined) parts.push(`movetime ${limits.movetimeMs}`);
  return parts.join(" ");
}

/** Prefers the deepest exact score of the first line; a bound only when nothing exact came. */
function better(current: UciInfo | null, next: UciInfo): UciInfo {
  if (next.multipv !== 1) return current ?? next;
  if (!current) return next;
  if (next.bound && !current.bound) return current;
  return next;
}

/**
 * A Stockfish client for "why not my move". Nothing is loaded until the first `analyse`: then the worker starts
 * (stockfish-boot.js loads stockfish-19-lite-single.js, which fetches and compiles its .wasm) and answers UCI.
 */
export function createRefutationEngine(options: RefutationEngineOptions = {}): RefutationEngine {
  const depth = options.depth ?? DEFAULT_DEPTH;
  const movetimeMs = options.movetimeMs ?? DEFAULT_MOVETIME_MS;
  const loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  const searchTimeoutMs = options.searchTimeoutMs ?? movetimeMs + SEARCH_SLACK_MS;
  const createWorker = options.createWorker ?? (() => browserWorker(options.workerUrl));

  let worker: EngineWorker | null = null;
  let ready = false;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  let search: Search | null = null;
  let waiting: Job | null = null;
  let disposed = false;

  function stopWorker(): void {
    clearTimeout(loadTimer);
    if (search) clearTimeout(search.timer);
    search = null;
    ready = false;
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    worker = null;
  }

  /** Ends the worker and rejects everyone waiting on it. */
  function fail(code: RefutationErrorCode, message?: string): void {
    const jobs = [search?.job, waiting];
    waiting = null;
    stopWorker();
    for (const job of jobs) job?.reject(new RefutationError(code, message));
  }

  function startWorker(): void {
    try {
      worker = createWorker();
    } catch (error) {
      const code = error instanceof RefutationError ? error.code : "load-failed";
      fail(code, error instanceof Error ? error.message : undefined);
      return;
    }
    worker.onmessage = (event) => {
      const data: unknown = event.data;
      if (typeof data === "string") onLine(data);
      else if (typeof data === "object" && data !== null && "engineError" in data) {
        // Reported by stockfish-boot.js: the .wasm failed to download or compile, or the engine broke later.
        fail(ready ? "engine-failed" : "load-failed", String(data.engineError));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(ready ? "engine-failed" : "load-failed", event.message || undefined);
    };
    loadTimer = setTimeout(() => fail("timeout", "The engine did not start in time"), loadTimeoutMs);
    worker.postMessage("uci");
  }

  function pump(): void {
    if (disposed || search || !waiting) return;
    if (!worker) startWorker();
    if (!worker || !ready) return;
    const job = waiting;
    waiting = null;
    // A search's own limits come on top of the engine's, which stay as caps.
    const limits = { depth, movetimeMs, ...job.limits };
    const timeout = job.limits ? limits.movetimeMs + SEARCH_SLACK_MS : searchTimeoutMs;
    search = {
      job,
      fen: job.fen,
      best: null,
      stopSent: false,
      timer: setTimeout(() => {
        const stuck = search?.job;
        stopWorker();
        stuck?.reject(new RefutationError("timeout", "The search did not finish in time"));
        // A request that was waiting behind the stuck search gets a fresh engine.
        pump();
      }, timeout),
    };
    worker.postMessage("ucinewgame");
    worker.postMessage(`position fen ${job.fen}`);
    worker.postMessage(goCommand(limits));
  }

  function onLine(line: string): void {
    if (line === "uciok") {
      worker?.postMessage("isready");
      return;
    }
    if (line === "readyok") {
      if (!ready) {
        ready = true;
        clearTimeout(loadTimer);
        pump();
      }
      return;
    }
    if (!search) return;
    const info = parseInfo(line);
    if (info) {
      search.best = better(search.best, info);
      return;
    }
    const bestMove = parseBestMove(line);
    if (!bestMove) return;
    const { job, fen, best, timer } = search;
    clearTimeout(timer);
    search = null;
    if (job) settle(job, fen, bestMove.move, best);
    pump();
  }

  function settle(job: Job, fen: string, move: string | null, best: UciInfo | null): void {
    if (!move) {
      job.reject(new RefutationError("no-reply", "The side to move has no legal move"));
      return;
    }
    // The score and line belong to the reply only when the last line reported starts with it.
    const info = best?.pv[0] === move ? best : null;
    const line = sanLine(fen, info ? info.pv : [move]);
    const [san] = line;
    if (!san) {
      job.reject(new RefutationError("engine-failed", `The engine answered an illegal move: ${move}`));
      return;
    }
    job.resolve({
      reply: { uci: move, san },
      ...(info?.scoreCp !== undefined ? { scoreCp: info.scoreCp } : {}),
      ...(info?.mateIn !== undefined ? { mateIn: info.mateIn } : {}),
      line,
    });
  }

  /** The running search no longer has a caller: stop it; its bestmove is then ignored. */
  function abandonSearch(): void {
    if (!search) return;
    search.job = null;
    if (!search.stopSent) {
      search.stopSent = true;
      worker?.postMessage("stop");
    }
  }

  function analyse(fen: string, { signal, limits }: AnalyseOptions = {}): Promise<EngineRefutation> {
    return new Promise<EngineRefutation>((resolve, reject) => {
      if (disposed) return reject(new RefutationError("disposed", "The engine was disposed"));
      if (signal?.aborted) return reject(new RefutationError("aborted", "The request was aborted"));
      const checked = checkFen(fen);
      if (!checked.ok) return reject(new RefutationError("invalid-position", checked.reason));

      const onAbort = () => {
        if (waiting === job) waiting = null;
        else if (search?.job === job) abandonSearch();
        else return;
        reject(new RefutationError("aborted", "The request was aborted"));
      };
      const job: Job = {
        fen: checked.fen,
        limits,
        resolve: (refutation) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(refutation);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });

      waiting?.reject(new RefutationError("superseded", "A newer request replaced this one"));
      const replaced = search?.job;
      if (replaced) {
        abandonSearch();
        replaced.reject(new RefutationError("superseded", "A newer request replaced this one"));
      }
      waiting = job;
      pump();
    });
  }

  function dispose(): void {
    if (disposed) return;
    disposed = true;
    fail("disposed", "The engine was disposed");
  }

  return { analyse, dispose };
}
