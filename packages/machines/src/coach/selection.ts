import type { RatingPoint } from "../rating/rating";
import type { CoachCard, ServedAs } from "./review";
import { type ThemeFact, type ThemeFigure, themeFact } from "./weakness";

/**
 * What to ask the library for next (issue 39), as the parameters of GET /tactical-positions/next: a rating target
 * and, when one theme is wanted, that theme alone (the library's themes filter asks for every theme listed).
 * - The Weaknesses mode: WEAK_SHARE of the puzzles from the player's weak themes, the rest from anything, all at the
 *   player's level. A weak theme is drawn in proportion to how far its figure lies below the player's overall one
 *   (a theme 200 points below comes three times as often as one just below), so the weakest gets the most work but
 *   none is starved.
 * - A due card: its own position, or an unseen puzzle of its main theme at the card's rating, so that a player
 *   learns the pattern rather than one position's answer. The unseen puzzle comes when the player solved the
 *   position itself cleanly at its last review; the position comes back after an unseen puzzle, after a miss or a
 *   solve with help, during its learning steps ("again today") and when the card has no theme (My games).
 */

export const WEAK_SHARE = 0.7;
/** A weak theme's draw weight is 1 + (overall − its performance) / WEIGHT_POINTS. */
export const WEIGHT_POINTS = 100;

/** The parameters of a request for the next puzzle. */
export interface PuzzleRequest {
  rating: number;
  /** One theme the puzzle must have; absent: any. */
  themes?: string[];
}

export type PickReason =
  /** From a weak theme; the fact says why ("you missed 4 of your last 9 pins"). */
  | { kind: "weak-theme"; fact: ThemeFact }
  /** The share drawn from anything at the player's level. */
  | { kind: "level" }
  /** No weak theme known yet: anything at the player's level. */
  | { kind: "no-weak-themes" };

export interface Pick {
  request: PuzzleRequest;
  reason: PickReason;
}

export interface WeaknessPickInput {
  /** The weak themes (weakness.ts), weakest first. */
  weak: readonly ThemeFigure[];
  /** The player's overall performance figure, null when not shown yet (the weak themes are then drawn evenly). */
  overall: number | null;
  /** The player's rating: their level. */
  rating: number;
  /** The player's rated results, for the reason's fact. */
  history: readonly RatingPoint[];
  /** A source of numbers in [0, 1): seededRandom(seed) in tests and replays, Math.random in the browser. */
  random: () => number;
  /** The share of puzzles from weak themes (WEAK_SHARE). */
  weakShare?: number;
}

/** The draw weight of each weak theme. */
export function weakThemeWeights(weak: readonly ThemeFigure[], overall: number | null): number[] {
  return weak.map((figure) =>
    overall === null ? 1 : 1 + Math.max(0, overall - figure.performance) / WEIGHT_POINTS,
  );
}

/** The next puzzle of the Weaknesses mode. Pure given `random` (it is called once or twice). */
export function chooseWeaknessPuzzle(input: WeaknessPickInput): Pick {
  const rating = Math.round(input.rating);
  if (input.weak.length === 0) return { request: { rating }, reason: { kind: "no-weak-themes" } };
  if (input.random() >= (input.weakShare ?? WEAK_SHARE))
    return { request: { rating }, reason: { kind: "level" } };
  const weights = weakThemeWeights(input.weak, input.overall);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let draw = input.random() * total;
  let chosen = input.weak[input.weak.length - 1]!;
  for (const [index, figure] of input.weak.entries()) {
    draw -= weights[index]!;
    if (draw < 0) {
      chosen = figure;
      break;
    }
  }
  return {
    request: { rating, themes: [chosen.theme] },
    reason: { kind: "weak-theme", fact: themeFact(input.history, chosen.theme) },
  };
}

export type ServeReason =
  /** In a learning step: the retry of a miss ("again today"). */
  | "again-today"
  /** Missed or solved with help at its last review. */
  | "missed-last-time"
  /** The card has no main theme to draw an unseen puzzle from. */
  | "no-theme"
  /** Never reviewed here yet (a card from the old review list). */
  | "first-review"
  /** Solved cleanly at its last review: an unseen puzzle of the same theme this time. */
  | "remembered"
  /** An unseen puzzle of its theme came last time: the position itself this time. */
  | "position-turn";

export interface CardServing {
  /** The card's puzzle. */
  puzzleId: number;
  serve: ServedAs;
  /** For a motif: what to ask the library for (the card's main theme near its rating). */
  request?: PuzzleRequest;
  reason: ServeReason;
}

/** How to serve a due card. `playerRating` stands in for a card whose puzzle rating is unknown. */
export function serveCard(card: CoachCard, playerRating: number): CardServing {
  const position = (reason: ServeReason): CardServing => ({
    puzzleId: card.puzzleId,
    serve: "position",
    reason,
  });
  if (card.state === "learning" || card.state === "relearning") return position("again-today");
  const last = card.log.at(-1);
  if (!last) return position("first-review");
  if (last.grade === "again" || last.grade === "hard") return position("missed-last-time");
  if (card.theme === null) return position("no-theme");
  if (last.served === "motif") return position("position-turn");
  return {
    puzzleId: card.puzzleId,
    serve: "motif",
    request: { rating: Math.round(card.rating ?? playerRating), themes: [card.theme] },
    reason: "remembered",
  };
}
