import { attacks, between } from "chessops/attacks";
import type { Board } from "chessops/board";
import type { Chess } from "chessops/chess";
import { SquareSet } from "chessops/squareSet";
import type { Color, Square } from "chessops/types";
import { opposite, squareFile, squareRank } from "chessops/util";
import { attackersOf, attacksFrom, type Line, materialBalance, type Ply, VALUE } from "./line";
import { isBackRankMate } from "./mates";

/** The solver ply two half-moves after `ply`, if the line goes on that far. */
function nextSolverPly(line: Line, ply: Ply): Ply | undefined {
  return line.plies[ply.index + 2];
}

/**
 * Squares of enemy pieces the piece on `square` attacks that are worth attacking: the king, anything worth more than
 * the attacker, or a non-pawn nobody defends.
 */
function valuableTargets(position: Chess, square: Square): SquareSet {
  const board = position.board;
  const piece = board.get(square);
  if (!piece) return SquareSet.empty();
  const enemy = opposite(piece.color);
  let targets = SquareSet.empty();
  for (const target of attacks(piece, square, board.occupied).intersect(board[enemy])) {
    const role = board.getRole(target);
    if (!role) continue;
    const worthMore = VALUE[role] > VALUE[piece.role];
    const undefended = role !== "pawn" && attackersOf(position, target, enemy).isEmpty();
    if (role === "king" || worthMore || undefended) targets = targets.with(target);
  }
  return targets;
}

/**
 * Fork: one solver move (not a king move) attacks two or more worthwhile enemy pieces at once (the king, pieces worth
 * more than the forking piece, or undefended pieces), is not simply taken by an equal or cheaper piece, and the
 * solver later takes one of the targets, wherever it went, coming out ahead in material compared with before.
 */
export function isFork(line: Line): boolean {
  for (const ply of line.solverPlies) {
    if (ply.piece.role === "king") continue;
    const targets = valuableTargets(ply.after, ply.landing);
    if (targets.size() < 2 || forkerTakenEvenly(line, ply)) continue;
    const before = materialBalance(ply.before.board, line.solver);
    for (const target of targets) {
      const capture = solverCaptureOf(line, ply, target);
      if (capture && materialBalance(capture.after.board, line.solver) > before) return true;
    }
  }
  return false;
}

/** The reply captures the forking piece with something worth no more: the fork was simply refuted. */
function forkerTakenEvenly(line: Line, ply: Ply): boolean {
  const reply = line.plies[ply.index + 1];
  const forker = ply.after.board.getRole(ply.landing);
  if (!reply || !forker || reply.move.to !== ply.landing) return false;
  return VALUE[reply.piece.role] <= VALUE[forker];
}

/** A line-piece of `by` holding an enemy piece in front of a more valuable one (or the king) behind it. */
export interface PinLine {
  pinner: Square;
  pinned: Square;
  behind: Square;
}

/** Every pin that pieces of `by` exert on the other side in this position. */
export function pinsBy(position: Chess, by: Color): PinLine[] {
  const board = position.board;
  const victim = opposite(by);
  const pins: PinLine[] = [];
  for (const pinner of board.sliders().intersect(board[by])) {
    const piece = board.get(pinner);
    if (!piece) continue;
    const direct = attacks(piece, pinner, board.occupied);
    for (const pinned of direct.intersect(board[victim]).diff(board.king)) {
      const pinnedRole = board.getRole(pinned);
      if (!pinnedRole) continue;
      const xray = attacks(piece, pinner, board.occupied.without(pinned))
        .diff(direct)
        .intersect(board[victim]);
      for (const behind of xray) {
        if (!between(pinner, behind).has(pinned)) continue;
        const behindRole = board.getRole(behind);
        if (behindRole && (behindRole === "king" || VALUE[behindRole] > VALUE[pinnedRole])) {
          pins.push({ pinner, pinned, behind });
        }
      }
    }
  }
  return pins;
}

