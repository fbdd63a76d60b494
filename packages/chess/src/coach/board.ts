import { attacks, between } from "chessops/attacks";
import { Chess, type Context, normalizeMove } from "chessops/chess";
import { parseFen } from "chessops/fen";
import type { SquareSet } from "chessops/squareSet";
import type { Color, NormalMove, Role, Square } from "chessops/types";
import { makeSquare, opposite, parseUci, roleToChar, squareFile, squareRank } from "chessops/util";
import { PIECE_VALUES } from "../material";

/** A piece of the position named by its role and the square it stands on (e.g. the queen on d8). */
export interface Placed {
  role: Role;
  square: string;
}

/** One half-move of the solution or the alternative, with what a coach needs to talk about it. */
export interface PlyFact {
  san: string;
  color: Color;
  role: Role;
  from: string;
  /** Where the moving piece lands (the king's square for castling). */
  to: string;
  captured?: Role;
  promotion?: Role;
  check: boolean;
  mate: boolean;
  /** Full-move number the half-move is played on. */
  moveNumber: number;
}

/** The details found on the board for one theme; `ply` is the half-move (0-based) after which it appears. */
export type Detail =
  | { kind: "fork"; ply: number; attacker: Placed; targets: Placed[] }
  | { kind: "pin"; ply: number; attacker: Placed; front: Placed; behind: Placed }
  | { kind: "skewer"; ply: number; attacker: Placed; front: Placed; behind: Placed }
  | { kind: "discovered"; ply: number; mover: Placed; attacker: Placed; target: Placed }
  | { kind: "doubleCheck"; ply: number; checkers: Placed[] }
  | { kind: "mate"; mater: Placed; king: string }
  | { kind: "hanging"; ply: number; victim: Placed }
  | { kind: "promotion"; ply: number; square: string; role: Role }
  | { kind: "lure"; ply: number; piece: Placed }
  | { kind: "sacrifice"; piece: Placed }
  | { kind: "quiet"; ply: number }
  /** A solver's pawn one step from promoting: on that rank at the start (ply -1), or reaching it at `ply`. */
  | { kind: "advance"; ply: number; square: string };

/** Spec values by chessops role. */
export function pointsOf(role: Role): number {
  return PIECE_VALUES[roleToChar(role)];
}

/** Roles from the least to the most important (the king last), the order captures are tried in. */
const ROLES_BY_VALUE: readonly Role[] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/** Sort order for naming pieces: the king first, then the most valuable (a bishop before a knight). */
export function byValueDesc(a: Role, b: Role): number {
  return ROLES_BY_VALUE.indexOf(b) - ROLES_BY_VALUE.indexOf(a);
}

/** A piece of the position by its square. */
export function placed(pos: Chess, square: Square): Placed {
  return { role: pos.board.getRole(square) ?? "pawn", square: makeSquare(square) };
}

/** Pieces of `color` attacking `square` with the given occupancy (chessops does not mask removed pieces). */
export function attackersOf(pos: Chess, square: Square, color: Color, occupied: SquareSet): SquareSet {
  return pos.kingAttackers(square, color, occupied).intersect(occupied);
}

/** Enemy pieces worth forking: the king, anything worth more than the attacker, or anything undefended. */
export function forkTargets(pos: Chess, at: Square): Placed[] {
  const board = pos.board;
  const piece = board.get(at);
  if (!piece) return [];
  const enemy = opposite(piece.color);
  const targets: Placed[] = [];
  for (const square of attacks(piece, at, board.occupied).intersect(board[enemy])) {
    const role = board.getRole(square);
    if (!role || role === "pawn") continue;
    const worthIt =
      role === "king" ||
      pointsOf(role) > pointsOf(piece.role) ||
      attackersOf(pos, square, enemy, board.occupied).isEmpty();
    if (worthIt) targets.push({ role, square: makeSquare(square) });
  }
  return targets.sort((a, b) => byValueDesc(a.role, b.role));
}

/**
 * Pins and skewers by `color`'s line pieces: an enemy piece in front with another enemy piece right behind it on
 * the same line (a pin when the one behind is worth more or is the king, a skewer the other way round).
 */
export function findLineAttacks(pos: Chess, color: Color, ply: number): Detail[] {
  const board = pos.board;
  const occupied = board.occupied;
  const enemy = opposite(color);
  const found: Detail[] = [];
  for (const from of board[color].intersect(board.sliders())) {
    const piece = board.get(from);
    if (!piece) continue;
    const seen = attacks(piece, from, occupied);
    for (const front of seen.intersect(board[enemy])) {
      const behind = attacks(piece, from, occupied.without(front)).diff(seen).intersect(occupied).first();
      if (behind === undefined || board.getColor(behind) !== enemy) continue;
      const frontRole = board.getRole(front) ?? "pawn";
      const behindRole = board.getRole(behind) ?? "pawn";
      const line = {
        ply,
        attacker: placed(pos, from),
        front: placed(pos, front),
        behind: placed(pos, behind),
      };
      if (frontRole !== "king" && (behindRole === "king" || pointsOf(behindRole) > pointsOf(frontRole))) {
        found.push({ kind: "pin", ...line });
      } else if (
        behindRole !== "pawn" &&
        (frontRole === "king" || pointsOf(frontRole) > pointsOf(behindRole))
      ) {
        found.push({ kind: "skewer", ...line });
      }
    }
  }
  return found;
}

