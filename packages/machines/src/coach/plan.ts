import { isMyGamesId } from "../account-progress/my-games";
import type { RatingPoint } from "../rating/rating";
import { DAY_MS, dayKey, dayStart, previousDay, usualSolveMs } from "./days";
import type { CoachCard } from "./review";
import { type ThemeFigure, weaknessReport } from "./weakness";

/**
 * Today's plan (issue 39). A new visitor's plan (fewer than FIND_LEVEL_PUZZLES rated results, or the last of them
 * played today) starts with "Find your level": ten puzzles whose target rating moves after each result in wide,
 * shrinking steps; the day's reviews, if any, and new puzzles at the level found fill the rest of the day's size.
 * A player who has trained gets, in order:
 * 1. the due reviews: cards made before today that fall due before today ends, longest-waiting first (a card made
 *    today is still in its learning steps: its retries are "again today", outside the plan);
 * 2. a short block of weak themes (at most WEAK_BLOCK puzzles, at most half of what the reviews leave);
 * 3. new puzzles at the player's level.
 * The plan holds about PLAN_MINUTES of work: its size is PLAN_MINUTES over the player's usual solve time (the
 * median of their recent times, DEFAULT_SOLVE_MS when none is known), within PLAN_PUZZLES_BOUNDS. The reviews come
 * first and may take up to REVIEW_CAP_SHARE times that size, so that a day's due reviews are served on their day
 * (those beyond wait for the next day, still first); MIN_FRESH new or weak-theme puzzles are always planned. The plan is recomputed from the records whenever it is shown: what was done today
 * counts toward its steps (reviews of today's planned cards; today's rated results, weak themes first), so it
 * fills as the player works, signed in or not, on any device.
 */

export const PLAN_MINUTES = 15;
export const PLAN_PUZZLES_BOUNDS = [5, 40] as const;
export const WEAK_BLOCK = 5;
export const MIN_FRESH = 3;
/** The reviews may take up to this many times the plan's size before the rest wait for the next day. */
export const REVIEW_CAP_SHARE = 2;

export const FIND_LEVEL_PUZZLES = 10;
export const FIND_LEVEL_START = 1500;
/** The move of the target rating after each result of "Find your level": wide first, then finer. */
export const FIND_LEVEL_STEPS = [400, 300, 250, 200, 150, 120, 100, 80, 60, 50] as const;
export const FIND_LEVEL_BOUNDS = [400, 3000] as const;

/**
 * The target rating of the next "Find your level" puzzle after some results (oldest first): each result moves the
 * target from the rating of the puzzle just played, up after a clean solve and down after anything else, by the
 * step of its place in the path. Ten results reach from 1500 to anywhere between the bounds; lichess gets there by
 * the wide rating changes of a provisional rating and a puzzle path chosen anew every few puzzles.
 */
export function findLevelTarget(
  results: readonly Pick<RatingPoint, "puzzleRating" | "result">[],
  start = FIND_LEVEL_START,
): number {
  let target = start;
  for (const [index, point] of results.slice(0, FIND_LEVEL_PUZZLES).entries()) {
    const step = FIND_LEVEL_STEPS[index] ?? FIND_LEVEL_STEPS[FIND_LEVEL_STEPS.length - 1]!;
    target = point.puzzleRating + (point.result === "win" ? step : -step);
  }
  return Math.round(Math.min(FIND_LEVEL_BOUNDS[1], Math.max(FIND_LEVEL_BOUNDS[0], target)));
}

export type PlanStep =
  | { kind: "find-level"; done: number; total: number; rating: number }
  /** `puzzleIds`: the planned cards not reviewed yet today, in the order to serve them. */
  | { kind: "review"; done: number; total: number; puzzleIds: number[] }
  /** `themes`: the weak themes, weakest first (selection.ts draws among them). */
  | { kind: "weak"; done: number; total: number; rating: number; themes: string[] }
  | { kind: "new"; done: number; total: number; rating: number };

export interface Streak {
  /** Consecutive days with the plan's work done, ending today when today's is done, else yesterday. */
  days: number;
  /** Today's work is done. */
  today: boolean;
}

export interface DailyPlan {
  /** The player's day, YYYY-MM-DD. */
  day: string;
  kind: "find-level" | "train";
  steps: PlanStep[];
  done: number;
  total: number;
  complete: boolean;
  /** The plan's size from the usual solve time (what PLAN_MINUTES holds). */
  size: number;
  usualMs: number;
  streak: Streak;
}

