import { Chess, type Move } from "chess.js";
import { completeFen } from "./fen";

export type MoveResult =
  | { ok: true; fen: string; san: string; uci: string; from: string; to: string; promotion?: string }
  | { ok: false; reason: "invalid-position" | "illegal-move" };

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;

function loadBoard(fen: string): Chess | null {
  try {
    return new Chess(completeFen(fen));
  } catch {
    return null;
  }
}

function uciOf(move: Move): string {
  return `${move.from}${move.to}${move.promotion ?? ""}`;
}

/** Tries a move given in coordinate form (e2e4, e7e8q) or standard notation (Nf3, exd5, O-O). */
function tryMove(board: Chess, move: string): Move | null {
  const text = move.trim();
  const coordinate = UCI.exec(text.toLowerCase());
  try {
    if (coordinate) {
      const [, from, to, promotion] = coordinate;
      // Promotion defaults to a queen (spec section 5).
      return board.move({ from: from as string, to: to as string, promotion: promotion ?? "q" });
    }
    return board.move(text, { strict: false });
  } catch {
    return null;
  }
}

/** Plays one move on a position. Pure: the caller's FEN is not changed. */
export function applyMove(fen: string, move: string): MoveResult {
  const board = loadBoard(fen);
  if (!board) return { ok: false, reason: "invalid-position" };
  const played = tryMove(board, move);
  if (!played) return { ok: false, reason: "illegal-move" };
  return {
    ok: true,
    fen: board.fen(),
    san: played.san,
    uci: uciOf(played),
    from: played.from,
    to: played.to,
    ...(played.promotion ? { promotion: played.promotion } : {}),
  };
}

/** The standard notation of a move in a position, or null when the move is not legal there. */
export function toSan(fen: string, move: string): string | null {
  const result = applyMove(fen, move);
  return result.ok ? result.san : null;
}

/** Strips check, mate and annotation marks so "Qxf7#" and "Qxf7" compare equal. */
function bareSan(san: string): string {
  return san.replace(/[+#!?]+$/g, "");
}

/**
 * The answer check (spec section 4): a move is correct if its standard notation matches any listed correct move.
 * Listed moves may be in coordinate form or standard notation; both are normalised through the position.
 */
export function isCorrectMove(fen: string, move: string, correctMoves: readonly string[]): boolean {
  const played = toSan(fen, move);
  if (!played) return false;
  return correctMoves.some((listed) => {
    const expected = toSan(fen, listed);
    return expected !== null && bareSan(expected) === bareSan(played);
  });
}
