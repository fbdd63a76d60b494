import { attacks, pawnAttacks, queenAttacks } from "chessops/attacks";
import { type Chess, castlingSide } from "chessops/chess";
import type { SquareSet } from "chessops/squareSet";
import { type NormalMove, ROLES, type Square } from "chessops/types";
import { kingCastlesTo, makeSquare, makeUci, opposite } from "chessops/util";

/** A move in coordinate form, castling written as the king's two-square step (e1g1), as lichess and UCI write it. */
export function uciOf(position: Chess, move: NormalMove): string {
  const side = castlingSide(position, move);
  return side ? `${makeSquare(move.from)}${makeSquare(kingCastlesTo(position.turn, side))}` : makeUci(move);
}

/** Every legal move of the side to move, each promotion once per piece it can become. */
export function legalMoves(position: Chess): NormalMove[] {
  const moves: NormalMove[] = [];
  for (const [from, dests] of position.allDests()) {
    const promotes = position.board.pawn.has(from);
    for (const to of dests) {
      const lastRank = to < 8 || to >= 56;
      if (promotes && lastRank) {
        for (const role of ROLES)
          if (role !== "pawn" && role !== "king") moves.push({ from, to, promotion: role });
      } else moves.push({ from, to });
    }
  }
  return moves;
}

/**
 * Every move that mates at once, in coordinate form, sorted: all of them are right answers to a mate in one
 * (Rg8# and Qg8# both). Only the pieces that could give check are asked for their moves (see `mightCheck`), and
 * only checking moves are played out.
 */
export function matingMoves(position: Chess): string[] {
  const board = position.board;
  const king = board.kingOf(opposite(position.turn));
  if (king === undefined) return [];
  const ctx = position.ctx();
  const rays = queenAttacks(king, board.occupied);
  const mates: string[] = [];
  for (const from of board[position.turn]) {
    if (!mightCheck(position, from, king, rays)) continue;
    const promotes = board.pawn.has(from);
    for (const to of position.dests(from, ctx)) {
      const lastRank = to < 8 || to >= 56;
      const moves: NormalMove[] =
        promotes && lastRank ? PROMOTIONS.map((promotion) => ({ from, to, promotion })) : [{ from, to }];
      for (const move of moves) {
        if (!mayCheck(position, move)) continue;
        const after = position.clone();
        after.play(move);
        if (after.isCheck() && after.isCheckmate()) mates.push(uciOf(position, move));
      }
    }
  }
  return mates.sort();
}

const PROMOTIONS = ROLES.filter((role) => role !== "pawn" && role !== "king");

/**
 * False only when no move of the piece on `from` can give check: it is not on a line from the enemy king (so no
 * move of it uncovers one and the lines to the king stay as they are), it cannot reach a square from which its kind
 * attacks the king, it does not promote, take en passant or castle. `rays`: the squares a queen on the king's
 * square would see.
 */
function mightCheck(position: Chess, from: Square, king: Square, rays: SquareSet): boolean {
  if (rays.has(from)) return true;
  const board = position.board;
  const piece = board.get(from);
  if (!piece) return false;
  const occupied = board.occupied;
  switch (piece.role) {
    case "king":
      return position.castles.castlingRights.intersect(board[piece.color]).nonEmpty();
    case "pawn": {
      const white = piece.color === "white";
      const rank = from >> 3;
      if (rank === (white ? 6 : 1)) return true;
      if (position.epSquare !== undefined && pawnAttacks(piece.color, from).has(position.epSquare))
        return true;
      const step = white ? 8 : -8;
      const reach = pawnAttacks(piece.color, from).with(from + step);
      const double = rank === (white ? 1 : 6) ? reach.with(from + 2 * step) : reach;
      return double.intersects(pawnAttacks(opposite(piece.color), king));
    }
    default: {
      const checks = attacks({ color: opposite(piece.color), role: piece.role }, king, occupied);
      return attacks(piece, from, occupied).intersects(checks);
    }
  }
}

/**
 * False only when the move surely gives no check: the piece it puts on the target square does not attack the enemy
 * king, and no other piece of the mover's sees the king once the origin square is empty. Castling and en passant
 * (which move a second piece) are always played out. Cloning and playing every legal move cost more than the rest
 * of a puzzle's import; this keeps it to the few that check.
 */
function mayCheck(position: Chess, move: NormalMove): boolean {
  const board = position.board;
  const piece = board.get(move.from);
  const king = board.kingOf(opposite(position.turn));
  if (!piece || king === undefined) return true;
  if (piece.role === "king" || (piece.role === "pawn" && move.to === position.epSquare)) return true;
  const occupied = board.occupied.without(move.from).with(move.to);
  const moved = { color: piece.color, role: move.promotion ?? piece.role };
  if (attacks(moved, move.to, occupied).has(king)) return true;
  return position.kingAttackers(king, position.turn, occupied).without(move.from).without(move.to).nonEmpty();
}
