import { describe, expect, it } from "vitest";
import { DAY_MS } from "./days";
import { byTime, generatedHistory, NOW, point } from "./test-fixtures";
import { inWindow, performanceOf, themeFact, weaknessReport } from "./weakness";

/**
 * A recorded month of a 1500 player: solid on forks, poor on pins (6 misses of 9), one pin too old to count, two
 * skewers missed (too few results to show), endgames weaker than middlegames.
 */
const month = byTime([
  // Forks: 8 results around 1500, 7 first-try wins.
  ...[1500, 1520, 1480, 1550, 1450, 1500, 1530, 1470].map((rating, i) =>
    point(25 - i * 3, rating, i === 3 ? "loss" : "win", ["fork", "short", "middlegame"], { minutes: 1 }),
  ),
  // Pins: 9 results at 1500, the misses the 2nd, 3rd, 5th, 6th, 8th and 9th.
  ...Array.from({ length: 9 }, (_, i) =>
    point(27 - i * 3, 1500, [1, 2, 4, 5, 7, 8].includes(i) ? "loss" : "win", ["pin", "long", "endgame"], {
      phase: "endgame",
      minutes: 2,
    }),
  ),
  // A pin 40 days ago, out of the window.
  point(40, 1500, "loss", ["pin", "endgame"], { phase: "endgame" }),
  // Skewers: two misses, too few to be shown.
  point(3, 1400, "loss", ["skewer", "middlegame"], { minutes: 5 }),
  point(2, 1400, "loss", ["skewer", "middlegame"], { minutes: 5 }),
  // Quiet moves: 5 wins on harder puzzles.
  ...[1650, 1700, 1600, 1680, 1620].map((rating, i) =>
    point(20 - i, rating, "win", ["quietMove", "long", "middlegame"], { minutes: 3 }),
  ),
]);

describe("performance figures", () => {
  it("are lichess's: average puzzle rating − 500 + 1000 × first-try rate", () => {
    expect(performanceOf(1500, 3, 5)).toBe(1600);
    expect(performanceOf(1200, 0, 7)).toBe(700);
    expect(performanceOf(1800, 10, 10)).toBe(2300);
  });

  it("count the last 30 days, per theme, per phase and overall, shown from 5 results", () => {
    const report = weaknessReport(month, NOW);
    expect(inWindow(month, NOW)).toHaveLength(month.length - 1);
    expect(report.since).toBe(new Date(NOW - 30 * DAY_MS).toISOString());
    expect(report.byTheme.fork).toEqual({
      results: 8,
      wins: 7,
      failures: 1,
      averageRating: 1500,
      performance: 1875,
    });
    expect(report.byTheme.pin).toEqual({
      results: 9,
      wins: 3,
      failures: 6,
      averageRating: 1500,
      performance: 1333,
    });
    expect(report.byTheme.skewer).toEqual({
      results: 2,
      wins: 0,
      failures: 2,
      averageRating: 1400,
      performance: null,
    });
    expect(report.byTheme.quietMove?.performance).toBe(1650 - 500 + 1000);
    expect(report.byPhase.endgame).toMatchObject({ results: 9, performance: 1333 });
    expect(report.byPhase.middlegame).toMatchObject({ results: 15, wins: 12 });
    // 24 results: 15 wins, ratings summing to 36,550 (1522.92 on average).
    expect(report.overall).toEqual({
      results: 24,
      wins: 15,
      failures: 9,
      averageRating: 1523,
      performance: Math.round(36_550 / 24 - 500 + 625),
    });
  });

  it("are not shown for a player with fewer than 5 results, and name no weak or strong theme then", () => {
    const few = month.filter((p) => p.themes.includes("skewer"));
    const report = weaknessReport(few, NOW);
    expect(report.overall.performance).toBeNull();
    expect(report).toMatchObject({ weak: [], strong: [] });
  });

  it("leave out results after now (a clock that went back)", () => {
    expect(weaknessReport(month, NOW - 10 * DAY_MS).overall.results).toBeLessThan(24);
  });
});

describe("weak and strong themes", () => {
  it("are weak with ≥ 3 failures below the overall figure, strong with ≥ 3 first-try wins above it", () => {
    const report = weaknessReport(month, NOW);
    expect(report.weak.map((figure) => figure.theme)).toEqual(["pin"]);
    // The descriptive themes (lengths, phases) are never named, though "long" has figures of its own.
    expect(report.byTheme.long?.performance).not.toBeNull();
    expect(report.strong.map((figure) => figure.theme)).toEqual(["quietMove", "fork"]);
  });

  it("need 3 failures to be weak: two misses in five results are not enough, however low", () => {
    const history = byTime([
      ...month,
      ...[1, 2, 3].map((day) => point(day, 1000, "win", ["deflection"], { minutes: 9 })),
      ...[1, 2].map((day) => point(day, 1000, "loss", ["deflection"], { minutes: 10 })),
    ]);
    const report = weaknessReport(history, NOW);
    expect(report.byTheme.deflection?.performance).toBe(1100);
    expect(report.weak.map((figure) => figure.theme)).toEqual(["pin"]);
    const third = weaknessReport(byTime([...history, point(0.5, 1000, "loss", ["deflection"])]), NOW);
    expect(third.weak.map((figure) => figure.theme)).toEqual(["deflection", "pin"]);
  });

  it("find the weak themes a seeded player really has", () => {
    const history = generatedHistory({
      skills: {
        fork: 1800,
        pin: 1200,
        skewer: 1250,
        discoveredAttack: 1700,
        backRankMate: 1650,
        deflection: 1550,
      },
      days: 30,
      perDay: 12,
      seed: 7,
      level: 1500,
    });
    const report = weaknessReport(history, NOW);
    expect(report.weak.map((figure) => figure.theme).sort()).toEqual(["pin", "skewer"]);
    expect(report.strong.map((figure) => figure.theme)).toContain("fork");
    expect(report.strong.map((figure) => figure.theme)).not.toContain("pin");
  });
});

describe("why this puzzle", () => {
  it("counts the misses in the last results on the theme", () => {
    expect(themeFact(month, "pin")).toEqual({ theme: "pin", missed: 7, of: 10 });
    expect(themeFact(month, "pin", 9)).toEqual({ theme: "pin", missed: 6, of: 9 });
    expect(themeFact(month, "fork", 4)).toEqual({ theme: "fork", missed: 0, of: 4 });
    expect(themeFact(month, "zugzwang")).toEqual({ theme: "zugzwang", missed: 0, of: 0 });
  });
});
