import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { EngineLine, EngineResult, SearchLimits } from "@ct/chess";

/** The search types are the shared generator's engine interface (@ct/chess), so the pool is an `Analyser`. */
export type { EngineLine, EngineResult, SearchLimits } from "@ct/chess";

interface Waiter {
  onLine: (line: string) => boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** Reads one `info` line into an EngineLine; null for lines without a score (currmove, string, hashfull…). */
export function parseInfoLine(line: string): (EngineLine & { bound: boolean }) | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "info") return null;
  let depth: number | undefined;
  let multipv = 1;
  let cp: number | undefined;
  let mate: number | undefined;
  let bound = false;
  let pv: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === "depth") depth = Number(words[++i]);
    else if (word === "multipv") multipv = Number(words[++i]);
    else if (word === "score") {
      const kind = words[++i];
      const value = Number(words[++i]);
      if (kind === "cp") cp = value;
      else if (kind === "mate") mate = value;
      if (words[i + 1] === "lowerbound" || words[i + 1] === "upperbound") {
        bound = true;
        i++;
      }
    } else if (word === "pv") {
      pv = words.slice(i + 1);
      break;
    } else if (word === "string") return null;
  }
  if (depth === undefined || Number.isNaN(depth) || (cp === undefined && mate === undefined)) return null;
  return {
    pv,
    depth,
    multipv,
    bound,
    ...(cp !== undefined ? { cp } : {}),
    ...(mate !== undefined ? { mate } : {}),
  };
}

/**
 * Keeps, for each multipv index, the last exact (not bound) line at the deepest depth seen: a search stopped by
 * its node or time limit reports some lines of the unfinished iteration, and those are the freshest.
 */
export class LineCollector {
  private readonly byIndex = new Map<number, EngineLine & { bound: boolean }>();

  add(line: string): void {
    const info = parseInfoLine(line);
    if (!info) return;
    const held = this.byIndex.get(info.multipv);
    if (!held || (held.bound && !info.bound) || (info.depth >= held.depth && (!info.bound || held.bound))) {
      this.byIndex.set(info.multipv, info);
    }
  }

  lines(multipv: number): EngineLine[] {
    return [...this.byIndex.values()]
      .filter((line) => line.multipv <= multipv)
      .sort((a, b) => a.multipv - b.multipv)
      .map(({ bound: _bound, ...line }) => line);
  }
}

/** The `go` command for a set of limits. */
export function goCommand(limits: SearchLimits): string {
  const parts = ["go"];
  if (limits.depth !== undefined) parts.push("depth", String(limits.depth));
  if (limits.nodes !== undefined) parts.push("nodes", String(limits.nodes));
  if (limits.movetime !== undefined) parts.push("movetime", String(limits.movetime));
  return parts.join(" ");
}

/**
 * One UCI engine in a child process. Commands are written in order and answered in order, so one search at a time
 * (the pool guarantees it). When the process dies, the pending wait is rejected and `exited` resolves.
 */
export class UciProcess {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcessWithoutNullStreams;
  private pending = "";
  private waiter: Waiter | null = null;
  private multipv = 1;
  private dead: Error | null = null;

  constructor(command: string, args: readonly string[]) {
    this.child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (data: string) => this.receive(data));
    this.child.stderr.resume();
    this.child.stdin.on("error", () => {});
    this.exited = new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null, cause?: Error) => {
        if (this.dead) return;
        this.dead = new Error(
          cause
            ? `engine failed to start: ${cause.message}`
            : `engine exited (code ${code}, signal ${signal})`,
        );
        this.waiter?.reject(this.dead);
        this.waiter = null;
        resolve({ code, signal });
      };
      this.child.on("exit", (code, signal) => finish(code, signal));
      this.child.on("error", (error) => finish(null, null, error));
    });
  }

  /** The operating-system process id (undefined if the process could not be started). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts the UCI session: identification, hash size, and waits until the engine says it is ready. */
  async init(hashMb: number): Promise<void> {
    await this.exchange(["uci"], (line) => line === "uciok");
    await this.exchange([`setoption name Hash value ${hashMb}`, "isready"], (line) => line === "readyok");
  }

  /**
   * Searches one position. With `newGame`, the engine forgets its hash table first, so a node-limited search
   * gives the same answer whatever this process searched before.
   */
  async search(fen: string, limits: SearchLimits, newGame: boolean): Promise<EngineResult> {
    const multipv = limits.multipv ?? 1;
    const commands: string[] = [];
    if (newGame) commands.push("ucinewgame");
    if (multipv !== this.multipv) commands.push(`setoption name MultiPV value ${multipv}`);
    this.multipv = multipv;
    commands.push(`position fen ${fen}`, goCommand(limits));
    const collector = new LineCollector();
    let bestmove = "";
    await this.exchange(commands, (line) => {
      if (line.startsWith("bestmove")) {
        bestmove = line.split(/\s+/)[1] ?? "(none)";
        return true;
      }
      collector.add(line);
      return false;
    });
    return { bestmove, lines: collector.lines(multipv) };
  }

  /** Asks the engine to quit; the caller awaits `exited` (and kills if that takes too long). */
  quit(): void {
    if (this.dead) return;
    this.child.stdin.end("quit\n");
  }

  /** Ends the process at once (a hung search cannot be interrupted otherwise in the single-threaded build). */
  kill(): void {
    if (!this.dead) this.child.kill("SIGKILL");
  }

  private exchange(commands: readonly string[], onLine: (line: string) => boolean): Promise<void> {
    if (this.dead) return Promise.reject(this.dead);
    if (this.waiter) return Promise.reject(new Error("engine is busy"));
    return new Promise((resolve, reject) => {
      this.waiter = { onLine, resolve, reject };
      this.child.stdin.write(`${commands.join("\n")}\n`);
    });
  }

  private receive(data: string): void {
    this.pending += data;
    let newline = this.pending.indexOf("\n");
    while (newline !== -1) {
      const line = this.pending.slice(0, newline).trim();
      this.pending = this.pending.slice(newline + 1);
      const waiter = this.waiter;
      if (line && waiter?.onLine(line)) {
        this.waiter = null;
        waiter.resolve();
      }
      newline = this.pending.indexOf("\n");
    }
  }
}
