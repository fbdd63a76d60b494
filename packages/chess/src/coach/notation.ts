import type { PlyFact } from "./board";

/**
 * Wraps chess notation for right-to-left text. Moves ("12... Qxh2+"), squares and numbers are left-to-right
 * runs made mostly of weak or neutral characters (digits, dots, "+", "#", "?"); dropped into an Arabic sentence
 * the bidi algorithm would reorder them (the "+" jumps to the start, "12..." moves after the move). A first-strong
 * isolate pair (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) lays each run out left to right as one
 * unit without changing the direction of the surrounding Arabic, and the paragraph direction is still taken from
 * the Arabic words because the algorithm skips isolated text when it looks for the first strong character.
 */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** A half-move with its number: "1. Nxf7+" for White, "12... Qxh2+" for Black. */
export function numbered(ply: PlyFact): string {
  return `${ply.moveNumber}${ply.color === "white" ? "." : "..."} ${ply.san}`;
}

/** A line in standard notation with move numbers, e.g. "1. Nxf7+ Kg8 2. Nxd8" or "12... Qxh2+ 13. Kf1 Qh1#". */
export function lineText(plies: readonly PlyFact[]): string {
  return plies
    .map((ply, index) => (index === 0 || ply.color === "white" ? numbered(ply) : ply.san))
    .join(" ");
}

/** An engine score as pawns with one decimal, without sign (412 → "4.1"); the sentence says whose favour. */
export function formatEval(cp: number): string {
  return (Math.abs(cp) / 100).toFixed(1);
}
