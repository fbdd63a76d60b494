import {
  type DailyPlan,
  dailyPlan,
  type PositionProgress,
  type RatingPoint,
  recordTry,
  WEAK_BLOCK,
} from "@ct/machines";
import { describe, expect, it } from "vitest";
import {
  planInputOf,
  solveTimesOf,
  stepHref,
  stepParam,
  stepPlace,
  stepTextKey,
  stepToTrain,
} from "./plan-figures";

/** Monday 2 March 2026, 18:00 UTC. */
const NOW = Date.parse("2026-03-02T18:00:00.000Z");
const DAY = 86_400_000;
const MINUTE = 60_000;

/** A rated result `daysAgo` days (plus `minutes`) before NOW, on a 1500 puzzle. */
function point(
  daysAgo: number,
  minutes: number,
  theme: string,
  result: "win" | "loss",
  id: number,
): RatingPoint {
  return {
    at: new Date(NOW - daysAgo * DAY + minutes * MINUTE).toISOString(),
    puzzleId: id,
    puzzleRating: 1500,
    result,
    rating: 1540,
    deviation: 90,
    themes: [theme, "middlegame"],
    phase: "middlegame",
  };
}

/** Sixteen results a day on the two days before NOW's: pins missed 4 in 6, skewers 3 in 5, forks all solved. */
function trainedHistory(): RatingPoint[] {
  const themes: [string, "win" | "loss"][] = [
    ...[0, 1, 2, 3, 4, 5].map((i): [string, "win" | "loss"] => ["pin", i < 4 ? "loss" : "win"]),
    ...[0, 1, 2, 3, 4].map((i): [string, "win" | "loss"] => ["skewer", i < 3 ? "loss" : "win"]),
    ...Array.from({ length: 21 }, (): [string, "win" | "loss"] => ["fork", "win"]),
  ];
  return themes.map(([theme, result], index) => point(index < 16 ? 2 : 1, index, theme, result, 900 + index));
}

/** A position record as progress.ts keeps it. */
function record(
  positionId: number,
  fields: Partial<PositionProgress> & Pick<PositionProgress, "lastAttemptDate">,
): PositionProgress {
  return {
    id: `plan:${positionId}`,
    positionId: String(positionId),
    fen: "8/8/8/8/8/8/8/8 w - - 0 1",
    attempts: 1,
    correctMoves: 1,
    inaccuracies: 0,
    mistakes: 0,
    blunders: 0,
    timeSpentMs: 30_000,
    completed: true,
    outcome: "clean",
    ...fields,
  };
}

/** Two cards made by misses three days ago (due again a minute later). */
function missedCards() {
  const made = NOW - 3 * DAY;
  const first = recordTry([], { puzzleId: 11, outcome: "failed" }, made).cards;
  return recordTry(first, { puzzleId: 12, outcome: "failed" }, made + MINUTE).cards;
}

const plan = (records: Parameters<typeof planInputOf>[0]): DailyPlan =>
  dailyPlan(planInputOf(records, NOW, 0));

describe("the solve times the progress records hold", () => {
  it("are the clean first solves' times, oldest first; retried, helped, failed and timeless records are left out", () => {
    const at = (minutes: number) => new Date(NOW - minutes * MINUTE).toISOString();
    expect(
      solveTimesOf([
        record(1, { lastAttemptDate: at(5), timeSpentMs: 20_000 }),
        record(2, { lastAttemptDate: at(50), timeSpentMs: 40_000 }),
        record(3, { lastAttemptDate: at(10), timeSpentMs: 90_000, attempts: 2 }),
        record(4, { lastAttemptDate: at(10), outcome: "helped" }),
        record(5, { lastAttemptDate: at(10), outcome: "failed", completed: false }),
        record(6, { lastAttemptDate: at(10), timeSpentMs: 0 }),
        record(7, { lastAttemptDate: at(10), outcome: undefined }),
      ]),
    ).toEqual([
      { at: at(50), ms: 40_000 },
      { at: at(5), ms: 20_000 },
    ]);
  });
});

