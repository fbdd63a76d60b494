import { kingAttacks } from "chessops/attacks";
import type { Board } from "chessops/board";
import type { Color, Role, Square } from "chessops/types";
import { squareFile, squareRank } from "chessops/util";
import { attackersOf, type Line } from "./line";

/*
 * Themes read from the material on the board, from where pawns and kings stand, and from the picture of the final
 * mate. Each rule follows the theme's definition (theme-catalogue.ts gives it in one line).
 */

/** The endgame kinds lichess names: only kings, pawns and pieces of this one kind (at least one of them). */
const ENDGAME_ROLES = {
  rookEndgame: "rook",
  bishopEndgame: "bishop",
  knightEndgame: "knight",
  queenEndgame: "queen",
} as const satisfies Record<string, Role>;

/** The roles on a board besides kings and pawns. */
function pieceRoles(board: Board): Set<Role> {
  const roles = new Set<Role>();
  for (const [, piece] of board) if (piece.role !== "king" && piece.role !== "pawn") roles.add(piece.role);
  return roles;
}

/**
 * The endgame kind of the puzzle: `pawnEndgame` when only kings and pawns stand on the board, `rookEndgame` (and
 * bishop, knight, queen) when the only other pieces are of that one kind. Judged on the puzzle's position and on
 * the position after the solver's first move: an endgame the first move turns into another kind (taking the last
 * queen) is not of that kind.
 */
export function endgameKind(line: Line): string | undefined {
  const first = line.solverPlies[0];
  const boards = [line.start.board, ...(first ? [first.after.board] : [])];
  const kinds = boards.map((board) => {
    const roles = pieceRoles(board);
    if (roles.size === 0) return "pawnEndgame";
    if (roles.size > 1) return undefined;
    const [role] = roles;
    return Object.entries(ENDGAME_ROLES).find(([, kind]) => kind === role)?.[0];
  });
  return kinds.every((kind) => kind === kinds[0]) ? kinds[0] : undefined;
}

/** A square's rank counted from `color`'s side: 0 is its first rank, 7 the promotion rank. */
function relativeRank(square: Square, color: Color): number {
  return color === "white" ? squareRank(square) : 7 - squareRank(square);
}

/**
 * Advanced pawn: a solver's pawn move reaches the seventh rank, one step from promoting (a promotion itself is the
 * `promotion` theme).
 */
export function isAdvancedPawn(line: Line): boolean {
  return line.solverPlies.some(
    (ply) => ply.piece.role === "pawn" && !ply.move.promotion && relativeRank(ply.move.to, line.solver) === 6,
  );
}

/**
 * Attacking f2/f7: the solver captures on the opponent's f-pawn square (f7 against Black, f2 against White) while the
 * opponent's king still stands beside it on its starting square.
 */
export function isAttackingF2F7(line: Line): boolean {
  const target = line.opponent === "black" ? 53 : 13; // f7 : f2
  const home = line.opponent === "black" ? 60 : 4; // e8 : e1
  return line.solverPlies.some(
    (ply) =>
      ply.move.to === target && ply.captured !== undefined && ply.before.board.kingOf(line.opponent) === home,
  );
}

interface Mate {
  board: Board;
  king: Square;
  /** The piece giving the final check (the one that moved when several do). */
  checker: Square;
  checkerRole: Role;
}

/** The final mate, when the line ends in one. */
function finalMate(line: Line): Mate | undefined {
  const last = line.plies.at(-1);
  if (!line.mates || !last) return undefined;
  const board = line.end.board;
  const king = board.kingOf(line.opponent);
  if (king === undefined) return undefined;
  const checkers = attackersOf(line.end, king, line.solver);
  const checker = checkers.has(last.landing) ? last.landing : checkers.first();
  const role = checker === undefined ? undefined : board.getRole(checker);
  return checker === undefined || !role ? undefined : { board, king, checker, checkerRole: role };
}

/** Squares next to each other (a king's step apart). */
function adjacent(a: Square, b: Square): boolean {
  return kingAttacks(a).has(b);
}

/** Whether a solver piece of `role` defends `square` on the final board. */
function defendedBy(line: Line, square: Square, role: Role): boolean {
  for (const from of attackersOf(line.end, square, line.solver))
    if (line.end.board.getRole(from) === role) return true;
  return false;
}

/**
 * Hook mate: a rook mates from a square next to the king, guarded by a knight that also stands next to the king
 * (the hook) and is itself guarded by a pawn.
 */
export function isHookMate(line: Line): boolean {
  const mate = finalMate(line);
  if (mate?.checkerRole !== "rook" || !adjacent(mate.checker, mate.king)) return false;
  for (const knight of attackersOf(line.end, mate.checker, line.solver)) {
    const hook = mate.board.getRole(knight) === "knight" && adjacent(knight, mate.king);
    if (hook && defendedBy(line, knight, "pawn")) return true;
  }
  return false;
}

const EDGE_FILES = [0, 7];

/**
 * Anastasia's mate: the king on the a- or h-file is mated along that file by a rook or queen; one of its own pieces
 * stands beside it on the next file in, and a knight three files in on the king's rank takes the two squares
 * diagonally beside it (the picture of the king on h7, a pawn on g7, a knight on e7).
 */
export function isAnastasiaMate(line: Line): boolean {
  const mate = finalMate(line);
  if (!mate || (mate.checkerRole !== "rook" && mate.checkerRole !== "queen")) return false;
  const file = squareFile(mate.king);
  if (!EDGE_FILES.includes(file) || squareFile(mate.checker) !== file) return false;
  const inward = file === 0 ? 1 : -1;
  const knight = mate.king + 3 * inward;
  return (
    mate.board[line.opponent].has(mate.king + inward) && mate.board.pieces(line.solver, "knight").has(knight)
  );
}
