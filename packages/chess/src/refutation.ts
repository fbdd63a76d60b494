import { Chess, normalizeMove } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { makeSanAndPlay, parseSan } from "chessops/san";
import type { Color, Move, Role } from "chessops/types";
import { opposite, parseUci, roleToChar } from "chessops/util";
import { completeFen } from "./fen";
import { advantageLabel, PIECE_VALUES } from "./material";

/**
 * "Why not my move": what an engine answered for the position after the player's wrong move. Scores are from the
 * point of view of the side that replies (the player's opponent), as UCI engines report them.
 */
export interface EngineRefutation {
  /** The opponent's best reply to the wrong move. */
  reply: { uci: string; san: string };
  /** Centipawns for the replying side (positive: good for the opponent). */
  scoreCp?: number;
  /** Moves to mate for the replying side: positive, the opponent mates; negative, the opponent is mated. */
  mateIn?: number;
  /** The engine's main line in standard notation, the reply first. */
  line: string[];
}

export type MaterialPiece = "pawn" | "knight" | "bishop" | "rook" | "queen";

/** Material the reply wins along the line, in spec values (pawn 1, knight 3, bishop 3, rook 5, queen 9). */
export interface MaterialWin {
  /** Net points won by the replying side at the end of the line; at least 1. */
  points: number;
  /** Set when the gain is one piece (give or take a pawn), or a rook for a knight or bishop ("exchange"). */
  piece?: MaterialPiece | "exchange";
}

/**
 * A language-neutral summary the site turns into a sentence: mate first, then material won, then a clear
 * advantage by score (spec section 9: over 1.5 pawns), otherwise just the best reply.
 */
export type RefutationSummary =
  | { kind: "mate"; reply: string; line: string[]; mateIn: number }
  | { kind: "material"; reply: string; line: string[]; material: MaterialWin }
  | { kind: "advantage"; reply: string; line: string[] }
  | { kind: "reply"; reply: string; line: string[] };

const ROLES: readonly Role[] = ["pawn", "knight", "bishop", "rook", "queen"];

function positionOf(fen: string): Chess | null {
  const setup = parseFen(completeFen(fen));
  if (setup.isErr) return null;
  const position = Chess.fromSetup(setup.value);
  return position.isOk ? position.value : null;
}

function legalMove(position: Chess, move: Move | undefined): Move | null {
  if (!move) return null;
  const normal = normalizeMove(position, move);
  return position.isLegal(normal) ? normal : null;
}

/**
 * The standard notation of a line of coordinate moves (e2e4, e1g1, e7e8q) played from `fen`, up to the first move
 * that is not legal there. An invalid FEN gives an empty line.
 */
export function sanLine(fen: string, uciMoves: readonly string[]): string[] {
  const position = positionOf(fen);
  if (!position) return [];
  const line: string[] = [];
  for (const uci of uciMoves) {
    const move = legalMove(position, parseUci(uci));
    if (!move) break;
    line.push(makeSanAndPlay(position, move));
  }
  return line;
}

type RoleCounts = Record<Role, number>;

function countRoles(position: Chess, color: Color): RoleCounts {
  const counts = { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0, king: 0 };
  for (const role of ROLES) counts[role] = position.board.pieces(color, role).size();
  return counts;
}

function total(counts: RoleCounts): number {
  return ROLES.reduce((sum, role) => sum + counts[role], 0);
}

/** Material after one half-move of the line, against the start, for the replying side. */
interface PlyMaterial {
  /** Per role: what the replying side gained minus what its opponent gained (captures and promotions). */
  net: RoleCounts;
  points: number;
  /** The half-move took a piece. */
  capture: boolean;
}

const pointsOf = (role: Role): number => PIECE_VALUES[roleToChar(role)];

/** How far into the line material counts: five moves each; later trades are the engine's speculation. */
const HORIZON_PLIES = 10;

function plyMaterial(start: Chess, position: Chess, side: Color, before: Chess): PlyMaterial {
  const mine = countRoles(position, side);
  const theirs = countRoles(position, opposite(side));
  const mineAtStart = countRoles(start, side);
  const theirsAtStart = countRoles(start, opposite(side));
  const net = { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0, king: 0 };
  let points = 0;
  for (const role of ROLES) {
    net[role] = mine[role] - mineAtStart[role] - (theirs[role] - theirsAtStart[role]);
    points += net[role] * pointsOf(role);
  }
  const victim = opposite(before.turn);
  const capture = total(countRoles(position, victim)) < total(countRoles(before, victim));
  return { net, points, capture };
}