/**
 * Pin: a pin by the solver decides something. After a solver move, a piece pinned to its king is worth more than
 * the pinning piece, so it is lost and the solver takes it later, wherever it goes; or a pinned piece is the only
 * guard of the square the solver just moved to; or, before the final blow, a check lands that a pinned piece could
 * otherwise have blocked or captured; or, before the final blow, a pinned piece attacks a solver piece it may not take
 * (one worth more than it, or undefended).
 */
export function isPin(line: Line): boolean {
  for (const ply of line.solverPlies) {
    for (const pin of pinsBy(ply.after, line.solver)) {
      if (ply.after.board.getRole(pin.behind) !== "king") continue;
      const last = ply === line.solverPlies.at(-1);
      if (pinStopsCapture(ply, pin)) return true;
      if (!last && (pinStopsCheckDefence(ply, pin) || pinStopsAttack(ply, pin))) return true;
      if (pinnedPieceIsLost(ply.after, pin) && solverCaptureOf(line, ply, pin.pinned)) return true;
    }
  }
  return false;
}

/** The pinned piece attacks, off the line of its pin, a solver piece worth more than it or left undefended. */
function pinStopsAttack(ply: Ply, pin: PinLine): boolean {
  const position = ply.after;
  const pinnedPiece = position.board.get(pin.pinned);
  if (!pinnedPiece) return false;
  const pinLine = between(pin.pinner, pin.behind).with(pin.pinner);
  const solver = opposite(pinnedPiece.color);
  const targets = attacksFrom(position.board, pin.pinned).intersect(position.board[solver]).diff(pinLine);
  for (const target of targets) {
    const role = position.board.getRole(target);
    if (!role || role === "king") continue;
    if (VALUE[role] > VALUE[pinnedPiece.role] || attackersOf(position, target, solver).isEmpty()) return true;
  }
  return false;
}

/** A pinned piece worth more than its pinner cannot be saved. */
function pinnedPieceIsLost(position: Chess, pin: PinLine): boolean {
  const pinned = position.board.getRole(pin.pinned);
  const pinner = position.board.getRole(pin.pinner);
  return pinned !== undefined && pinner !== undefined && VALUE[pinned] > VALUE[pinner];
}

/** The solver's move checks, and a pinned enemy piece could otherwise capture the checker or block the check. */
function pinStopsCheckDefence(ply: Ply, pin: PinLine): boolean {
  if (!ply.check) return false;
  const board = ply.after.board;
  const pinnedPiece = board.get(pin.pinned);
  const king = board.kingOf(ply.after.turn);
  if (!pinnedPiece || king === undefined) return false;
  const checkers = attackersOf(ply.after, king, ply.piece.color);
  const checker = checkers.singleSquare();
  if (checker === undefined || checker === pin.pinner) return false;
  const reach = attacks(pinnedPiece, pin.pinned, board.occupied);
  const blocks = pinnedPiece.role === "pawn" ? pawnPushes(board, pin.pinned, pinnedPiece.color) : reach;
  return reach.has(checker) || blocks.intersects(between(checker, king));
}

/** Where the pawn on `square` could step: one square ahead if free, two from its starting rank. */
function pawnPushes(board: Board, square: Square, color: Color): SquareSet {
  const step = color === "white" ? 8 : -8;
  const one = square + step;
  if (one < 0 || one > 63 || board.occupied.has(one)) return SquareSet.empty();
  const startRank = color === "white" ? 1 : 6;
  const two = one + step;
  const double = squareRank(square) === startRank && !board.occupied.has(two);
  return double ? SquareSet.fromSquare(one).with(two) : SquareSet.fromSquare(one);
}

/** Follows the piece on `square` through the rest of the line and returns the solver move that captures it. */
function solverCaptureOf(line: Line, ply: Ply, square: Square): Ply | undefined {
  let at = square;
  for (const later of line.plies.slice(ply.index + 1)) {
    if (later.bySolver && later.move.to === at && later.captured) return later;
    if (!later.bySolver && later.move.from === at) at = later.move.to;
  }
  return undefined;
}

