import { Chess } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { parseUci } from "chessops/util";
import { legalMoves } from "../legal-moves";
import type { Analyser, SearchLimits } from "./engine";
import { winChanceOf } from "./win-chance";

/**
 * How much worse the opponent's win chance must be when they have to move than when they could pass for the
 * position to count as zugzwang: lichess's rule (0.3 on the [-1, 1] scale).
 */
export const ZUGZWANG_MARGIN = 0.3;

/** With more legal moves than this a side is rarely short of a harmless one; lichess does not look there. */
export const ZUGZWANG_MAX_MOVES = 15;

/**
 * The same position with the other side to move (a "pass"), or null when the side to move is in check, where
 * passing would leave the king in check. The en passant square goes: it belonged to the move just played.
 */
export function passedFen(fen: string): string | null {
  const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  if (position.isCheck()) return null;
  const setup = position.toSetup();
  const passed = Chess.fromSetup({
    ...setup,
    turn: setup.turn === "white" ? "black" : "white",
    epSquare: undefined,
  });
  return passed.isOk ? makeFen(passed.value.toSetup()) : null;
}

/**
 * The positions where the opponent must answer a solver move of the line (full FENs), as lichess checks them for
 * zugzwang: after every solver move, the final one included, unless the opponent is in check or has more than
 * ZUGZWANG_MAX_MOVES legal moves.
 */
export function zugzwangCandidates(fen: string, solution: readonly string[]): string[] {
  const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const candidates: string[] = [];
  solution.forEach((uci, index) => {
    const move = parseUci(uci);
    if (!move || !position.isLegal(move)) throw new Error(`illegal move ${uci} in ${fen}`);
    position.play(move);
    if (index % 2 !== 0 || position.isCheck()) return;
    const moves = legalMoves(position).length;
    if (moves > 0 && moves <= ZUGZWANG_MAX_MOVES) candidates.push(makeFen(position.toSetup()));
  });
  return candidates;
}

/**
 * True when a solver move of the line leaves the opponent in zugzwang, by lichess's definition: at some position
 * where the opponent must answer a solver move (see zugzwangCandidates), their win chance with the move is lower by
 * more than ZUGZWANG_MARGIN than it would be if they could pass. Two searches per candidate position, at `budget`.
 */
export async function isZugzwang(
  fen: string,
  solution: readonly string[],
  engine: Analyser,
  budget: SearchLimits,
): Promise<boolean> {
  for (const candidate of zugzwangCandidates(fen, solution)) {
    const passed = passedFen(candidate);
    if (!passed) continue;
    const [toMove, afterPass] = await Promise.all([
      engine.analyse(candidate, { ...budget, multipv: 1 }),
      engine.analyse(passed, { ...budget, multipv: 1 }),
    ]);
    const moving = toMove.lines[0];
    const passing = afterPass.lines[0];
    if (!moving || !passing) continue;
    // Both from the opponent's view: the pass position is searched with the solver to move.
    const opponentMoving = winChanceOf(moving);
    const opponentPassing = -winChanceOf(passing);
    if (opponentMoving < opponentPassing - ZUGZWANG_MARGIN) return true;
  }
  return false;
}
