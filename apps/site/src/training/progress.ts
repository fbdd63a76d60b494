import {
  createProgressRecords,
  type PositionProgress,
  PROGRESS_KEYS,
  type ProgressRecords,
  type PuzzleOutcome,
  positionProgressId,
  type ScenarioProgress,
  type SessionMove,
} from "@ct/machines";
import { useSyncExternalStore } from "react";
import { storage } from "../lib/storage";

/**
 * The local progress records of spec sections 3 and 4 (position progress, scenario progress, the current session)
 * in localStorage under the product's prefixed keys, with a change signal so screens re-read them after a write
 * (here or in another tab).
 */
const records: ProgressRecords = createProgressRecords({ storage });
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

const KEYS: ReadonlySet<string> = new Set(Object.values(PROGRESS_KEYS));

function onStorage(event: StorageEvent) {
  if (event.key === null || KEYS.has(event.key)) changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

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
    changed();
    return result;
  },
  endSession(options: { totalPositions?: number; completed?: boolean } = {}) {
    const result = records.endSession(options);
    if (result) changed();
    return result;
  },
  resetAll() {
    records.resetAll();
    changed();
  },
};

function useVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}

/** Positions completed in a scenario (spec: a best or good move completes a position). */
export function useSolvedCount(scenarioId: string): number {
  useVersion();
  const prefix = positionProgressId(scenarioId, "");
  return records.positionProgress().filter((p) => p.id.startsWith(prefix) && p.completed).length;
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

/** True when any record exists (the module list offers "Reset all progress" only then). */
export function useHasProgress(): boolean {
  useVersion();
  return (
    records.positionProgress().length > 0 ||
    records.scenarioProgress().length > 0 ||
    records.currentSession() !== null
  );
}
