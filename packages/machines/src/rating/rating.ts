import { type Glicko, NEW_GLICKO, updateGlicko } from "@ct/chess";
import { DIFFICULTY_NAMES, type Difficulty, SEEN_LIMIT } from "@ct/contract/library-rules";
import type { ProgressStorage } from "../progress/types";

/**
 * The player's puzzle rating, kept on the device with the progress records (issue "Training screen, second
 * version"): Glicko-2 with lichess's parameters, moved once per puzzle by the first result the player gets on it, as
 * lichess does. A clean solve (first try, no hint) is a win; a hint, a mistake or a shown answer is a loss.
 */

export const RATING_KEY = "chesstrainer.rating";

/**
 * The most one result moves the player's rating. Glicko-2 trusts a new rating's first results a great deal (a
 * deviation of 500): one hint on an easy first puzzle would take a newcomer from 1500 to under 700. Capping a single
 * change keeps the first minutes fair while the deviation still shrinks as Glicko-2 says; lichess damps its puzzle
 * rating changes as well.
 */
export const MAX_RATING_CHANGE = 150;

/** How many results the history keeps (the dashboard's chart and the accuracy figures read it). */
export const HISTORY_LIMIT = 2000;
/** How many rated puzzle ids are remembered so a puzzle never rates twice. */
export const RATED_LIMIT = 20_000;

export type PuzzleResult = "win" | "loss";

/** One rated result: when, which puzzle, and the player's rating after it. */
export interface RatingPoint {
  at: string;
  puzzleId: number;
  puzzleRating: number;
  result: PuzzleResult;
  /** The player's rating and deviation after this result (rounded). */
  rating: number;
  deviation: number;
  themes: string[];
  phase: string;
}

export interface PlayerRating extends Glicko {
  history: RatingPoint[];
  /** Puzzles that already moved the rating (the first result only counts). */
  rated: number[];
  /** Puzzles shown recently, newest last, at most SEEN_LIMIT: the next puzzle is chosen among the others. */
  seen: number[];
  /** The difficulty chosen for Next by level. */
  difficulty: Difficulty;
  /** How a module's Next picks puzzles: the phase's order (the spec's) or near the rating. */
  order: PuzzleOrder;
  /** The longest run of puzzles solved cleanly in a row on /training/streak. */
  streakBest: number;
}

export type PuzzleOrder = "sequence" | "rated";

export const NEW_PLAYER_RATING: PlayerRating = {
  ...NEW_GLICKO,
  history: [],
  rated: [],
  seen: [],
  difficulty: "normal",
  order: "sequence",
  streakBest: 0,
};

/** The puzzle a result is about: its id, its own rating, its themes and phase (for accuracy by theme and phase). */
export interface RatedPuzzle {
  id: number;
  rating: number;
  rating_deviation: number;
  themes: readonly string[];
  game_phase: string;
}

/**
 * The rating after a first result on a puzzle; the same state when this puzzle already moved the rating. Pure.
 */
export function rateResult(
  state: PlayerRating,
  puzzle: RatedPuzzle,
  result: PuzzleResult,
  at: string,
): PlayerRating {
  if (state.rated.includes(puzzle.id)) return state;
  const glicko = updateGlicko(state, [
    {
      opponent: { rating: puzzle.rating, deviation: puzzle.rating_deviation },
      score: result === "win" ? 1 : 0,
    },
  ]);
  const change = Math.max(-MAX_RATING_CHANGE, Math.min(MAX_RATING_CHANGE, glicko.rating - state.rating));
  const next = { ...glicko, rating: state.rating + change };
  const point: RatingPoint = {
    at,
    puzzleId: puzzle.id,
    puzzleRating: puzzle.rating,
    result,
    rating: Math.round(next.rating),
    deviation: Math.round(next.deviation),
    themes: [...puzzle.themes],
    phase: puzzle.game_phase,
  };
  return {
    ...state,
    ...next,
    history: [...state.history, point].slice(-HISTORY_LIMIT),
    rated: [...state.rated, puzzle.id].slice(-RATED_LIMIT),
  };
}

/** Remembers a puzzle as shown (newest last, once), keeping the SEEN_LIMIT most recent. Pure. */
export function markSeen(state: PlayerRating, id: number): PlayerRating {
  if (state.seen.at(-1) === id) return state;
  return { ...state, seen: [...state.seen.filter((seen) => seen !== id), id].slice(-SEEN_LIMIT) };
}

/** Wins and results, by a key of each result (a theme, a phase). */
export interface Accuracy {
  wins: number;
  total: number;
}