export interface PlanInput {
  now: number;
  /** The player's time zone, minutes east of UTC (days.ts). */
  offsetMinutes?: number;
  /** The player's rated results (rating.ts), oldest first. */
  history: readonly RatingPoint[];
  cards: readonly CoachCard[];
  /** The player's rating: their level. */
  rating: number;
  /** Solve times known besides the cards' reviews (ms, oldest first): they and the reviews' times give the usual. */
  solveTimesMs?: readonly number[];
  /**
   * Solve times known besides the cards' reviews, with when they were taken: like solveTimesMs for today's size, and
   * each earlier day's plan is sized by the times known by that day's end, so a day done stays done in the streak
   * when the player gets quicker and today's plan grows.
   */
  solveTimes?: readonly DatedSolveTime[];
  minutes?: number;
  /** The weak themes; computed from the history (weakness.ts) when left out. */
  weak?: readonly ThemeFigure[];
}

export interface DatedSolveTime {
  /** ISO time of the solve. */
  at: string;
  ms: number;
}

/** The plan's size for a usual solve time. */
export function planSize(usualMs: number, minutes = PLAN_MINUTES): number {
  const size = Math.round((minutes * 60_000) / usualMs);
  return Math.min(PLAN_PUZZLES_BOUNDS[1], Math.max(PLAN_PUZZLES_BOUNDS[0], size));
}

/**
 * The usual solve time as it was known at a time (Infinity: now): the undated times given, then the dated ones and
 * the cards' reviews' times (shown answers left out) taken before it, oldest first.
 */
function usualSolveAt(
  cards: readonly CoachCard[],
  undated: readonly number[],
  dated: readonly DatedSolveTime[],
): (until: number) => number {
  const timed = [
    ...dated.map((time) => ({ at: Date.parse(time.at), ms: time.ms })),
    ...cards
      .flatMap((card) => card.log)
      .filter((review) => review.ms !== undefined && review.grade !== "again")
      .map((review) => ({ at: Date.parse(review.at), ms: review.ms as number })),
  ].sort((a, b) => a.at - b.at);
  return (until) =>
    usualSolveMs([...undated, ...timed.filter((time) => time.at < until).map((time) => time.ms)]);
}

/** The time of a card's first review here (the try that made it); the reviews after it are reviews of the card. */
const isCreation = (card: CoachCard, at: string) => at === card.created;

/** Work per day: rated results, reviews of cards, and the tries that made My games cards (they rate nothing). */
function workByDay(history: readonly RatingPoint[], cards: readonly CoachCard[], offsetMinutes: number) {
  const days = new Map<string, number>();
  const count = (at: string) => {
    const day = dayKey(at, offsetMinutes);
    days.set(day, (days.get(day) ?? 0) + 1);
  };
  for (const point of history) count(point.at);
  for (const card of cards) {
    for (const review of card.log) {
      if (!isCreation(card, review.at) || isMyGamesId(card.puzzleId)) count(review.at);
    }
  }
  return days;
}

/**
 * The streak: consecutive days on which the player did the plan's work (at least `size` puzzles and reviews today;
 * an earlier day, its own size when `sizeOn` gives it), or completed "Find your level". A day not done yet today
 * does not break it. Counted from the records' dates, so a
 * day whose reviews were of cards later dropped (CARD_LIMIT) or pushed out of a card's log (CARD_LOG_LIMIT) counts
 * only what remains.
 */
export function streakOf(input: {
  history: readonly RatingPoint[];
  cards: readonly CoachCard[];
  now: number;
  offsetMinutes?: number;
  size: number;
  /** The size of an earlier day's plan (YYYY-MM-DD); `size` when left out. */
  sizeOn?: (day: string) => number;
}): Streak {
  const offset = input.offsetMinutes ?? 0;
  const work = workByDay(input.history, input.cards, offset);
  const levelPoint = input.history[FIND_LEVEL_PUZZLES - 1];
  const levelDay =
    input.history.length >= FIND_LEVEL_PUZZLES && levelPoint ? dayKey(levelPoint.at, offset) : null;
  const today = dayKey(input.now, offset);
  const sizeOf = (day: string) => (day === today || !input.sizeOn ? input.size : input.sizeOn(day));
  const done = (day: string) => (work.get(day) ?? 0) >= sizeOf(day) || day === levelDay;
  const todayDone = done(today);
  let day = todayDone ? today : previousDay(today);
  let days = 0;
  while (done(day)) {
    days += 1;
    day = previousDay(day);
  }
  return { days, today: todayDone };
}

