import { SEEN_LIMIT } from "@ct/contract/library-rules";
import { type CoachCard, limitCards } from "../coach/review";
import { positionProgressId } from "../progress/progress";
import type { PositionProgress, ScenarioProgress } from "../progress/types";
import {
  NEW_PLAYER_RATING,
  type PlayerRating,
  RATED_LIMIT,
  type RatingPoint,
  rateResult,
} from "../rating/rating";
import type { ProgressState } from "./types";

/**
 * A browser's anonymous records joining an account's (the first sign-in from a browser that trained without one).
 * Every rule keeps what either side learned and gives the same answer when the same records join again, so a
 * merge sent twice, or records that already came from the account, change nothing:
 * - positions and scenarios are united by id: the side with the later try (session) gives its fields, each count is
 *   the larger of the two, solved or finished on either side stays so;
 * - the rating is computed again from the union of both histories in time order, the first result on each puzzle
 *   only (each point's puzzle rating, deviation MERGED_PUZZLE_DEVIATION); when one side's history already holds
 *   every result of the union, that side's rating stays as it is;
 * - review cards are united by puzzle: of a puzzle carded on both sides, the card reviewed latest wins (the account's
 *   on a tie); an old review list on either side is migrated into cards first (progressStateOf);
 * - the best streak is the longer one; the settings (difficulty, order) are the account's, the browser's when the
 *   account has none.
 */

/**
 * The puzzle deviation a recomputed rating uses: a history point keeps the puzzle's rating but not its deviation.
 * Library puzzles imported from lichess carry 75-100.
 */
export const MERGED_PUZZLE_DEVIATION = 100;

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
};

function unite<T>(account: T | undefined, browser: T | undefined, join: (account: T, browser: T) => T) {
  if (account === undefined) return browser;
  if (browser === undefined) return account;
  return join(account, browser);
}

/** Both sides' items by id: the account's in its order, then the browser's new ones; an id on both is joined. */
function uniteById<T>(
  account: readonly T[],
  browser: readonly T[],
  id: (item: T) => string,
  join: (a: T, b: T) => T,
) {
  const united = [...account];
  const index = new Map(united.map((item, at) => [id(item), at]));
  for (const item of browser) {
    const at = index.get(id(item));
    if (at === undefined) {
      index.set(id(item), united.length);
      united.push(item);
    } else united[at] = join(united[at] as T, item);
  }
  return united;
}

function unitePosition(a: PositionProgress, b: PositionProgress): PositionProgress {
  const later = time(b.lastAttemptDate) > time(a.lastAttemptDate) ? b : a;
  const other = later === a ? b : a;
  const united: PositionProgress = {
    ...later,
    attempts: Math.max(a.attempts, b.attempts),
    correctMoves: Math.max(a.correctMoves, b.correctMoves),
    inaccuracies: Math.max(a.inaccuracies, b.inaccuracies),
    mistakes: Math.max(a.mistakes, b.mistakes),
    blunders: Math.max(a.blunders, b.blunders),
    timeSpentMs: Math.max(a.timeSpentMs, b.timeSpentMs),
    completed: a.completed || b.completed,
  };
  if (united.outcome === undefined && other.outcome !== undefined) united.outcome = other.outcome;
  return united;
}

function uniteScenario(a: ScenarioProgress, b: ScenarioProgress, positions: readonly PositionProgress[]) {
  const later = time(b.lastSessionDate) > time(a.lastSessionDate) ? b : a;
  const prefix = positionProgressId(a.scenarioId, "");
  const solved = positions.filter((p) => p.id.startsWith(prefix) && p.completed).length;
  return {
    ...later,
    positionsCompleted: Math.max(a.positionsCompleted, b.positionsCompleted, solved),
    totalPositions: Math.max(a.totalPositions, b.totalPositions),
    startDate: time(b.startDate) < time(a.startDate) ? b.startDate : a.startDate,
    timeSpentMs: Math.max(a.timeSpentMs, b.timeSpentMs),
    completed: a.completed || b.completed,
  };
}