/** Accuracy per theme: every result counts for each theme of its puzzle. */
export function accuracyByTheme(history: readonly RatingPoint[]): Map<string, Accuracy> {
  const byTheme = new Map<string, Accuracy>();
  for (const point of history) {
    for (const theme of point.themes) {
      const entry = byTheme.get(theme) ?? { wins: 0, total: 0 };
      entry.total += 1;
      if (point.result === "win") entry.wins += 1;
      byTheme.set(theme, entry);
    }
  }
  return byTheme;
}

/** Accuracy per game phase. */
export function accuracyByPhase(history: readonly RatingPoint[]): Map<string, Accuracy> {
  const byPhase = new Map<string, Accuracy>();
  for (const point of history) {
    const entry = byPhase.get(point.phase) ?? { wins: 0, total: 0 };
    entry.total += 1;
    if (point.result === "win") entry.wins += 1;
    byPhase.set(point.phase, entry);
  }
  return byPhase;
}

// Reading: what is not what we wrote falls back to a new player's values, field by field.

const finite = (value: unknown, fallback: number, min: number, max: number) =>
  typeof value === "number" && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

const ids = (value: unknown, limit: number) =>
  Array.isArray(value)
    ? value.filter((id): id is number => Number.isInteger(id) && (id as number) > 0).slice(-limit)
    : [];

function isPoint(value: unknown): value is RatingPoint {
  if (typeof value !== "object" || value === null) return false;
  const point = value as Record<string, unknown>;
  return (
    typeof point.at === "string" &&
    Number.isInteger(point.puzzleId) &&
    typeof point.puzzleRating === "number" &&
    (point.result === "win" || point.result === "loss") &&
    typeof point.rating === "number" &&
    typeof point.deviation === "number" &&
    Array.isArray(point.themes) &&
    point.themes.every((theme) => typeof theme === "string") &&
    typeof point.phase === "string"
  );
}

/** The stored rating, or a new player's when nothing (or something unreadable) is stored. */
export function parsePlayerRating(text: string | null): PlayerRating {
  let value: unknown = null;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    value = null;
  }
  if (typeof value !== "object" || value === null) return NEW_PLAYER_RATING;
  const stored = value as Record<string, unknown>;
  const difficulty = DIFFICULTY_NAMES.find((name) => name === stored.difficulty) ?? "normal";
  return {
    rating: finite(stored.rating, NEW_GLICKO.rating, 0, 4000),
    deviation: finite(stored.deviation, NEW_GLICKO.deviation, 45, 500),
    volatility: finite(stored.volatility, NEW_GLICKO.volatility, 0, 0.1),
    history: Array.isArray(stored.history) ? stored.history.filter(isPoint).slice(-HISTORY_LIMIT) : [],
    rated: ids(stored.rated, RATED_LIMIT),
    seen: ids(stored.seen, SEEN_LIMIT),
    difficulty,
    order: stored.order === "rated" ? "rated" : "sequence",
    streakBest: Math.round(finite(stored.streakBest, 0, 0, 1_000_000)),
  };
}

export type RatingRecords = ReturnType<typeof createRatingRecords>;

/** The player's rating over an injectable storage (the site passes localStorage, tests memory). */
export function createRatingRecords(options: { storage: ProgressStorage; now?: () => number }) {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const read = () => parsePlayerRating(storage.get(RATING_KEY));
  const write = (state: PlayerRating) => {
    storage.set(RATING_KEY, JSON.stringify(state));
    return state;
  };
  return {
    read,
    /**
     * Rates a first result on a puzzle. Returns the new rating, or null when this puzzle had already rated (then
     * nothing is reported to the server either).
     */
    report(puzzle: RatedPuzzle, result: PuzzleResult): PlayerRating | null {
      const before = read();
      const after = rateResult(before, puzzle, result, new Date(now()).toISOString());
      return after === before ? null : write(after);
    },
    markSeen(id: number): void {
      const before = read();
      const after = markSeen(before, id);
      if (after !== before) write(after);
    },
    setDifficulty(difficulty: Difficulty): void {
      write({ ...read(), difficulty });
    },
    setOrder(order: PuzzleOrder): void {
      write({ ...read(), order });
    },
    /** Keeps a finished streak's length when it beats the best. */
    recordStreak(length: number): void {
      const before = read();
      if (length > before.streakBest) write({ ...before, streakBest: length });
    },
    reset(): void {
      storage.remove(RATING_KEY);
    },
  };
}
