import type { ProgressEvent } from "@ct/contract";
import type { Difficulty } from "@ct/contract/library-rules";
import { COACH_CARDS_KEY, type CoachCard, markMissed, recordCardTry } from "../coach/review";
import {
  createProgressRecords,
  endSessionOn,
  PROGRESS_KEYS,
  positionProgressId,
  recordMoveOn,
  recordOutcomeOn,
} from "../progress/progress";
import type { ProgressStorage } from "../progress/types";
import {
  markSeen,
  NEW_PLAYER_RATING,
  type PlayerRating,
  parsePlayerRating,
  RATING_KEY,
  rateResult,
} from "../rating/rating";
import { cardsOfRecords } from "../review/cards";
import { REVIEW_KEY } from "../review/review";
import { mergeProgressStates } from "./merge";
import { isMyGamesId, MY_GAMES_SCENARIO } from "./my-games";
import type { ProgressState } from "./types";

/**
 * A player's progress records on the server (issue 38): the browser keeps its records in storage (progress,
 * rating, the review cards of issue 39), and every write it makes there is also one `ProgressEvent`. Replaying a player's events through
 * the same pure functions the browser's writes use gives the very records the browser holds, under the same keys
 * and as the same JSON text: so the server can answer a second device with them, and the same screens read them.
 *
 * The running session stays on its device: the events that need a scenario carry it, so events from two devices
 * never depend on either one's running session.
 */

/**
 * The storage keys of the account's records (the running session's key is not among them). The old review list
 * (REVIEW_KEY) is read, migrated into the cards, and never written again.
 */
export const ACCOUNT_PROGRESS_KEYS = [
  PROGRESS_KEYS.positions,
  PROGRESS_KEYS.scenarios,
  RATING_KEY,
  COACH_CARDS_KEY,
  REVIEW_KEY,
] as const;

export const EMPTY_PROGRESS: ProgressState = {
  positions: undefined,
  scenarios: undefined,
  rating: undefined,
  cards: undefined,
};

const has = (records: Readonly<Record<string, string>>, key: string) =>
  Object.hasOwn(records, key) && typeof records[key] === "string";

/**
 * Reads records (storage key → JSON text) the way the browser reads its storage: what is not what the trainer
 * writes is left out, item by item; unknown keys and the running session are ignored.
 */
export function progressStateOf(records: Readonly<Record<string, string>>): ProgressState {
  const storage: ProgressStorage = {
    get: (key) => (has(records, key) ? (records[key] as string) : null),
    set: () => undefined,
    remove: () => undefined,
  };
  const progress = createProgressRecords({ storage });
  const rating = has(records, RATING_KEY) ? parsePlayerRating(storage.get(RATING_KEY)) : undefined;
  return {
    positions: has(records, PROGRESS_KEYS.positions) ? progress.positionProgress() : undefined,
    scenarios: has(records, PROGRESS_KEYS.scenarios) ? progress.scenarioProgress() : undefined,
    rating,
    // An old review list becomes cards as the browser's card records migrate it (review/cards.ts).
    cards: cardsOfRecords(storage.get(COACH_CARDS_KEY), storage.get(REVIEW_KEY), rating?.history ?? []),
  };
}

/** The player's rating in a state (a new player's when none is stored). */
export function playerRatingOf(state: ProgressState): PlayerRating {
  return state.rating ?? NEW_PLAYER_RATING;
}

/** The records of a state, as the browser stores them (`JSON.stringify` of each present key). */
export function recordsOf(state: ProgressState): Record<string, string> {
  const records: Record<string, string> = {};
  if (state.positions !== undefined) records[PROGRESS_KEYS.positions] = JSON.stringify(state.positions);
  if (state.scenarios !== undefined) records[PROGRESS_KEYS.scenarios] = JSON.stringify(state.scenarios);
  if (state.rating !== undefined) records[RATING_KEY] = JSON.stringify(state.rating);
  if (state.cards !== undefined) records[COACH_CARDS_KEY] = JSON.stringify(state.cards);
  return records;
}

/**
 * The cards after a change, written only when it changes them (as the browser's card records are). A puzzle id that
 * is not a whole number other than 0 is not a puzzle a card can hold: nothing changes.
 */
function cardsAfter(
  cards: CoachCard[] | undefined,
  puzzleId: number,
  change: (cards: CoachCard[]) => CoachCard[],
): CoachCard[] | undefined {
  if (!Number.isInteger(puzzleId) || puzzleId === 0) return cards;
  const before = cards ?? [];
  const after = change(before);
  return JSON.stringify(after) === JSON.stringify(before) ? cards : after;
}

/**
 * One event applied to parsed records, as the browser's write of it (apps/site/src/training/progress.ts) changes
 * its storage. Pure: returns a new state (the same one when nothing changes).
 */
