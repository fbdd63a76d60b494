import { kingAttacks } from "chessops/attacks";
import { SquareSet } from "chessops/squareSet";
import type { Square } from "chessops/types";
import { squareRank } from "chessops/util";
import { attackersOf, type Line } from "./line";

/** How many moves the solver needs to mate: counted from the line when it mates, otherwise the engine's figure. */
export function mateLength(line: Line, engineMate: number | undefined): number | undefined {
  if (line.mates) return line.solverPlies.length;
  return engineMate !== undefined && engineMate > 0 ? engineMate : undefined;
}

/** Lichess's mate-length keys: mateIn1 to mateIn4 exactly, mateIn5 for five moves or more. */
export function mateInKey(moves: number): string {
  return `mateIn${Math.min(Math.max(moves, 1), 5)}`;
}

interface FinalMate {
  king: Square;
  checkers: SquareSet;
}

/** The mated king and the pieces giving the final check, when the line ends in checkmate. */
function finalMate(line: Line): FinalMate | undefined {
  if (!line.mates) return undefined;
  const king = line.end.board.kingOf(line.opponent);
  if (king === undefined) return undefined;
  return { king, checkers: attackersOf(line.end, king, line.solver) };
}

/**
 * Back-rank mate: the king is mated on its own first rank by a rook or queen checking along that rank, and only its
 * own pieces wall it in on the rank in front: none of those squares is also covered by the solver, so the wall alone
 * made the back rank fatal.
 */
export function isBackRankMate(line: Line): boolean {
  const mate = finalMate(line);
  if (!mate) return false;
  const board = line.end.board;
  const homeRank = line.opponent === "white" ? 0 : 7;
  if (squareRank(mate.king) !== homeRank) return false;
  for (const checker of mate.checkers) {
    const role = board.getRole(checker);
    if ((role !== "rook" && role !== "queen") || squareRank(checker) !== homeRank) return false;
  }
  const forward = kingAttacks(mate.king).diff(SquareSet.fromRank(homeRank));
  if (!forward.subsetOf(board[line.opponent])) return false;
  for (const square of forward) {
    if (attackersOf(line.end, square, line.solver).nonEmpty()) return false;
  }
  return true;
}

/** Smothered mate: a lone knight check while every square around the king is filled by the king's own pieces. */
export function isSmotheredMate(line: Line): boolean {
  const mate = finalMate(line);
  if (!mate) return false;
  const board = line.end.board;
  const checker = mate.checkers.singleSquare();
  if (checker === undefined || board.getRole(checker) !== "knight") return false;
  return kingAttacks(mate.king).subsetOf(board[line.opponent]);
}
