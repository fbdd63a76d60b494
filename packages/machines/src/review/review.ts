import type { ProgressStorage } from "../progress/types";

/**
 * The old review list, kept as the format the review cards (issue 39, cards.ts and coach/review.ts) migrate from:
 * the site stores cards now, and reads this list once, from a browser, a backup or an account's records written
 * before them.
 *
 * Review of mistakes (issue "Training screen, second version"): every puzzle failed or solved with help comes back,
 * spaced. The first review is a day after the miss; each clean solve in review moves it to the next interval (3, 7,
 * then 21 days), and a clean solve after the 21 days retires it. A fresh failure starts it over at one day; a solve with help
 * keeps its stage and comes back in a day. Kept on the device beside the progress records.
 */

export const REVIEW_KEY = "chesstrainer.review";

/** Days until the next review, by stage: a day after the miss, then 3, 7 and 21 days after each clean review. */
export const REVIEW_INTERVALS_DAYS = [1, 3, 7, 21] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** At most this many puzzles wait for review (the oldest misses drop out first). */
export const REVIEW_LIMIT = 500;

export interface ReviewEntry {
  puzzleId: number;
  /** Index into REVIEW_INTERVALS_DAYS of the wait that is running now. */
  stage: number;
  /** ISO time from which the puzzle is due. */
  due: string;
  /** How the latest try went. */
  last: "helped" | "failed" | "clean";
}

/** How a finished try went (the progress records' outcome). */
export type ReviewOutcome = "clean" | "helped" | "failed";

/** The review list after a finished try on a puzzle. Pure. */
export function scheduleReview(
  entries: readonly ReviewEntry[],
  puzzleId: number,
  outcome: ReviewOutcome,
  now: number,
): ReviewEntry[] {
  const existing = entries.find((entry) => entry.puzzleId === puzzleId);
  const others = entries.filter((entry) => entry.puzzleId !== puzzleId);
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  if (outcome === "clean") {
    // A clean solve of a puzzle that is not waiting for review changes nothing; in review it moves on.
    if (!existing) return [...entries];
    // Early practice does not count as a review: only a due puzzle moves to its next interval.
    if (Date.parse(existing.due) > now) return [...entries];
    const stage = existing.stage + 1;
    const days = REVIEW_INTERVALS_DAYS[stage];
    if (days === undefined) return others;
    return [...others, { puzzleId, stage, due: at(days), last: "clean" }];
  }
  const first = REVIEW_INTERVALS_DAYS[0];
  const stage = outcome === "failed" ? 0 : (existing?.stage ?? 0);
  return [...others, { puzzleId, stage, due: at(first), last: outcome }].slice(-REVIEW_LIMIT);
}

/** The puzzles due now, the longest-waiting first. */
export function dueReviews(entries: readonly ReviewEntry[], now: number): ReviewEntry[] {
  return entries
    .filter((entry) => Date.parse(entry.due) <= now)
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due));
}

function isEntry(value: unknown): value is ReviewEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    Number.isInteger(entry.puzzleId) &&
    // The library's puzzles are positive, the player's own (My games, kept in the browser) negative.
    entry.puzzleId !== 0 &&
    Number.isInteger(entry.stage) &&
    (entry.stage as number) >= 0 &&
    (entry.stage as number) < REVIEW_INTERVALS_DAYS.length &&
    typeof entry.due === "string" &&
    !Number.isNaN(Date.parse(entry.due)) &&
    (entry.last === "helped" || entry.last === "failed" || entry.last === "clean")
  );
}

/** The stored review list; anything unreadable is left out. */
export function parseReviews(text: string | null): ReviewEntry[] {
  try {
    const value: unknown = text === null ? [] : JSON.parse(text);
    return Array.isArray(value) ? value.filter(isEntry).slice(-REVIEW_LIMIT) : [];
  } catch {
    return [];
  }
}

export type ReviewRecords = ReturnType<typeof createReviewRecords>;

/** The review list over an injectable storage (the site passes localStorage, tests memory). */
export function createReviewRecords(options: { storage: ProgressStorage; now?: () => number }) {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const read = () => parseReviews(storage.get(REVIEW_KEY));
  return {
    read,
    due: () => dueReviews(read(), now()),
    record(puzzleId: number, outcome: ReviewOutcome): void {
      const before = read();
      const after = scheduleReview(before, puzzleId, outcome, now());
      if (JSON.stringify(after) !== JSON.stringify(before)) storage.set(REVIEW_KEY, JSON.stringify(after));
    },
    /** Takes the puzzles `test` picks off the list (a set of the player's own puzzles that was cleared). */
    forget(test: (puzzleId: number) => boolean): void {
      const before = read();
      const after = before.filter((entry) => !test(entry.puzzleId));
      if (after.length !== before.length) storage.set(REVIEW_KEY, JSON.stringify(after));
    },
    reset(): void {
      storage.remove(REVIEW_KEY);
    },
  };
}
