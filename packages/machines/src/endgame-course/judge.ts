import type { EndgameGoal, EndgameSide } from "@ct/chess/endgame-course";
import { Chess } from "chess.js";

/**
 * Judging an endgame exercise from the engine's evaluations. The engine searches the position before each of the
 * player's moves (its score and best move) and the position after it (the opponent to move); each score falls in a
 * class — win, draw or loss for the player — and the exercise fails on the first move whose class is worse than
 * the one before it and worse than the goal asks for: a win slipping to a draw, a draw slipping to a loss. The failure
 * names that move and the engine's better move there.
 */

/** A result class from the player's point of view. */
export type ResultClass = "win" | "draw" | "loss";

/**
 * From this many centipawns a side counts as winning. Measured with Stockfish 19 lite at 30,000 nodes over the whole
 * course (docs/endgame-course.md): the theory draws (Philidor, Vančura, the short side, the wrong rook pawn, queen
 * against a bishop or rook pawn) never scored past ±90, the wins never under +260 (the two bishops, the lowest;
 * Lucena +360 to +470, a queen up +300 to +600); bishop and knight far from its corner sat at +160 to +250, so the
 * line sits low, with room on both sides.
 */
export const WIN_CP = 150;

/** An engine score as UCI reports it: from the side to move, `mate` in moves (0: the side to move is mated). */
export interface EngineScore {
  cp?: number;
  mate?: number;
}

const RANK: Record<ResultClass, number> = { loss: 0, draw: 1, win: 2 };

/** The class of a score for the player, given whether the player is the side to move in the searched position. */
export function classOf(score: EngineScore, playerToMove: boolean): ResultClass {
  let forMover: ResultClass;
  if (score.mate !== undefined) forMover = score.mate > 0 ? "win" : "loss";
  else if ((score.cp ?? 0) >= WIN_CP) forMover = "win";
  else if ((score.cp ?? 0) <= -WIN_CP) forMover = "loss";
  else forMover = "draw";
  if (playerToMove || forMover === "draw") return forMover;
  return forMover === "win" ? "loss" : "win";
}

/** The class each goal asks the player to keep. */
export function goalClass(goal: EndgameGoal): ResultClass {
  return goal.kind === "draw" ? "draw" : "win";
}

/** One move of the player, with the engine's view before and after it. */
export interface JudgedMove {
  /** The position before the move (the player to move). */
  fenBefore: string;
  /** The move in UCI (e2e4, e7e8q). */
  uci: string;
  /** The engine's score before the move (the player to move) and its best move there. */
  before: EngineScore;
  bestMove: string;
  /** The engine's score after the move (the opponent to move); absent when the move ended the game. */
  after?: EngineScore;
}

export type PassReason = "mate" | "promotion" | "bare-king" | "held" | "drawn-end";

export type Verdict =
  | { status: "playing" }
  | { status: "passed"; reason: PassReason }
  | {
      status: "failed";
      reason: "slipped";
      /** Index in the player's moves of the move where the result changed. */
      moveIndex: number;
      move: JudgedMove;
      /** That move in SAN. */
      played: string;
      /** The engine's better move in that position, in SAN and UCI. */
      better: { san: string; uci: string } | null;
      from: ResultClass;
      to: ResultClass;
    }
  | { status: "failed"; reason: "move-limit" | "mated" | "drawn" };

export interface JudgeInput {
  goal: EndgameGoal;
  player: EndgameSide;
  /** The player's moves so far with their evaluations, oldest first. */
  moves: readonly JudgedMove[];
  /** The position now (after the player's last move, or after the opponent's reply to it). */
  fen: string;
  /** The position now has come for the third time (a FEN has no history: the caller's game knows). */
  repeated?: boolean;
}

function sanOf(fen: string, uci: string): string | null {
  try {
    return new Chess(fen).move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }).san;
  } catch {
    return null;
  }
}

/** The first move that made the result worse than it was and worse than the goal asks; null if none did. */
export function firstSlip(goal: EndgameGoal, moves: readonly JudgedMove[]): Verdict | null {
  const needed = RANK[goalClass(goal)];
  for (const [index, move] of moves.entries()) {
    if (!move.after) continue;
    const from = classOf(move.before, true);
    const to = classOf(move.after, false);
    if (RANK[to] < RANK[from] && RANK[to] < needed) {
      const san = move.bestMove && move.bestMove !== move.uci ? sanOf(move.fenBefore, move.bestMove) : null;
      const better = san ? { san, uci: move.bestMove } : null;
      const played = sanOf(move.fenBefore, move.uci) ?? move.uci;
      return { status: "failed", reason: "slipped", moveIndex: index, move, played, better, from, to };
    }
  }
  return null;
}

/** The player can still force mate with these pieces: a queen, a rook, a pawn, or two minor pieces with a bishop. */
function hasMatingMaterial(chess: Chess, color: "w" | "b"): boolean {
  const pieces = chess
    .board()
    .flat()
    .filter((square) => square?.color === color)
    .map((square) => square?.type);
  if (pieces.some((type) => type === "q" || type === "r" || type === "p")) return true;
  const minors = pieces.filter((type) => type === "b" || type === "n");
  return minors.length >= 2 && minors.includes("b");
}

function bareKing(chess: Chess, color: "w" | "b"): boolean {
  return chess
    .board()
    .flat()
    .every((square) => !square || square.color !== color || square.type === "k");
}

/** Where the exercise stands: failed at a slip, passed when the goal is met, failed at the move limit, or on. */
export function judge({ goal, player, moves, fen, repeated = false }: JudgeInput): Verdict {
  const slip = firstSlip(goal, moves);
  if (slip) return slip;
  const chess = new Chess(fen);
  const me = player === "white" ? "w" : "b";
  const them = me === "w" ? "b" : "w";
  if (chess.isCheckmate())
    return chess.turn() === me ? { status: "failed", reason: "mated" } : passed("mate");
  const last = moves.at(-1);
  if (repeated || chess.isDraw() || chess.isStalemate()) {
    if (goal.kind === "draw") return passed("drawn-end");
    // A move that ended the game drawn (a stalemate) was not searched after: it is the slip, scored as a draw.
    if (last && !last.after) {
      const slip = firstSlip(goal, [...moves.slice(0, -1), { ...last, after: { cp: 0 } }]);
      if (slip) return slip;
    }
    return { status: "failed", reason: "drawn" };
  }
  if (goal.kind === "promote" && last && last.uci.length === 5) {
    if (!last.after || classOf(last.after, false) === "win") return passed("promotion");
  }
  if (goal.kind === "win" && bareKing(chess, them) && hasMatingMaterial(chess, me))
    return passed("bare-king");
  if (goal.kind === "draw") {
    if (bareKing(chess, them)) return passed("drawn-end");
    if (moves.length >= goal.moves) return passed("held");
    return { status: "playing" };
  }
  if (moves.length >= goal.moves) return { status: "failed", reason: "move-limit" };
  return { status: "playing" };
}

function passed(reason: PassReason): Verdict {
  return { status: "passed", reason };
}
