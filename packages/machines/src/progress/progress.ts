import type { EvaluationKind } from "@ct/chess";
import type {
  EndSessionOptions,
  PositionProgress,
  ProgressOptions,
  ProgressStorage,
  PuzzleOutcome,
  ScenarioProgress,
  SessionMove,
  TrainingSession,
} from "./types";

/** Storage keys, with the product's prefix (spec section 9). */
export const PROGRESS_KEYS = {
  positions: "chesstrainer.progress.positions",
  scenarios: "chesstrainer.progress.scenarios",
  session: "chesstrainer.progress.session",
} as const;

const CORRECT: readonly EvaluationKind[] = ["best", "good"];
const COUNTER: Partial<Record<EvaluationKind, "inaccuracies" | "mistakes" | "blunders">> = {
  inaccuracy: "inaccuracies",
  mistake: "mistakes",
  blunder: "blunders",
};

/** The id of a position's progress within a scenario. */
export function positionProgressId(scenarioId: string, positionId: string): string {
  return `${scenarioId}:${positionId}`;
}

/**
 * Records one move on the position progress (spec section 4, local session records): the move adds its time; best
 * or good raises correctMoves, inaccuracy, mistake and blunder their own counters. A wrong move ends a try, so it
 * counts as an attempt; a correct one does not complete the position by itself (a line is solved only by its last
 * move, see `recordOutcomeOn`). Pure: returns a new list.
 */
export function recordMoveOn(
  records: readonly PositionProgress[],
  scenarioId: string,
  move: SessionMove,
  at: string,
): PositionProgress[] {
  const previous = records.find((r) => r.id === positionProgressId(scenarioId, move.positionId));
  const next: PositionProgress = {
    ...(previous ?? freshProgress(scenarioId, move.positionId, move.fen, at)),
    lastAttemptDate: at,
  };
  next.timeSpentMs += Math.max(0, move.timeSpentMs);
  if (CORRECT.includes(move.evaluation)) next.correctMoves += 1;
  else next.attempts += 1;
  const counter = COUNTER[move.evaluation];
  if (counter) next[counter] += 1;
  return previous ? records.map((r) => (r === previous ? next : r)) : [...records, next];
}

/**
 * Records how a puzzle ended: a solve (clean or helped) is a try that succeeded, so it counts as an attempt and
 * completes the position; a shown answer (failed) neither counts nor completes. Pure: returns a new list.
 */
export function recordOutcomeOn(
  records: readonly PositionProgress[],
  scenarioId: string,
  position: { positionId: string; fen: string; outcome: PuzzleOutcome },
  at: string,
): PositionProgress[] {
  const previous = records.find((r) => r.id === positionProgressId(scenarioId, position.positionId));
  const base = previous ?? freshProgress(scenarioId, position.positionId, position.fen, at);
  const solved = position.outcome !== "failed";
  const next: PositionProgress = {
    ...base,
    attempts: base.attempts + (solved ? 1 : 0),
    completed: base.completed || solved,
    outcome: position.outcome,
    lastAttemptDate: at,
  };
  return previous ? records.map((r) => (r === previous ? next : r)) : [...records, next];
}

function freshProgress(scenarioId: string, positionId: string, fen: string, at: string): PositionProgress {
  return {
    id: positionProgressId(scenarioId, positionId),
    positionId,
    fen,
    attempts: 0,
    correctMoves: 0,
    inaccuracies: 0,
    mistakes: 0,
    blunders: 0,
    lastAttemptDate: at,
    timeSpentMs: 0,
    completed: false,
  };
}

/**
 * Updates the scenario progress for an ended session: positions completed in the scenario, the session's time,
 * the last session date; completed once every position is, or when the player finished the module. Pure.
 */
export function endSessionOn(
  records: readonly ScenarioProgress[],
  positions: readonly PositionProgress[],
  session: TrainingSession & { endTime: string },
  options: EndSessionOptions = {},
): ScenarioProgress[] {
  const { scenarioId } = session;
  const previous = records.find((r) => r.scenarioId === scenarioId);
  const prefix = positionProgressId(scenarioId, "");
  const positionsCompleted = positions.filter((p) => p.id.startsWith(prefix) && p.completed).length;
  const totalPositions = options.totalPositions ?? previous?.totalPositions ?? 0;
  const duration = Math.max(0, Date.parse(session.endTime) - Date.parse(session.startTime));
  const next: ScenarioProgress = {
    id: scenarioId,
    scenarioId,
    positionsCompleted,
    totalPositions,
    startDate: previous?.startDate ?? session.startTime,
    lastSessionDate: session.endTime,
    timeSpentMs: (previous?.timeSpentMs ?? 0) + duration,
    completed:
      (previous?.completed ?? false) ||
      options.completed === true ||
      (totalPositions > 0 && positionsCompleted >= totalPositions),
  };
  return previous ? records.map((r) => (r === previous ? next : r)) : [...records, next];
}

// Reading: anything that is not what we wrote (corrupted JSON, other shapes) is ignored.

type Shape = Record<string, "string" | "number" | "boolean" | "string|null" | "array">;
const POSITION_SHAPE: Shape = {
  id: "string",
  positionId: "string",
  fen: "string",
  attempts: "number",
  correctMoves: "number",
  inaccuracies: "number",
  mistakes: "number",
  blunders: "number",
  lastAttemptDate: "string",
  timeSpentMs: "number",
  completed: "boolean",
};
const SCENARIO_SHAPE: Shape = {
  id: "string",
  scenarioId: "string",
  positionsCompleted: "number",
  totalPositions: "number",
  startDate: "string",
  lastSessionDate: "string",
  timeSpentMs: "number",
  completed: "boolean",
};
const SESSION_SHAPE: Shape = {
  id: "string",
  scenarioId: "string",
  startTime: "string",
  endTime: "string|null",
  moves: "array",
};
const MOVE_SHAPE: Shape = {
  positionId: "string",
  fen: "string",
  move: "string",
  evaluation: "string",
  timeSpentMs: "number",
};