/** The piece pinned to its king is the only enemy piece that could otherwise take what the solver just moved. */
function pinStopsCapture(ply: Ply, pin: PinLine): boolean {
  const board = ply.after.board;
  if (pin.pinner === ply.landing || between(pin.pinner, pin.behind).has(ply.landing)) return false;
  const pinnedPiece = board.get(pin.pinned);
  if (!pinnedPiece) return false;
  const guards = attackersOf(ply.after, ply.landing, pinnedPiece.color);
  return guards.has(pin.pinned) && guards.without(pin.pinned).isEmpty();
}

/**
 * Skewer: a solver line-piece attacks a valuable piece (often with check), it steps aside, and the same line-piece
 * wins the less valuable piece (not a pawn) that stood behind it on that line: taken for free or worth more than the
 * skewering piece, not merely traded.
 */
export function isSkewer(line: Line): boolean {
  for (const ply of line.solverPlies) {
    const reply = line.plies[ply.index + 1];
    const next = nextSolverPly(line, ply);
    if (!reply || !next?.captured || next.move.from !== ply.landing) continue;
    const slider = ply.after.board.get(ply.landing);
    if (!slider || slider.role === "pawn" || slider.role === "knight" || slider.role === "king") continue;
    if (!between(ply.landing, next.move.to).has(reply.move.from)) continue;
    const front = reply.piece.role;
    const behind = next.captured.role;
    if (behind === "pawn" || (front !== "king" && VALUE[front] <= VALUE[behind])) continue;
    const free = attackersOf(next.after, next.move.to, line.opponent).isEmpty();
    if (free || VALUE[behind] > VALUE[slider.role]) return true;
  }
  return false;
}

/**
 * Discovered attack: a solver move steps off a line and opens an attack by another solver piece on an enemy piece,
 * which that piece then takes (or the uncovered attack is a check that the moving piece exploits). A double check
 * is its own theme.
 */
export function isDiscoveredAttack(line: Line): boolean {
  for (const ply of line.solverPlies) {
    if (ply.castles || givesDoubleCheck(ply)) continue;
    for (const opened of uncoveredAttacks(ply)) {
      if (ply.after.board.getRole(opened.target) === "king") {
        if (ply.captured || nextSolverPly(line, ply)?.move.from === ply.landing) return true;
        continue;
      }
      const next = nextSolverPly(line, ply);
      if (next?.move.from === opened.attacker && next.move.to === opened.target && next.captured) return true;
    }
  }
  return false;
}

interface OpenedLine {
  attacker: Square;
  target: Square;
}

/** Attacks by solver line-pieces that the moving piece uncovered by leaving its square. */
function uncoveredAttacks(ply: Ply): OpenedLine[] {
  const board = ply.after.board;
  const color = ply.piece.color;
  const opened: OpenedLine[] = [];
  for (const attacker of board.sliders().intersect(board[color])) {
    if (attacker === ply.landing) continue;
    const piece = board.get(attacker);
    if (!piece) continue;
    const now = attacks(piece, attacker, board.occupied).intersect(board[opposite(color)]);
    for (const target of now) {
      if (between(attacker, target).has(ply.move.from) && !between(attacker, target).has(ply.landing)) {
        opened.push({ attacker, target });
      }
    }
  }
  return opened;
}

/** Double check: a solver move gives check with two pieces at once. */
export function isDoubleCheck(line: Line): boolean {
  return line.solverPlies.some(givesDoubleCheck);
}

function givesDoubleCheck(ply: Ply): boolean {
  if (!ply.check) return false;
  const king = ply.after.board.kingOf(ply.after.turn);
  return king !== undefined && attackersOf(ply.after, king, ply.piece.color).moreThanOne();
}

/**
 * Hanging piece: the first move takes an enemy piece (not a pawn) that nothing defended, and the gain is kept: the
 * material after the solver's next move is no worse than right after the capture. Taking back a piece the
 * opponent has just captured there (when the caller tells us the last move) is a trade, not a gift.
 */