function finish(plan: Omit<DailyPlan, "done" | "total" | "complete">): DailyPlan {
  const done = plan.steps.reduce((sum, step) => sum + Math.min(step.done, step.total), 0);
  const total = plan.steps.reduce((sum, step) => sum + step.total, 0);
  return { ...plan, done, total, complete: done >= total };
}

/** Today's plan from the player's records. Pure. */
export function dailyPlan(input: PlanInput): DailyPlan {
  const offset = input.offsetMinutes ?? 0;
  const { now, history, cards } = input;
  const day = dayKey(now, offset);
  const usualAt = usualSolveAt(cards, input.solveTimesMs ?? [], input.solveTimes ?? []);
  const usualMs = usualAt(Number.POSITIVE_INFINITY);
  const size = planSize(usualMs, input.minutes);
  // An earlier day's size: from the times known by that day's local end.
  const sizeOn = (key: string) =>
    planSize(usualAt(Date.parse(`${key}T00:00:00Z`) - offset * 60_000 + DAY_MS), input.minutes);
  const streak = streakOf({ history, cards, now, offsetMinutes: offset, size, sizeOn });
  const rating = Math.round(input.rating);
  const start = dayStart(now, offset);
  const end = start + DAY_MS;
  const atToday = (at: string) => {
    const ms = Date.parse(at);
    return ms >= start && ms < end;
  };

  // Reviews: the cards made before today, reviewed today or due before the day ends.
  const older = cards.filter((card) => Date.parse(card.created) < start);
  const reviewedToday = older.filter((card) => card.log.some((review) => atToday(review.at)));
  const waiting = older
    .filter((card) => !reviewedToday.includes(card) && Date.parse(card.due) < end)
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || a.puzzleId - b.puzzleId);
  const planned = waiting.slice(0, Math.max(0, REVIEW_CAP_SHARE * size - reviewedToday.length));
  const review: PlanStep = {
    kind: "review",
    done: reviewedToday.length,
    total: reviewedToday.length + planned.length,
    puzzleIds: planned.map((card) => card.puzzleId),
  };

  // Fresh puzzles: today's rated results, except Find your level's (the first FIND_LEVEL_PUZZLES of all) and the
  // unseen puzzles that served a card as its motif (those were reviews).
  const motifs = new Set(
    cards.flatMap((card) => card.log.filter((review) => atToday(review.at)).map((review) => review.puzzleId)),
  );
  const fresh = history.filter(
    (point, index) => index >= FIND_LEVEL_PUZZLES && atToday(point.at) && !motifs.has(point.puzzleId),
  );

  // A new visitor, or one who found their level today: Find your level, then new puzzles to fill the day.
  const levelPoint = history[FIND_LEVEL_PUZZLES - 1];
  if (!levelPoint || atToday(levelPoint.at)) {
    const newTotal = Math.max(MIN_FRESH, size - FIND_LEVEL_PUZZLES - review.total);
    const steps: PlanStep[] = [
      {
        kind: "find-level",
        done: Math.min(FIND_LEVEL_PUZZLES, history.length),
        total: FIND_LEVEL_PUZZLES,
        rating: findLevelTarget(history),
      },
    ];
    if (review.total > 0) steps.push(review);
    steps.push({ kind: "new", done: Math.min(fresh.length, newTotal), total: newTotal, rating });
    return finish({ day, kind: "find-level", steps, size, usualMs, streak });
  }

  const weak = input.weak ?? weaknessReport(history, now).weak;
  const weakThemes = new Set(weak.map((figure) => figure.theme));
  const freshTotal = Math.max(MIN_FRESH, size - review.total);
  const weakTotal = weak.length > 0 ? Math.min(WEAK_BLOCK, Math.ceil(freshTotal / 2)) : 0;
  const newTotal = freshTotal - weakTotal;
  const onWeak = fresh.filter((point) => point.themes.some((theme) => weakThemes.has(theme))).length;
  const weakDone = Math.min(weakTotal, onWeak);
  const newDone = fresh.length - weakDone;

  const steps: PlanStep[] = [review];
  if (weakTotal > 0) {
    steps.push({
      kind: "weak",
      done: weakDone,
      total: weakTotal,
      rating,
      themes: weak.map((figure) => figure.theme),
    });
  }
  steps.push({ kind: "new", done: Math.min(newDone, newTotal), total: newTotal, rating });
  return finish({ day, kind: "train", steps, size, usualMs, streak });
}

/** The step to work on now: the first one not done, or null when the plan is complete. */
export function currentStep(plan: DailyPlan): PlanStep | null {
  return plan.steps.find((step) => step.done < step.total) ?? null;
}
