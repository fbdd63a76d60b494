/**
 * What the generator needs from a chess engine, with no tie to how it runs: the server's Stockfish pool (child
 * processes) and the site's Web Worker both answer `analyse` in this shape.
 */

/** How far one search goes; at least one of depth, nodes or movetime must be set. */
export interface SearchLimits {
  depth?: number;
  /** Node budget: the reproducible limit (the same answer on any machine, at any load). */
  nodes?: number;
  /** Milliseconds. */
  movetime?: number;
  /** Number of best lines to report (1 when unset). */
  multipv?: number;
}

/** One principal variation. Scores are from the side to move: cp in centipawns, or mate in moves (negative: mated). */
export interface EngineLine {
  pv: string[];
  cp?: number;
  mate?: number;
  depth: number;
  multipv: number;
}

/** A finished search: the engine's move ("(none)" when the side to move has no legal move) and its lines. */
export interface EngineResult {
  bestmove: string;
  /** Sorted by multipv (best first); at most `multipv` entries, fewer when there are fewer legal moves. */
  lines: EngineLine[];
}

/** Anything that searches positions: searches may run at once (a pool spreads them over its engines). */
export interface Analyser {
  analyse(fen: string, limits: SearchLimits): Promise<EngineResult>;
}

/**
 * The part of an AbortSignal (the browser's and Node's alike) a long analysis reads to stop; declared here because
 * this package compiles without the DOM's or Node's types.
 */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}
