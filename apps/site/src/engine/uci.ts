/** The parts of a UCI `info` line the refutation needs. Scores are from the side to move's point of view. */
export interface UciInfo {
  depth: number;
  multipv: number;
  scoreCp?: number;
  mateIn?: number;
  /** Set when the score is only a bound (the search failed high or low at this depth). */
  bound?: "lower" | "upper";
  /** The principal variation in coordinate moves. */
  pv: string[];
}

/** Parses `info depth 12 ... score cp 35 ... pv e2e4 e7e5`; null for lines without a score and a line. */
export function parseInfo(line: string): UciInfo | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "info") return null;
  const info: UciInfo = { depth: 0, multipv: 1, pv: [] };
  let scored = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === "string") return null;
    if (word === "depth") info.depth = Number(words[++i]);
    else if (word === "multipv") info.multipv = Number(words[++i]);
    else if (word === "lowerbound") info.bound = "lower";
    else if (word === "upperbound") info.bound = "upper";
    else if (word === "score") {
      const kind = words[++i];
      const value = Number(words[++i]);
      if (!Number.isFinite(value)) return null;
      if (kind === "cp") info.scoreCp = value;
      else if (kind === "mate") info.mateIn = value;
      else return null;
      scored = true;
    } else if (word === "pv") {
      info.pv = words.slice(i + 1);
      break;
    }
  }
  return scored && info.pv.length > 0 ? info : null;
}

/** Parses `bestmove e2e4 ponder e7e5`: the move, or null for `bestmove (none)` (no legal move). */
export function parseBestMove(line: string): { move: string | null } | null {
  const words = line.trim().split(/\s+/);
  if (words[0] !== "bestmove") return null;
  const move = words[1];
  return { move: move && move !== "(none)" && move !== "0000" ? move : null };
}
