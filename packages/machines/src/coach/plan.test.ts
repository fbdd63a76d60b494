import { describe, expect, it } from "vitest";
import type { RatingPoint } from "../rating/rating";
import { DAY_MS } from "./days";
import {
  currentStep,
  dailyPlan,
  FIND_LEVEL_PUZZLES,
  findLevelTarget,
  type PlanStep,
  planSize,
  streakOf,
} from "./plan";
import { type CoachCard, migrateReviews, recordTry } from "./review";
import { byTime, generatedHistory, MINUTE_MS, NOW, point } from "./test-fixtures";

const history = generatedHistory({
  skills: {
    fork: 1800,
    pin: 1150,
    skewer: 1350,
    discoveredAttack: 1700,
    backRankMate: 1650,
    deflection: 1550,
  },
  days: 30,
  perDay: 12,
  seed: 7,
  level: 1500,
});

/** Cards made on earlier days, due at these times (from NOW, in days), ids from 1. */
function cardsDue(...daysFromNow: number[]): CoachCard[] {
  return migrateReviews(
    daysFromNow.map((days, i) => ({
      puzzleId: i + 1,
      stage: 1,
      due: new Date(NOW + days * DAY_MS).toISOString(),
      last: "clean" as const,
    })),
  );
}

const step = (steps: PlanStep[], kind: PlanStep["kind"]) => steps.find((s) => s.kind === kind);

describe("Find your level", () => {
  it("is a new visitor's plan: ten puzzles from 1500, then new puzzles at the level found to fill the day", () => {
    const plan = dailyPlan({ now: NOW, history: [], cards: [], rating: 1500 });
    expect(plan).toMatchObject({
      kind: "find-level",
      steps: [
        { kind: "find-level", done: 0, total: 10, rating: 1500 },
        { kind: "new", done: 0, total: 5, rating: 1500 },
      ],
      done: 0,
      total: 15,
      complete: false,
      size: 15,
      streak: { days: 0, today: false },
    });
    expect(currentStep(plan)?.kind).toBe("find-level");
    // Four results on an earlier day: six to go today.
    const four = history.slice(0, 4);
    expect(dailyPlan({ now: NOW, history: four, cards: [], rating: 1400 }).steps[0]).toMatchObject({
      done: 4,
      rating: findLevelTarget(four),
    });
  });

  it("stays the day's plan once the level is found today, with the new puzzles after it", () => {
    const today = Array.from({ length: 12 }, (_, i) =>
      point(0, 1500 + i * 10, i % 3 ? "win" : "loss", ["fork"], { minutes: -60 + i }),
    );
    const ten = dailyPlan({ now: NOW, history: today.slice(0, 10), cards: [], rating: 1580.4 });
    expect(ten.steps).toEqual([
      { kind: "find-level", done: 10, total: 10, rating: findLevelTarget(today.slice(0, 10)) },
      { kind: "new", done: 0, total: 5, rating: 1580 },
    ]);
    expect(currentStep(ten)?.kind).toBe("new");
    const twelve = dailyPlan({ now: NOW, history: today, cards: [], rating: 1580 });
    expect(twelve).toMatchObject({ kind: "find-level", done: 12, total: 15 });
    // The next day the player has trained: a training plan.
    expect(dailyPlan({ now: NOW + DAY_MS, history: today, cards: [], rating: 1580 }).kind).toBe("train");
  });

  it("moves the target in wide steps first, from the puzzle just played", () => {
    expect(findLevelTarget([])).toBe(1500);
    expect(findLevelTarget([{ puzzleRating: 1500, result: "win" }])).toBe(1900);
    expect(
      findLevelTarget([
        { puzzleRating: 1500, result: "win" },
        { puzzleRating: 1880, result: "loss" },
      ]),
    ).toBe(1580);
    const losses = Array.from({ length: 10 }, () => ({ puzzleRating: 420, result: "loss" as const }));
    expect(findLevelTarget(losses)).toBe(400);
  });

  it("settles within 100 points of a player's level in ten puzzles, from 700 to 2500", () => {
    for (const level of [700, 1100, 1500, 1900, 2500]) {
      const results: Pick<RatingPoint, "puzzleRating" | "result">[] = [];
      for (let i = 0; i < FIND_LEVEL_PUZZLES; i++) {
        const puzzleRating = findLevelTarget(results);
        results.push({ puzzleRating, result: puzzleRating <= level ? "win" : "loss" });
      }
      expect(Math.abs(findLevelTarget(results) - level)).toBeLessThanOrEqual(100);
    }
  });
});

