import { describe, expect, it } from "vitest";
import { parsePuzzleId } from "./puzzle-id";

describe("parsePuzzleId", () => {
  it("accepts positive whole numbers, ignoring spaces around them", () => {
    expect(parsePuzzleId("42")).toBe(42);
    expect(parsePuzzleId(" 7 ")).toBe(7);
    expect(parsePuzzleId("007")).toBe(7);
  });

  it("rejects text, zero, negatives, fractions, exponents and numbers past the safe range", () => {
    for (const text of ["", " ", "abc", "12a", "0", "-3", "1.5", "1e3", "+4", "99999999999999999999"]) {
      expect(parsePuzzleId(text), text).toBeNull();
    }
  });
});
