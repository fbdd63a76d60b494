import { describe, expect, it } from "vitest";
import { checkPuzzle } from "./puzzle";

const SCHOLAR = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3";

describe("checkPuzzle", () => {
  it("accepts a puzzle and completes a short FEN", () => {
    expect(checkPuzzle("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR", ["h5f7"])).toEqual({
      ok: true,
      fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
    });
  });
  it("names the illegal correct move", () => {
    expect(checkPuzzle(SCHOLAR, ["Qxf7", "e2e5"])).toEqual({
      ok: false,
      problems: [{ path: "correct_moves.1", message: "e2e5 is not a legal move in this position" }],
    });
  });
  it("refuses a broken FEN", () => {
    const result = checkPuzzle("8/8/8/8 w - - 0 1", ["e2e4"]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.path).toBe("fen");
  });
  it("checks the solution line move by move", () => {
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect(checkPuzzle(start, ["e2e4"], ["e2e4", "e7e5", "g1f3"]).ok).toBe(true);
    expect(checkPuzzle(start, ["e2e4"], ["e2e4", "e7e5", "e1e3"])).toMatchObject({
      ok: false,
      problems: [{ path: "solution.2" }],
    });
    expect(checkPuzzle(start, ["e2e4"], ["d2d4"])).toMatchObject({
      ok: false,
      problems: [{ path: "solution.0" }],
    });
  });
});
