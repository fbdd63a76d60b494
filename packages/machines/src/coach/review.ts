import { isMyGamesId } from "../account-progress/my-games";
import type { PuzzleOutcome } from "../progress/types";
import type { RatingPoint } from "../rating/rating";
import { REVIEW_INTERVALS_DAYS, type ReviewEntry } from "../review/review";
import { DAY_MS, dayStart, usualSolveMs } from "./days";
import { type CardGrade, emptyScheduling, type FsrsScheduling, nextScheduling } from "./fsrs";
import { mainTheme } from "./themes";

/**
 * Review that learns (issue 39): each puzzle to review is an FSRS card, scheduled by ts-fsrs with its default
 * parameters (90 % retention asked, the default weights, learning steps of 1 and 10 minutes, relearning of 10
 * minutes, no fuzz). A miss makes a card due a minute later, so the "again today" retry is the card's own first
 * learning step; a clean retry brings it back 10 minutes later and a clean solve after that graduates it to days.
 *
 * Grades: a clean solve is Good, a solve with help Hard, a shown answer Again; a clean solve of a card that was due
 * for review (in its review state) in under half the player's usual solve time is Easy. Every failed or helped puzzle
 * and every My games puzzle (even one solved cleanly) becomes a card; a clean solve of another library puzzle makes
 * none. A try on a puzzle that already is a card reviews the card, whenever it comes (a retry, the review page, the
 * same puzzle met again in training): FSRS weighs an early review by how long it waited. Retries are reviews only:
 * the player's rating moves on a puzzle's first result alone (rating.ts), so a retry never rates.
 *
 * Cards are plain JSON (times as ISO strings), stored beside the other records under COACH_CARDS_KEY.
 */

export const COACH_CARDS_KEY = "chesstrainer.coach.cards";

/** At most this many cards are kept; beyond it the best remembered (the highest stability) drop out first. */
export const CARD_LIMIT = 1000;

/** Each card keeps its latest reviews (for the day's plan, the streak and the usual solve time). */
export const CARD_LOG_LIMIT = 8;

/** A miss's first learning step (ts-fsrs's default learning steps start at a minute). */
export const MISS_STEP_MS = 60_000;

/** A clean solve of a due review faster than this share of the player's usual solve time is Easy. */
export const QUICK_SOLVE_SHARE = 0.5;

export type { CardGrade, CardState } from "./fsrs";
/** Why a puzzle became a card. */
export type CardSource = "failed" | "helped" | "my-games" | "migrated";
/** How a review was served: the card's own position, or an unseen puzzle of its main theme (see selection.ts). */
export type ServedAs = "position" | "motif";

/** One review of a card. */
export interface CardReview {
  at: string;
  grade: CardGrade;
  served: ServedAs;
  /** The time the try took, when known. */
  ms?: number;
  /** The puzzle played, when it was not the card's own (served as a motif). */
  puzzleId?: number;
}

/**
 * A puzzle's FSRS card, JSON-friendly: the scheduling fields (fsrs.ts; `lastReview` null only for a migrated card
 * never reviewed here) and what the coach knows of its puzzle.
 */
export interface CoachCard extends FsrsScheduling {
  puzzleId: number;
  /** ISO time the card was made: the try that made it is its first review. */
  created: string;
  source: CardSource;
  /** The puzzle's main theme (themes.ts), null when unknown or none. */
  theme: string | null;
  /** The puzzle's rating, null when unknown (My games). */
  rating: number | null;
  /** The latest reviews, oldest first, at most CARD_LOG_LIMIT. */
  log: CardReview[];
}

/** A finished try on a puzzle, as the trainer knows it. */
export interface PuzzleTry {
  puzzleId: number;
  outcome: PuzzleOutcome;
  /** Time from the position shown to the try's end. */
  timeMs?: number;
  /** The puzzle's themes and rating, kept on a new card (for motif reviews and the dashboard). */
  themes?: readonly string[];
  rating?: number;
  /**
   * The card this try reviews when the trainer served an unseen puzzle of that card's main theme instead of its own
   * position. Such a try reviews that card only: the unseen puzzle makes no card of its own (the pattern already has
   * one, and a miss brings it back as its own position).
   */
  forCard?: number;
}

