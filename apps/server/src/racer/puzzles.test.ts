import { describe, expect, it } from "vitest";
import { chooseRising } from "./puzzles";

const candidates = Array.from({ length: 2000 }, (_, index) => ({
  id: index + 1,
  fen: "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",
  line: ["e1e8"],
  rating: 600 + Math.floor(index * 1.2),
}));

describe("a race's puzzles", () => {
  it("rise from about 1000 to 2500, each once", () => {
    const chosen = chooseRising(candidates, 60);
    expect(chosen).toHaveLength(60);
    expect(new Set(chosen.map((puzzle) => puzzle.id)).size).toBe(60);
    expect(Math.abs((chosen[0]?.rating ?? 0) - 1000)).toBeLessThan(30);
    expect(Math.abs((chosen.at(-1)?.rating ?? 0) - 2500)).toBeLessThan(30);
    const ratings = chosen.map((puzzle) => puzzle.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
  });

  it("takes every puzzle there is when there are few, by rating", () => {
    expect(chooseRising(candidates.slice(0, 5), 60).map((puzzle) => puzzle.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