/**
 * How telling a pin or skewer is, to pick one when the line shows several: what stands behind a pin (the king
 * above all) and what is hit in front of a skewer count most, then the other piece.
 */
export function lineAttackScore(detail: Extract<Detail, { kind: "pin" | "skewer" }>): number {
  const weight = (role: Role) => (role === "king" ? 20 : pointsOf(role));
  const front = weight(detail.front.role);
  const behind = weight(detail.behind.role);
  return detail.kind === "pin" ? behind * 10 + front : front * 10 + behind;
}

/** A line piece of `color` that the move from `vacated` has unmasked onto a valuable enemy piece. */
export function findDiscovered(
  pos: Chess,
  color: Color,
  vacated: Square,
  landed: Square,
  ply: number,
): Detail | undefined {
  const board = pos.board;
  const enemy = opposite(color);
  for (const from of board[color].intersect(board.sliders()).without(landed)) {
    const piece = board.get(from);
    if (!piece) continue;
    for (const target of attacks(piece, from, board.occupied).intersect(board[enemy])) {
      if (board.getRole(target) === "pawn" || !between(from, target).has(vacated)) continue;
      return {
        kind: "discovered",
        ply,
        mover: { role: board.getRole(landed) ?? "pawn", square: makeSquare(vacated) },
        attacker: placed(pos, from),
        target: placed(pos, target),
      };
    }
  }
  return undefined;
}

/** The least valuable piece on the given squares. */
function cheapest(pos: Chess, squares: SquareSet): Square | undefined {
  for (const role of ROLES_BY_VALUE) {
    const square = squares.intersect(pos.board[role]).first();
    if (square !== undefined) return square;
  }
  return undefined;
}

/** The opponent's cheapest legal capture onto `square` (pins and checks respected). */
function firstRecapture(pos: Chess, square: Square): Square | undefined {
  const attackers = attackersOf(pos, square, pos.turn, pos.board.occupied);
  const backRank = square < 8 || square >= 56;
  for (const role of ROLES_BY_VALUE) {
    for (const from of attackers.intersect(pos.board[role])) {
      const promotion = role === "pawn" && backRank ? "queen" : undefined;
      if (pos.isLegal({ from, to: square, ...(promotion ? { promotion } : {}) })) return from;
    }
  }
  return undefined;
}

/**
 * Static exchange on the square the solver's last move landed on, opponent to move: which pieces change hands
 * when both sides capture there only while it pays. Later captures ignore pins, as a quick coach's count does.
 */
export function exchangeOn(pos: Chess, square: Square): { lost: Role[]; won: Role[] } {
  let from = firstRecapture(pos, square);
  const captured: Role[] = [];
  let onSquare = pos.board.getRole(square);
  let occupied = pos.board.occupied;
  let side = pos.turn;
  while (from !== undefined && onSquare) {
    captured.push(onSquare);
    onSquare = pos.board.getRole(from);
    occupied = occupied.without(from);
    side = opposite(side);
    from = cheapest(pos, attackersOf(pos, square, side, occupied));
    if (from !== undefined && pos.board.king.has(from)) {
      const defended = attackersOf(pos, square, opposite(side), occupied.without(from)).nonEmpty();
      if (defended) from = undefined;
    }
  }
  // gain[k]: what the side making capture k nets if it captures and both sides then continue only while it pays.
  const gain = captured.map((role) => pointsOf(role));
  for (let k = gain.length - 2; k >= 0; k--) gain[k] = (gain[k] ?? 0) - Math.max(0, gain[k + 1] ?? 0);
  const result = { lost: [] as Role[], won: [] as Role[] };
  for (let k = 0; k < captured.length && (gain[k] ?? 0) > 0; k++) {
    (k % 2 === 0 ? result.lost : result.won).push(captured[k] as Role);
  }
  return result;
}

/** Loads a FEN with chessops, throwing an error that names the input when it is not a legal position. */
export function loadPosition(fen: string): Chess {
  const setup = parseFen(fen.trim());
  if (setup.isErr) throw new Error(`composeCoaching: invalid FEN "${fen}"`);
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) throw new Error(`composeCoaching: illegal position "${fen}"`);
  return pos.value;
}

/**
 * A solution move that is not legal where it is played (a pawn reaching the last rank needs its promotion letter):
 * texts about a wrong line would teach the wrong thing.
 */
export class IllegalMoveError extends Error {
  constructor(
    /** Index of the move in the solution (0: the solver's first move). */
    readonly ply: number,
    readonly uci: string,
  ) {
    super(`composeCoaching: illegal move ${uci} at ply ${ply + 1} of the solution`);
    this.name = "IllegalMoveError";
  }
}

