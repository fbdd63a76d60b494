import { Chess, castlingSide, type Position } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { makeSan, parseSan } from "chessops/san";
import type { NormalMove } from "chessops/types";
import { kingCastlesTo, makeSquare, makeUci } from "chessops/util";

/** One game of a PGN file: its tags, where it starts, its main line (variations dropped) and its result. */
export interface PgnGame {
  headers: Record<string, string>;
  /** The position before the first move: the standard start, or the game's [FEN] tag. */
  startFen: string;
  moves: PgnMove[];
  /** "1-0", "0-1", "1/2-1/2" or "*": the termination marker, else the Result tag, else "*". */
  result: string;
}

/** One move of a main line, with the position it was played from, so callers never replay the game. */
export interface PgnMove {
  /** Standard notation as chessops writes it (with + and #), whatever spelling the file used. */
  san: string;
  /** Coordinate form; castling is the king's two-square move (e1g1), promotions end in the piece (e7e8q). */
  uci: string;
  fenBefore: string;
  /** 1 for the game's first recorded move, 2 for the reply, and so on (also for games set up from a FEN). */
  ply: number;
}

/** A game that could not be read; the rest of the file is still parsed. */
export interface PgnError {
  /** Position of the game in the file, counting from 0 and counting the games that failed too. */
  index: number;
  message: string;
  headers: Record<string, string>;
}

type Token =
  | { kind: "tag"; start: number; end: number; name: string; value: string }
  | { kind: "badTag"; start: number; end: number; text: string }
  | { kind: "open" | "close" | "nag" | "number"; start: number; end: number }
  | { kind: "result" | "word"; start: number; end: number; text: string }
  | { kind: "unclosedComment"; start: number; end: number };

