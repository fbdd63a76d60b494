import type { BoardThemeName, PieceSetName } from "@ct/machines";
import { storage } from "../lib/storage";
import { documentChanged } from "../sync/document-changes";

/**
 * Where the player's board is kept: its colours and pieces (chosen beside the trainer's board) and its settings
 * (chosen on the move highlighting page), e.g. `{"boardTheme":"blue","pieceSet":"geometric","showCoordinates":false}`.
 * Every board of the trainer shows them.
 */
export const BOARD_LOOK_STORAGE_KEY = "chesstrainer.board";

/** The board's look as the player chose it. */
export interface BoardLook {
  boardTheme: BoardThemeName;
  pieceSet: PieceSetName;
}

/** The board's settings as the player chose them (spec section 3's UI settings). */
export interface BoardSwitches {
  showLegalMoves: boolean;
  showCoordinates: boolean;
  showLastMove: boolean;
  highlightCheck: boolean;
  /** Move animation in ms, 0 (off) to 1000. */
  animationDuration: number;
}

export type BoardPreferences = BoardLook & BoardSwitches;

const THEMES: readonly string[] = ["green", "blue"] satisfies BoardThemeName[];
const SETS: readonly string[] = ["classic", "geometric"] satisfies PieceSetName[];
const SWITCHES = ["showLegalMoves", "showCoordinates", "showLastMove", "highlightCheck"] as const;
const MAX_ANIMATION_MS = 1000;

/** The stored look and settings, each part only when it is one the board knows (the defaults fill the rest). */
export function readBoardLook(text: string | null): Partial<BoardPreferences> {
  let saved: unknown;
  try {
    saved = JSON.parse(text ?? "null");
  } catch {
    return {};
  }
  if (typeof saved !== "object" || saved === null) return {};
  const { boardTheme, pieceSet, animationDuration, ...rest } = saved as Record<string, unknown>;
  const look: Partial<BoardPreferences> = {};
  if (typeof boardTheme === "string" && THEMES.includes(boardTheme))
    look.boardTheme = boardTheme as BoardThemeName;
  if (typeof pieceSet === "string" && SETS.includes(pieceSet)) look.pieceSet = pieceSet as PieceSetName;
  for (const key of SWITCHES) {
    const value = rest[key];
    if (typeof value === "boolean") look[key] = value;
  }
  if (
    typeof animationDuration === "number" &&
    Number.isInteger(animationDuration) &&
    animationDuration >= 0 &&
    animationDuration <= MAX_ANIMATION_MS
  )
    look.animationDuration = animationDuration;
  return look;
}

/** What to store after the player changed part of the look or settings: the stored rest is kept. */
export function withBoardLook(text: string | null, patch: Partial<BoardPreferences>): string {
  return JSON.stringify({ ...readBoardLook(text), ...readBoardLook(JSON.stringify(patch)) });
}

/**
 * Keeps a change of the look or settings for later visits; a signed-in player's go to the account too (issue 38),
 * so every device of theirs shows the board they chose.
 */
export function keepBoardPreferences(patch: Partial<BoardPreferences>): void {
  storage.set(BOARD_LOOK_STORAGE_KEY, withBoardLook(storage.get(BOARD_LOOK_STORAGE_KEY), patch));
  documentChanged("settings/board");
}
