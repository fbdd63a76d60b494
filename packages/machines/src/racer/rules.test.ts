import type { RacerPuzzleView } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { comboBonus, isDone, judgeRacerMove, START_PROGRESS, scoreOf } from "./rules";

/** Two real puzzles: a mate in one (Qxf7#) and a line with the opponent's reply (Scholar's mate set-up). */
const MATE: RacerPuzzleView = {
  id: 1,
  fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
  line: ["h5f7"],
  rating: 1000,
};
const LINE: RacerPuzzleView = {
  id: 2,
  fen: "6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1",
  line: ["e1e8"],
  rating: 1100,
};
const FORK: RacerPuzzleView = {
  id: 3,
  fen: "r3k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1",
  line: ["e3c4", "d5c4", "e1d2"],
  rating: 1200,
};

describe("Puzzle Racer's rules", () => {
  it("solves a puzzle with its move, counts the combo and the score", () => {
    const verdict = judgeRacerMove([MATE, LINE], START_PROGRESS, { puzzle: 0, ply: 0, uci: "h5f7" });
    expect(verdict).toMatchObject({ kind: "correct", solved: true, reply: null });
    if (verdict.kind !== "correct") throw new Error("not correct");
    expect(verdict.progress).toMatchObject({ puzzle: 1, ply: 0, solved: 1, combo: 1, moves: 1 });
    expect(scoreOf(verdict.progress)).toBe(1);
  });

  it("plays the opponent's reply of a longer line, and a wrong move moves on with the combo lost", () => {
    const first = judgeRacerMove([FORK, MATE], START_PROGRESS, { puzzle: 0, ply: 0, uci: "e3c4" });
    expect(first).toMatchObject({
      kind: "correct",
      solved: false,
      reply: "d5c4",
      progress: { puzzle: 0, ply: 2 },
    });
    if (first.kind !== "correct") throw new Error("not correct");
    const wrong = judgeRacerMove([FORK, MATE], first.progress, { puzzle: 0, ply: 2, uci: "e1f2" });
    expect(wrong).toMatchObject({
      kind: "wrong",
      progress: { puzzle: 1, ply: 0, combo: 0, errors: 1, solved: 0 },
    });
  });

  it("refuses a move for another puzzle or ply as stale, and any move once through the puzzles", () => {
    expect(judgeRacerMove([MATE, LINE], START_PROGRESS, { puzzle: 1, ply: 0, uci: "e1e8" })).toEqual({
      kind: "stale",
    });
    expect(
      judgeRacerMove([MATE], { ...START_PROGRESS, puzzle: 1 }, { puzzle: 1, ply: 0, uci: "h5f7" }),
    ).toEqual({
      kind: "done",
    });
    expect(isDone({ ...START_PROGRESS, puzzle: 1 }, [MATE])).toBe(true);
  });

  it("gives lichess racer's combo bonus points at 5, 12, 20, 30 and every 10 after", () => {
    expect([4, 5, 6, 12, 20, 30, 35, 40, 50].map(comboBonus)).toEqual([0, 3, 0, 5, 7, 10, 0, 10, 10]);
    let progress = START_PROGRESS;
    const puzzles = Array.from({ length: 6 }, () => MATE);
    for (let index = 0; index < 5; index++) {
      const verdict = judgeRacerMove(puzzles, progress, { puzzle: index, ply: 0, uci: "h5f7" });
      if (verdict.kind !== "correct") throw new Error("not correct");
      progress = verdict.progress;
    }
    expect(progress).toMatchObject({ solved: 5, bonus: 3, combo: 5, best_combo: 5 });
    expect(scoreOf(progress)).toBe(8);
  });
});