describe("a trained player's plan", () => {
  it("holds about 15 minutes from the usual solve time", () => {
    expect(planSize(60_000)).toBe(15);
    expect(planSize(30_000)).toBe(30);
    expect(planSize(180_000)).toBe(5);
    expect(planSize(5_000)).toBe(40);
    expect(
      dailyPlan({ now: NOW, history, cards: [], rating: 1500, solveTimesMs: [40_000, 45_000, 50_000] }).size,
    ).toBe(20);
    expect(dailyPlan({ now: NOW, history, cards: [], rating: 1500 })).toMatchObject({
      size: 15,
      usualMs: 60_000,
    });
    // The cards' reviews hold times too (a miss's time is left out: the answer was shown).
    const cards = recordTry(cards3(), { puzzleId: 1, outcome: "clean", timeMs: 30_000 }, NOW - DAY_MS).cards;
    expect(dailyPlan({ now: NOW, history, cards, rating: 1500 }).usualMs).toBe(30_000);
  });

  function cards3() {
    return cardsDue(-2, -0.5, 0.2, 1.5);
  }

  it("is the due reviews oldest first, a short block of weak themes, then new puzzles at the level", () => {
    // Cards due two days ago, this morning, tonight (all due today) and tomorrow; one made today is not planned.
    const today = recordTry(
      cards3(),
      { puzzleId: 99, outcome: "failed", themes: ["pin"] },
      NOW - 60 * MINUTE_MS,
    );
    const plan = dailyPlan({ now: NOW, history, cards: today.cards, rating: 1512.3 });
    expect(plan.kind).toBe("train");
    expect(plan.steps).toEqual([
      { kind: "review", done: 0, total: 3, puzzleIds: [1, 2, 3] },
      { kind: "weak", done: 0, total: 5, rating: 1512, themes: ["pin", "skewer"] },
      { kind: "new", done: 0, total: 7, rating: 1512 },
    ]);
    expect(plan).toMatchObject({ done: 0, total: 15, complete: false });
    expect(currentStep(plan)?.kind).toBe("review");
  });

  it("fills as the player works today: reviews, then weak themes, then new puzzles", () => {
    let cards = cards3();
    let points = [...history];
    const at = (minutes: number) => NOW - 3 * 60 * MINUTE_MS + minutes * MINUTE_MS;
    cards = recordTry(cards, { puzzleId: 2, outcome: "clean" }, at(1)).cards;
    cards = recordTry(cards, { puzzleId: 1, outcome: "failed" }, at(2)).cards;
    let plan = dailyPlan({ now: NOW, history: points, cards, rating: 1500 });
    expect(step(plan.steps, "review")).toEqual({ kind: "review", done: 2, total: 3, puzzleIds: [3] });
    cards = recordTry(cards, { puzzleId: 3, outcome: "clean" }, at(3)).cards;
    // Today's rated results: two pins and a fork (a weak-theme result past the block's five counts as new).
    points = byTime([
      ...points,
      point(0, 1500, "loss", ["pin"], { minutes: -170 }),
      point(0, 1500, "win", ["pin", "fork"], { minutes: -169 }),
      point(0, 1500, "win", ["fork"], { minutes: -168 }),
    ]);
    plan = dailyPlan({ now: NOW, history: points, cards, rating: 1500 });
    expect(plan.steps.map((s) => [s.kind, s.done, s.total])).toEqual([
      ["review", 3, 3],
      ["weak", 2, 5],
      ["new", 1, 7],
    ]);
    expect(currentStep(plan)?.kind).toBe("weak");
    for (let i = 0; i < 4; i++) points.push(point(0, 1500, "win", ["skewer"], { minutes: -160 + i }));
    for (let i = 0; i < 5; i++) points.push(point(0, 1500, "win", ["fork"], { minutes: -150 + i }));
    plan = dailyPlan({ now: NOW, history: points, cards, rating: 1500 });
    expect(plan.steps.map((s) => [s.kind, s.done, s.total])).toEqual([
      ["review", 3, 3],
      ["weak", 5, 5],
      ["new", 7, 7],
    ]);
    expect(plan).toMatchObject({ done: 15, total: 15, complete: true, streak: { today: true } });
    expect(currentStep(plan)).toBeNull();
  });

  it("lets the reviews take up to twice the plan's size, those beyond waiting for tomorrow, with 3 fresh puzzles", () => {
    const cards = cardsDue(...Array.from({ length: 40 }, (_, i) => -1 - i / 10));
    const plan = dailyPlan({ now: NOW, history, cards, rating: 1500 });
    const reviews = step(plan.steps, "review");
    expect(reviews).toMatchObject({ total: 30 });
    // The longest-waiting first: the card due 4.9 days ago is the 40th.
    expect(reviews?.kind === "review" && reviews.puzzleIds.slice(0, 3)).toEqual([40, 39, 38]);
    expect(plan.steps.map((s) => [s.kind, s.total])).toEqual([
      ["review", 30],
      ["weak", 2],
      ["new", 1],
    ]);
    // A normal day's reviews leave the rest of the size to fresh puzzles.
    const few = dailyPlan({ now: NOW, history, cards: cards.slice(0, 12), rating: 1500 });
    expect(few.steps.map((s) => [s.kind, s.total])).toEqual([
      ["review", 12],
      ["weak", 2],
      ["new", 1],
    ]);
    const some = dailyPlan({ now: NOW, history, cards: cards.slice(0, 6), rating: 1500 });
    expect(some.steps.map((s) => [s.kind, s.total])).toEqual([
      ["review", 6],
      ["weak", 5],
      ["new", 4],
    ]);
  });

  it("does not count an unseen puzzle served for a card as a new puzzle: it was a review", () => {
    let cards = cardsDue(-1);
    cards = recordTry(cards, { puzzleId: 4242, outcome: "clean", forCard: 1 }, NOW - MINUTE_MS).cards;
    const points = [...history, point(0, 1500, "win", ["fork"], { puzzleId: 4242, minutes: -1 })];
    const plan = dailyPlan({ now: NOW, history: points, cards, rating: 1500 });
    expect(plan.steps.map((s) => [s.kind, s.done, s.total])).toEqual([
      ["review", 1, 1],
      ["weak", 0, 5],
      ["new", 0, 9],
    ]);
  });

  it("has no weak block when no theme is weak", () => {
    const steady = history.map((p) => ({ ...p, result: "win" as const }));
    const plan = dailyPlan({ now: NOW, history: steady, cards: [], rating: 1500 });
    expect(plan.steps.map((s) => [s.kind, s.total])).toEqual([
      ["review", 0],
      ["new", 15],
    ]);
  });

  it("keeps the player's day: at 01:00 in UTC+3 (22:00 UTC the day before) today is the local one", () => {
    const now = Date.parse("2026-03-02T22:00:00.000Z");
    const cards = migrateReviews([
      { puzzleId: 1, stage: 0, due: "2026-03-03T12:00:00.000Z", last: "failed" },
      { puzzleId: 2, stage: 0, due: "2026-03-03T23:00:00.000Z", last: "failed" },
    ]);
    const local = dailyPlan({ now, offsetMinutes: 180, history, cards, rating: 1500 });
    expect(local.day).toBe("2026-03-03");
    expect(step(local.steps, "review")).toMatchObject({ total: 1, puzzleIds: [1] });
    expect(dailyPlan({ now, history, cards, rating: 1500 }).day).toBe("2026-03-02");
  });
});

