import { validateFen as chessJsValidateFen } from "chess.js";
import { completeFen } from "./fen-fields";

// The start position and completeFen have a module without chess.js, so a screen that only completes FENs (the
// trainer before its first move) does not load chess.js with them.
export { completeFen, START_FEN } from "./fen-fields";

export type FenCheck = { ok: true; fen: string } | { ok: false; reason: string };

/** Completes and checks a FEN: the result says why a position is refused. */
export function checkFen(fen: string): FenCheck {
  const completed = completeFen(fen);
  if (!completed) return { ok: false, reason: "FEN is empty" };
  const result = chessJsValidateFen(completed);
  return result.ok ? { ok: true, fen: completed } : { ok: false, reason: result.error ?? "invalid FEN" };
}
