import type { Position } from "@ct/contract";
import type { HintLevel } from "../hint-levels/types";
import type { BoardArrowLike, ChessRules } from "./chess-rules";
import { expectedMove, isOpponentsTurn, playMove } from "./rules";

/** What the board draws for a hint level: the piece to move, its target, and arrows. */
export interface BoardHints {
  from: string | null;
  to: string | null;
  arrows: BoardArrowLike[];
}

const NO_HINTS: BoardHints = { from: null, to: null, arrows: [] };

/**
 * The board's drawing of a hint level at a ply of the puzzle (`fen` is the position on the board): "subtle" rings
 * the piece to move, "moderate" adds its target square and the idea arrow, "explicit" adds the move as an arrow.
 * Nothing at level "none", on the opponent's turn, or when the expected move does not fit the position.
 */
export function boardHintsFor(
  rules: ChessRules,
  position: Position,
  fen: string,
  ply: number,
  level: HintLevel,
): BoardHints {
  if (level === "none" || isOpponentsTurn(position, ply)) return NO_HINTS;
  const move = expectedMove(position, ply);
  const played = move ? playMove(rules, fen, move) : null;
  if (!played) return NO_HINTS;
  if (level === "subtle") return { from: played.from, to: null, arrows: [] };

  const idea = rules.ideaArrow(fen, played.fen, played.to);
  // The move's own arrow comes last, so the board draws it over the idea where the two cross.
  const arrows: BoardArrowLike[] = idea ? [idea] : [];
  if (level === "explicit") arrows.push({ from: played.from, to: played.to, kind: "hint" });
  return { from: played.from, to: played.to, arrows };
}
