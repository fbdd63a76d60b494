import { attacks } from "chessops/attacks";
import { type Board, boardEquals } from "chessops/board";
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { SquareSet } from "chessops/squareSet";
import type { Color, NormalMove, Piece, Role, Square } from "chessops/types";
import { opposite, parseUci } from "chessops/util";

/** Material values used to judge trades; the king is priceless, so any attack on it outweighs the attacker. */
export const VALUE: Record<Role, number> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 100 };

/** One half-move of the solution, with the positions around it so each theme rule reads what it needs. */
export interface Ply {
  /** Index in the solution: even for the solver, odd for the opponent. */
  index: number;
  bySolver: boolean;
  move: NormalMove;
  before: Chess;
  after: Chess;
  /** The piece that moved, as it stood before the move (a promoting pawn is still a pawn here). */
  piece: Piece;
  /** The piece taken, if any (for en passant the pawn beside the destination). */
  captured?: Piece;
  enPassant: boolean;
  castles: boolean;
  /** The square the moved piece stands on afterwards (the king's square when castling). */
  landing: Square;
  check: boolean;
}

/** The replayed solution: who solves, every ply, and the start and final positions. */
export interface Line {
  solver: Color;
  opponent: Color;
  start: Chess;
  end: Chess;
  plies: Ply[];
  /** Plies played by the solver, in order. */
  solverPlies: Ply[];
  /** True when the last solver move gives checkmate. */
  mates: boolean;
  /** The opponent's move that led to the start position, when the caller knows it. */
  previous?: Ply;
}

/** The position before the opponent's last move and that move, in UCI. */
export interface PreviousMove {
  fen: string;
  move: string;
}

/** Parses the FEN and plays every move, refusing an illegal one: a tag for an unplayable line would be a lie. */
export function replayLine(fen: string, solution: readonly string[], previous?: PreviousMove): Line {
  const start = positionOf(fen);
  const plies: Ply[] = [];
  let position = start;
  for (const [index, uci] of solution.entries()) {
    plies.push(playPly(position, legalMove(position, uci, fen), index));
    position = (plies.at(-1) as Ply).after;
  }
  const solverPlies = plies.filter((ply) => ply.bySolver);
  const last = plies.at(-1);
  return {
    solver: start.turn,
    opponent: opposite(start.turn),
    start,
    end: position,
    plies,
    solverPlies,
    mates: last?.bySolver === true && position.isCheckmate(),
    ...(previous ? { previous: previousPly(previous, start) } : {}),
  };
}

function positionOf(fen: string): Chess {
  return Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
}

function legalMove(position: Chess, uci: string, fen: string): NormalMove {
  const move = parseUci(uci);
  if (!move || !("from" in move) || !position.isLegal(move)) {
    throw new Error(`tagThemes: ${uci} is not legal in the line from ${fen}`);
  }
  return move;
}

/**
 * The opponent's last move as a ply (index -1), so rules can tell a recapture from a gift. It must lead to the
 * puzzle's position, or the rules would reason about another game.
 */
function previousPly(previous: PreviousMove, start: Chess): Ply {
  const position = positionOf(previous.fen);
  const ply = playPly(position, legalMove(position, previous.move, previous.fen), -1);
  if (!boardEquals(ply.after.board, start.board) || ply.after.turn !== start.turn) {
    throw new Error(`tagThemes: ${previous.move} from ${previous.fen} does not lead to the puzzle position`);
  }
  return ply;
}

function playPly(before: Chess, move: NormalMove, index: number): Ply {
  const piece = before.board.get(move.from) as Piece;
  const enPassant = piece.role === "pawn" && move.to === before.epSquare && !before.board.has(move.to);
  const castles =
    piece.role === "king" && (Math.abs(move.to - move.from) === 2 || before.board[piece.color].has(move.to));
  let captured: Piece | undefined;
  if (enPassant) captured = { role: "pawn", color: opposite(piece.color) };
  else if (!castles) captured = before.board.get(move.to);
  const after = before.clone();
  after.play(move);
  const landing = castles ? (after.board.kingOf(piece.color) as Square) : move.to;
  return {
    index,
    bySolver: index >= 0 && index % 2 === 0,
    move,
    before,
    after,
    piece,
    ...(captured ? { captured } : {}),
    enPassant,
    castles,
    landing,
    check: after.isCheck(),
  };
}

/** Squares holding pieces of `color` that attack `square` (any square, not only a king's). */
export function attackersOf(position: Chess, square: Square, color: Color): SquareSet {
  return position.kingAttackers(square, color, position.board.occupied);
}

/** Squares the piece on `square` attacks on this board. */
export function attacksFrom(board: Board, square: Square): SquareSet {
  const piece = board.get(square);
  return piece ? attacks(piece, square, board.occupied) : SquareSet.empty();
}

/** Material of `color` minus the other side's, kings excluded. */
export function materialBalance(board: Board, color: Color): number {
  let balance = 0;
  for (const [, piece] of board) {
    if (piece.role === "king") continue;
    balance += piece.color === color ? VALUE[piece.role] : -VALUE[piece.role];
  }
  return balance;
}
