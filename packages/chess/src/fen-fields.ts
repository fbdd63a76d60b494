/** The standard start position (spec section 9). */
export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Defaults for the fields a short FEN leaves out: white to move, all castling rights, no en passant, 0, 1. */
const FEN_DEFAULTS = ["w", "KQkq", "-", "0", "1"] as const;

/**
 * Completes a FEN with fewer than six fields with the spec's defaults (spec section 5). Extra whitespace is
 * collapsed; a FEN that already has six fields is returned as it is.
 */
export function completeFen(fen: string): string {
  const fields = fen.trim().split(/\s+/).filter(Boolean);
  if (fields.length === 0) return "";
  const completed = [...fields];
  for (let i = completed.length; i < 6; i++) completed.push(FEN_DEFAULTS[i - 1] ?? "");
  return completed.join(" ");
}
