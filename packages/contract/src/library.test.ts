import { describe, expect, it } from "vitest";
import { DIFFICULTIES, decodeSeen, encodeSeen, nextPuzzleQuerySchema, targetRating } from "./library";

describe("the seen-set of the next-puzzle call", () => {
  it("round-trips ids, sorted and without repeats, in a compact URL-safe text", () => {
    expect(decodeSeen(encodeSeen([5, 1, 300, 5, 2_000_000]))).toEqual([1, 5, 300, 2_000_000]);
    expect(encodeSeen([])).toBe("");
    expect(decodeSeen("")).toEqual([]);
    const many = Array.from({ length: 1000 }, (_, i) => 1 + i * 997);
    const text = encodeSeen(many);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text.length).toBeLessThan(2800);
    expect(decodeSeen(text)).toEqual(many);
  });

  it("refuses text that is not such a list", () => {
    for (const bad of ["!", "a", "____", "%20", "__proto__"]) expect(decodeSeen(bad), bad).toBeNull();
  });

  it("is validated with the query: bad text is a 400, not a crash", () => {
    expect(nextPuzzleQuerySchema.safeParse({ seen: "!!" }).success).toBe(false);
    expect(nextPuzzleQuerySchema.parse({ seen: encodeSeen([3, 4]) }).seen).toEqual([3, 4]);
  });
});

describe("difficulty", () => {
  it("moves the target as lichess does", () => {
    expect(DIFFICULTIES).toEqual({ easiest: -600, easier: -300, normal: 0, harder: 300, hardest: 600 });
    expect(targetRating(1500, "hardest")).toBe(2100);
    expect(nextPuzzleQuerySchema.safeParse({ difficulty: "__proto__" }).success).toBe(false);
    expect(nextPuzzleQuerySchema.safeParse({ rating: "1e3" }).success).toBe(false);
    expect(nextPuzzleQuerySchema.parse({})).toMatchObject({
      rating: 1500,
      deviation: 500,
      difficulty: "normal",
    });
  });
});
