import type { Position } from "chessops/chess";
import { makeFen } from "chessops/fen";
import { type ChildNode, type Game, type PgnNodeData, parsePgn, startingPosition } from "chessops/pgn";
import { parseSan } from "chessops/san";
import type { NormalMove } from "chessops/types";
import { makeUci } from "chessops/util";

/**
 * Opening repertoires written as PGN (issue 40): the starters in content/repertoires/ and, later, a player's own
 * imports. Each game is one line (or, with variations, several: every path from the first move to a leaf is a line)
 * for the side named in the [Repertoire "White"|"Black"] tag. A move's idea is a comment after it, in both languages
 * in one comment: `{en: Pin the knight. | ar: تثبيت الحصان.}` (docs/repertoire.md). The moves are replayed here with
 * chessops, so a line that parses is legal from the start position.
 */

export type RepertoireSide = "white" | "black";

export interface BilingualComment {
  en: string;
  ar: string;
}

export interface RepertoireMove {
  san: string;
  /** Coordinate form (e2e4; castling as the king's two-square move). */
  uci: string;
  /** The position the move is played from, without the move counters (transpositions share it). */
  fenBefore: string;
  /** The move's idea, when the author commented it. */
  comment?: BilingualComment;
}

export interface RepertoireLine {
  /** The line's name from [LineName] / [LineNameAr] (else the Event tag). */
  name: BilingualComment;
  eco: string;
  moves: RepertoireMove[];
}

export interface RepertoireFile {
  /** The [Opening] tag: one of the 29 names of the opening list for the starters. */
  opening: string;
  side: RepertoireSide;
  lines: RepertoireLine[];
}

export class RepertoireError extends Error {}

/**
 * A move in coordinate form as the board reports it: castling as the king's two-square move (e1g1), where chessops
 * writes the king taking its own rook (e1h1).
 */
export function moveUci(position: Position, move: NormalMove): string {
  const piece = position.board.get(move.from);
  if (piece?.role === "king" && position.board[position.turn].has(move.to)) {
    return makeUci({ from: move.from, to: move.from + (move.to > move.from ? 2 : -2) });
  }
  return makeUci(move);
}

const COMMENT = /^\s*en:([^|]*)\|\s*ar:([^|]*)$/s;

/** A comment's two languages, or null when it is not `en: … | ar: …` with both parts filled. */
export function parseBilingualComment(text: string): BilingualComment | null {
  const match = COMMENT.exec(text);
  const en = match?.[1]?.trim();
  const ar = match?.[2]?.trim();
  return en && ar ? { en, ar } : null;
}

/** Placement, side to move, castling and en passant: the position a move is learnt from. */
export function positionKey(fen: string): string {
  return fen.split(" ").slice(0, 4).join(" ");
}

function sideOf(game: Game<PgnNodeData>): RepertoireSide {
  const tag = (game.headers.get("Repertoire") ?? "").toLowerCase();
  if (tag !== "white" && tag !== "black") {
    throw new RepertoireError(
      `${game.headers.get("Event") ?? "a game"}: [Repertoire] must be White or Black`,
    );
  }
  return tag;
}

/** Every path from the game's first move to a leaf, as nodes. */
function paths(game: Game<PgnNodeData>): ChildNode<PgnNodeData>[][] {
  const found: ChildNode<PgnNodeData>[][] = [];
  const walk = (children: ChildNode<PgnNodeData>[], path: ChildNode<PgnNodeData>[]) => {
    if (children.length === 0) {
      if (path.length > 0) found.push(path);
      return;
    }
    for (const child of children) walk(child.children, [...path, child]);
  };
  walk(game.moves.children, []);
  return found;
}

function replay(game: Game<PgnNodeData>, nodes: ChildNode<PgnNodeData>[], label: string): RepertoireMove[] {
  const start = startingPosition(game.headers);
  if (start.isErr) throw new RepertoireError(`${label}: bad start position`);
  const position = start.value;
  return nodes.map((node, index) => {
    const move = parseSan(position, node.data.san);
    if (!move) {
      const number = `${Math.floor(index / 2) + 1}${index % 2 === 0 ? "." : "..."}`;
      throw new RepertoireError(`${label}: illegal move ${number}${node.data.san}`);
    }
    const fenBefore = positionKey(makeFen(position.toSetup()));
    const comments = (node.data.comments ?? []).filter((text) => text.trim() !== "");
    if (comments.length > 1)
      throw new RepertoireError(`${label}: ${node.data.san} has more than one comment`);
    let comment: BilingualComment | undefined;
    if (comments[0] !== undefined) {
      const parsed = parseBilingualComment(comments[0]);
      if (!parsed)
        throw new RepertoireError(`${label}: the comment on ${node.data.san} needs "en: … | ar: …"`);
      comment = parsed;
    }
    const san = node.data.san;
    const uci = moveUci(position, move as NormalMove);
    position.play(move);
    return { san, uci, fenBefore, ...(comment ? { comment } : {}) };
  });
}

/**
 * Reads a repertoire PGN: every game is for the same opening and side; every path through a game's variations is a
 * line. Throws RepertoireError naming the game and the move when a tag is missing, a move is illegal or a comment
 * lacks a language.
 */
export function parseRepertoirePgn(text: string): RepertoireFile {
  const games = parsePgn(text);
  if (games.length === 0) throw new RepertoireError("no game in the file");
  let opening: string | undefined;
  let side: RepertoireSide | undefined;
  const lines: RepertoireLine[] = [];
  for (const game of games) {
    const label = game.headers.get("Event") ?? "a game";
    const gameOpening = game.headers.get("Opening");
    if (!gameOpening) throw new RepertoireError(`${label}: no [Opening] tag`);
    const gameSide = sideOf(game);
    if ((opening && opening !== gameOpening) || (side && side !== gameSide)) {
      throw new RepertoireError(`${label}: every game of a file is for one opening and one side`);
    }
    opening = gameOpening;
    side = gameSide;
    const name = {
      en: game.headers.get("LineName") ?? label,
      ar: game.headers.get("LineNameAr") ?? game.headers.get("LineName") ?? label,
    };
    const eco = game.headers.get("ECO") ?? "";
    for (const nodes of paths(game)) lines.push({ name, eco, moves: replay(game, nodes, label) });
  }
  return { opening: opening as string, side: side as RepertoireSide, lines };
}

/** A line's depth in full moves: 19 plies (ending on White's tenth move) and 20 plies are both ten moves. */
export function fullMoves(line: RepertoireLine): number {
  return Math.ceil(line.moves.length / 2);
}