export interface RecordTryOptions {
  /** The player's usual solve time (days.ts usualSolveMs), for Easy. */
  usualMs?: number;
}

/** True when a card is due at `now`. */
export function isDue(card: CoachCard, now: number): boolean {
  return Date.parse(card.due) <= now;
}

/**
 * The grade of a try on a card: failed is Again, helped Hard, clean Good, or Easy for a clean solve of a card due for
 * review (in its review state, not a learning step) in under QUICK_SOLVE_SHARE of the usual solve time.
 */
export function gradeOf(
  outcome: PuzzleOutcome,
  context: {
    card?: CoachCard | undefined;
    now: number;
    timeMs?: number | undefined;
    usualMs?: number | undefined;
  },
): CardGrade {
  if (outcome === "failed") return "again";
  if (outcome === "helped") return "hard";
  const { card, now, timeMs, usualMs } = context;
  const quick =
    timeMs !== undefined && usualMs !== undefined && timeMs >= 0 && timeMs < usualMs * QUICK_SOLVE_SHARE;
  return card && card.state === "review" && isDue(card, now) && quick ? "easy" : "good";
}

/** The card after one review with `grade` at `now`. Pure. */
export function reviewCard(
  card: CoachCard,
  grade: CardGrade,
  now: number,
  review: { served?: ServedAs; ms?: number | undefined; puzzleId?: number | undefined } = {},
): CoachCard {
  const entry: CardReview = {
    at: new Date(now).toISOString(),
    grade,
    served: review.served ?? "position",
    ...(review.ms !== undefined ? { ms: Math.round(review.ms) } : {}),
    ...(review.puzzleId !== undefined ? { puzzleId: review.puzzleId } : {}),
  };
  return { ...card, ...nextScheduling(card, grade, now), log: [...card.log, entry].slice(-CARD_LOG_LIMIT) };
}

/** A new card for a puzzle, before its first review. */
export function newCard(
  puzzleId: number,
  now: number,
  source: CardSource,
  puzzle: { themes?: readonly string[] | undefined; rating?: number | undefined } = {},
): CoachCard {
  return {
    puzzleId,
    ...emptyScheduling(now),
    created: new Date(now).toISOString(),
    source,
    theme: puzzle.themes ? mainTheme(puzzle.themes) : null,
    rating: puzzle.rating ?? null,
    log: [],
  };
}

/** The card list within CARD_LIMIT: the best remembered go first, never `keep`. */
export function limitCards(cards: CoachCard[], keep: number): CoachCard[] {
  if (cards.length <= CARD_LIMIT) return cards;
  const drop = new Set(
    cards
      .filter((card) => card.puzzleId !== keep)
      .sort((a, b) => b.stability - a.stability)
      .slice(0, cards.length - CARD_LIMIT)
      .map((card) => card.puzzleId),
  );
  return cards.filter((card) => !drop.has(card.puzzleId));
}

/** The cards after a try, with the card it reviewed or made and its grade (null for both when none). */
export interface RecordedTry {
  cards: CoachCard[];
  card: CoachCard | null;
  grade: CardGrade | null;
}

