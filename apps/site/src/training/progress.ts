import type { Difficulty } from "@ct/contract/library-rules";
import {
  createProgressRecords,
  createRatingRecords,
  createReviewRecords,
  type PlayerRating,
  type PositionProgress,
  type ProgressRecords,
  type PuzzleOrder,
  type PuzzleOutcome,
  type PuzzleResult,
  positionProgressId,
  type RatedPuzzle,
  type ScenarioProgress,
  type SessionMove,
} from "@ct/machines";
import { libraryApi } from "../api/library";
import { storage } from "../lib/storage";
import { isMyGamesId, MY_GAMES_SCENARIO } from "../my-games/ids";
import { changed, PROGRESS_RECORD_KEYS, useProgressVersion } from "./progress-signal";

/**
 * The local progress records of spec sections 3 and 4 (position progress, scenario progress, the current session)
 * in localStorage under the product's prefixed keys, with a change signal so screens re-read them after a write
 * (here or in another tab).
 */
const records: ProgressRecords = createProgressRecords({ storage });
/** The player's rating (Glicko-2), kept beside the progress records and reset with them. */
const rating = createRatingRecords({ storage });
/** The puzzles waiting for review (spaced), beside the progress records and reset with them. */
const review = createReviewRecords({ storage });
/** Writes to the records; every write tells the screens that read them. */
export const progress = {
  startSession(scenarioId: string) {
    const session = records.startSession(scenarioId);
    changed();
    return session;
  },
  recordMove(move: SessionMove) {
    const result = records.recordMove(move);
    changed();
    return result;
  },
  recordOutcome(position: { positionId: string; fen: string; outcome: PuzzleOutcome }) {
    const result = records.recordOutcome(position);
    review.record(Number(position.positionId), position.outcome);
    changed();
    return result;
  },
  endSession(options: { totalPositions?: number; completed?: boolean } = {}) {
    const result = records.endSession(options);
    if (result) changed();
    return result;
  },
  /**
   * The first result of the player on a puzzle: moves the player's rating and tells the server, whose puzzle rating
   * learns from it. Later results on the same puzzle change neither. The report is best effort: the player's
   * rating is kept on the device whatever the network does.
   */
  reportResult(puzzle: RatedPuzzle, result: PuzzleResult) {
    // A miss (a mistake, a hint, the answer) puts the puzzle up for review at once, even if it is never finished.
    if (result === "loss") {
      review.record(puzzle.id, "helped");
      changed();
    }
    // The player's own puzzles (My games) are rated by no one: they move neither rating nor the server's figures.
    if (isMyGamesId(puzzle.id)) return;
    const before = rating.read();
    const after = rating.report(puzzle, result);
    if (!after) return;
    changed();
    libraryApi
      .reportAttempt(puzzle.id, {
        result,
        rating: Math.round(before.rating),
        deviation: Math.round(before.deviation),
      })
      .catch(() => undefined);
  },
  /** A puzzle was shown: the library's next choice leaves it out for a while. */
  markSeen(id: number) {
    if (isMyGamesId(id)) return;
    rating.markSeen(id);
  },
  setOrder(order: PuzzleOrder) {
    rating.setOrder(order);
    changed();
  },
  setDifficulty(difficulty: Difficulty) {
    rating.setDifficulty(difficulty);
    changed();
  },
  /** A streak ended (or goes on): its length becomes the best when it beats it. */
  recordStreak(length: number) {
    rating.recordStreak(length);
    changed();
  },
  /** Every record this device keeps (progress, rating, review), for a backup file. */
  exportAll(): Record<string, string> {
    const entries: Record<string, string> = {};
    for (const key of PROGRESS_RECORD_KEYS) {
      const value = storage.get(key);
      if (value !== null) entries[key] = value;
    }
    return entries;
  },
  /**
   * Replaces the records with a backup's (keys the backup does not have are cleared). Only the product's own keys
   * are read; each record's reader drops what it does not recognise, so a damaged file cannot break the trainer.
   * Returns how many records were restored.
   */
  importAll(entries: Record<string, unknown>): number {
    let restored = 0;
    for (const key of PROGRESS_RECORD_KEYS) {
      const value = entries[key];
      if (typeof value === "string") {
        storage.set(key, value);
        restored += 1;
      } else storage.remove(key);
    }
    changed();
    return restored;
  },
  /** Puzzles of a scenario whose latest try was a clean solve (a module resumes after them). */
  cleanIds(scenarioId: string): Set<number> {
    const prefix = positionProgressId(scenarioId, "");
    return new Set(
      records
        .positionProgress()
        .filter((record) => record.id.startsWith(prefix) && record.outcome === "clean")
        .map((record) => Number(record.positionId)),
    );
  },
  /** The rating as stored now (for loads, outside React). */
  rating: () => rating.read(),
  /**
   * Drops the scores and reviews of the player's own puzzles (their set was cleared): the next ones take the same
   * ids and must not inherit them.
   */
  forgetMyGames() {
    records.forgetScenario(MY_GAMES_SCENARIO);
    review.forget(isMyGamesId);
    changed();
  },
  resetAll() {
    records.resetAll();
    rating.reset();
    review.reset();
    changed();
  },
};