const TAG = /\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/y;
/** Result tokens and their standard spelling (a Map: a word such as "constructor" is not a result). */
const RESULTS = new Map([
  ["1-0", "1-0"],
  ["0-1", "0-1"],
  ["1/2-1/2", "1/2-1/2"],
  ["½-½", "1/2-1/2"],
  ["*", "*"],
]);
const WORD_END = /[\s{}()[\];$]/;
const MOVE_NUMBER = /^\d*\.+/;
const SAN_SHAPE = /^(?:[NBRQK]?[a-h]?[1-8]?[-x]?[a-h][1-8](?:=?[NBRQnbrq])?|O-O(?:-O)?)[+#]?$/;

function endOfLine(text: string, from: number): number {
  const at = text.indexOf("\n", from);
  return at === -1 ? text.length : at;
}

function isLineStart(text: string, at: number): boolean {
  return at === 0 || text[at - 1] === "\n" || text[at - 1] === "\r";
}

/**
 * Reads PGN text into tokens. Comments ({…} over any number of lines, ; to the end of the line) and % escape
 * lines vanish here, so a brace or bracket inside a comment can never start a tag or a variation.
 */
function* tokenize(text: string): Generator<Token> {
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (/\s/.test(char)) {
      at++;
    } else if (char === "%" && isLineStart(text, at)) {
      at = endOfLine(text, at);
    } else if (char === ";") {
      at = endOfLine(text, at);
    } else if (char === "{") {
      const close = text.indexOf("}", at + 1);
      if (close === -1) {
        yield { kind: "unclosedComment", start: at, end: text.length };
        return;
      }
      at = close + 1;
    } else if (char === "[") {
      TAG.lastIndex = at;
      const match = TAG.exec(text);
      if (match) {
        const value = (match[2] as string).replace(/\\(["\\])/g, "$1");
        yield { kind: "tag", start: at, end: TAG.lastIndex, name: match[1] as string, value };
        at = TAG.lastIndex;
      } else {
        const end = endOfLine(text, at);
        yield { kind: "badTag", start: at, end, text: text.slice(at, end).trim() };
        at = end;
      }
    } else if (char === "(" || char === ")") {
      yield { kind: char === "(" ? "open" : "close", start: at, end: at + 1 };
      at++;
    } else if (char === "$") {
      let end = at + 1;
      while (end < text.length && /\d/.test(text[end] as string)) end++;
      yield { kind: "nag", start: at, end };
      at = end;
    } else {
      let end = at + 1;
      while (end < text.length && !WORD_END.test(text[end] as string)) end++;
      const word = text.slice(at, end);
      const result = RESULTS.get(word);
      if (result) yield { kind: "result", start: at, end, text: result };
      else {
        const move = word.replace(MOVE_NUMBER, "");
        yield move ? { kind: "word", start: at, end, text: move } : { kind: "number", start: at, end };
      }
      at = end;
    }
  }
}

interface Chunk {
  start: number;
  end: number;
  tokens: Token[];
}

/**
 * Cuts the token stream into games: a game ends at a termination marker outside variations, or where a new tag
 * section begins after moves were seen (files that leave out the marker), or at the end of the text.
 */
function* chunks(text: string): Generator<Chunk> {
  let tokens: Token[] = [];
  let depth = 0;
  let hasMovetext = false;
  const flush = (): Chunk | null => {
    const first = tokens[0];
    const last = tokens[tokens.length - 1];
    const keep = tokens.some((token) => !["result", "number", "nag", "open", "close"].includes(token.kind));
    const chunk = first && last && keep ? { start: first.start, end: last.end, tokens } : null;
    tokens = [];
    depth = 0;
    hasMovetext = false;
    return chunk;
  };
  for (const token of tokenize(text)) {
    if ((token.kind === "tag" || token.kind === "badTag") && hasMovetext) {
      const chunk = flush();
      if (chunk) yield chunk;
    }
    tokens.push(token);
    if (token.kind === "open") depth++;
    else if (token.kind === "close") depth = Math.max(0, depth - 1);
    else if (token.kind !== "tag" && token.kind !== "badTag") hasMovetext = true;
    if (token.kind === "result" && depth === 0) {
      const chunk = flush();
      if (chunk) yield chunk;
    }
  }
  const chunk = flush();
  if (chunk) yield chunk;
}

/**
 * The raw text of each game, one at a time, so a large file can be handed out game by game (each text parses
 * on its own with `parsePgn`). Text between games (stray comments, escape lines) is left out.
 */
export function* splitPgnGames(text: string): Generator<string> {
  for (const chunk of chunks(text)) yield text.slice(chunk.start, chunk.end);
}

class GameError extends Error {}

function startPosition(headers: Record<string, string>): Chess {
  const fen = headers.FEN?.trim();
  if (!fen) {
    if (headers.SetUp === "1") throw new GameError("SetUp is 1 but there is no FEN tag");
    return Chess.default();
  }
  const setup = parseFen(fen);
  if (setup.isErr) throw new GameError(`bad FEN "${fen}": ${setup.error.message}`);
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) throw new GameError(`impossible FEN "${fen}": ${position.error.message}`);
  return position.value;
}

/** Standard coordinate notation; chessops moves castle onto the rook's square, UCI onto the king's target. */
function uciOf(position: Position, move: NormalMove): string {
  const side = castlingSide(position, move);
  if (!side) return makeUci(move);
  return `${makeSquare(move.from)}${makeSquare(kingCastlesTo(position.turn, side))}`;
}

function readMove(position: Chess, word: string, ply: number): PgnMove {
  const cleaned = word
    .replace(/[!?]+$/, "")
    .replace(/^[0O]-[0O](-[0O])?/, (castle) => castle.replace(/0/g, "O"));
  if (!SAN_SHAPE.test(cleaned)) throw new GameError(`unreadable token "${word}" at ply ${ply}`);
  const move = parseSan(position, cleaned);
  if (!move || !("from" in move)) throw new GameError(`illegal move "${word}" at ply ${ply}`);
  const fenBefore = makeFen(position.toSetup());
  const san = makeSan(position, move);
  const uci = uciOf(position, move);
  position.play(move);
  return { san, uci, fenBefore, ply };
}

function headersOf(tokens: readonly Token[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const token of tokens) if (token.kind === "tag") headers[token.name] = token.value;
  return headers;
}

function parseGame(tokens: readonly Token[], headers: Record<string, string>): PgnGame {
  const position = startPosition(headers);
  const startFen = makeFen(position.toSetup());
  const moves: PgnMove[] = [];
  let depth = 0;
  let result: string | undefined;
  for (const token of tokens) {
    if (token.kind === "badTag") throw new GameError(`malformed tag ${token.text}`);
    if (token.kind === "unclosedComment") throw new GameError("a { comment is never closed");
    if (token.kind === "open") depth++;
    else if (token.kind === "close") {
      if (depth === 0) throw new GameError("a variation closes that never opened");
      depth--;
    } else if (depth === 0 && token.kind === "result") result = token.text;
    else if (depth === 0 && token.kind === "word")
      moves.push(readMove(position, token.text, moves.length + 1));
  }
  if (depth > 0) throw new GameError("a variation is never closed");
  return { headers, startFen, moves, result: result ?? RESULTS.get(headers.Result?.trim() ?? "") ?? "*" };
}

/**
 * Parses every game of a PGN text. A game that cannot be read (illegal or unreadable move, bad FEN, broken
 * tag, unbalanced variation or comment) is left out and described in `errors`; this never throws, so one bad
 * game in a large file costs only that game.
 */
export function parsePgn(text: string): { games: PgnGame[]; errors: PgnError[] } {
  const games: PgnGame[] = [];
  const errors: PgnError[] = [];
  let index = 0;
  for (const chunk of chunks(text)) {
    const headers = headersOf(chunk.tokens);
    try {
      games.push(parseGame(chunk.tokens, headers));
    } catch (error) {
      const message = error instanceof GameError ? error.message : `unexpected failure: ${String(error)}`;
      errors.push({ index, message, headers });
    }
    index++;
  }
  return { games, errors };
}
