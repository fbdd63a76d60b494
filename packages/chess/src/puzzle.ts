import { checkFen } from "./fen";
import { applyMove, isCorrectMove } from "./moves";

export interface PuzzleProblem {
  /** Which field is wrong: "fen", "correct_moves.1", "solution.3". */
  path: string;
  message: string;
}

export type PuzzleCheck = { ok: true; fen: string } | { ok: false; problems: PuzzleProblem[] };

/**
 * Checks what a stored puzzle promises: the FEN is a legal position (completed to six fields), every correct move
 * is legal in it, and the solution line (when given) is playable move after move and starts with a correct move.
 */
export function checkPuzzle(
  fen: string,
  correctMoves: readonly string[],
  solution: readonly string[] = [],
): PuzzleCheck {
  const position = checkFen(fen);
  if (!position.ok)
    return { ok: false, problems: [{ path: "fen", message: `invalid position: ${position.reason}` }] };
  const problems: PuzzleProblem[] = [];
  correctMoves.forEach((move, index) => {
    if (!applyMove(position.fen, move).ok) {
      problems.push({
        path: `correct_moves.${index}`,
        message: `${move} is not a legal move in this position`,
      });
    }
  });
  let current = position.fen;
  for (const [index, move] of solution.entries()) {
    const played = applyMove(current, move);
    if (!played.ok) {
      problems.push({
        path: `solution.${index}`,
        message: `${move} is not legal at this point of the solution`,
      });
      break;
    }
    current = played.fen;
  }
  const first = solution[0];
  if (first && problems.length === 0 && !isCorrectMove(position.fen, first, correctMoves)) {
    problems.push({ path: "solution.0", message: "the solution must start with one of the correct moves" });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, fen: position.fen };
}