const useVersion = useProgressVersion;

/** Positions completed in a scenario (spec: a best or good move completes a position). */
export function useSolvedCount(scenarioId: string): number {
  useVersion();
  const prefix = positionProgressId(scenarioId, "");
  return records.positionProgress().filter((p) => p.id.startsWith(prefix) && p.completed).length;
}

export interface OutcomeCounts {
  clean: number;
  helped: number;
  failed: number;
}

/**
 * How the puzzles of a scenario (or, without one, every puzzle) went, by their latest finished try (clean, with
 * help, failed).
 */
export function outcomeCountsOf(records: readonly PositionProgress[], scenarioId?: string): OutcomeCounts {
  const prefix = scenarioId === undefined ? "" : positionProgressId(scenarioId, "");
  const counts = { clean: 0, helped: 0, failed: 0 };
  for (const record of records)
    if (record.id.startsWith(prefix) && record.outcome) counts[record.outcome] += 1;
  return counts;
}

export function useOutcomeCounts(scenarioId: string): OutcomeCounts {
  useVersion();
  return outcomeCountsOf(records.positionProgress(), scenarioId);
}

/** Outcome counts over every scenario (the dashboard). */
export function useAllOutcomeCounts(): OutcomeCounts {
  useVersion();
  return outcomeCountsOf(records.positionProgress());
}

/** Outcome counts of several scenarios at once (the module list). */
export function useOutcomeCountsOf(scenarioIds: readonly string[]): Record<string, OutcomeCounts> {
  useVersion();
  const all = records.positionProgress();
  return Object.fromEntries(scenarioIds.map((id) => [id, outcomeCountsOf(all, id)]));
}

/** Solved counts of several scenarios at once (the module list). */
export function useSolvedCounts(scenarioIds: readonly string[]): Record<string, number> {
  useVersion();
  const all = records.positionProgress();
  return Object.fromEntries(
    scenarioIds.map((id) => {
      const prefix = positionProgressId(id, "");
      return [id, all.filter((p) => p.id.startsWith(prefix) && p.completed).length];
    }),
  );
}

/** One position's progress within a scenario, or null before its first move. */
export function usePositionProgress(scenarioId: string, positionId: number | null): PositionProgress | null {
  useVersion();
  return positionId === null ? null : records.positionProgressFor(scenarioId, String(positionId));
}

export function useScenarioProgress(scenarioId: string): ScenarioProgress | null {
  useVersion();
  return records.scenarioProgressFor(scenarioId);
}

/** Scenarios the player finished (Complete on the last position, or every position solved). */
export function useCompletedScenarios(): ReadonlySet<string> {
  useVersion();
  return new Set(
    records
      .scenarioProgress()
      .filter((s) => s.completed)
      .map((s) => s.scenarioId),
  );
}

let ratingCache: { version: number; state: PlayerRating } | null = null;

/** The player's rating, history and difficulty choice; re-read after every write. */
export function usePlayerRating(): PlayerRating {
  const current = useVersion();
  if (!ratingCache || ratingCache.version !== current)
    ratingCache = { version: current, state: rating.read() };
  return ratingCache.state;
}

/** The puzzles due for review now, the longest-waiting first (ids). */
export { useDueReviews } from "./due-reviews";

/** When the next review falls due (ISO), or null when nothing waits. */
export function useNextReview(): string | null {
  useVersion();
  const waiting = review.read().map((entry) => entry.due);
  return waiting.length > 0 ? (waiting.sort()[0] ?? null) : null;
}

/** True when any record exists (the module list offers "Reset all progress" only then). */
export function useHasProgress(): boolean {
  useVersion();
  return (
    records.positionProgress().length > 0 ||
    rating.read().history.length > 0 ||
    review.read().length > 0 ||
    records.scenarioProgress().length > 0 ||
    records.currentSession() !== null
  );
}