describe("the streak", () => {
  /** `n` results on the day `daysAgo` days before NOW. */
  const day = (daysAgo: number, n: number) =>
    Array.from({ length: n }, (_, i) => point(daysAgo, 1500, "win", ["fork"], { minutes: -60 + i }));

  it("counts consecutive days with the plan's work done; today, not done yet, does not break it", () => {
    const points = byTime([...day(5, 15), ...day(3, 15), ...day(2, 20), ...day(1, 15), ...day(0, 6)]);
    expect(streakOf({ history: points, cards: [], now: NOW, size: 15 })).toEqual({ days: 3, today: false });
    const done = byTime([...points, ...day(0, 9)]);
    expect(streakOf({ history: done, cards: [], now: NOW, size: 15 })).toEqual({ days: 4, today: true });
    // A day short of the plan breaks it.
    const short = byTime([...day(3, 15), ...day(2, 14), ...day(1, 15)]);
    expect(streakOf({ history: short, cards: [], now: NOW, size: 15 })).toEqual({ days: 1, today: false });
    expect(streakOf({ history: points, cards: [], now: NOW + 2 * DAY_MS, size: 15 })).toEqual({
      days: 0,
      today: false,
    });
  });

  it("counts each earlier day at its own plan's size when the solve times are dated", () => {
    // Ten results a day on the three days before today (Find your level done three days ago) at 90 s a puzzle (a
    // 10-puzzle plan), then 30 quick solves today (20 s: a 40-puzzle plan from here on).
    const points = byTime([...day(3, 10), ...day(2, 10), ...day(1, 10)]);
    const slow = points.map((result) => ({ at: result.at, ms: 90_000 }));
    const quick = Array.from({ length: 40 }, (_, i) => ({
      at: new Date(NOW - 60 * MINUTE_MS + i * MINUTE_MS).toISOString(),
      ms: 20_000,
    }));
    const plan = dailyPlan({
      now: NOW,
      history: points,
      cards: [],
      rating: 1500,
      solveTimes: [...slow, ...quick],
    });
    expect(plan.size).toBe(40);
    expect(plan.streak).toEqual({ days: 3, today: false });
    // Undated, the same times size every day alike: yesterday's ten fall short of 40.
    const undated = [...slow, ...quick].map((time) => time.ms);
    expect(
      dailyPlan({ now: NOW, history: points, cards: [], rating: 1500, solveTimesMs: undated }).streak,
    ).toEqual({
      days: 0,
      today: false,
    });
  });

  it("counts the reviews of cards, and the day Find your level was completed", () => {
    let cards = cardsDue(-1, -1, -1, -1, -1);
    for (const id of [1, 2, 3, 4, 5]) {
      cards = recordTry(cards, { puzzleId: id, outcome: "clean" }, NOW - DAY_MS + id * MINUTE_MS).cards;
    }
    const points = byTime([...day(3, 4), ...day(2, 6), ...day(1, 10)]);
    // Day 3 ago: 4 results (Find your level not done); 2 ago: its last 6 (done); yesterday: 10 results and 5 reviews.
    expect(streakOf({ history: points, cards, now: NOW, size: 15 })).toEqual({ days: 2, today: false });
    expect(streakOf({ history: points, cards: [], now: NOW, size: 15 })).toEqual({ days: 0, today: false });
  });
});