/** Records a finished try on the cards. Pure: returns a new list (the same one when the try touches no card). */
export function recordTry(
  cards: readonly CoachCard[],
  attempt: PuzzleTry,
  now: number,
  options: RecordTryOptions = {},
): RecordedTry {
  const byMotif = attempt.forCard !== undefined;
  const id = attempt.forCard ?? attempt.puzzleId;
  const existing = cards.find((card) => card.puzzleId === id);
  const unchanged = { cards: [...cards], card: null, grade: null };
  let before: CoachCard;
  if (existing) {
    before = existing;
    if (!byMotif) {
      // A position try may teach what the card did not know yet (a migrated card has neither).
      before = {
        ...before,
        theme: before.theme ?? (attempt.themes ? mainTheme(attempt.themes) : null),
        rating: attempt.rating ?? before.rating,
      };
      // A card a miss made before its try ended (markMissed) learns how that try ended.
      if (before.log.length === 0 && before.state === "new" && attempt.outcome !== "clean")
        before = { ...before, source: isMyGamesId(id) ? "my-games" : attempt.outcome };
    }
  } else {
    if (byMotif) return unchanged;
    const source: CardSource | null = isMyGamesId(id)
      ? "my-games"
      : attempt.outcome === "clean"
        ? null
        : attempt.outcome;
    if (!source) return unchanged;
    before = newCard(id, now, source, attempt);
  }
  const grade = gradeOf(attempt.outcome, {
    card: existing,
    now,
    timeMs: attempt.timeMs,
    usualMs: options.usualMs,
  });
  const card = reviewCard(before, grade, now, {
    served: byMotif ? "motif" : "position",
    ms: attempt.timeMs,
    puzzleId: byMotif ? attempt.puzzleId : undefined,
  });
  const others = cards.filter((other) => other.puzzleId !== id);
  return { cards: limitCards([...others, card], id), card, grade };
}

/**
 * A miss before the try ends (a wrong move, a hint, the answer shown): the puzzle becomes a card at once, not yet
 * reviewed and due when a miss's first learning step would end (MISS_STEP_MS), so it comes back "again today" even
 * when the try is never finished; the try's end (recordTry) then reviews it. A puzzle that already is a card, or a
 * try served for another card (`forCard`), changes nothing.
 */
export function markMissed(
  cards: readonly CoachCard[],
  attempt: Pick<PuzzleTry, "puzzleId" | "themes" | "rating" | "forCard">,
  now: number,
): CoachCard[] {
  if (attempt.forCard !== undefined || cards.some((card) => card.puzzleId === attempt.puzzleId))
    return [...cards];
  const source: CardSource = isMyGamesId(attempt.puzzleId) ? "my-games" : "helped";
  const card = {
    ...newCard(attempt.puzzleId, now, source, attempt),
    due: new Date(now + MISS_STEP_MS).toISOString(),
  };
  return limitCards([...cards, card], attempt.puzzleId);
}

/**
 * The player's usual solve time as the cards know it: the times of their clean reviews, in time order. The browser
 * and the account's replay both read it from the cards, so both grade a quick solve alike.
 */
export function usualMsOf(cards: readonly CoachCard[]): number {
  const clean = cards
    .flatMap((card) => card.log)
    .filter((review) => (review.grade === "good" || review.grade === "easy") && review.ms !== undefined)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return usualSolveMs(clean.map((review) => review.ms as number));
}

/** recordTry with the usual solve time read from the cards (usualMsOf): what the browser and the replay call. */
export function recordCardTry(cards: readonly CoachCard[], attempt: PuzzleTry, now: number): CoachCard[] {
  return recordTry(cards, attempt, now, { usualMs: usualMsOf(cards) }).cards;
}

/** The cards due at `now`, the longest-waiting first (then by puzzle id, for a stable order). */
export function dueCards(cards: readonly CoachCard[], now: number): CoachCard[] {
  return cards
    .filter((card) => isDue(card, now))
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || a.puzzleId - b.puzzleId);
}

/**
 * "Again today": the cards in a learning step (a miss, or a solve with help, not yet solved cleanly since) whose
 * step ends before the player's day does, and those a miss made before its try ended (markMissed: new, never
 * reviewed), longest-waiting first. The feedback card and the review page offer them
 * at once, without waiting for the step; such a retry is recorded with recordTry like any review.
 */
export function againToday(cards: readonly CoachCard[], now: number, offsetMinutes = 0): CoachCard[] {
  const end = dayStart(now, offsetMinutes) + DAY_MS;
  return cards
    .filter(
      (card) =>
        (card.state === "learning" ||
          card.state === "relearning" ||
          (card.state === "new" && card.log.length === 0)) &&
        Date.parse(card.due) < end,
    )
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || a.puzzleId - b.puzzleId);
}

/** The card of the difficulty ts-fsrs gives a new card graded so (for migrated cards). */
function initialDifficulty(grade: CardGrade, now: number): number {
  return nextScheduling(emptyScheduling(now), grade, now).difficulty;
}