describe("today's plan from the browser's records", () => {
  it("starts a new visitor's day with Find your level, its target following their results", () => {
    const history = [
      point(0, -30, "fork", "win", 1),
      { ...point(0, -20, "pin", "loss", 2), puzzleRating: 1900 },
    ];
    const today = plan({ player: { rating: 1600, history }, cards: [], positions: [] });
    expect(today.kind).toBe("find-level");
    expect(today.steps[0]).toEqual({ kind: "find-level", done: 2, total: 10, rating: 1600 });
    expect(today.steps.map((step) => step.kind)).toEqual(["find-level", "new"]);
  });

  it("gives a trained player the due reviews, a block of weak themes and new puzzles, with the streak of days", () => {
    const today = plan({
      player: { rating: 1540, history: trainedHistory() },
      cards: missedCards(),
      positions: [],
    });
    expect(today.kind).toBe("train");
    // 15 minutes at the default minute a puzzle: 15 puzzles, the two reviews first.
    expect(today.size).toBe(15);
    expect(today.steps).toEqual([
      { kind: "review", done: 0, total: 2, puzzleIds: [11, 12] },
      { kind: "weak", done: 0, total: WEAK_BLOCK, rating: 1540, themes: ["pin", "skewer"] },
      { kind: "new", done: 0, total: 8, rating: 1540 },
    ]);
    expect(today.streak).toEqual({ days: 2, today: false });
  });

  it("sizes the day by the player's clean solves: 30 s a puzzle makes 30 puzzles", () => {
    const positions = [1, 2, 3].map((id) =>
      record(id, { lastAttemptDate: new Date(NOW - id * DAY).toISOString(), timeSpentMs: 30_000 }),
    );
    const today = plan({ player: { rating: 1540, history: trainedHistory() }, cards: [], positions });
    expect(today.usualMs).toBe(30_000);
    expect(today.total).toBe(30);
  });

  it("keeps the streak of days done at the size they had when today's quick solves make the plan bigger", () => {
    // A minute a puzzle on the two days before today (16 results each: a 15-puzzle plan done), then 40 quick clean
    // solves today (10 s): today's plan is 40 puzzles, and the days before stay done.
    const before = Array.from({ length: 32 }, (_, index) =>
      record(index + 1, {
        lastAttemptDate: new Date(NOW - (index < 16 ? 2 : 1) * DAY + index * MINUTE).toISOString(),
        timeSpentMs: 60_000,
      }),
    );
    const quick = Array.from({ length: 40 }, (_, index) =>
      record(100 + index, {
        lastAttemptDate: new Date(NOW - 60 * MINUTE + index * MINUTE).toISOString(),
        timeSpentMs: 10_000,
      }),
    );
    const today = plan({
      player: { rating: 1540, history: trainedHistory() },
      cards: [],
      positions: [...before, ...quick],
    });
    expect(today.size).toBe(40);
    expect(today.streak).toEqual({ days: 2, today: false });
  });

  it("counts today's work as the player does it: a weak-theme result fills the weak step", () => {
    const history = [...trainedHistory(), point(0, -10, "pin", "win", 5000)];
    const today = plan({ player: { rating: 1540, history }, cards: [], positions: [] });
    expect(today.steps.find((step) => step.kind === "weak")?.done).toBe(1);
    expect(today.done).toBe(1);
  });
});

describe("the step /training/plan trains", () => {
  const today = plan({
    player: { rating: 1540, history: trainedHistory() },
    cards: missedCards(),
    positions: [],
  });

  it("is the one asked for while it is not done, else the first not done", () => {
    expect(stepToTrain(today, null)?.kind).toBe("review");
    expect(stepToTrain(today, "weak")?.kind).toBe("weak");
    expect(stepToTrain(today, "find-level")?.kind).toBe("review");
    const reviewed: DailyPlan = {
      ...today,
      steps: today.steps.map((step) => (step.kind === "review" ? { ...step, done: step.total } : step)),
    };
    expect(stepToTrain(reviewed, "review")?.kind).toBe("weak");
  });

  it("is none once every step is done", () => {
    const done: DailyPlan = {
      ...today,
      complete: true,
      steps: today.steps.map((step) => ({ ...step, done: step.total })),
    };
    expect(stepToTrain(done, "weak")).toBeNull();
  });

  it("is named in the address, placed among the steps and keyed in the texts", () => {
    expect(stepParam("weak")).toBe("weak");
    expect(stepParam("nonsense")).toBeNull();
    expect(stepParam(null)).toBeNull();
    expect(stepHref("find-level")).toBe("/training/plan?step=find-level");
    expect(stepTextKey("find-level")).toBe("findLevel");
    expect(stepPlace(today, "weak")).toEqual({ index: 2, count: 3 });
    expect(stepPlace(today, "find-level")).toBeNull();
  });
});
