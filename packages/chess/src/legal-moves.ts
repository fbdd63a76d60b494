import { attacks } from "chessops/attacks";
import { type Chess, castlingSide } from "chessops/chess";
import { type NormalMove, ROLES } from "chessops/types";
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
 * (Rg8# and Qg8# both). Only checking moves are played out.
 */
export function matingMoves(position: Chess): string[] {
  const mates: string[] = [];
  for (const move of legalMoves(position)) {
    if (!mayCheck(position, move)) continue;
    const after = position.clone();
    after.play(move);
    if (after.isCheck() && after.isCheckmate()) mates.push(uciOf(position, move));
  }
  return mates.sort();
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