export function applyProgressEventTo(state: ProgressState, event: ProgressEvent): ProgressState {
  switch (event.type) {
    case "move":
      return {
        ...state,
        positions: recordMoveOn(state.positions ?? [], event.scenarioId, event.move, event.at),
      };
    case "outcome": {
      const position = { positionId: event.positionId, fen: event.fen, outcome: event.outcome };
      const puzzleId = Number(event.positionId);
      const attempt = {
        puzzleId,
        outcome: event.outcome,
        ...(event.timeMs !== undefined ? { timeMs: event.timeMs } : {}),
        ...(event.themes !== undefined ? { themes: event.themes } : {}),
        ...(event.rating !== undefined ? { rating: event.rating } : {}),
        ...(event.forCard !== undefined ? { forCard: event.forCard } : {}),
      };
      return {
        ...state,
        positions: recordOutcomeOn(state.positions ?? [], event.scenarioId, position, event.at),
        cards: cardsAfter(state.cards, puzzleId, (cards) =>
          recordCardTry(cards, attempt, Date.parse(event.at)),
        ),
      };
    }
    case "session-end": {
      const session = {
        id: event.key,
        scenarioId: event.scenarioId,
        startTime: event.startTime,
        endTime: event.at,
        moves: [],
      };
      const options = { totalPositions: event.totalPositions, completed: event.completed };
      return {
        ...state,
        scenarios: endSessionOn(state.scenarios ?? [], state.positions ?? [], session, options),
      };
    }
    case "result": {
      // A miss makes the puzzle a card at once, whether or not it rates (the try's outcome then reviews it).
      const miss = {
        puzzleId: event.puzzle.id,
        themes: event.puzzle.themes,
        rating: event.puzzle.rating,
        ...(event.forCard !== undefined ? { forCard: event.forCard } : {}),
      };
      const cards =
        event.result === "loss"
          ? cardsAfter(state.cards, event.puzzle.id, (before) =>
              markMissed(before, miss, Date.parse(event.at)),
            )
          : state.cards;
      const next = cards === state.cards ? state : { ...state, cards };
      if (isMyGamesId(event.puzzle.id) || event.unrated === true) return next;
      const before = next.rating ?? NEW_PLAYER_RATING;
      const after = rateResult(before, event.puzzle, event.result, event.at);
      return after === before ? next : { ...next, rating: after };
    }
    case "seen": {
      if (isMyGamesId(event.puzzleId)) return state;
      const before = state.rating ?? NEW_PLAYER_RATING;
      const after = markSeen(before, event.puzzleId);
      return after === before ? state : { ...state, rating: after };
    }
    case "order":
      return { ...state, rating: { ...(state.rating ?? NEW_PLAYER_RATING), order: event.order } };
    case "difficulty":
      return {
        ...state,
        rating: { ...(state.rating ?? NEW_PLAYER_RATING), difficulty: event.difficulty as Difficulty },
      };
    case "streak": {
      const before = state.rating ?? NEW_PLAYER_RATING;
      return event.length > before.streakBest
        ? { ...state, rating: { ...before, streakBest: event.length } }
        : state;
    }
    case "forget-my-games": {
      const prefix = positionProgressId(MY_GAMES_SCENARIO, "");
      const cards = state.cards ?? [];
      const kept = cards.filter((card) => !isMyGamesId(card.puzzleId));
      return {
        ...state,
        positions: (state.positions ?? []).filter((record) => !record.id.startsWith(prefix)),
        scenarios: (state.scenarios ?? []).filter((record) => record.scenarioId !== MY_GAMES_SCENARIO),
        cards: kept.length === cards.length ? state.cards : kept,
      };
    }
    case "reset":
      return EMPTY_PROGRESS;
    case "merge":
      return mergeProgressStates(state, progressStateOf(event.records));
  }
}

/** One event applied to records (storage key → JSON text). Pure. */
export function applyProgressEvent(
  records: Readonly<Record<string, string>>,
  event: ProgressEvent,
): Record<string, string> {
  return recordsOf(applyProgressEventTo(progressStateOf(records), event));
}

/**
 * The order events apply in: by time, then by key (two events of one millisecond, from two devices, apply in the
 * same order wherever they are replayed).
 */
export function compareProgressEvents(
  a: Pick<ProgressEvent, "at" | "key">,
  b: Pick<ProgressEvent, "at" | "key">,
): number {
  const byTime = Date.parse(a.at) - Date.parse(b.at);
  if (byTime !== 0) return byTime;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Events applied in time order (whatever order they arrived in) to a state (none by default). */
export function replayProgressState(
  events: readonly ProgressEvent[],
  from: ProgressState = EMPTY_PROGRESS,
): ProgressState {
  return [...events].sort(compareProgressEvents).reduce(applyProgressEventTo, from);
}

/** The records a player's events build, in time order whatever order they arrived in. */
export function replayProgress(events: readonly ProgressEvent[]): Record<string, string> {
  return recordsOf(replayProgressState(events));
}
