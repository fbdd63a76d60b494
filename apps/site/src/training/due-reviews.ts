import { dueReviews, parseReviews, REVIEW_KEY } from "@ct/machines";
import { storage } from "../lib/storage";
import { useProgressVersion } from "./progress-signal";

let cache: { version: number; ids: number[] } | null = null;

/**
 * The ids of the puzzles due for review now, the longest-waiting first. Reads the review list alone, so the
 * navigation's badge costs every page little.
 */
export function useDueReviews(): number[] {
  const version = useProgressVersion();
  if (!cache || cache.version !== version) {
    const ids = dueReviews(parseReviews(storage.get(REVIEW_KEY)), Date.now()).map((entry) => entry.puzzleId);
    cache = { version, ids };
  }
  return cache.ids;
}
