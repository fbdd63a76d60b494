import type { Position } from "@ct/contract";
import { applyMove } from "@ct/chess";

export interface PlayedOnBoard {
  fen: string;
  san: string;
  uci: string;
}

/** Plays a move given in coordinate or standard notation; null when it is not legal here. */
export function playMove(fen: string, move: string): PlayedOnBoard | null {
  const result = applyMove(fen, move);
  return result.ok ? { fen: result.fen, san: result.san, uci: result.uci } : null;
}

/**
 * The moves the trainer expects, one per ply: the full solution line when the position has one (multi-move
 * puzzles, opponent replies included), otherwise just the first listed correct move.
 */
export function expectedMoves(position: Position): string[] {
  if (position.solution.length > 0) return position.solution;
  return position.correct_moves.slice(0, 1);
}
