import type { BoardThemeName, PieceSetName } from "@ct/machines";

/** Where the player's board colours and pieces are kept: `{"boardTheme":"blue","pieceSet":"geometric"}`. */
export const BOARD_LOOK_STORAGE_KEY = "chesstrainer.board";

/** The board's look as the player chose it. */
export interface BoardLook {
  boardTheme: BoardThemeName;
  pieceSet: PieceSetName;
}

const THEMES: readonly string[] = ["green", "blue"] satisfies BoardThemeName[];
const SETS: readonly string[] = ["classic", "geometric"] satisfies PieceSetName[];

/** The stored look, each part only when it is one the board knows (the board's defaults fill the rest). */
export function readBoardLook(text: string | null): Partial<BoardLook> {
  let saved: unknown;
  try {
    saved = JSON.parse(text ?? "null");
  } catch {
    return {};
  }
  if (typeof saved !== "object" || saved === null) return {};
  const { boardTheme, pieceSet } = saved as Record<string, unknown>;
  const look: Partial<BoardLook> = {};
  if (typeof boardTheme === "string" && THEMES.includes(boardTheme))
    look.boardTheme = boardTheme as BoardThemeName;
  if (typeof pieceSet === "string" && SETS.includes(pieceSet)) look.pieceSet = pieceSet as PieceSetName;
  return look;
}
