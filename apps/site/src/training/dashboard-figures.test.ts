import { describe, expect, it } from "vitest";
import { countOutcomes, mostPlayed } from "./dashboard-figures";

describe("countOutcomes", () => {
  it("counts every record's latest outcome, across scenarios", () => {
    const records = [
      { id: "middle-game:1", outcome: "clean" },
      { id: "middle-game:2", outcome: "helped" },
      { id: "endgame:3", outcome: "clean" },
      { id: "review:2", outcome: "failed" },
      { id: "opening:4" },
    ];
    expect(countOutcomes(JSON.stringify(records))).toEqual({ clean: 2, helped: 1, failed: 1 });
  });

  it("reads nothing stored, broken JSON and odd records as no puzzles", () => {
    const none = { clean: 0, helped: 0, failed: 0 };
    expect(countOutcomes(null)).toEqual(none);
    expect(countOutcomes("{oops")).toEqual(none);
    expect(countOutcomes('{"outcome":"clean"}')).toEqual(none);
    expect(countOutcomes('[null, 3, {"outcome":"great"}]')).toEqual(none);
  });
});

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
