import { completeFen, PIECE_VALUES } from "@ct/chess";
import type { Position } from "@ct/contract";
import { Chess, type Color, type PieceSymbol } from "chess.js";
import type { HintLevel } from "../hint-levels/types";
import { expectedMove, isOpponentsTurn, playMove } from "./rules";

/** An arrow for the board: the hint's move, or the idea behind it. The UI's own arrow type takes this shape. */
export interface BoardArrowLike {
  from: string;
  to: string;
  kind: "hint" | "idea";
}

/** What the board draws for a hint level: the piece to move, its target, and arrows. */
export interface BoardHints {
  from: string | null;
  to: string | null;
  arrows: BoardArrowLike[];
}

const NO_HINTS: BoardHints = { from: null, to: null, arrows: [] };

/** Worth of a target: the king above everything (a check is the idea), then the spec's piece values. */
const worth = (piece: PieceSymbol): number => (piece === "k" ? 100 : PIECE_VALUES[piece]);

function boardOf(fen: string): Chess | null {
  try {
    return new Chess(completeFen(fen));
  } catch {
    return null;
  }
}

/**
 * The idea behind a move, as an arrow: after it, a piece of the mover attacks the enemy king (check), or an enemy
 * piece that is undefended or worth more than its attacker. The attacker is the moved piece, or one the move
 * uncovered (a discovered attack: a piece that did not attack that square before); the most valuable target wins,
 * the moved piece first on a tie. Null when nothing qualifies.
 */
function ideaArrow(before: Chess, after: Chess, movedTo: string): BoardArrowLike | null {
  const mover: Color = before.turn();
  const enemy: Color = mover === "w" ? "b" : "w";
  const candidates: { attacker: string; target: string; score: number }[] = [];
  for (const cell of after.board().flat()) {
    if (!cell || cell.color !== enemy) continue;
    const target = cell.square;
    const defended = cell.type !== "k" && after.attackers(target, enemy).length > 0;
    for (const attacker of after.attackers(target, mover)) {
      // A piece other than the moved one that already attacked the target is no idea of this move.
      const moved = attacker === movedTo;
      if (!moved && before.attackers(target, mover).includes(attacker)) continue;
      const piece = after.get(attacker);
      if (!piece) continue;
      if (defended && worth(cell.type) <= worth(piece.type)) continue;
      // The moved piece wins a tie: its own threat is the clearer idea.
      candidates.push({ attacker, target, score: worth(cell.type) * 2 + Number(moved) });
    }
  }
  const best = candidates.reduce<(typeof candidates)[number] | null>(
    (top, candidate) => (!top || candidate.score > top.score ? candidate : top),
    null,
  );
  return best ? { from: best.attacker, to: best.target, kind: "idea" } : null;
}

/**
 * The board's drawing of a hint level at a ply of the puzzle (`fen` is the position on the board): "subtle" rings
 * the piece to move, "moderate" adds its target square and the idea arrow, "explicit" adds the move as an arrow.
 * Nothing at level "none", on the opponent's turn, or when the expected move does not fit the position.
 */
export function boardHintsFor(position: Position, fen: string, ply: number, level: HintLevel): BoardHints {
  if (level === "none" || isOpponentsTurn(position, ply)) return NO_HINTS;
  const move = expectedMove(position, ply);
  const played = move ? playMove(fen, move) : null;
  if (!played) return NO_HINTS;
  if (level === "subtle") return { from: played.from, to: null, arrows: [] };

  const before = boardOf(fen);
  const after = boardOf(played.fen);
  const idea = before && after ? ideaArrow(before, after, played.to) : null;
  // The move's own arrow comes last, so the board draws it over the idea where the two cross.
  const arrows: BoardArrowLike[] = idea ? [idea] : [];
  if (level === "explicit") arrows.push({ from: played.from, to: played.to, kind: "hint" });
  return { from: played.from, to: played.to, arrows };
}