/** The account's items the browser does not have, then the browser's (so a second union changes nothing). */
function uniteIds(account: readonly number[], browser: readonly number[], limit: number): number[] {
  const theirs = new Set(browser);
  return [...account.filter((id) => !theirs.has(id)), ...browser].slice(-limit);
}

/** The first result on each puzzle of a history (the earliest; the first listed on a tie). */
function firstResults(history: readonly RatingPoint[]): Map<number, RatingPoint> {
  const first = new Map<number, RatingPoint>();
  for (const point of history) {
    const known = first.get(point.puzzleId);
    if (!known || time(point.at) < time(known.at)) first.set(point.puzzleId, point);
  }
  return first;
}

/** The rating from these results alone, in time order, from a new player's. */
function recompute(points: readonly RatingPoint[]): PlayerRating {
  const ordered = [...points].sort((x, y) => time(x.at) - time(y.at) || x.puzzleId - y.puzzleId);
  let state: PlayerRating = NEW_PLAYER_RATING;
  for (const point of ordered) {
    const puzzle = {
      id: point.puzzleId,
      rating: point.puzzleRating,
      rating_deviation: MERGED_PUZZLE_DEVIATION,
      themes: point.themes,
      game_phase: point.phase,
    };
    state = rateResult(state, puzzle, point.result, point.at);
  }
  return state;
}

function uniteRatings(a: PlayerRating, b: PlayerRating): PlayerRating {
  const ours = firstResults(a.history);
  const theirs = firstResults(b.history);
  const rated = new Set(a.rated);
  const chosen = new Map(ours);
  for (const point of theirs.values()) {
    const known = chosen.get(point.puzzleId);
    if (known) {
      if (time(point.at) < time(known.at)) chosen.set(point.puzzleId, point);
    } else if (!rated.has(point.puzzleId)) chosen.set(point.puzzleId, point);
    // A puzzle the account rated long ago (its point no longer in the history) keeps the account's result.
  }
  const points = [...chosen.values()];
  const allOurs = points.every((point) => ours.get(point.puzzleId) === point);
  const allTheirs =
    points.length === theirs.size && points.every((point) => theirs.get(point.puzzleId) === point);
  const source = allOurs ? a : allTheirs ? b : recompute(points);
  return {
    ...a,
    rating: source.rating,
    deviation: source.deviation,
    volatility: source.volatility,
    history: source.history,
    rated: uniteIds(a.rated, b.rated, RATED_LIMIT),
    seen: uniteIds(a.seen, b.seen, SEEN_LIMIT),
    streakBest: Math.max(a.streakBest, b.streakBest),
  };
}

/** The latest review of a card (a card never reviewed: when it was made). */
const reviewedAt = (card: CoachCard) => time(card.lastReview ?? card.created);

function uniteCards(a: readonly CoachCard[], b: readonly CoachCard[]): CoachCard[] {
  const ours = new Map(a.map((card) => [card.puzzleId, card]));
  const theirs = new Set(b.map((card) => card.puzzleId));
  const joined = b.map((card) => {
    const known = ours.get(card.puzzleId);
    return known && reviewedAt(known) >= reviewedAt(card) ? known : card;
  });
  return limitCards([...a.filter((card) => !theirs.has(card.puzzleId)), ...joined], 0);
}

/** The account's records (`account`) with a browser's (`browser`) joined in; see the rules above. Pure. */
export function mergeProgressStates(account: ProgressState, browser: ProgressState): ProgressState {
  const positions = unite(account.positions, browser.positions, (a, b) =>
    uniteById(a, b, (item) => item.id, unitePosition),
  );
  return {
    positions,
    scenarios: unite(account.scenarios, browser.scenarios, (a, b) =>
      uniteById(
        a,
        b,
        (item) => item.scenarioId,
        (x, y) => uniteScenario(x, y, positions ?? []),
      ),
    ),
    rating: unite(account.rating, browser.rating, uniteRatings),
    cards: unite(account.cards, browser.cards, uniteCards),
  };
}
