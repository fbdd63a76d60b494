/**
 * The rarer lichess motifs: exposed king, trapped piece, x-ray, clearance, intermezzo, capturing the defender,
 * interference, and the mate pictures Arabian, Boden, double bishop and dovetail. Each rule restates the motif's
 * definition in the terms of the replayed line (see ./line.ts): "the solver's previous move", "the opponent's
 * reply", and the positions around them.
 */
import { between, kingAttacks } from "chessops/attacks";
import type { Chess } from "chessops/chess";
import { SquareSet } from "chessops/squareSet";
import type { Square } from "chessops/types";
import { opposite, squareFile, squareRank } from "chessops/util";
import { attackersOf, type Line, type Ply, VALUE } from "./line";
import { isBackRankMate, isSmotheredMate } from "./mates";
import { isAnastasiaMate, isHookMate } from "./patterns";

const LINE_PIECES = new Set(["bishop", "rook", "queen"]);

/** The move the opponent made just before `ply` (the setup move before the first solver move, when known). */
function replyBefore(line: Line, ply: Ply): Ply | undefined {
  return ply.index === 0 ? line.previous : line.plies[ply.index - 1];
}

/** The solver's move before `ply`. */
function solverMoveBefore(line: Line, ply: Ply): Ply | undefined {
  return ply.index >= 2 ? line.plies[ply.index - 2] : undefined;
}

/** The piece on `square` has no defender of its own colour. */
function undefended(position: Chess, square: Square): boolean {
  const piece = position.board.get(square);
  return !!piece && attackersOf(position, square, piece.color).isEmpty();
}

/** The piece on `square` is attacked and either undefended or attacked by something cheaper. */
function inBadSpot(position: Chess, square: Square): boolean {
  const piece = position.board.get(square);
  if (!piece) return false;
  const attackers = attackersOf(position, square, opposite(piece.color));
  if (attackers.isEmpty()) return false;
  if (undefended(position, square)) return true;
  for (const from of attackers) {
    const role = position.board.getRole(from);
    if (role && VALUE[role] < VALUE[piece.role]) return true;
  }
  return false;
}

/**
 * The side to move's piece on `square` is trapped: it stands badly and every move it has lands badly too, unless it
 * takes something worth as much (a pawn or king, a pinned piece, or a side in check does not count).
 */
function isTrapped(position: Chess, square: Square): boolean {
  const piece = position.board.get(square);
  if (!piece || piece.color !== position.turn || piece.role === "pawn" || piece.role === "king") return false;
  if (position.isCheck() || position.ctx().blockers.has(square) || !inBadSpot(position, square)) return false;
  for (const to of position.dests(square)) {
    const taken = position.board.getRole(to);
    if (taken && VALUE[taken] >= VALUE[piece.role]) return false;
    const after = position.clone();
    after.play({ from: square, to });
    if (!inBadSpot(after, to)) return false;
  }
  return true;
}

/**
 * Exposed king: the enemy king stands near its own side of the board with no pawn of its own beside it or on the
 * three squares in front of it, and the solver checks it in the middle of the line (neither the first nor the last
 * move).
 */
export function isExposedKing(line: Line): boolean {
  const board = line.start.board;
  const king = board.kingOf(line.opponent);
  if (king === undefined) return false;
  const homeward = line.opponent === "black" ? squareRank(king) : 7 - squareRank(king);
  if (homeward < 5) return false;
  const ahead = line.opponent === "black" ? -8 : 8;
  const shelter = kingAttacks(king).intersect(
    SquareSet.fromRank(squareRank(king + ahead)).union(SquareSet.fromRank(squareRank(king))),
  );
  if (shelter.intersects(board.pieces(line.opponent, "pawn"))) return false;
  return line.solverPlies.slice(1, -1).some((ply) => ply.check);
}

/**
 * Trapped piece: after the first move the solver takes a piece (not a pawn) that, just before the opponent's last
 * move, had nowhere safe to go (if that move brought it there, where it came from).
 */
export function isTrappedPiece(line: Line): boolean {
  for (const ply of line.solverPlies.slice(1)) {
    const taken = ply.captured;
    const reply = replyBefore(line, ply);
    if (!taken || taken.role === "pawn" || !reply) continue;
    const square = reply.move.to === ply.move.to ? reply.move.from : ply.move.to;
    if (isTrapped(reply.before, square)) return true;
  }
  return false;
}