/**
 * The old fixed-interval review list (review.ts) as cards: each entry becomes a card in review, due at its old due
 * date, remembered for as long as the wait it was in (1, 3, 7 or 21 days: at 90 % retention FSRS's interval equals
 * the stability), with the difficulty of a new card graded as its latest try went. The theme and rating come from
 * the player's history where it holds the puzzle. Entries already in `cards` are left to their card.
 */
export function migrateReviews(
  entries: readonly ReviewEntry[],
  options: { cards?: readonly CoachCard[]; history?: readonly RatingPoint[] } = {},
): CoachCard[] {
  const cards = [...(options.cards ?? [])];
  const known = new Set(cards.map((card) => card.puzzleId));
  const points = new Map((options.history ?? []).map((point) => [point.puzzleId, point]));
  const grades: Record<ReviewEntry["last"], CardGrade> = { failed: "again", helped: "hard", clean: "good" };
  for (const entry of entries) {
    if (known.has(entry.puzzleId)) continue;
    known.add(entry.puzzleId);
    const days = REVIEW_INTERVALS_DAYS[entry.stage] ?? REVIEW_INTERVALS_DAYS[0];
    const due = Date.parse(entry.due);
    const last = due - days * DAY_MS;
    const point = points.get(entry.puzzleId);
    cards.push({
      puzzleId: entry.puzzleId,
      due: new Date(due).toISOString(),
      stability: days,
      difficulty: initialDifficulty(grades[entry.last], last),
      scheduledDays: days,
      learningSteps: 0,
      reps: entry.stage + 1,
      lapses: entry.last === "failed" ? 1 : 0,
      state: "review",
      lastReview: new Date(last).toISOString(),
      created: new Date(last).toISOString(),
      source: isMyGamesId(entry.puzzleId) ? "my-games" : "migrated",
      theme: point ? mainTheme(point.themes) : null,
      rating: point ? point.puzzleRating : null,
      log: [],
    });
  }
  return limitCards(cards, 0);
}

// Reading: a card that is not what we wrote is left out.

const isIso = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));
const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const CARD_GRADES: readonly unknown[] = ["again", "hard", "good", "easy"];
const CARD_STATES: readonly unknown[] = ["new", "learning", "review", "relearning"];
const CARD_SOURCES: readonly unknown[] = ["failed", "helped", "my-games", "migrated"];
const SERVED: readonly unknown[] = ["position", "motif"];

function isReview(value: unknown): value is CardReview {
  if (typeof value !== "object" || value === null) return false;
  const review = value as Record<string, unknown>;
  return (
    isIso(review.at) &&
    CARD_GRADES.includes(review.grade) &&
    SERVED.includes(review.served) &&
    (review.ms === undefined || isNumber(review.ms)) &&
    (review.puzzleId === undefined || Number.isInteger(review.puzzleId))
  );
}

function isCard(value: unknown): value is CoachCard {
  if (typeof value !== "object" || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    Number.isInteger(card.puzzleId) &&
    card.puzzleId !== 0 &&
    isIso(card.due) &&
    isNumber(card.stability) &&
    isNumber(card.difficulty) &&
    isNumber(card.scheduledDays) &&
    Number.isInteger(card.learningSteps) &&
    Number.isInteger(card.reps) &&
    Number.isInteger(card.lapses) &&
    CARD_STATES.includes(card.state) &&
    (card.lastReview === null || isIso(card.lastReview)) &&
    isIso(card.created) &&
    CARD_SOURCES.includes(card.source) &&
    (card.theme === null || typeof card.theme === "string") &&
    (card.rating === null || isNumber(card.rating)) &&
    Array.isArray(card.log) &&
    card.log.every(isReview)
  );
}

/** The stored cards; anything unreadable is left out, and a puzzle keeps its first card only. */
export function parseCards(text: string | null): CoachCard[] {
  try {
    const value: unknown = text === null ? [] : JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const seen = new Set<number>();
    return value.filter((card): card is CoachCard => {
      if (!isCard(card) || seen.has(card.puzzleId)) return false;
      seen.add(card.puzzleId);
      return true;
    });
  } catch {
    return [];
  }
}
