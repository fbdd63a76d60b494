/**
 * Days as the player lives them: a day starts at the player's local midnight, given as the offset of their time zone
 * from UTC in minutes (the browser's `-new Date().getTimezoneOffset()`; 0 on the server when it does not know).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The player's local day of a time, as YYYY-MM-DD. */
export function dayKey(at: number | string, offsetMinutes = 0): string {
  const ms = typeof at === "number" ? at : Date.parse(at);
  return new Date(ms + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** The time (ms) the player's local day of `now` started. */
export function dayStart(now: number, offsetMinutes = 0): number {
  const local = now + offsetMinutes * MINUTE_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - offsetMinutes * MINUTE_MS;
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The median of some numbers, or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** What a player usually takes on a puzzle when nothing is known yet. */
export const DEFAULT_SOLVE_MS = 60_000;
/** The usual solve time is kept within these bounds (a stray tab left open, a misclick). */
export const SOLVE_MS_BOUNDS = [10_000, 180_000] as const;
/** Only the most recent times count: a player gets quicker. */
export const SOLVE_TIMES_KEPT = 100;

/**
 * The player's usual time on a puzzle: the median of their recent solve times (the latest SOLVE_TIMES_KEPT, in the
 * order given, oldest first), or DEFAULT_SOLVE_MS when none is known, within SOLVE_MS_BOUNDS.
 */
export function usualSolveMs(timesMs: readonly number[]): number {
  const valid = timesMs.filter((ms) => Number.isFinite(ms) && ms > 0).slice(-SOLVE_TIMES_KEPT);
  const middle = median(valid) ?? DEFAULT_SOLVE_MS;
  return Math.round(Math.min(SOLVE_MS_BOUNDS[1], Math.max(SOLVE_MS_BOUNDS[0], middle)));
}

/** A seeded source of numbers in [0, 1) (mulberry32): the same seed gives the same choices, in tests and replays. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
