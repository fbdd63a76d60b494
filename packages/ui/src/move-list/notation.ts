/** One move of a list, with the move-number prefix it is written with ("12.", "12..." or none). */
export interface NumberedMove {
  /** Position of the move in the list (0-based). */
  index: number;
  /** Full-move number of the move. */
  moveNumber: number;
  color: "w" | "b";
  /** "12." before White's move, "12..." before a Black move that opens the list, "" otherwise. */
  prefix: string;
  san: string;
}

/**
 * Numbers moves in standard notation from any starting move number and side: ["Qxh2+", "Kf1"] from move 12 with
 * Black to move reads "12... Qxh2+ 13. Kf1".
 */
export function numberMoves(
  moves: readonly string[],
  startMoveNumber = 1,
  startColor: "w" | "b" = "w",
): NumberedMove[] {
  const first = Number.isInteger(startMoveNumber) && startMoveNumber >= 1 ? startMoveNumber : 1;
  return moves.map((san, index) => {
    const ply = index + (startColor === "b" ? 1 : 0);
    const moveNumber = first + Math.floor(ply / 2);
    const color = ply % 2 === 0 ? "w" : "b";
    const prefix = color === "w" ? `${moveNumber}.` : index === 0 ? `${moveNumber}...` : "";
    return { index, moveNumber, color, prefix, san };
  });
}

/** The list as one line of text: "12... Qxh2+ 13. Kf1". */
export function formatMoves(
  moves: readonly string[],
  startMoveNumber = 1,
  startColor: "w" | "b" = "w",
): string {
  return numberMoves(moves, startMoveNumber, startColor)
    .map((move) => (move.prefix ? `${move.prefix} ${move.san}` : move.san))
    .join(" ");
}
