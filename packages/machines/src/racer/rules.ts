import { applyMove } from "@ct/chess";
import type { RacerProgress, RacerPuzzleView } from "@ct/contract";
import { comboBonusMs, isStormMoveCorrect } from "../storm/rules";

/**
 * Puzzle Racer's rules, the same in the browser and on the server (which is the judge): pure functions, no XState.
 *
 * - A player moves on the puzzle and ply they are at. The move of the line (or any mate) is correct: the combo
 *   grows and the opponent's reply of the line follows; the last move of the line solves the puzzle. Any other move
 *   is an error: the combo drops to 0 and the player goes on to the next puzzle (as lichess racer does).
 * - Score = puzzles solved + combo bonus points: reaching 5, 12, 20 and 30 correct moves in a row, and every 10
 *   beyond, adds 3, 5, 7 and 10 points (Storm's combo levels, which lichess racer counts in points, not seconds).
 * The judgement of a move and the combo levels are Storm's (../storm).
 */

/** The bonus points reaching a combo of `combo` correct moves earns: Storm's bonus seconds, counted as points. */
export function comboBonus(combo: number): number {
  return comboBonusMs(combo) / 1000;
}

export const START_PROGRESS: RacerProgress = {
  puzzle: 0,
  ply: 0,
  solved: 0,
  bonus: 0,
  combo: 0,
  best_combo: 0,
  moves: 0,
  errors: 0,
};

export const scoreOf = (progress: RacerProgress): number => progress.solved + progress.bonus;

/** Whether the player has gone through every puzzle of the race. */
export const isDone = (progress: RacerProgress, puzzles: readonly RacerPuzzleView[]): boolean =>
  progress.puzzle >= puzzles.length;

export type RacerVerdict =
  | { kind: "stale" }
  | { kind: "done" }
  | {
      kind: "correct" | "wrong";
      progress: RacerProgress;
      /** The opponent's reply the line plays next, or null (solved, or a wrong move). */
      reply: string | null;
      solved: boolean;
    };

/**
 * Judges a move `uci` meant for puzzle `puzzle` at ply `ply`. A move for another puzzle or ply than the player's
 * (sent twice, or from a second tab) is stale and changes nothing.
 */
export function judgeRacerMove(
  puzzles: readonly RacerPuzzleView[],
  progress: RacerProgress,
  move: { puzzle: number; ply: number; uci: string },
): RacerVerdict {
  if (isDone(progress, puzzles)) return { kind: "done" };
  if (move.puzzle !== progress.puzzle || move.ply !== progress.ply) return { kind: "stale" };
  const puzzle = puzzles[progress.puzzle] as RacerPuzzleView;
  const correct = isStormMoveCorrect(
    { id: puzzle.id, fen: puzzle.fen, solution: puzzle.line },
    progress.ply,
    move.uci,
  );
  const moves = progress.moves + 1;
  if (!correct) {
    return {
      kind: "wrong",
      reply: null,
      solved: false,
      progress: {
        ...progress,
        puzzle: progress.puzzle + 1,
        ply: 0,
        combo: 0,
        moves,
        errors: progress.errors + 1,
      },
    };
  }
  const combo = progress.combo + 1;
  const common = {
    combo,
    best_combo: Math.max(progress.best_combo, combo),
    bonus: progress.bonus + comboBonus(combo),
    moves,
  };
  const reply = puzzle.line[progress.ply + 1];
  const fen = positionAt(puzzle, progress.ply);
  const played = fen === null ? null : applyMove(fen, move.uci);
  const mate = played?.ok === true && played.san.endsWith("#");
  if (reply === undefined || mate) {
    return {
      kind: "correct",
      reply: null,
      solved: true,
      progress: { ...progress, ...common, puzzle: progress.puzzle + 1, ply: 0, solved: progress.solved + 1 },
    };
  }
  return {
    kind: "correct",
    reply,
    solved: false,
    progress: { ...progress, ...common, ply: progress.ply + 2 },
  };
}

/** The position of a puzzle after `ply` moves of its line; null if the line cannot be played (a broken puzzle). */
export function positionAt(puzzle: RacerPuzzleView, ply: number): string | null {
  let fen = puzzle.fen;
  for (const move of puzzle.line.slice(0, ply)) {
    const result = applyMove(fen, move);
    if (!result.ok) return null;
    fen = result.fen;
  }
  return fen;
}

/** The side that moves in a puzzle (the board is shown from it). */
export const puzzleColor = (puzzle: RacerPuzzleView): "white" | "black" =>
  puzzle.fen.split(" ")[1] === "b" ? "black" : "white";