function fits(value: unknown, shape: Shape): boolean {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([key, type]) => {
    const field = record[key];
    if (type === "array") return Array.isArray(field);
    if (type === "string|null") return field === null || typeof field === "string";
    return typeof field === type;
  });
}

function readJson(storage: ProgressStorage, key: string): unknown {
  try {
    const text = storage.get(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function readList<T>(storage: ProgressStorage, key: string, shape: Shape): T[] {
  const value = readJson(storage, key);
  return Array.isArray(value) ? (value.filter((item) => fits(item, shape)) as T[]) : [];
}

function readSession(storage: ProgressStorage): TrainingSession | null {
  const value = readJson(storage, PROGRESS_KEYS.session);
  if (!fits(value, SESSION_SHAPE)) return null;
  const session = value as TrainingSession;
  return { ...session, moves: session.moves.filter((m) => fits(m, MOVE_SHAPE)) };
}

/** crypto.randomUUID where it exists (secure contexts); otherwise a version 4 uuid from getRandomValues. */
function defaultId(): string {
  const crypto = (
    globalThis as {
      crypto?: { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => Uint8Array };
    }
  ).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type ProgressRecords = ReturnType<typeof createProgressRecords>;

/**
 * Local progress records (spec sections 3 and 4) over an injectable storage: position progress, scenario
 * progress and the current session, each under its own prefixed key. Every call reads storage afresh, so two
 * tabs do not keep stale copies.
 */
export function createProgressRecords(options: ProgressOptions) {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? defaultId;
  const iso = () => new Date(now()).toISOString();

  const positions = () => readList<PositionProgress>(storage, PROGRESS_KEYS.positions, POSITION_SHAPE);
  const scenarios = () => readList<ScenarioProgress>(storage, PROGRESS_KEYS.scenarios, SCENARIO_SHAPE);
  const write = (key: string, value: unknown) => storage.set(key, JSON.stringify(value));

  function endSession(end: EndSessionOptions = {}) {
    const running = readSession(storage);
    if (!running) return null;
    const session = { ...running, endTime: iso() };
    const updated = endSessionOn(scenarios(), positions(), session, end);
    write(PROGRESS_KEYS.scenarios, updated);
    storage.remove(PROGRESS_KEYS.session);
    return {
      session,
      scenario: updated.find((s) => s.scenarioId === session.scenarioId) as ScenarioProgress,
    };
  }

  return {
    /** The running session, or null. */
    currentSession: () => readSession(storage),

    /** Starts a session for a scenario; a session still running is ended first. */
    startSession(scenarioId: string): TrainingSession {
      endSession();
      const session: TrainingSession = {
        id: newId(),
        scenarioId,
        startTime: iso(),
        endTime: null,
        moves: [],
      };
      write(PROGRESS_KEYS.session, session);
      return session;
    },

    /**
     * Records a move in the running session and on its position's progress. Without a running session nothing
     * is recorded (null): the site starts one when a module opens.
     */
    recordMove(move: SessionMove): PositionProgress | null {
      const session = readSession(storage);
      if (!session) return null;
      const updated = recordMoveOn(positions(), session.scenarioId, move, iso());
      write(PROGRESS_KEYS.positions, updated);
      write(PROGRESS_KEYS.session, { ...session, moves: [...session.moves, move] });
      return updated.find((p) => p.id === positionProgressId(session.scenarioId, move.positionId)) ?? null;
    },

    /** Records how a puzzle ended (see `recordOutcomeOn`); without a running session nothing is recorded. */
    recordOutcome(position: {
      positionId: string;
      fen: string;
      outcome: PuzzleOutcome;
    }): PositionProgress | null {
      const session = readSession(storage);
      if (!session) return null;
      const updated = recordOutcomeOn(positions(), session.scenarioId, position, iso());
      write(PROGRESS_KEYS.positions, updated);
      return (
        updated.find((p) => p.id === positionProgressId(session.scenarioId, position.positionId)) ?? null
      );
    },

    /** Ends the running session and updates its scenario progress; null when none is running. */
    endSession,

    positionProgress: positions,
    positionProgressFor: (scenarioId: string, positionId: string) =>
      positions().find((p) => p.id === positionProgressId(scenarioId, positionId)) ?? null,
    scenarioProgress: scenarios,
    scenarioProgressFor: (scenarioId: string) => scenarios().find((s) => s.scenarioId === scenarioId) ?? null,

    /**
     * Drops one scenario's records (its positions and its totals), for a set whose puzzles are replaced (the
     * player's own games cleared): the new puzzles must not inherit the old ones' scores.
     */
    forgetScenario(scenarioId: string): void {
      const prefix = positionProgressId(scenarioId, "");
      write(
        PROGRESS_KEYS.positions,
        positions().filter((p) => !p.id.startsWith(prefix)),
      );
      write(
        PROGRESS_KEYS.scenarios,
        scenarios().filter((s) => s.scenarioId !== scenarioId),
      );
    },

    /** Clears every local progress record (the "reset all progress" action). */
    resetAll(): void {
      for (const key of Object.values(PROGRESS_KEYS)) storage.remove(key);
    },
  };
}