/**
 * X-ray attack: the solver takes on a square, the opponent takes back there with a piece that stood on the line
 * behind which the solver's next capturer waited, and that capturer takes on the square through where it stood.
 */
export function isXRayAttack(line: Line): boolean {
  for (const ply of line.solverPlies.slice(1)) {
    const reply = replyBefore(line, ply);
    const earlier = solverMoveBefore(line, ply);
    if (!ply.captured || !reply || !earlier) continue;
    if (reply.move.to !== ply.move.to || reply.piece.role === "king" || earlier.move.to !== reply.move.to)
      continue;
    if (between(ply.move.from, ply.move.to).has(reply.move.from)) return true;
  }
  return false;
}

/**
 * Clearance: a solver move (after the first) brings a line piece to an empty square through, or onto, the square
 * the solver's previous move vacated; that previous move was not a promotion, went somewhere else, and either to an
 * empty square or into danger: it was made to clear the way. Checks in between spoil the picture.
 */
export function isClearance(line: Line): boolean {
  for (const ply of line.solverPlies.slice(1)) {
    const earlier = solverMoveBefore(line, ply);
    const reply = replyBefore(line, ply);
    if (
      !earlier ||
      !reply ||
      ply.captured ||
      ply.castles ||
      !LINE_PIECES.has(ply.after.board.getRole(ply.landing) ?? "")
    )
      continue;
    if (earlier.move.promotion || earlier.move.to === ply.move.from || earlier.move.to === ply.move.to)
      continue;
    if (ply.before.isCheck() || (ply.check && reply.piece.role === "king")) continue;
    const cleared =
      earlier.move.from === ply.move.to || between(ply.move.from, ply.move.to).has(earlier.move.from);
    if (cleared && (!earlier.captured || inBadSpot(earlier.after, earlier.move.to))) return true;
  }
  return false;
}

/**
 * Intermezzo: the opponent took something, and instead of taking back at once the solver first played another move
 * (the in-between move, not to that square), after which the recapture is made: the recapture was already legal
 * before the in-between move, and the opponent's reply to it did not come from a piece guarding the square.
 */
export function isIntermezzo(line: Line): boolean {
  for (const ply of line.solverPlies.slice(1)) {
    if (!ply.captured) continue;
    const square = ply.move.to;
    const reply = replyBefore(line, ply);
    const inBetween = solverMoveBefore(line, ply);
    if (!reply || !inBetween) continue;
    if (attackersOf(inBetween.after, square, line.opponent).has(reply.move.from)) continue;
    if (inBetween.move.to === square) continue;
    const capture = replyBefore(line, inBetween);
    return (
      !!capture &&
      capture.move.to === square &&
      !!capture.captured &&
      inBetween.before.dests(ply.move.from).has(square)
    );
  }
  return false;
}

/**
 * Capturing the defender: the solver's previous move took a piece that defended a square, and now (after the first
 * move) the solver takes the undefended piece there with a piece worth at least as much (or mates), the opponent
 * having had no chance to recapture on that square. No checks around the removal.
 */
export function isCapturingDefender(line: Line): boolean {
  for (const ply of line.solverPlies.slice(1)) {
    const reply = replyBefore(line, ply);
    const earlier = solverMoveBefore(line, ply);
    if (!reply || !earlier) continue;
    const mates = ply.after.isCheckmate();
    const cheapTake =
      !!ply.captured &&
      ply.piece.role !== "king" &&
      VALUE[ply.captured.role] <= VALUE[ply.piece.role] &&
      undefended(ply.before, ply.move.to) &&
      reply.move.to !== ply.move.to;
    if (!mates && !cheapTake) continue;
    if (earlier.after.isCheck() || earlier.move.to === ply.move.from) continue;
    const before = earlier.before;
    const defender = before.board.get(earlier.move.to);
    if (!defender || before.isCheck()) continue;
    if (attackersOf(before, ply.move.to, defender.color).has(earlier.move.to)) return true;
  }
  return false;
}

/**
 * Interference: the solver takes (after the first move) an undefended piece whose line-piece defender was cut off
 * from it by a piece landing in between: the solver's previous move, or the opponent's own last move.
 */
