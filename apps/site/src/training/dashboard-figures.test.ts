import { describe, expect, it } from "vitest";
import { mostPlayed } from "./dashboard-figures";

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
