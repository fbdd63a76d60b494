import { Chess, type Move } from "chess.js";
import { completeFen } from "./fen";
import { PIECE_VALUES } from "./material";
import { isCorrectMove } from "./moves";

export type EvaluationKind =
  | "excellent"
  | "best"
  | "good"
  | "interesting"
  | "inaccuracy"
  | "mistake"
  | "blunder";

export interface HeuristicEvaluation {
  kind: EvaluationKind;
  /** The spec's heuristic move scores (section 9). */
  score: number;
  /** Why, as a key the site translates: "checkmate", "winsMaterial", "losesMaterial", … */
  reason: string;
  /** Material the move wins (positive) or loses after the opponent's best capture in reply. */
  materialNet: number;
}

const value = (piece: string | undefined) => (piece ? PIECE_VALUES[piece as keyof typeof PIECE_VALUES] : 0);

/** The most material the side to move can take with one capture (0 when there is none). */
function bestCapture(board: Chess): number {
  let best = 0;
  for (const reply of board.moves({ verbose: true })) {
    if (reply.captured)
      best = Math.max(best, value(reply.captured) + (reply.promotion ? value(reply.promotion) - 1 : 0));
  }
  return best;
}

/**
 * The spec's heuristic evaluation of a move without an engine: checkmate 10 (excellent), a listed correct move 1
 * (best), then by the material the move wins net of the opponent's best immediate capture: ≥3 excellent 2, ≥1 good 1,
 * level with check or capture interesting 0.5, level castling interesting 0.2, level quiet good 0.3, a level king
 * walk that gives up castling inaccuracy -0.1, -1 mistake -1, -2 mistake -1.5, worse blunder -3.
 * Returns null for an illegal move or position.
 */
export function evaluateMove(
  fen: string,
  move: string,
  correctMoves: readonly string[] = [],
): HeuristicEvaluation | null {
  let board: Chess;
  let played: Move;
  try {
    board = new Chess(completeFen(fen));
    played = board.move(
      move.length >= 4 && /^[a-h][1-8][a-h][1-8]/.test(move)
        ? { from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] ?? "q" }
        : move,
    );
  } catch {
    return null;
  }
  if (board.isCheckmate()) return { kind: "excellent", score: 10, reason: "checkmate", materialNet: 0 };
  const gained = value(played.captured) + (played.promotion ? value(played.promotion) - 1 : 0);
  const lost = bestCapture(board);
  const net = gained - lost;
  if (isCorrectMove(fen, move, correctMoves))
    return { kind: "best", score: 1, reason: "correct", materialNet: net };
  if (net >= 3) return { kind: "excellent", score: 2, reason: "winsMaterial", materialNet: net };
  if (net >= 1) return { kind: "good", score: 1, reason: "winsMaterial", materialNet: net };
  if (net === 0) {
    if (played.san.includes("+") || played.captured)
      return { kind: "interesting", score: 0.5, reason: "forcing", materialNet: 0 };
    if (played.san.startsWith("O-O"))
      return { kind: "interesting", score: 0.2, reason: "castles", materialNet: 0 };
    const castlingBefore = (completeFen(fen).split(" ")[2] ?? "-") !== "-";
    if (played.piece === "k" && castlingBefore)
      return { kind: "inaccuracy", score: -0.1, reason: "losesCastling", materialNet: 0 };
    return { kind: "good", score: 0.3, reason: "solid", materialNet: 0 };
  }
  if (net === -1) return { kind: "mistake", score: -1, reason: "losesMaterial", materialNet: net };
  if (net === -2) return { kind: "mistake", score: -1.5, reason: "losesMaterial", materialNet: net };
  return { kind: "blunder", score: -3, reason: "losesMaterial", materialNet: net };
}
