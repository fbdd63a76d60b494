import { describe, expect, it } from "vitest";
import { mostPlayed, weaknessFigures } from "./dashboard-figures";

describe("mostPlayed", () => {
  const accuracy = new Map([
    ["fork", { wins: 1, total: 3 }],
    ["pin", { wins: 2, total: 3 }],
    ["middlegame", { wins: 4, total: 9 }],
    ["mateIn1", { wins: 1, total: 1 }],
    ["back", { wins: 1, total: 1 }],
  ]);

  it("orders by results, then wins, then name, up to the limit, leaving out skipped keys", () => {
    const top = mostPlayed(accuracy, 3, (key) => key === "middlegame");
    expect(top.map(([key]) => key)).toEqual(["pin", "fork", "back"]);
    expect(mostPlayed(accuracy, 10)).toHaveLength(5);
  });
});

describe("weaknessFigures", () => {
  const NOW = Date.parse("2026-11-28T12:00:00.000Z");
  const point = (
    puzzleId: number,
    theme: string,
    phase: string,
    result: "win" | "loss",
    hoursAgo: number,
  ) => ({
    at: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
    puzzleId,
    puzzleRating: 1500,
    result,
    rating: 1500,
    deviation: 100,
    themes: [theme, phase, "short"],
    phase,
  });
  // Pins (endgame) missed 4 in 6, forks (opening) solved 8 in 8, two skewers (middle game), one old result.
  const history = [
    point(1, "pin", "endgame", "loss", 40),
    point(2, "pin", "endgame", "loss", 39),
    point(3, "pin", "endgame", "loss", 38),
    point(4, "pin", "endgame", "loss", 37),
    point(5, "pin", "endgame", "win", 36),
    point(6, "pin", "endgame", "win", 35),
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => point(10 + i, "fork", "opening", "win", 30 - i)),
    point(20, "skewer", "middlegame", "loss", 10),
    point(21, "skewer", "middlegame", "win", 9),
    point(30, "fork", "opening", "loss", 24 * 31),
  ];

  it("lists the phases in game order with their figures, shown from 5 results", () => {
    const { phases, report } = weaknessFigures(history, NOW);
    expect(phases.map(({ key }) => key)).toEqual(["opening", "middlegame", "endgame"]);
    expect(phases.map(({ figure }) => figure.performance)).toEqual([2000, null, 1333]);
    // The 31-day-old result is outside the window: 16 results, 11 clean.
    expect(report.overall).toMatchObject({ results: 16, wins: 11, performance: 1688 });
  });

  it("lists the shown themes that name a pattern, the best figure first, and names the weak and strong ones", () => {
    const { themes, report } = weaknessFigures(history, NOW);
    expect(themes.map(({ key, figure }) => [key, figure.performance])).toEqual([
      ["fork", 2000],
      ["pin", 1333],
    ]);
    expect(report.weak.map((figure) => figure.theme)).toEqual(["pin"]);
    expect(report.strong.map((figure) => figure.theme)).toEqual(["fork"]);
  });

  it("shows no figure with fewer than 5 results in the window", () => {
    const { report, phases, themes } = weaknessFigures(history.slice(0, 4), NOW);
    expect(report.overall.performance).toBeNull();
    expect(phases).toEqual([
      { key: "endgame", figure: expect.objectContaining({ results: 4, performance: null }) },
    ]);
    expect(themes).toEqual([]);
  });
});
