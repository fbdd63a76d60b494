import type { Difficulty } from "@ct/contract/library-rules";
import {
  type CoachCard,
  createCardRecords,
  createProgressRecords,
  createRatingRecords,
  type PlayerRating,
  type PositionProgress,
  PROGRESS_KEYS,
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
import type { ProgressEventInput } from "../sync/engine";
import { readOwner } from "../sync/owner";
import { pageSync } from "../sync/page-sync";
import { changed, PROGRESS_RECORD_KEYS, useProgressVersion } from "./progress-signal";

/**
 * The time of the write being made: the records' own clock reads it, so the write stored here and the event sent
 * for it (below) carry the same instant, and the server's replay of the event builds exactly these records. Each
 * write gets a later millisecond than the one before (a wrong move and its result come in one tick): the server
 * replays a player's events in time order, which then is the order they were made here.
 */
let writing: number | null = null;
let lastWrite = 0;
const clock = () => writing ?? Date.now();

/**
 * The local progress records of spec sections 3 and 4 (position progress, scenario progress, the current session)
 * in localStorage under the product's prefixed keys, with a change signal so screens re-read them after a write
 * (here or in another tab).
 */
const records: ProgressRecords = createProgressRecords({ storage, now: clock });
/** The player's rating (Glicko-2), kept beside the progress records and reset with them. */
const rating = createRatingRecords({ storage, now: clock });
/**
 * The review cards (issue 39: FSRS), beside the progress records and reset with them; the old fixed-interval review
 * list is migrated into them the first time they are read.
 */
const cards = createCardRecords({ storage, now: clock });

/** What the trainer knows of a finished try beyond its outcome, for the review cards. */
export interface TryDetails {
  /** From the position shown to the try's end. */
  timeMs?: number;
  /** The puzzle's themes and rating (unknown for the player's own puzzles). */
  themes?: readonly string[];
  rating?: number;
  /** The card the try was served for, when it was an unseen puzzle of that card's main theme. */
  forCard?: number;
}

/**
 * Makes a write at one instant, handing `emit` the events it makes: for a signed-in player each goes to their outbox
 * (apps/site/src/sync: sent to the account, the screens reading the server's records once it answers); for an
 * anonymous visitor nothing happens beyond the write itself, as before accounts.
 */
function write<T>(work: (emit: (event: ProgressEventInput) => void, at: string) => T): T {
  const outer = writing;
  if (outer === null) {
    writing = Math.max(Date.now(), lastWrite + 1);
    lastWrite = writing;
  }
  const at = new Date(writing as number).toISOString();
  try {
    return work((event) => pageSync().record(event), at);
  } finally {
    writing = outer;
  }
}

/** True when the records are a signed-in player's (their writes go to the account). */
const signedIn = () => readOwner(storage) !== null;

/** Ends the running session, as an event too. */
function endRunning(
  emit: (event: ProgressEventInput) => void,
  at: string,
  options: { totalPositions?: number; completed?: boolean },
) {
  const running = records.currentSession();
  const result = records.endSession(options);
  if (running && result)
    emit({
      type: "session-end",
      at,
      scenarioId: running.scenarioId,
      startTime: running.startTime,
      ...options,
    });
  return result;
}

/** Writes to the records; every write tells the screens that read them. */
export const progress = {
  /** Starts a session (it stays on this device); a session still running ends first. */
  startSession(scenarioId: string) {
    return write((emit, at) => {
      endRunning(emit, at, {});
      const session = records.startSession(scenarioId);
      changed();
      return session;
    });
  },
  recordMove(move: SessionMove) {
    return write((emit, at) => {
      const running = records.currentSession();
      const result = records.recordMove(move);
      if (running)
        emit({
          type: "move",
          at,
          scenarioId: running.scenarioId,
          // The contract's whole milliseconds (the flow measures them with the page's clock).
          move: { ...move, timeSpentMs: Math.min(86_400_000, Math.max(0, Math.round(move.timeSpentMs))) },
        });
      changed();
      return result;
    });
  },
  /**
   * A finished try: the position's progress, and the review cards (every try goes through recordTry: a miss makes
   * a card, a try on a card reviews it).
   */
  recordOutcome(
    position: { positionId: string; fen: string; outcome: PuzzleOutcome },
    details: TryDetails = {},
  ) {
    return write((emit, at) => {
      const running = records.currentSession();
      const result = records.recordOutcome(position);
      // The contract's whole milliseconds, within its bounds.
      const known = {
        ...(details.timeMs !== undefined
          ? { timeMs: Math.min(86_400_000, Math.max(0, Math.round(details.timeMs))) }
          : {}),
        ...(details.themes !== undefined ? { themes: [...details.themes] } : {}),
        ...(details.rating !== undefined ? { rating: details.rating } : {}),
        ...(details.forCard !== undefined ? { forCard: details.forCard } : {}),
      };
      const puzzleId = Number(position.positionId);
      if (Number.isInteger(puzzleId) && puzzleId !== 0)
        cards.recordTry({ puzzleId, outcome: position.outcome, ...known });
      if (running)
        emit({
          type: "outcome",
          at,
          scenarioId: running.scenarioId,
          positionId: position.positionId,
          fen: position.fen,
          outcome: position.outcome,
          ...known,
        });
      changed();
      return result;
    });
  },
  endSession(options: { totalPositions?: number; completed?: boolean } = {}) {
    return write((emit, at) => {
      const result = endRunning(emit, at, options);
      if (result) changed();
      return result;
    });
  },
  /**
   * The first result of the player on a puzzle: moves the player's rating. Later results on the same puzzle do
   * not. For a signed-in player the result goes to the account, whose rating (the server's, with the library's
   * figures of the puzzle) then replaces this estimate; an anonymous visitor's first result is reported to the
   * library as before (best effort; it moves no puzzle rating any more).
   */
  reportResult(puzzle: RatedPuzzle, result: PuzzleResult, served: { forCard?: number } = {}) {
    write((emit, at) => {
      const forCard = served.forCard === undefined ? {} : { forCard: served.forCard };
      emit({
        type: "result",
        at,
        puzzle: {
          id: puzzle.id,
          rating: puzzle.rating,
          rating_deviation: puzzle.rating_deviation,
          themes: [...puzzle.themes],
          game_phase: puzzle.game_phase,
        },
        result,
        ...forCard,
      });
      // A miss (a mistake, a hint, the answer) makes the puzzle a card at once, even if the try is never finished.
      if (result === "loss") {
        cards.markMissed({ puzzleId: puzzle.id, themes: puzzle.themes, rating: puzzle.rating, ...forCard });
        changed();
      }
      // The player's own puzzles (My games) are rated by no one: they move neither rating nor the server's figures.
      if (isMyGamesId(puzzle.id)) return;
      const before = rating.read();
      const after = rating.report(puzzle, result);
      if (!after) return;
      changed();
      if (signedIn()) return;
      libraryApi
        .reportAttempt(puzzle.id, {
          result,
          rating: Math.round(before.rating),
          deviation: Math.round(before.deviation),
        })
        .catch(() => undefined);
    });
  },
  /** A puzzle was shown: the library's next choice leaves it out for a while. */
  markSeen(id: number) {
    if (isMyGamesId(id)) return;
    write((emit, at) => {
      rating.markSeen(id);
      emit({ type: "seen", at, puzzleId: id });
    });
  },
  setOrder(order: PuzzleOrder) {
    write((emit, at) => {
      if (rating.read().order !== order) emit({ type: "order", at, order });
      rating.setOrder(order);
      changed();
    });
  },
  setDifficulty(difficulty: Difficulty) {
    write((emit, at) => {
      if (rating.read().difficulty !== difficulty) emit({ type: "difficulty", at, difficulty });
      rating.setDifficulty(difficulty);
      changed();
    });
  },
  /** A streak ended (or goes on): its length becomes the best when it beats it. */
  recordStreak(length: number) {
    write((emit, at) => {
      if (length > rating.read().streakBest) emit({ type: "streak", at, length });
      rating.recordStreak(length);
      changed();
    });
  },
  /** Every record this device keeps (progress, rating, review cards), for a backup file. */
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
    const imported: Record<string, string> = {};
    for (const key of PROGRESS_RECORD_KEYS) {
      const value = entries[key];
      if (typeof value === "string") {
        storage.set(key, value);
        imported[key] = value;
        restored += 1;
      } else storage.remove(key);
    }
    // A signed-in player's account takes the backup too: its records cleared, then the backup's joined to nothing,
    // which are the backup's own (the running session stays on this device).
    if (signedIn()) {
      const { [PROGRESS_KEYS.session]: _session, ...kept } = imported;
      write((emit, at) => emit({ type: "reset", at }));
      write((emit, at) => emit({ type: "merge", at, records: kept }));
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
  /** Every position's progress as stored now (today's plan reads the solve times). */
  positions: () => records.positionProgress(),
  /** The review cards as stored now (an old review list migrated on this read). */
  cards: () => cards.read(),
  /**
   * Drops the scores and reviews of the player's own puzzles (their set was cleared): the next ones take the same
   * ids and must not inherit them.
   */
  forgetMyGames() {
    write((emit, at) => {
      records.forgetScenario(MY_GAMES_SCENARIO);
      cards.forget(isMyGamesId);
      emit({ type: "forget-my-games", at });
      changed();
    });
  },
  resetAll() {
    write((emit, at) => {
      records.resetAll();
      rating.reset();
      cards.reset();
      emit({ type: "reset", at });
      changed();
    });
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

let cardsCache: { version: number; cards: CoachCard[] } | null = null;

/** The review cards (the old review list migrated into them on the first read); re-read after every write. */
export function useCoachCards(): CoachCard[] {
  const current = useVersion();
  if (!cardsCache || cardsCache.version !== current) cardsCache = { version: current, cards: cards.read() };
  return cardsCache.cards;
}

/** When the next review falls due (ISO), or null when nothing waits. */
export function useNextReview(): string | null {
  const waiting = useCoachCards().map((card) => card.due);
  return waiting.length > 0 ? ([...waiting].sort()[0] ?? null) : null;
}

/** True when any record exists (the module list offers "Reset all progress" only then). */
export function useHasProgress(): boolean {
  useVersion();
  return (
    records.positionProgress().length > 0 ||
    rating.read().history.length > 0 ||
    cards.read().length > 0 ||
    records.scenarioProgress().length > 0 ||
    records.currentSession() !== null
  );
}
