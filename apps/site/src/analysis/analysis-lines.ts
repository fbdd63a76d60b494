import { checkFen, type EngineLine, START_FEN, sanLine } from "@ct/chess";
import { numberedSans, safeBack } from "./address";

export { ANALYSIS_PATH, analysisAddress, numberedSans, safeBack } from "./address";

/**
 * The analysis board's pure parts (issue 39, "Around each puzzle"): its address, and the engine's lines as the panel
 * shows them (evaluation from White's side, moves in numbered standard notation).
 */

/** Lines the board asks of the engine (MultiPV). */
export const ANALYSIS_LINES = 3;
/** Plies of each line shown: the idea, not a whole game. */
export const ANALYSIS_PLIES = 10;

/** What the address asks for: the position (the starting one when it is missing or invalid) and the way back. */
export function readAnalysisAddress(search: string): { fen: string; invalid: boolean; back: string | null } {
  const query = new URLSearchParams(search);
  const given = query.get("fen");
  const back = safeBack(query.get("back"));
  if (given === null || given.trim() === "") return { fen: START_FEN, invalid: false, back };
  const checked = checkFen(given);
  return checked.ok ? { fen: checked.fen, invalid: false, back } : { fen: START_FEN, invalid: true, back };
}

/** A line's evaluation from White's side: "+1.25", "−0.40", "0.00", "#3" (White mates), "#−2" (Black mates). */
export interface Evaluation {
  text: string;
  favours: "white" | "black" | "even";
  /** Moves to mate, when the line mates (always positive: `favours` says who mates). */
  mate?: number;
}

const MINUS = "\u2212";

export function evaluationOf(line: Pick<EngineLine, "cp" | "mate">, fen: string): Evaluation {
  const sign = fen.trim().split(/\s+/)[1] === "b" ? -1 : 1;
  if (line.mate !== undefined) {
    const mate = line.mate * sign;
    // "mate 0": the side to move is mated now; the other side has won.
    const favours = mate > 0 || (mate === 0 && sign < 0) ? "white" : "black";
    const moves = Math.abs(mate);
    return { text: favours === "white" ? `#${moves}` : `#${MINUS}${moves}`, favours, mate: moves };
  }
  const cp = (line.cp ?? 0) * sign;
  const pawns = Math.abs(cp) / 100;
  if (pawns < 0.005) return { text: "0.00", favours: "even" };
  return { text: `${cp > 0 ? "+" : MINUS}${pawns.toFixed(2)}`, favours: cp > 0 ? "white" : "black" };
}

/** One line as the panel shows it: the evaluation, the first move (coordinates and notation) and the numbered line. */
export interface ShownLine {
  evaluation: Evaluation;
  /** The first move in coordinates (e2e4), to play it on the board. */
  firstMove: string;
  firstSan: string;
  moves: string;
  depth: number;
}

/** The engine's lines for `fen`, best first; a line whose first move is not legal there is left out. */
export function shownLines(fen: string, lines: readonly EngineLine[], plies = ANALYSIS_PLIES): ShownLine[] {
  const shown: ShownLine[] = [];
  for (const line of lines) {
    const sans = sanLine(fen, line.pv.slice(0, plies));
    const [firstMove] = line.pv;
    if (!firstMove || sans.length === 0) continue;
    shown.push({
      evaluation: evaluationOf(line, fen),
      firstMove,
      firstSan: sans[0] as string,
      moves: numberedSans(fen, sans),
      depth: line.depth,
    });
  }
  return shown;
}
