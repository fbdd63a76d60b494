import type { BoardThemeName, PieceSetName } from "@ct/machines";
import { storage } from "../lib/storage";
import { documentChanged } from "../sync/document-changes";

/**
 * Where the player's board is kept: its colours, pieces and settings (chosen in the board settings panel beside
 * every interactive board, the switches also on the move highlighting page), e.g.
 * `{"boardTheme":"blue","pieceSet":"geometric","showCoordinates":false,"autoQueen":true,"volume":40}`.
 * Every interactive board shows them (board-preferences.tsx).
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

/** Issue 42's settings: promotion, orientation and sound. */
export interface BoardChoices {
  /** Every promotion becomes a queen without asking; off (ask, the queen first) by default. */
  autoQueen: boolean;
  /** `auto`: the side to move (or the player's side) at the bottom; `white`: White always at the bottom. */
  orientation: BoardOrientationChoice;
  /** Sounds for moves, captures, checks, success, failure and the end of a timed run; off by default. */
  soundOn: boolean;
  /** The sounds' volume, 0 to 100. */
  volume: number;
}

export type BoardOrientationChoice = "auto" | "white";

export type BoardPreferences = BoardLook & BoardSwitches & BoardChoices;

/** What a player who chose nothing gets (spec section 3's board defaults; sound off, asked promotions). */
export const DEFAULT_BOARD_PREFERENCES: Readonly<BoardPreferences> = Object.freeze({
  boardTheme: "green",
  pieceSet: "classic",
  showLegalMoves: true,
  showCoordinates: true,
  showLastMove: true,
  highlightCheck: true,
  animationDuration: 300,
  autoQueen: false,
  orientation: "auto",
  soundOn: false,
  volume: 70,
});

/** The animation speeds the settings offer, in ms (a stored value in between shows as the nearest). */
export const ANIMATION_SPEEDS = { off: 0, fast: 150, normal: 300, slow: 600 } as const;
export type AnimationSpeed = keyof typeof ANIMATION_SPEEDS;

/** The offered speed nearest to an animation in ms. */
export function animationSpeedOf(ms: number): AnimationSpeed {
  let best: AnimationSpeed = "normal";
  for (const [speed, value] of Object.entries(ANIMATION_SPEEDS) as [AnimationSpeed, number][])
    if (Math.abs(value - ms) < Math.abs(ANIMATION_SPEEDS[best] - ms)) best = speed;
  return best;
}

const THEMES: readonly string[] = [
  "green",
  "blue",
  "brown",
  "grey",
  "purple",
  "ice",
] satisfies BoardThemeName[];
const SETS: readonly string[] = ["classic", "geometric", "outline", "letters"] satisfies PieceSetName[];
const SWITCHES = [
  "showLegalMoves",
  "showCoordinates",
  "showLastMove",
  "highlightCheck",
  "autoQueen",
  "soundOn",
] as const;
const ORIENTATIONS: readonly string[] = ["auto", "white"] satisfies BoardOrientationChoice[];
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
  const { boardTheme, pieceSet, animationDuration, orientation, volume, ...rest } = saved as Record<
    string,
    unknown
  >;
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
  if (typeof orientation === "string" && ORIENTATIONS.includes(orientation))
    look.orientation = orientation as BoardOrientationChoice;
  if (typeof volume === "number" && Number.isInteger(volume) && volume >= 0 && volume <= 100)
    look.volume = volume;
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
  boardPreferencesChanged();
  documentChanged("settings/board");
}

const listeners = new Set<() => void>();

/** Tells every board on the page that the stored preferences changed (a choice here, or the account's copy). */
export function boardPreferencesChanged(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the stored preferences change, on this page or in another tab; returns the stop. */
export function subscribeBoardPreferences(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BOARD_LOOK_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
