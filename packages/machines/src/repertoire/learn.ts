import type { TreeLine, TreeMove } from "./tree";

/**
 * Learn (issue 40): one line walked move by move. Each step shows a move with its comment; the player's own moves
 * wait for the player to play them on the board (or to ask for the next step), the opponent's are played for them.
 * Pure: the state is the line and how many of its moves have been played.
 */

export interface LearnState {
  line: TreeLine;
  /** Moves of the line already played on the board. */
  played: number;
}

export type LearnStep =
  | { kind: "move"; move: TreeMove; number: number; total: number }
  | { kind: "done"; total: number };

export function startLearn(line: TreeLine): LearnState {
  return { line, played: 0 };
}

/** What the walk shows now: the next move of the line (with its comment), or the end. */
export function learnStep(state: LearnState): LearnStep {
  const total = state.line.moves.length;
  const move = state.line.moves[state.played];
  return move ? { kind: "move", move, number: state.played + 1, total } : { kind: "done", total };
}

/** The comments of the moves played so far, the latest last (what the trainer lists beside the board). */
export function learnedComments(state: LearnState): TreeMove[] {
  return state.line.moves.slice(0, state.played).filter((move) => move.comment);
}

/**
 * Plays the next move: `uci` when the player played it on the board (a different move leaves the state as it is and
 * reports it), or the line's move itself when the player asked for the next step.
 */
export function learnPlay(state: LearnState, uci?: string): { state: LearnState; right: boolean } {
  const move = state.line.moves[state.played];
  if (!move) return { state, right: false };
  if (uci !== undefined && uci !== move.uci) return { state, right: false };
  return { state: { ...state, played: state.played + 1 }, right: true };
}
