import type { GamePhase, Position } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { puzzleSearch, readPuzzleAddress } from "./puzzle-address";
import { placeInPhase } from "./puzzle-place";

describe("a puzzle's address", () => {
  it("reads the puzzle, the order and the difficulty from the query", () => {
    expect(readPuzzleAddress("?puzzle=123&order=rated&difficulty=harder")).toEqual({
      puzzle: 123,
      order: "rated",
      difficulty: "harder",
    });
    expect(readPuzzleAddress("?puzzle=7&order=sequence")).toEqual({
      puzzle: 7,
      order: "sequence",
      difficulty: null,
    });
  });

  it("ignores what it does not understand: the set then opens as without a query", () => {
    expect(readPuzzleAddress("")).toEqual({ puzzle: null, order: null, difficulty: null });
    for (const puzzle of ["0", "-3", "1.5", "12abc", "99999999999", "%20"]) {
      expect(readPuzzleAddress(`?puzzle=${puzzle}`).puzzle, puzzle).toBeNull();
    }
    expect(readPuzzleAddress("?order=random&difficulty=impossible")).toEqual({
      puzzle: null,
      order: null,
      difficulty: null,
    });
  });

  it("writes the puzzle and order, and the difficulty only when puzzles come by rating", () => {
    expect(puzzleSearch({ puzzle: 42, order: "sequence", difficulty: "harder" })).toBe(
      "?puzzle=42&order=sequence",
    );
    expect(puzzleSearch({ puzzle: 42, order: "rated", difficulty: "harder" })).toBe(
      "?puzzle=42&order=rated&difficulty=harder",
    );
    // A theme's set has no order to choose: always by rating.
    expect(puzzleSearch({ puzzle: 42, order: null, difficulty: "normal" })).toBe(
      "?puzzle=42&difficulty=normal",
    );
    expect(readPuzzleAddress(puzzleSearch({ puzzle: 42, order: "rated", difficulty: "easier" }))).toEqual({
      puzzle: 42,
      order: "rated",
      difficulty: "easier",
    });
  });
});

describe("a puzzle's place in its phase", () => {
  // 1,234 endgame puzzles with sequence numbers 3, 6, 9, …; ids 1001, 1002, …
  const phase: Position[] = Array.from(
    { length: 1234 },
    (_, i) => ({ id: 1001 + i, sequence_number: 3 * (i + 1), game_phase: "endgame" }) as Position,
  );
  const reads: number[] = [];
  const read = async (_: GamePhase, page: number, perPage: number) => {
    reads.push(page);
    return phase.slice((page - 1) * perPage, page * perPage);
  };

  it("finds the place (1-based) by halving the pages, reading few of them", async () => {
    for (const index of [0, 199, 200, 777, 1233]) {
      reads.length = 0;
      const position = phase[index] as Position;
      expect(await placeInPhase("endgame", position, phase.length, read)).toEqual({
        place: index + 1,
        total: 1234,
      });
      expect(reads.length).toBeLessThanOrEqual(3);
    }
  });

  it("has none for another phase's puzzle or one the phase does not hold", async () => {
    const middle = { id: 5, sequence_number: 30, game_phase: "middlegame" } as const;
    expect(await placeInPhase("endgame", middle, phase.length, read)).toBeNull();
    const gone = { id: 99, sequence_number: 31, game_phase: "endgame" } as const;
    expect(await placeInPhase("endgame", gone, phase.length, read)).toBeNull();
    const past = { id: 98, sequence_number: 99_999, game_phase: "endgame" } as const;
    expect(await placeInPhase("endgame", past, phase.length, read)).toBeNull();
  });
});
