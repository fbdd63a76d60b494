import type { EvaluationKind } from "@ct/chess";

/** Where the records live: the site passes browser storage (never throwing), tests pass memory. */
export interface ProgressStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * How a puzzle went, the honest way: solved cleanly (first try, no hint), solved with help (a hint or a mistake
 * first), or failed (the answer shown, by Show Answer or the hint's Play button).
 */
export type PuzzleOutcome = "clean" | "helped" | "failed";

/** Spec section 3, position progress. `id` is '{scenarioId}:{positionId}': progress is kept per scenario. */
export interface PositionProgress {
  id: string;
  positionId: string;
  fen: string;
  attempts: number;
  correctMoves: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** ISO date and time of the last recorded move. */
  lastAttemptDate: string;
  timeSpentMs: number;
  /** Solved at least once (cleanly or with help); a shown answer never solves. */
  completed: boolean;
  /** How the latest finished try went; absent before the first one ends. */
  outcome?: PuzzleOutcome;
}

/** Spec section 3, scenario progress. `id` is the scenario id. */
export interface ScenarioProgress {
  id: string;
  scenarioId: string;
  positionsCompleted: number;
  totalPositions: number;
  /** ISO start of the first session. */
  startDate: string;
  /** ISO end of the last session. */
  lastSessionDate: string;
  timeSpentMs: number;
  completed: boolean;
}

/** One move of a session (spec section 3). */
export interface SessionMove {
  positionId: string;
  fen: string;
  move: string;
  evaluation: EvaluationKind;
  timeSpentMs: number;
}

/** Spec section 3, session: a uuid id, ISO start and end (null while running) and its moves. */
export interface TrainingSession {
  id: string;
  scenarioId: string;
  startTime: string;
  endTime: string | null;
  moves: SessionMove[];
}

export interface ProgressOptions {
  storage: ProgressStorage;
  /** Clock (ms since the epoch); injectable for tests. */
  now?: () => number;
  /** Session ids; crypto.randomUUID by default. */
  newId?: () => string;
}

export interface EndSessionOptions {
  /** Positions in the scenario (kept from the last session when left out). */
  totalPositions?: number;
  /** The player finished the module (Complete); otherwise completed means every position completed. */
  completed?: boolean;
}
