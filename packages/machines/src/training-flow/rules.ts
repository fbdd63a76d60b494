import { completeFen } from "@ct/chess";
import type { Position } from "@ct/contract";
import type { ChessRules } from "./chess-rules";

/** A move as it was played on the board. */
export interface PlayedOnBoard {
  /** The position after the move. */
  fen: string;
  san: string;
  uci: string;
  from: string;
  to: string;
}

/** Plays a move given in coordinate or standard notation; null when it is not legal here. */
export function playMove(rules: ChessRules, fen: string, move: string): PlayedOnBoard | null {
  const result = rules.applyMove(fen, move);
  return result.ok
    ? { fen: result.fen, san: result.san, uci: result.uci, from: result.from, to: result.to }
    : null;
}

/** The position's starting FEN, completed to six fields. */
export function startFen(position: Position): string {
  return completeFen(position.fen);
}

/**
 * The solution line of a multi-move puzzle (coordinate form, opponent replies included), or an empty list for a
 * single-move puzzle (no line, or a line of one move), which follows the spec's rule alone.
 */
export function solutionLine(position: Position): readonly string[] {
  return position.solution.length > 1 ? position.solution : [];
}

/** The move the trainer expects at this ply: Show Answer plays it and the explicit hint shows it. */
export function expectedMove(position: Position, ply: number): string | null {
  const line = solutionLine(position);
  if (line.length > 0) return line[ply] ?? null;
  return ply === 0 ? (position.correct_moves[0] ?? null) : null;
}

/** Plies the player has to reach for the puzzle to be solved (the opponent's last reply included, if any). */
export function plyCount(position: Position): number {
  return Math.max(solutionLine(position).length, 1);
}

/** True when the opponent's reply of the solution line is due (the player has just made a move of the line). */
export function isOpponentsTurn(position: Position, ply: number): boolean {
  return ply % 2 === 1 && ply < solutionLine(position).length;
}

export type MoveVerdict =
  | { kind: "invalid" }
  | { kind: "mistake"; played: PlayedOnBoard }
  | { kind: "correct"; played: PlayedOnBoard; solved: boolean };

/**
 * The answer check (spec section 4, extended to solution lines).
 *
 * - Single-move puzzle: correct when the move's standard notation matches any listed correct move (listed in
 *   coordinate or standard notation), which solves it.
 * - Multi-move puzzle, first move: the first move of the line continues the puzzle; any other listed correct move
 *   is still correct (the spec's rule) and solves it, since the line cannot go on from there.
 * - Multi-move puzzle, later moves: the line's move.
 * - At any ply, a move that mates is correct and solves the puzzle, listed or not (issue 18: Rg8# and Qg8# both
 *   solve a mate in one; nothing beats mate).
 * - Any other legal move is a mistake; an illegal one is invalid.
 */
export function judgeMove(
  rules: ChessRules,
  position: Position,
  fen: string,
  ply: number,
  move: string,
): MoveVerdict {
  const { isCorrectMove } = rules;
  const played = playMove(rules, fen, move);
  if (!played) return { kind: "invalid" };
  const line = solutionLine(position);
  if (played.san.endsWith("#")) return { kind: "correct", played, solved: true };
  if (line.length === 0) {
    return isCorrectMove(fen, move, position.correct_moves)
      ? { kind: "correct", played, solved: true }
      : { kind: "mistake", played };
  }
  const lineMove = line[ply];
  if (lineMove !== undefined && isCorrectMove(fen, move, [lineMove])) {
    return { kind: "correct", played, solved: ply + 1 >= line.length };
  }
  if (ply === 0 && isCorrectMove(fen, move, position.correct_moves))
    return { kind: "correct", played, solved: true };
  return { kind: "mistake", played };
}

/**
 * The player's moves the puzzle's line still needs to mate from `ply` (the move due now included), or null when
 * the line (or the single expected move) does not end in mate.
 */
export function lineMate(rules: ChessRules, position: Position, fen: string, ply: number): number | null {
  const line = solutionLine(position);
  const expected = expectedMove(position, ply);
  const rest = line.length > 0 ? line.slice(ply) : expected ? [expected] : [];
  let board = fen;
  let last: PlayedOnBoard | null = null;
  for (const move of rest) {
    last = playMove(rules, board, move);
    if (!last) return null;
    board = last.fen;
  }
  return last?.san.endsWith("#") ? Math.ceil(rest.length / 2) : null;
}

/** Side to move in a FEN: the board is shown from the side to move (spec section 4). */
export function sideToMove(fen: string): "white" | "black" {
  return completeFen(fen).split(" ")[1] === "b" ? "black" : "white";
}
