import { applyMove, completeFen, isCorrectMove, type MoveResult, PIECE_VALUES } from "@ct/chess";
import { Chess, type Color, type PieceSymbol } from "chess.js";

/** An arrow for the board: the hint's move, or the idea behind it. The UI's own arrow type takes this shape. */
export interface BoardArrowLike {
  from: string;
  to: string;
  kind: "hint" | "idea";
}

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
 * the moved piece first on a tie. Null when nothing qualifies (or a position cannot be read).
 */
function ideaArrow(fenBefore: string, fenAfter: string, movedTo: string): BoardArrowLike | null {
  const before = boardOf(fenBefore);
  const after = boardOf(fenAfter);
  if (!before || !after) return null;
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
 * What the training flow judges and draws with. Its types live here, beside the rules: the flow's other modules
 * (rules.ts, board-hints.ts) import them, and this module imports none of theirs.
 */
export interface ChessRules {
  /** Plays a move (coordinate form or standard notation) on a position. */
  applyMove(fen: string, move: string): MoveResult;
  /** The spec's answer check: the move's standard notation matches one of `correctMoves`. */
  isCorrectMove(fen: string, move: string, correctMoves: readonly string[]): boolean;
  /** The idea behind a move, as an arrow (see `ideaArrow`). */
  ideaArrow(fenBefore: string, fenAfter: string, movedTo: string): BoardArrowLike | null;
}

/**
 * The chess rules the training flow judges and draws with, on chess.js. Kept in a module of its own that the flow
 * imports when it starts (see `loadRules` in training-flow.machine.ts), so a screen's first paint does not wait for
 * chess.js: the board is drawn from the FEN alone, and a move made before the rules arrive waits for them.
 */
export const chessRules: ChessRules = { applyMove, isCorrectMove, ideaArrow };
