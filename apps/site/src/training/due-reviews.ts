import { COACH_CARDS_KEY, cardsOfRecords, dueCards, REVIEW_KEY } from "@ct/machines";
import { storage } from "../lib/storage";
import { useProgressVersion } from "./progress-signal";

let cache: { version: number; ids: number[] } | null = null;

/**
 * The ids of the review cards due now, the longest-waiting first. Reads the cards alone (an old review list not yet
 * migrated counts as its cards), so the navigation's badge costs every page little.
 */
export function useDueReviews(): number[] {
  const version = useProgressVersion();
  if (!cache || cache.version !== version) {
    const cards = cardsOfRecords(storage.get(COACH_CARDS_KEY), storage.get(REVIEW_KEY), []) ?? [];
    cache = { version, ids: dueCards(cards, Date.now()).map((card) => card.puzzleId) };
  }
  return cache.ids;
}
