import type { GamePhase } from "@ct/contract";
import type { PuzzleResult } from "@ct/machines";
import type { ReactNode } from "react";
import type { siteTrainingFlowMachine } from "../training-flow";

export const backLinkClass =
  "inline-flex items-center rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-sunken";

/**
 * What a training screen trains: a phase module (in the phase's order, or by rating), or a theme's puzzles across
 * the phases (by rating). The screen is the same for both.
 */
export interface TrainingSet {
  /** Keys the local progress records ('{clientPhase}-training' for a module, 'theme:{key}' for a theme). */
  scenarioId: string;
  /** The set's title and description in the page's language. */
  title: string;
  description: string;
  /** The module's phase; null for a theme's set. */
  phase: GamePhase | null;
  /** Only puzzles with these themes (a theme's set). */
  themes: readonly string[];
  /** Exactly these puzzles (the review of mistakes). */
  ids?: readonly number[];
  /** Puzzles in the set (the title bar's progress), 0 while unknown. */
  total: number;
  /** Where the Back link goes, and its text. */
  back: { to: string; label: string };
  /**
   * A page that goes further than the set (the Opening module's repertoire, the Endgame module's course), linked
   * beside Back in the title bar (in the tools' menu on a phone), so it takes no row the board's fit would lose.
   */
  related?: { to: string; label: string; slot: string };
  /** Another flow with the same events (the streak's loads). */
  logic?: typeof siteTrainingFlowMachine;
  /**
   * The review card a shown puzzle was served for (the review page serves an unseen puzzle of a card's main theme):
   * its tries review that card (recordTry's forCard). Undefined for a puzzle served as itself.
   */
  forCard?: (puzzleId: number) => number | undefined;
  /** A line above the task's description for the shown puzzle (the review page says why an unseen one came). */
  taskNote?: (puzzleId: number) => string | null;
  /** Told the first result of each puzzle (a streak counts and ends on them). */
  onResult?: (result: PuzzleResult) => void;
  /** The title bar's progress instead of the set's solved count (a streak: its length against the best). */
  progress?: { value: number; max: number; text: string };
  /** A message under the title bar (a streak's end). */
  notice?: ReactNode;
  /**
   * The tools (order, difficulty, opening, go to a puzzle by id). A streak has none: it picks every puzzle itself.
   * On a phone, without tools the Back link takes the menu button's place.
   */
  tools?: boolean;
  /**
   * The page's address follows the puzzle shown (`?puzzle=…&order=…`) and opens it again (a module's or a theme's
   * set); a streak and a review have no address of their own per puzzle.
   */
  address?: boolean;
}