export function isHangingPiece(line: Line): boolean {
  const [first, second] = line.solverPlies;
  if (!first?.captured || first.captured.role === "pawn" || first.enPassant) return false;
  if (attackersOf(first.before, first.move.to, line.opponent).nonEmpty()) return false;
  if (isRecapture(line.previous, first)) return false;
  if (!second) return true;
  return materialBalance(second.after.board, line.solver) >= materialBalance(first.after.board, line.solver);
}

/** The opponent's last move took, on this square, something worth at least what the solver now takes back. */
function isRecapture(previous: Ply | undefined, ply: Ply): boolean {
  if (!previous?.captured || previous.move.to !== ply.move.to || !ply.captured) return false;
  return VALUE[previous.captured.role] >= VALUE[ply.captured.role];
}

/**
 * Sacrifice: after one of the solver's own moves (so an immediate recapture already counts) the solver has less
 * material than at the start, by two points or more: material given up on purpose, for mate or for more later.
 */
export function isSacrifice(line: Line): boolean {
  const initial = materialBalance(line.start.board, line.solver);
  return line.solverPlies.some((ply) => materialBalance(ply.after.board, line.solver) <= initial - 2);
}

/**
 * Deflection: the solver forces an enemy piece away (by check, or by offering something it has to take) from a square
 * it guarded, and the solver's next move profits on that square: a capture that wins material there, or a
 * promotion.
 */
export function isDeflection(line: Line): boolean {
  for (const ply of line.solverPlies) {
    const reply = line.plies[ply.index + 1];
    const next = nextSolverPly(line, ply);
    if (!reply || !next) continue;
    const forced = ply.check || reply.move.to === ply.landing;
    const target = next.move.to;
    if (!forced || target === reply.move.to || !profitsOn(next)) continue;
    const guardedBefore = attacks(reply.piece, reply.move.from, reply.before.board.occupied).has(target);
    const guardedAfter = attackersOf(reply.after, target, line.opponent).has(reply.move.to);
    if (guardedBefore && !guardedAfter) return true;
  }
  return false;
}

/** The move promotes, or captures something worth at least the capturer, or takes a piece left undefended. */
function profitsOn(ply: Ply): boolean {
  if (ply.move.promotion) return true;
  if (!ply.captured) return false;
  if (VALUE[ply.captured.role] >= VALUE[ply.piece.role]) return true;
  return attackersOf(ply.after, ply.move.to, opposite(ply.piece.color)).isEmpty();
}

/**
 * Attraction: the solver gives up a piece, the enemy king, queen or rook takes it, and the solver's next move attacks
 * that piece on its new square (a check, a fork, a mate). An even trade only counts when the next move checks.
 */
export function isAttraction(line: Line): boolean {
  for (const ply of line.solverPlies) {
    const reply = line.plies[ply.index + 1];
    const next = nextSolverPly(line, ply);
    if (!reply || !next || reply.move.to !== ply.landing || !reply.captured) continue;
    if (!["king", "queen", "rook"].includes(reply.piece.role)) continue;
    const change =
      materialBalance(reply.after.board, line.solver) - materialBalance(ply.before.board, line.solver);
    if (change > 0 || (change === 0 && !next.check)) continue;
    if (attackersOf(next.after, reply.move.to, line.solver).has(next.landing)) return true;
  }
  return false;
}

/**
 * Quiet move: a solver move before the last that neither escapes nor gives check, captures nothing, attacks no
 * enemy piece from its new square, is not a king move and not a pawn rushing to promote (sixth rank or beyond): a
 * calm move that still prepares the win.
 */
export function isQuietMove(line: Line): boolean {
  const last = line.solverPlies.at(-1);
  return line.solverPlies.some(
    (ply) =>
      ply !== last &&
      !ply.before.isCheck() &&
      !ply.check &&
      !ply.captured &&
      ply.piece.role !== "king" &&
      !isAdvancedPawnMove(ply) &&
      attacksFrom(ply.after.board, ply.landing).isDisjoint(ply.after.board[line.opponent]),
  );
}

/** A pawn move reaching its sixth rank or beyond (promotions included). */
function isAdvancedPawnMove(ply: Ply): boolean {
  if (ply.piece.role !== "pawn") return false;
  const rank = squareRank(ply.move.to);
  return ply.piece.color === "white" ? rank >= 5 : rank <= 2;
}

