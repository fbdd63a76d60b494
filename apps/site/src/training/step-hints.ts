import { applyMove, completeFen, composeStepHints } from "@ct/chess";
import type { Hints, Position } from "@ct/contract";

/**
 * The hints of a later step of a puzzle's line (the coach's, in English and Arabic), composed in the browser when
 * a hint is asked there: a chunk of its own, loaded then only (the first step keeps the stored hints).
 */

/** The line in coordinate form, as the coach reads it (a stored line may be in standard notation). */
function coordinateLine(fen: string, line: readonly string[]): string[] | null {
  const moves: string[] = [];
  let board = completeFen(fen);
  for (const move of line) {
    const played = applyMove(board, move);
    if (!played.ok) return null;
    moves.push(played.uci);
    board = played.fen;
  }
  return moves;
}

/**
 * The three hint levels for the player's move at half-move `ply` of the line (even, above 0), or null when they
 * cannot be composed (a line the coach cannot play).
 */
export function stepHints(position: Position, ply: number): Hints | null {
  const solution = coordinateLine(position.fen, position.solution);
  if (!solution) return null;
  try {
    return composeStepHints({
      fen: completeFen(position.fen),
      solution,
      themes: [...position.themes],
      ply,
    });
  } catch {
    return null;
  }
}
