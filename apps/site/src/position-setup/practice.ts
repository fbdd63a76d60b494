import { applyMove, gameStatus } from "@ct/chess";

/** One move played in practice: its standard notation, its squares and the position after it. */
export interface PracticeMove {
  san: string;
  from: string;
  to: string;
  fen: string;
}

/** A set-up position being played out: where it started and the moves played since. */
export interface Practice {
  startFen: string;
  moves: readonly PracticeMove[];
}

export type PracticeOutcome =
  | { kind: "to-move" | "check"; side: "w" | "b" }
  | { kind: "checkmate"; winner: "w" | "b" }
  | { kind: "stalemate" }
  | { kind: "draw"; reason: "material" | "fifty-moves" | "repetition" };

export function startPractice(fen: string): Practice {
  return { startFen: fen, moves: [] };
}

/** The position on the board. */
export function practiceFen(practice: Practice): string {
  return practice.moves.at(-1)?.fen ?? practice.startFen;
}

/**
 * Plays a move (coordinates such as e2e4 or e7e8q, or standard notation). Null when it is not legal, or when the
 * game is already over.
 */
export function playPracticeMove(practice: Practice, move: string): Practice | null {
  if (isOver(practiceOutcome(practice))) return null;
  const result = applyMove(practiceFen(practice), move);
  if (!result.ok) return null;
  return {
    ...practice,
    moves: [...practice.moves, { san: result.san, from: result.from, to: result.to, fen: result.fen }],
  };
}

/** Takes the last move back (nothing to do at the starting position). */
export function undoPracticeMove(practice: Practice): Practice {
  return practice.moves.length === 0 ? practice : { ...practice, moves: practice.moves.slice(0, -1) };
}

/** A position's identity for repetitions: board, side to move, castling rights and en passant square. */
function positionKey(fen: string): string {
  return fen.split(" ").slice(0, 4).join(" ");
}

/** Whose move it is, or how the game ended: mate, stalemate, or a draw (material, fifty moves, repetition). */
export function practiceOutcome(practice: Practice): PracticeOutcome {
  const fen = practiceFen(practice);
  const status = gameStatus(fen);
  if (!status) throw new Error(`practice from an unplayable position: ${fen}`);
  if (status.checkmate) return { kind: "checkmate", winner: status.turn === "w" ? "b" : "w" };
  if (status.stalemate) return { kind: "stalemate" };
  const key = positionKey(fen);
  const seen = [practice.startFen, ...practice.moves.map((move) => move.fen)].filter(
    (each) => positionKey(each) === key,
  ).length;
  if (status.insufficientMaterial) return { kind: "draw", reason: "material" };
  if (status.fiftyMoves) return { kind: "draw", reason: "fifty-moves" };
  if (seen >= 3) return { kind: "draw", reason: "repetition" };
  return { kind: status.check ? "check" : "to-move", side: status.turn };
}

export function isOver(outcome: PracticeOutcome): boolean {
  return outcome.kind !== "to-move" && outcome.kind !== "check";
}
