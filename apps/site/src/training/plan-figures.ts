import {
  type CoachCard,
  currentStep,
  type DailyPlan,
  type DatedSolveTime,
  type PlanInput,
  type PlanStep,
  type PositionProgress,
  type RatingPoint,
} from "@ct/machines";

/**
 * The records this browser keeps → today's plan's input (issue 39; the plan itself is the coach's dailyPlan in
 * packages/machines/src/coach/plan.ts). Pure, so the glue is tested without a browser: the rating's history (rated
 * results with their times), the review cards (COACH_CARDS_KEY), and the solve times the progress records hold. A
 * signed-in player's records are these same browser records (apps/site/src/sync keeps them in step with the
 * account), so the plan follows them from device to device.
 */

export interface PlanRecords {
  /** The player's rating and their rated results, oldest first (rating.ts). */
  player: { rating: number; history: readonly RatingPoint[] };
  cards: readonly CoachCard[];
  /** The position progress records (every scenario's). */
  positions: readonly PositionProgress[];
}

/**
 * The times of the player's clean first solves, oldest first: a position solved cleanly in one try (attempts 1) has
 * spent exactly that try's time. A puzzle tried again, or solved with help, says less about the usual pace and is
 * left out; so is a record without time.
 */
export function solveTimesOf(positions: readonly PositionProgress[]): DatedSolveTime[] {
  return positions
    .filter((record) => record.outcome === "clean" && record.attempts === 1 && record.timeSpentMs > 0)
    .sort((a, b) => Date.parse(a.lastAttemptDate) - Date.parse(b.lastAttemptDate))
    .map((record) => ({ at: record.lastAttemptDate, ms: record.timeSpentMs }));
}

/** The browser's time zone at `now`, in minutes east of UTC (days.ts's offset). */
export function browserOffsetMinutes(now: number): number {
  return -new Date(now).getTimezoneOffset();
}

/** The plan's input from the records as they are at `now`. */
export function planInputOf(records: PlanRecords, now: number, offsetMinutes: number): PlanInput {
  return {
    now,
    offsetMinutes,
    history: records.player.history,
    cards: records.cards,
    rating: records.player.rating,
    solveTimes: solveTimesOf(records.positions),
  };
}

export type StepKind = PlanStep["kind"];
export const STEP_KINDS: readonly StepKind[] = ["find-level", "review", "weak", "new"];

/** The query parameter of /training/plan that names the step to train (a step's own link on the plan). */
export const STEP_PARAM = "step";

/** The texts' key of a step (plan.steps.*, plan.details.*). */
export const stepTextKey = (kind: StepKind) => (kind === "find-level" ? "findLevel" : kind);

/** A step's link: /training/plan trains that step. */
export const stepHref = (kind: StepKind) => `/training/plan?${STEP_PARAM}=${kind}`;

/** A step's kind from the page's address, or null when it names none. */
export function stepParam(value: string | null): StepKind | null {
  return STEP_KINDS.find((kind) => kind === value) ?? null;
}

/**
 * The step /training/plan trains now: the one asked for (a step's own link) while it is not done, else the plan's
 * current step (the first not done); null once the whole plan is done (new puzzles at the player's level follow).
 */
export function stepToTrain(plan: DailyPlan, asked: StepKind | null): PlanStep | null {
  const chosen = asked ? plan.steps.find((step) => step.kind === asked && step.done < step.total) : undefined;
  return chosen ?? currentStep(plan);
}

/** Where a step stands on the plan: its place (from 1) among the steps, and the number of steps. */
export function stepPlace(plan: DailyPlan, kind: StepKind): { index: number; count: number } | null {
  const index = plan.steps.findIndex((step) => step.kind === kind);
  return index === -1 ? null : { index: index + 1, count: plan.steps.length };
}
