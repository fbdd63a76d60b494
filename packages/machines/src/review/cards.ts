import {
  againToday,
  COACH_CARDS_KEY,
  type CoachCard,
  dueCards,
  markMissed,
  migrateReviews,
  type PuzzleTry,
  parseCards,
  recordCardTry,
} from "../coach/review";
import type { ProgressStorage } from "../progress/types";
import { parsePlayerRating, RATING_KEY, type RatingPoint } from "../rating/rating";
import { parseReviews, REVIEW_KEY } from "./review";

/**
 * The review cards on a device (issue 39, coach/review.ts): every finished try goes through recordTry into the cards
 * under COACH_CARDS_KEY. The old fixed-interval list (REVIEW_KEY, review.ts) is migrated into cards once, when the
 * records are first read, and then removed; the account's replay (account-progress) reads the records the same way,
 * so both sides hold the same cards.
 */

/**
 * The cards of stored records: the stored cards with an old review list joined in (migrateReviews, the player's
 * rating history giving themes and ratings). Undefined when neither record is stored.
 */
export function cardsOfRecords(
  cardsText: string | null,
  reviewsText: string | null,
  history: readonly RatingPoint[],
): CoachCard[] | undefined {
  if (cardsText === null && reviewsText === null) return undefined;
  const cards = parseCards(cardsText);
  if (reviewsText === null) return cards;
  return migrateReviews(parseReviews(reviewsText), { cards, history });
}

export type CardRecords = ReturnType<typeof createCardRecords>;

/** The cards over an injectable storage (the site passes localStorage, tests memory). */
export function createCardRecords(options: { storage: ProgressStorage; now?: () => number }) {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const write = (cards: readonly CoachCard[]) => storage.set(COACH_CARDS_KEY, JSON.stringify(cards));
  /** The cards; an old review list still stored is migrated now, once. */
  const read = (): CoachCard[] => {
    const old = storage.get(REVIEW_KEY);
    const cards = cardsOfRecords(
      storage.get(COACH_CARDS_KEY),
      old,
      old === null ? [] : parsePlayerRating(storage.get(RATING_KEY)).history,
    );
    if (old !== null) {
      write(cards ?? []);
      storage.remove(REVIEW_KEY);
    }
    return cards ?? [];
  };
  const change = (next: (cards: CoachCard[]) => CoachCard[]) => {
    const before = read();
    const after = next(before);
    if (JSON.stringify(after) !== JSON.stringify(before)) write(after);
  };
  return {
    read,
    /** The cards due now, the longest-waiting first. */
    due: () => dueCards(read(), now()),
    /** The cards of a miss not yet solved cleanly, due before the day ends (the local day of this device). */
    againToday: () => againToday(read(), now(), -new Date(now()).getTimezoneOffset()),
    /** A finished try (see recordTry). */
    recordTry(attempt: PuzzleTry): void {
      change((cards) => recordCardTry(cards, attempt, now()));
    },
    /** A miss before the try ended (see markMissed). */
    markMissed(attempt: Pick<PuzzleTry, "puzzleId" | "themes" | "rating" | "forCard">): void {
      change((cards) => markMissed(cards, attempt, now()));
    },
    /** Takes the cards `test` picks off (a set of the player's own puzzles that was cleared). */
    forget(test: (puzzleId: number) => boolean): void {
      change((cards) => cards.filter((card) => !test(card.puzzleId)));
    },
    reset(): void {
      storage.remove(COACH_CARDS_KEY);
      storage.remove(REVIEW_KEY);
    },
  };
}
