import type { Analyser, EngineLine, EngineResult, SearchLimits } from "@ct/chess";
import type { EngineWorker } from "./refutation";
import { parseBestMove, parseInfo, type UciInfo } from "./uci";

/**
 * The generator's engine interface (`Analyser` in @ct/chess) over one Stockfish worker speaking UCI: the same worker
 * script as "why not my move" (stockfish-boot.js), driven for full searches with MultiPV. Searches queue and run one
 * at a time; `pause` holds the queue (the search in flight finishes), `resume` lets it go on.
 */
export interface UciAnalyser extends Analyser {
  /** Nodes the engine searched so far (for a speed figure). */
  readonly nodes: number;
  pause(): void;
  resume(): void;
  /** Stops the worker; queued and running searches reject. */
  dispose(): void;
}

export interface UciAnalyserOptions {
  createWorker: () => EngineWorker;
  /** How long starting the engine may take. Default 30 s. */
  loadTimeoutMs?: number;
}

interface Job {
  fen: string;
  limits: SearchLimits;
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
}

/** The deepest exact line for each MultiPV slot; a bound only while nothing exact has come for it. */
function keep(lines: Map<number, UciInfo>, info: UciInfo): void {
  const current = lines.get(info.multipv);
  if (current && info.bound && !current.bound) return;
  lines.set(info.multipv, info);
}

/** The `go` command of a search: every limit given, the engine stops at the first reached. */
export function goCommand(limits: SearchLimits): string {
  const parts = ["go"];
  if (limits.depth !== undefined) parts.push(`depth ${limits.depth}`);
  if (limits.nodes !== undefined) parts.push(`nodes ${limits.nodes}`);
  if (limits.movetime !== undefined) parts.push(`movetime ${limits.movetime}`);
  if (parts.length === 1) parts.push("depth 12");
  return parts.join(" ");
}

export function createUciAnalyser(options: UciAnalyserOptions): UciAnalyser {
  const loadTimeoutMs = options.loadTimeoutMs ?? 30_000;
  let worker: EngineWorker | null = null;
  let ready = false;
  let disposed = false;
  let paused = false;
  let multipv = 1;
  let nodes = 0;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  const queue: Job[] = [];
  let running: { job: Job; lines: Map<number, UciInfo>; nodes: number } | null = null;

  function fail(error: Error): void {
    clearTimeout(loadTimer);
    const jobs = [...(running ? [running.job] : []), ...queue.splice(0)];
    running = null;
    ready = false;
    if (worker) {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    }
    worker = null;
    for (const job of jobs) job.reject(error);
  }

  function start(): void {
    try {
      worker = options.createWorker();
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    worker.onmessage = (event) => {
      const data: unknown = event.data;
      if (typeof data === "string") onLine(data);
      else if (typeof data === "object" && data !== null && "engineError" in data)
        fail(new Error(`engine error: ${String(data.engineError)}`));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(new Error(`engine error: ${event.message || "the worker failed"}`));
    };
    loadTimer = setTimeout(() => fail(new Error("the engine did not start in time")), loadTimeoutMs);
    worker.postMessage("uci");
  }

  function pump(): void {
    if (disposed || paused || running || queue.length === 0) return;
    if (!worker) start();
    if (!worker || !ready) return;
    const job = queue.shift() as Job;
    running = { job, lines: new Map(), nodes: 0 };
    const wanted = job.limits.multipv ?? 1;
    if (wanted !== multipv) {
      worker.postMessage(`setoption name MultiPV value ${wanted}`);
      multipv = wanted;
    }
    worker.postMessage(`position fen ${job.fen}`);
    worker.postMessage(goCommand(job.limits));
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
    if (!running) return;
    if (line.startsWith("info ")) {
      const searched = /\bnodes (\d+)/.exec(line);
      if (searched) running.nodes = Number(searched[1]);
      const info = parseInfo(line);
      if (info) keep(running.lines, info);
      return;
    }
    const best = parseBestMove(line);
    if (!best) return;
    const { job, lines, nodes: searched } = running;
    running = null;
    nodes += searched;
    const result: EngineResult = {
      bestmove: best.move ?? "(none)",
      lines: [...lines.values()]
        .filter((info) => info.multipv <= (job.limits.multipv ?? 1))
        .sort((a, b) => a.multipv - b.multipv)
        .map(
          (info): EngineLine => ({
            pv: info.pv,
            depth: info.depth,
            multipv: info.multipv,
            ...(info.mateIn !== undefined ? { mate: info.mateIn } : { cp: info.scoreCp ?? 0 }),
          }),
        ),
    };
    job.resolve(result);
    pump();
  }

  return {
    get nodes() {
      return nodes;
    },
    analyse(fen, limits) {
      return new Promise<EngineResult>((resolve, reject) => {
        if (disposed) {
          reject(new Error("the engine was disposed"));
          return;
        }
        queue.push({ fen, limits, resolve, reject });
        pump();
      });
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      pump();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      fail(new Error("the engine was disposed"));
    },
  };
}
