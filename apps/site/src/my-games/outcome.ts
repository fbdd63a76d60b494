import { THRESHOLDS } from "@ct/chess";
import type { Run, RunGame } from "./store";

/**
 * The rule that makes one of the player's moves a mistake (the shared generator's `isTurningPoint`), in the
 * player's winning chances as a percentage (0 lost, 50 level, 100 won; the engine's score through lichess's curve):
 * the move took them from at least `fromPercent` down to at most `toPercent`, or allowed a forced mate.
 */
export const MISTAKE_RULE = {
  fromPercent: Math.round(50 * (1 - THRESHOLDS.candidateBefore)),
  toPercent: Math.round(50 * (1 - THRESHOLDS.candidateAfter)),
} as const;

/**
 * Why a finished run made no puzzle: no move of the player's met the mistake rule (`no-mistake`), or some did but
 * none of those positions had a single best answer (`no-single-answer`), or no game could be analysed at all
 * (`not-analysed`). Null while the run goes on, or when it made puzzles.
 */
export type NoPuzzleReason = "no-mistake" | "no-single-answer" | "not-analysed";

export interface RunOutcome {
  /** The games the player chose a side in, in their order, with how each went. */
  games: RunGame[];
  /** Games whose analysis finished. */
  analysed: number;
  mistakes: number;
  puzzles: number;
  reason: NoPuzzleReason | null;
}

export function runOutcome(run: Run): RunOutcome {
  const games = run.games.filter((game) => game.side);
  const finished = games.filter((game) => game.status === "done");
  const mistakes = finished.reduce((sum, game) => sum + (game.mistakes ?? 0), 0);
  const puzzles = finished.reduce((sum, game) => sum + (game.puzzles ?? 0), 0);
  let reason: NoPuzzleReason | null = null;
  if ((run.state === "done" || run.state === "cancelled") && puzzles === 0) {
    if (finished.length > 0) reason = mistakes > 0 ? "no-single-answer" : "no-mistake";
    else if (run.state === "done") reason = "not-analysed";
  }
  return { games, analysed: finished.length, mistakes, puzzles, reason };
}