/** Parses a UCI move for the position: undefined unless it is legal there. */
function legalMove(pos: Chess, uci: string, ctx: Context): NormalMove | undefined {
  const parsed = parseUci(uci.trim());
  if (!parsed || !("from" in parsed)) return undefined;
  // chessops plays castling as "king takes own rook"; normalizeMove maps e1g1 onto that.
  const move: NormalMove = { ...parsed, to: normalizeMove(pos, parsed).to };
  return pos.isLegal(move, ctx) ? move : undefined;
}

const FILES = "abcdefgh";

/**
 * Standard notation of a legal move before it is played, without the check mark. Written here rather than
 * taken from chessops' makeSanAndPlay because that one searches for mate after every move and recomputes the
 * legality context the caller already has; the composer only looks for mate after a check (importer hot path).
 * Checked against chessops' notation on random games.
 */
function sanBeforeCheck(pos: Chess, move: NormalMove, ctx: Context): string {
  const board = pos.board;
  const role = board.getRole(move.from) ?? "pawn";
  if (role === "king" && (board[pos.turn].has(move.to) || Math.abs(move.to - move.from) === 2)) {
    return move.to > move.from ? "O-O" : "O-O-O";
  }
  const capture =
    board.occupied.has(move.to) || (role === "pawn" && squareFile(move.from) !== squareFile(move.to));
  const promotion = move.promotion ? `=${roleToChar(move.promotion).toUpperCase()}` : "";
  if (role === "pawn") {
    return `${capture ? `${FILES[squareFile(move.from)]}x` : ""}${makeSquare(move.to)}${promotion}`;
  }
  // Another piece of the same kind that can legally reach the square forces a file, rank or both.
  let sameFile = false;
  let sameRank = false;
  let rivals = false;
  const piece = { role, color: pos.turn };
  for (const other of board.pieces(pos.turn, role).without(move.from)) {
    if (!attacks(piece, other, board.occupied).has(move.to) || !pos.dests(other, ctx).has(move.to)) continue;
    rivals = true;
    sameFile ||= squareFile(other) === squareFile(move.from);
    sameRank ||= squareRank(other) === squareRank(move.from);
  }
  const file = FILES[squareFile(move.from)] ?? "";
  const rank = String(squareRank(move.from) + 1);
  const which = !rivals ? "" : !sameFile ? file : !sameRank ? rank : `${file}${rank}`;
  return `${roleToChar(role).toUpperCase()}${which}${capture ? "x" : ""}${makeSquare(move.to)}${promotion}`;
}

/**
 * Whether the side to move, in check, has no legal move. Tries the king first and stops there on a double check:
 * chessops' hasDests walks every piece in square order, which is slow in exactly the positions where checks occur.
 */
function isMated(pos: Chess): boolean {
  const ctx = pos.ctx();
  const king = ctx.king;
  if (king === undefined) return false;
  if (pos.dests(king, ctx).nonEmpty()) return false;
  if (ctx.checkers.moreThanOne()) return true;
  for (const square of pos.board[pos.turn].without(king)) {
    if (pos.dests(square, ctx).nonEmpty()) return false;
  }
  return true;
}

/** Plays one move and describes it; returns undefined when the move is not legal. */
export function playPly(pos: Chess, uci: string): PlyFact | undefined {
  const ctx = pos.ctx();
  const move = legalMove(pos, uci, ctx);
  if (!move) return undefined;
  const color = pos.turn;
  const board = pos.board;
  const role = board.getRole(move.from) ?? "pawn";
  const enPassant = role === "pawn" && move.to === pos.epSquare;
  const captured = enPassant
    ? "pawn"
    : board.getColor(move.to) === opposite(color)
      ? board.getRole(move.to)
      : undefined;
  const moveNumber = pos.fullmoves;
  const body = sanBeforeCheck(pos, move, ctx);
  pos.play(move);
  const check = pos.isCheck();
  const mate = check && isMated(pos);
  const landed = body.startsWith("O-O") ? pos.board.kingOf(color) : move.to;
  const fact: PlyFact = {
    san: `${body}${mate ? "#" : check ? "+" : ""}`,
    color,
    role,
    from: makeSquare(move.from),
    to: makeSquare(landed ?? move.to),
    check,
    mate,
    moveNumber,
  };
  if (captured) fact.captured = captured;
  if (move.promotion) fact.promotion = move.promotion;
  return fact;
}

/** The square index of a square name ("e4" → 28). */
export function squareOf(name: string): Square {
  return (name.charCodeAt(0) - 97 + (name.charCodeAt(1) - 49) * 8) as Square;
}

/** The piece that gives the final check (the one that moved when several do) and the mated king. */
export function mateDetail(pos: Chess, last: PlyFact): Detail {
  const checkers = pos.ctx().checkers;
  const landed = squareOf(last.to);
  const mater = checkers.has(landed) ? landed : (checkers.first() ?? landed);
  const king = pos.board.kingOf(pos.turn);
  return { kind: "mate", mater: placed(pos, mater), king: king === undefined ? "" : makeSquare(king) };
}
