import { describe, expect, it } from "vitest";
import type { EngineResult } from "../engine/pool";
import { judgePuzzle, puzzleOfLine } from "../importers/verify";
import { libraryId, readLibrarySource } from "./library-pack";

const line = (pv: string[], score: { cp?: number; mate?: number }, multipv: number) => ({
  pv,
  ...score,
  depth: 20,
  multipv,
});
const result = (...lines: ReturnType<typeof line>[]): EngineResult => ({
  bestmove: lines[0]?.pv[0] ?? "(none)",
  lines,
});

describe("the shipped library's source and checks", () => {
  it("reads the 10,000 published puzzles, each with a stable id", () => {
    const rows = readLibrarySource();
    expect(rows).toHaveLength(10_000);
    const ids = new Set(rows.map(libraryId));
    expect(ids.size).toBe(10_000);
    for (const rating of rows.map((row) => row.rating)) expect(rating).toBeGreaterThanOrEqual(399);
  });

  it("plays the opponent's move first and refuses an illegal line", () => {
    // Scholar's mate set up: after 3... Nf6?? White mates with Qxf7.
    const before = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
    expect(puzzleOfLine({ fen: before, moves: "g8f6 h5f7" })).toEqual({
      fen: "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
      solution: ["h5f7"],
    });
    expect(puzzleOfLine({ fen: before, moves: "g8f6 h5h8" })).toBeNull();
    expect(puzzleOfLine({ fen: before, moves: "g8f6" })).toBeNull();
  });

  it("keeps a puzzle only when the engine's best move is the solution and the only good one", () => {
    const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    expect(judgePuzzle(fen, ["h5f7"], result(line(["h5f7"], { mate: 1 }, 1)))).toBe("ok");
    expect(
      judgePuzzle(fen, ["h5f7"], result(line(["h5f7"], { mate: 1 }, 1), line(["c4f7"], { cp: 200 }, 2))),
    ).toBe("ok");
    // The engine prefers another move.
    expect(
      judgePuzzle(fen, ["h5e5"], result(line(["h5f7"], { mate: 1 }, 1), line(["h5e5"], { cp: 100 }, 2))),
    ).toBe("not-best");
    // Best, but another move is nearly as good.
    const quiet = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    expect(
      judgePuzzle(quiet, ["d1d8"], result(line(["d1d8"], { cp: 300 }, 1), line(["d1d7"], { cp: 200 }, 2))),
    ).toBe("not-unique");
  });
});
