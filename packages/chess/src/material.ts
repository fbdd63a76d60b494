/** Piece values of spec section 9: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 0. */
export const PIECE_VALUES = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 } as const;

export type AdvantageLabel = "winning" | "clear" | "slight" | "equal";

export interface Material {
  white: number;
  black: number;
  /** White minus black. */
  balance: number;
}

/** Material of both sides from the board part of a FEN. */
export function materialOf(fen: string): Material {
  let white = 0;
  let black = 0;
  for (const char of fen.split(" ")[0] ?? "") {
    const value = PIECE_VALUES[char.toLowerCase() as keyof typeof PIECE_VALUES];
    if (value === undefined) continue;
    if (char === char.toUpperCase()) white += value;
    else black += value;
  }
  return { white, black, balance: white - black };
}

/** Spec section 9: an advantage over 5 is winning, over 1.5 clear, over 0.5 slight, otherwise equal. */
export function advantageLabel(difference: number): AdvantageLabel {
  const size = Math.abs(difference);
  if (size > 5) return "winning";
  if (size > 1.5) return "clear";
  if (size > 0.5) return "slight";
  return "equal";
}