export function isInterference(line: Line): boolean {
  for (const ply of line.solverPlies.slice(1)) {
    const taken = ply.captured;
    const reply = replyBefore(line, ply);
    const earlier = solverMoveBefore(line, ply);
    const square = ply.move.to;
    if (!taken || !reply || !earlier || !undefended(ply.before, square)) continue;
    // The opponent's own piece got in the way.
    if (cutOff(earlier.after, square, taken.color, reply.move.to)) return true;
    // The solver's piece got in the way.
    if (reply.move.to !== square && cutOff(earlier.before, square, taken.color, earlier.move.to)) return true;
  }
  return false;
}

/** In `position`, the first defender (of `color`) of `square` is a line piece and `blocker` lands between them. */
function cutOff(position: Chess, square: Square, color: "white" | "black", blocker: Square): boolean {
  const defender = attackersOf(position, square, color).first();
  if (defender === undefined || !LINE_PIECES.has(position.board.getRole(defender) ?? "")) return false;
  return between(square, defender).has(blocker);
}

interface MatePicture {
  king: Square;
  last: Ply;
}

/** The mated king and the mating move, when the line ends in mate and no more famous picture already names it. */
function otherMate(line: Line): MatePicture | undefined {
  const last = line.plies.at(-1);
  const king = line.end.board.kingOf(line.opponent);
  if (!line.mates || !last || king === undefined) return undefined;
  const named = [isSmotheredMate, isBackRankMate, isAnastasiaMate, isHookMate].some((rule) => rule(line));
  return named ? undefined : { king, last };
}

const CORNERS = [0, 7];

/** Arabian mate: a rook mates from beside the cornered king, guarded by a knight two files and two ranks away. */
export function isArabianMate(line: Line): boolean {
  const mate = otherMate(line);
  if (mate?.last.piece.role !== "rook") return false;
  const { king, last } = mate;
  if (!CORNERS.includes(squareFile(king)) || !CORNERS.includes(squareRank(king))) return false;
  if (!kingAttacks(king).has(last.landing)) return false;
  for (const knight of attackersOf(line.end, last.landing, line.solver)) {
    if (line.end.board.getRole(knight) !== "knight") continue;
    const apart = Math.abs(squareFile(knight) - squareFile(king)) === 2;
    if (apart && Math.abs(squareRank(knight) - squareRank(king)) === 2) return true;
  }
  return false;
}

/**
 * Boden's mate and the double bishop mate: two bishops do all the work, every attack on the king and on the squares
 * around it comes from a bishop; on criss-crossing diagonals from both sides of the king it is Boden's.
 */
export function bishopMate(line: Line): "bodenMate" | "doubleBishopMate" | undefined {
  const mate = otherMate(line);
  if (!mate || isArabianMate(line)) return undefined;
  const board = line.end.board;
  const bishops = [...board.pieces(line.solver, "bishop")];
  if (bishops.length < 2) return undefined;
  for (const square of kingAttacks(mate.king).with(mate.king)) {
    for (const from of attackersOf(line.end, square, line.solver))
      if (board.getRole(from) !== "bishop") return undefined;
  }
  const [one = 0, two = 0] = bishops;
  const file = squareFile(mate.king);
  return squareFile(one) < file === squareFile(two) > file ? "bodenMate" : "doubleBishopMate";
}

/**
 * Dovetail mate: the queen mates from a square diagonally touching the king, away from the edge; the king's own
 * pieces fill the squares the queen does not cover, and no other solver piece helps.
 */
export function isDovetailMate(line: Line): boolean {
  const mate = otherMate(line);
  if (mate?.last.piece.role !== "queen" || isArabianMate(line) || bishopMate(line)) return false;
  const { king, last } = mate;
  const queen = last.landing;
  if (CORNERS.includes(squareFile(king)) || CORNERS.includes(squareRank(king))) return false;
  const diagonal = squareFile(queen) !== squareFile(king) && squareRank(queen) !== squareRank(king);
  if (!diagonal || !kingAttacks(king).has(queen)) return false;
  for (const square of kingAttacks(king).without(queen)) {
    const attackers = attackersOf(line.end, square, line.solver);
    if (attackers.isEmpty()) continue;
    if (!attackers.equals(SquareSet.fromSquare(queen)) || line.end.board.has(square)) return false;
  }
  return true;
}