/** Names the gain when it is one piece (or the exchange), give or take a pawn picked up on the way. */
function materialWin({ net, points }: PlyMaterial): MaterialWin {
  const top = [...ROLES].reverse().find((role) => net[role] >= 1);
  const rest = top ? points - pointsOf(top) : -1;
  if (top && net[top] === 1 && rest >= 0 && rest <= 1) return { points, piece: top as MaterialPiece };
  const minor = ROLES.find((role) => (role === "knight" || role === "bishop") && net[role] === -1);
  const others = ROLES.filter((role) => role !== "rook" && role !== minor && role !== "pawn");
  if (net.rook === 1 && minor && others.every((role) => net[role] === 0) && points >= 2 && points <= 3) {
    return { points, piece: "exchange" };
  }
  return { points };
}

/**
 * What the reply wins, read only where the line is settled (the next half-move takes nothing, or the line ends),
 * within the first ten half-moves: the largest gain the line keeps to the end of that window, so a pawn the
 * opponent wins back does not count, and a queen won after a pawn does.
 */
function wonMaterial(plies: readonly PlyMaterial[]): MaterialWin | null {
  const settled = plies
    .slice(0, HORIZON_PLIES)
    .filter((_, index) => index === plies.length - 1 || !plies[index + 1]?.capture);
  let best: PlyMaterial | null = null;
  for (const [index, ply] of settled.entries()) {
    // What stays of this gain: the lowest count from here to the end of the window.
    const kept = settled.slice(index).reduce((low, later) => (later.points < low.points ? later : low), ply);
    if (kept.points >= 1 && (!best || kept.points > best.points)) best = kept;
  }
  return best ? materialWin(best) : null;
}

/**
 * Plays the engine's line (standard notation, falling back to the reply's coordinates for the first move) from the
 * position after the wrong move, and summarises what the reply achieves. The line is cut at its first illegal move.
 */
export function describeRefutation(fen: string, answer: EngineRefutation): RefutationSummary {
  const start = positionOf(fen);
  const fallback: RefutationSummary = { kind: "reply", reply: answer.reply.san, line: [answer.reply.san] };
  if (!start) return fallback;
  const side = start.turn;
  const position = start.clone();
  const line: string[] = [];
  const plies: PlyMaterial[] = [];
  const play = (move: Move) => {
    const before = position.clone();
    line.push(makeSanAndPlay(position, move));
    plies.push(plyMaterial(start, position, side, before));
  };
  for (const [index, san] of answer.line.entries()) {
    const move =
      legalMove(position, parseSan(position, san)) ??
      (index === 0 ? legalMove(position, parseUci(answer.reply.uci)) : null);
    if (!move) break;
    play(move);
  }
  if (line.length === 0) {
    const reply = legalMove(position, parseUci(answer.reply.uci));
    if (!reply) return fallback;
    play(reply);
  }
  const [reply = answer.reply.san] = line;

  // The line may end in mate even when the engine's score is missing (a reply that mates at once).
  const matedAtEnd = position.isCheckmate() && position.turn !== side;
  const mateIn = answer.mateIn ?? (matedAtEnd ? Math.ceil(line.length / 2) : undefined);
  if (mateIn !== undefined && mateIn > 0) return { kind: "mate", reply, line, mateIn };

  // Material counts only when the engine agrees it matters: not when the replying side is mated, or the position
  // stays equal (spec section 9: up to 0.5 pawns), as in endgames where a piece cannot win.
  const scoreAgrees =
    !(answer.mateIn !== undefined && answer.mateIn < 0) &&
    (answer.scoreCp === undefined || advantageLabel(answer.scoreCp / 100) !== "equal") &&
    (answer.scoreCp ?? 1) > 0;
  const material = scoreAgrees ? wonMaterial(plies) : null;
  if (material) return { kind: "material", reply, line, material };

  const score = answer.scoreCp;
  if (score !== undefined && score > 0) {
    const label = advantageLabel(score / 100);
    if (label === "clear" || label === "winning") return { kind: "advantage", reply, line };
  }
  return { kind: "reply", reply, line };
}