/**
 * Defensive move: the winning line ends with a calm move, chosen among several: no check, no capture, no attack on
 * an enemy piece, no promotion or pawn rush (the last thing to do is to parry, not to strike); or the line starts by
 * parrying a check quietly (see `escapesCheck`).
 */
export function isDefensiveMove(line: Line): boolean {
  return isQuietLastMove(line) || escapesCheck(line);
}

/**
 * The solver's first moves answer a check quietly: before any check or capture of their own, a solver move is made
 * in check, with at least three legal moves to choose from, by blocking or stepping aside without taking anything.
 */
function escapesCheck(line: Line): boolean {
  for (const ply of line.solverPlies) {
    if (ply.check || ply.captured || legalMoveCount(ply.before) < 3) return false;
    if (ply.before.isCheck()) return true;
  }
  return false;
}

function isQuietLastMove(line: Line): boolean {
  const last = line.solverPlies.at(-1);
  if (!last || line.mates || legalMoveCount(last.before) < 3) return false;
  if (last.check || last.captured || last.move.promotion || isAdvancedPawnMove(last)) return false;
  return attacksFrom(last.after.board, last.landing).isDisjoint(last.after.board[line.opponent]);
}

function legalMoveCount(position: Chess): number {
  let count = 0;
  for (const dests of position.allDests().values()) count += dests.size();
  return count;
}

/** The solver promotes a pawn at some point of the line. */
export function isPromotion(line: Line): boolean {
  return line.solverPlies.some((ply) => ply.move.promotion !== undefined);
}

/** The solver promotes to a knight, bishop or rook rather than a queen. */
export function isUnderPromotion(line: Line): boolean {
  return line.solverPlies.some((ply) => ply.move.promotion !== undefined && ply.move.promotion !== "queen");
}

/** The solver captures en passant. */
export function isEnPassant(line: Line): boolean {
  return line.solverPlies.some((ply) => ply.enPassant);
}

/**
 * Kingside or queenside attack: with most pieces still on the board (an attack on a castled king, not an endgame
 * chase), the enemy king sits on its back rank in one corner, the solver checks it at least once, and the solver's
 * moves keep hitting that corner: each check and each capture close to the corner counts for the attack, each move
 * landing far from it counts against. A back-rank mate is its own pattern, not a wing attack.
 */
export function attackedWing(line: Line): "kingside" | "queenside" | undefined {
  if (isBackRankMate(line)) return undefined;
  const king = line.start.board.kingOf(line.opponent);
  const backRank = line.opponent === "white" ? 0 : 7;
  if (king === undefined || squareRank(king) !== backRank) return undefined;
  if (!line.solverPlies.some((ply) => ply.check)) return undefined;
  const pieces = line.start.board.occupied.size();
  const file = squareFile(king);
  if (file >= 6 && pieces >= KINGSIDE_MIN_PIECES && cornerPressure(line, backRank * 8 + 7) >= 2)
    return "kingside";
  if (file <= 2 && pieces >= QUEENSIDE_MIN_PIECES && cornerPressure(line, backRank * 8) >= 2)
    return "queenside";
  return undefined;
}

/**
 * Pieces (pawns and kings included) needed on the board for a wing attack rather than an endgame chase. A king
 * castled long stands nearer the centre and the action, so a little less material still makes an attack there.
 */
const KINGSIDE_MIN_PIECES = 20;
const QUEENSIDE_MIN_PIECES = 18;

function cornerPressure(line: Line, corner: Square): number {
  let score = 0;
  for (const ply of line.solverPlies) {
    const distance = squareDistance(corner, ply.move.to);
    if (ply.check) score++;
    if (ply.captured && distance <= 3) score++;
    else if (distance >= 5) score--;
  }
  return score;
}

function squareDistance(a: Square, b: Square): number {
  return Math.max(Math.abs(squareFile(a) - squareFile(b)), Math.abs(squareRank(a) - squareRank(b)));
}
