import { describe, expect, it } from "vitest";
import {
  comboBonusMs,
  comboLevel,
  comboProgress,
  playStormMove,
  replayStorm,
  STORM_CLOCK_MS,
  type StormMove,
  type StormPuzzle,
  startStorm,
  stormBoardFen,
  stormTimeLeftMs,
} from "./rules";

/** 1.Rd8+ Rxd8 2.Rxd8#: two moves of the player's, one reply. */
const BACK_RANK: StormPuzzle = {
  id: 1,
  fen: "1r4k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
  solution: ["d2d8", "b8d8", "d1d8"],
};
/** A mate in one with two mates (Rd8# is the puzzle's, Ra8# mates too). */
const TWO_MATES: StormPuzzle = { id: 2, fen: "6k1/5ppp/8/8/8/8/5PPP/R2R2K1 w - - 0 1", solution: ["d1d8"] };
/** Black to play: 1...Rd1#. */
const BLACK_MATE: StormPuzzle = { id: 3, fen: "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", solution: ["d8d1"] };

const mateInOne = (id: number): StormPuzzle => ({ ...TWO_MATES, id });

describe("combo", () => {
  it("adds 3, 5, 7 and 10 seconds at 5, 12, 20 and 30 correct moves, then 10 s every 10 moves", () => {
    const bonuses = Array.from({ length: 61 }, (_, combo) => comboBonusMs(combo));
    const earned = bonuses.flatMap((ms, combo) => (ms > 0 ? [[combo, ms / 1000]] : []));
    expect(earned).toEqual([
      [5, 3],
      [12, 5],
      [20, 7],
      [30, 10],
      [40, 10],
      [50, 10],
      [60, 10],
    ]);
  });

  it("names the level reached and the way to the next bonus", () => {
    expect([0, 4, 5, 11, 12, 20, 29, 30, 99].map(comboLevel)).toEqual([0, 0, 1, 1, 2, 3, 3, 4, 4]);
    expect(comboProgress(0)).toBe(0);
    expect(comboProgress(6)).toBeCloseTo(1 / 7);
    expect(comboProgress(35)).toBeCloseTo(0.5);
  });
});

describe("a run's moves", () => {
  it("plays the opponent's reply after a right move and solves the puzzle on the last one", () => {
    const puzzles = [BACK_RANK, TWO_MATES];
    const first = playStormMove(startStorm(), puzzles, "d2d8", 1000);
    expect(first).toMatchObject({ verdict: "good", reply: "b8d8", state: { ply: 2, combo: 1, index: 0 } });
    expect(stormBoardFen(first.state, puzzles)).toBe("3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 2");
    const second = playStormMove(first.state, puzzles, "d1d8", 2000);
    expect(second).toMatchObject({
      verdict: "solved",
      reply: null,
      state: { index: 1, solved: 1, combo: 2 },
    });
    expect(second.state.results).toEqual(["solved"]);
  });

  it("accepts any checkmate, as the puzzle's own mate", () => {
    const outcome = playStormMove(startStorm(), [TWO_MATES], "a1a8", 500);
    expect(outcome.verdict).toBe("solved");
  });

  it("takes 10 seconds for a wrong move, breaks the combo and moves on to the next puzzle", () => {
    const puzzles = [TWO_MATES, BACK_RANK, BLACK_MATE];
    const solved = playStormMove(startStorm(), puzzles, "d1d8", 800).state;
    const wrong = playStormMove(solved, puzzles, "d1d7", 1500);
    expect(wrong.verdict).toBe("wrong");
    expect(wrong.state).toMatchObject({ index: 2, ply: 0, combo: 0, bestCombo: 1, errors: 1, moves: 2 });
    expect(wrong.state.results).toEqual(["solved", "failed"]);
    expect(stormTimeLeftMs(wrong.state, 1500)).toBe(STORM_CLOCK_MS - 10_000 - 1500);
  });
});

describe("replayStorm", () => {
  const puzzles = [BACK_RANK, BLACK_MATE, ...Array.from({ length: 10 }, (_, n) => mateInOne(10 + n))];

  it("computes the score, the moves, the errors, the best combo and the time left from the moves alone", () => {
    const moves: StormMove[] = [
      { puzzleId: 1, uci: "d2d8", atMs: 2000 },
      { puzzleId: 1, uci: "d1d8", atMs: 3000 },
      { puzzleId: 3, uci: "d8d2", atMs: 5000 },
      { puzzleId: 10, uci: "d1d8", atMs: 6000 },
    ];
    const replay = replayStorm(puzzles, moves, 10_000);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    expect(replay.score).toEqual({
      score: 2,
      moves: 4,
      errors: 1,
      bestCombo: 2,
      timeLeftMs: STORM_CLOCK_MS - 10_000 - 10_000,
      durationMs: 10_000,
      results: ["solved", "failed", "solved"],
    });
  });

  it("lets combos stretch the clock: a move past 3 minutes counts after a 5-move combo (+3 s)", () => {
    const fast: StormMove[] = [
      { puzzleId: 1, uci: "d2d8", atMs: 1000 },
      { puzzleId: 1, uci: "d1d8", atMs: 2000 },
      { puzzleId: 3, uci: "d8d1", atMs: 3000 },
      { puzzleId: 10, uci: "d1d8", atMs: 4000 },
      { puzzleId: 11, uci: "a1a8", atMs: 5000 },
      { puzzleId: 12, uci: "d1d8", atMs: STORM_CLOCK_MS + 2000 },
    ];
    const replay = replayStorm(puzzles, fast);
    expect(replay).toMatchObject({ ok: true, score: { score: 5, bestCombo: 6 } });
    if (replay.ok) expect(replay.score.timeLeftMs).toBe(1000);
  });

  it("refuses a move after the clock ran out, out of order, or in another puzzle", () => {
    const late = replayStorm(puzzles, [{ puzzleId: 1, uci: "d2d8", atMs: STORM_CLOCK_MS }]);
    expect(late).toEqual({ ok: false, error: "a move after the clock ran out", moveIndex: 0 });
    const afterMalus = replayStorm(puzzles, [
      { puzzleId: 1, uci: "a2a3", atMs: 1000 },
      { puzzleId: 3, uci: "d8d1", atMs: STORM_CLOCK_MS - 5000 },
    ]);
    expect(afterMalus).toMatchObject({ ok: false, moveIndex: 1 });
    const backwards = replayStorm(puzzles, [
      { puzzleId: 1, uci: "d2d8", atMs: 5000 },
      { puzzleId: 1, uci: "d1d8", atMs: 4000 },
    ]);
    expect(backwards).toMatchObject({ ok: false, error: "move times must not go backwards" });
    const skipped = replayStorm(puzzles, [{ puzzleId: 3, uci: "d8d1", atMs: 1000 }]);
    expect(skipped).toMatchObject({ ok: false, moveIndex: 0 });
  });

  it("scores an empty run as nothing solved with the whole clock", () => {
    expect(replayStorm(puzzles, [])).toMatchObject({
      ok: true,
      score: { score: 0, moves: 0, timeLeftMs: STORM_CLOCK_MS },
    });
  });
});
