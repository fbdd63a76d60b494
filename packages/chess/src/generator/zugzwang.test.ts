import { describe, expect, it } from "vitest";
import { passedFen, zugzwangCandidates } from "./zugzwang";

describe("passedFen", () => {
  it("hands the move to the other side and drops the en passant square", () => {
    expect(passedFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")).toBe("4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2");
  });

  it("refuses a side in check: it cannot pass", () => {
    expect(passedFen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")).toBeNull();
  });
});

describe("zugzwangCandidates", () => {
  it("lists the positions after each solver move where the opponent has at most 15 moves and is not in check", () => {
    // 1. Kf5 (Black has 6 king moves) is a candidate.
    expect(zugzwangCandidates("8/8/6K1/4p3/3kP3/8/8/8 w - - 0 1", ["g6f5"])).toEqual([
      "8/8/8/4pK2/3kP3/8/8/8 b - - 1 1",
    ]);
    // A check is never one; nor a position with many replies (Black's queen has more than 15 moves).
    expect(zugzwangCandidates("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1a8"])).toEqual([]);
    expect(zugzwangCandidates("q3k3/8/8/8/8/8/8/4K2R w - - 0 1", ["h1h2"])).toEqual([]);
  });

  it("throws on an illegal move", () => {
    expect(() => zugzwangCandidates("8/8/6K1/4p3/3kP3/8/8/8 w - - 0 1", ["g6g8"])).toThrow(/illegal/);
  });
});
