import { Chess, normalizeMove } from "chessops/chess";
import { makeFen } from "chessops/fen";
import {
  ChildNode,
  type Game,
  makePgn,
  Node,
  type PgnNodeData,
  parsePgn,
  startingPosition,
} from "chessops/pgn";
import { makeSan, parseSan } from "chessops/san";
import type { NormalMove } from "chessops/types";
import { parseUci } from "chessops/util";
import {
  type BilingualComment,
  moveUci,
  parseBilingualComment,
  positionKey,
  type RepertoireFile,
  type RepertoireLine,
  type RepertoireSide,
} from "./repertoire";

/**
 * A player's own repertoire (issue 40) as a tree of moves, and its PGN: the export of every repertoire (a starter's or
 * a player's), the import of a PGN with variations, and the edits of the builder (add a move, replace the player's
 * answer, remove a move and what follows it, comment a move, pick lines of the starters). Pure: every edit returns a
 * new tree or a refusal that names the position and the moves.
 *
 * A repertoire gives the player one answer per position (wherever the position is reached); the opponent's moves may
 * branch. A comment is the repository's `{en: … | ar: …}` pair, or the player's plain comment, kept as the same text
 * in both languages and written back plain.
 */

export interface MoveNode {
  san: string;
  /** Coordinate form (e2e4). */
  uci: string;
  /** The position the move is played from (positionKey: placement, side, castling, en passant). */
  fenBefore: string;
  comment?: BilingualComment;
  /** The moves that follow, the first the main line. */
  children: MoveNode[];
}

export interface OwnRepertoire {
  name: string;
  side: RepertoireSide;
  /** The first moves (White's), each with its continuations. */
  moves: MoveNode[];
}

/** A path into the tree: the moves from the start position, in standard notation. */
export type MovePath = readonly string[];

/** Limits of the player's own repertoires (the browser keeps them). */
export const OWN_REPERTOIRE_LIMITS = { repertoires: 50, moves: 2000, pgnBytes: 1_000_000 } as const;

/** Why an import or an edit is refused, with what the message names (numbered moves such as "3...Nf6"). */
export type RepertoireProblem =
  | { code: "empty" }
  | { code: "tooBig"; limit: number }
  | { code: "tooManyMoves"; limit: number }
  | { code: "fromPosition"; game: string }
  | { code: "illegal"; game: string; move: string }
  | { code: "conflict"; position: string; move: string; other: string };

export class RepertoireEditError extends Error {
  constructor(readonly problem: RepertoireProblem) {
    super(problemText(problem));
  }
}

/** The problem in English, for logs and tests (the site writes its own texts from `problem`). */
export function problemText(problem: RepertoireProblem): string {
  switch (problem.code) {
    case "empty":
      return "no moves could be read";
    case "tooBig":
      return `the PGN is larger than ${problem.limit} bytes`;
    case "tooManyMoves":
      return `more than ${problem.limit} moves`;
    case "fromPosition":
      return `${problem.game}: starts from another position than the initial one`;
    case "illegal":
      return `${problem.game}: illegal move ${problem.move}`;
    case "conflict":
      return `${problem.position}: ${problem.move} and ${problem.other} are two answers in one position`;
  }
}

/** "3.Bb5" or "3...a6" for the move at `ply` (0 = White's first). */
export function numberedMove(ply: number, san: string): string {
  const number = Math.floor(ply / 2) + 1;
  return ply % 2 === 0 ? `${number}.${san}` : `${number}...${san}`;
}

/** "1.e4 e5 2.Nf3", or "the start" for the empty path (how a position is named in messages). */
export function pathText(path: MovePath): string {
  if (path.length === 0) return "1.";
  return path.map((san, ply) => (ply % 2 === 0 ? `${ply / 2 + 1}.${san}` : san)).join(" ");
}

function playerParity(side: RepertoireSide): number {
  return side === "white" ? 0 : 1;
}

/** Every move of the tree (nodes) counted once. */
export function countMoves(moves: readonly MoveNode[]): number {
  return moves.reduce((sum, move) => sum + 1 + countMoves(move.children), 0);
}

function copy(moves: readonly MoveNode[]): MoveNode[] {
  return moves.map((move) => ({ ...move, children: copy(move.children) }));
}

/** The node at the end of a path, or undefined. */
export function nodeAt(moves: readonly MoveNode[], path: MovePath): MoveNode | undefined {
  let list = moves;
  let node: MoveNode | undefined;
  for (const san of path) {
    node = list.find((candidate) => candidate.san === san);
    if (!node) return undefined;
    list = node.children;
  }
  return node;
}

/** The moves played from the position at the end of `path` (the first moves for the empty path). */
export function childrenAt(moves: readonly MoveNode[], path: MovePath): readonly MoveNode[] {
  return path.length === 0 ? moves : (nodeAt(moves, path)?.children ?? []);
}

/** Finds the player's answers that differ in one position (reached by any path): the first clash, or null. */
export function findConflict(moves: readonly MoveNode[], side: RepertoireSide): RepertoireProblem | null {
  const parity = playerParity(side);
  const answers = new Map<string, { san: string; path: string[] }>();
  let found: RepertoireProblem | null = null;
  const walk = (list: readonly MoveNode[], path: string[]) => {
    if (found) return;
    if (path.length % 2 === parity) {
      for (const move of list) {
        const known = answers.get(move.fenBefore);
        if (known && known.san !== move.san) {
          found = {
            code: "conflict",
            position: pathText(path),
            move: numberedMove(path.length, move.san),
            other: numberedMove(known.path.length, known.san),
          };
          return;
        }
        if (!known) answers.set(move.fenBefore, { san: move.san, path });
      }
    }
    for (const move of list) walk(move.children, [...path, move.san]);
  };
  walk(moves, []);
  return found;
}

function checkSize(moves: readonly MoveNode[]): void {
  if (countMoves(moves) > OWN_REPERTOIRE_LIMITS.moves) {
    throw new RepertoireEditError({ code: "tooManyMoves", limit: OWN_REPERTOIRE_LIMITS.moves });
  }
}

/** A comment read from PGN: the `{en: … | ar: …}` pair, or a plain comment kept as is in both languages. */
function readComment(texts: readonly string[] | undefined): BilingualComment | undefined {
  const parts = (texts ?? []).map((text) => text.trim()).filter((text) => text !== "");
  if (parts.length === 0) return undefined;
  const text = parts.join(" ");
  return parseBilingualComment(text) ?? { en: text, ar: text };
}

/** Adds `from`'s moves into `into` (a move already there keeps its place; its comment is filled if it had none). */
function mergeInto(into: MoveNode[], from: readonly MoveNode[]): void {
  for (const move of from) {
    const known = into.find((candidate) => candidate.san === move.san);
    if (!known) into.push({ ...move, children: copy(move.children) });
    else {
      if (!known.comment && move.comment) known.comment = move.comment;
      mergeInto(known.children, move.children);
    }
  }
}

/**
 * Reads a PGN with variations (one game or several, merged into one tree) into a player's repertoire for `side`.
 * Refuses, naming the game and the move, a move that is not legal or a game from another position; refuses two
 * answers of the player in one position, naming the position and both moves; refuses more than the limits. Tags are
 * not required.
 */
export function importRepertoirePgn(text: string, side: RepertoireSide, name: string): OwnRepertoire {
  if (utf8Length(text) > OWN_REPERTOIRE_LIMITS.pgnBytes) {
    throw new RepertoireEditError({ code: "tooBig", limit: OWN_REPERTOIRE_LIMITS.pgnBytes });
  }
  const moves: MoveNode[] = [];
  parsePgn(text).forEach((game, index) => {
    const event = game.headers.get("Event")?.trim();
    const label = event && event !== "?" ? event : `#${index + 1}`;
    const start = startingPosition(game.headers);
    if (start.isErr || makeFen(start.value.toSetup()) !== makeFen(Chess.default().toSetup())) {
      throw new RepertoireEditError({ code: "fromPosition", game: label });
    }
    mergeInto(moves, readGame(game, label));
  });
  if (moves.length === 0) throw new RepertoireEditError({ code: "empty" });
  checkSize(moves);
  const conflict = findConflict(moves, side);
  if (conflict) throw new RepertoireEditError(conflict);
  return { name, side, moves };
}

/** The size of a text in UTF-8 bytes (the size of the file it came from). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function readGame(game: Game<PgnNodeData>, label: string): MoveNode[] {
  const walk = (children: ChildNode<PgnNodeData>[], position: Chess, ply: number): MoveNode[] =>
    children.map((child) => {
      const move = parseSan(position, child.data.san);
      if (!move) {
        throw new RepertoireEditError({
          code: "illegal",
          game: label,
          move: numberedMove(ply, child.data.san),
        });
      }
      const fenBefore = positionKey(makeFen(position.toSetup()));
      const after = position.clone();
      after.play(move);
      const comment = readComment(child.data.comments);
      return {
        san: child.data.san,
        uci: moveUci(position, move as NormalMove),
        fenBefore,
        ...(comment ? { comment } : {}),
        children: walk(child.children, after, ply + 1),
      };
    });
  return walk(game.moves.children, Chess.default(), 0);
}

/** A starter's (or any repertoire file's) lines as one tree: lines that share their first moves share nodes. */
export function movesFromLines(lines: readonly RepertoireLine[]): MoveNode[] {
  const moves: MoveNode[] = [];
  for (const line of lines) {
    let list = moves;
    for (const move of line.moves) {
      let node = list.find((candidate) => candidate.san === move.san);
      if (!node) {
        node = {
          san: move.san,
          uci: move.uci,
          fenBefore: move.fenBefore,
          ...(move.comment ? { comment: move.comment } : {}),
          children: [],
        };
        list.push(node);
      } else if (!node.comment && move.comment) node.comment = move.comment;
      list = node.children;
    }
  }
  return moves;
}

/**
 * Every path of the tree from the first move to a leaf, as the lines the trainer learns and drills, in the tree's
 * order (the main line first). A line is named by the move where it leaves the lines before it ("2...c5"); the first
 * by its first move.
 */
export function linesFromMoves(moves: readonly MoveNode[]): RepertoireLine[] {
  const lines: RepertoireLine[] = [];
  const walk = (list: readonly MoveNode[], path: MoveNode[], branched: number) => {
    list.forEach((move, index) => {
      // The first child continues the line that reached here; the others branch off at this ply.
      const from = index === 0 ? branched : path.length;
      const next = [...path, move];
      if (move.children.length === 0) {
        const at = next[from] as MoveNode;
        const label = numberedMove(from, at.san);
        lines.push({
          name: { en: label, ar: label },
          eco: "",
          moves: next.map(({ san, uci, fenBefore, comment }) => ({
            san,
            uci,
            fenBefore,
            ...(comment ? { comment } : {}),
          })),
        });
      } else walk(move.children, next, from);
    });
  };
  walk(moves, [], 0);
  return lines;
}

/** A player's repertoire as a repertoire file, the form the trainer's tree is built from. */
export function ownRepertoireFile(own: OwnRepertoire): RepertoireFile {
  return { opening: own.name, side: own.side, lines: linesFromMoves(own.moves) };
}

function pgnComment(comment: BilingualComment): string {
  // A brace would end the comment early.
  const clean = (text: string) => text.replace(/[{}]/g, "");
  return comment.en === comment.ar
    ? clean(comment.en)
    : `en: ${clean(comment.en)} | ar: ${clean(comment.ar)}`;
}

/**
 * A repertoire as PGN: one game whose variations nest the branches, the comments in `{en: … | ar: …}` (a plain
 * comment as it was written), and the tags [Event] and [Opening] (the name), [Repertoire] (the side) and [ECO] when
 * known. `importRepertoirePgn` and `parseRepertoirePgn` read it back to the same tree.
 */
export function repertoireToPgn(repertoire: {
  name: string;
  side: RepertoireSide;
  moves: readonly MoveNode[];
  eco?: string;
}): string {
  const quote = (text: string) => text.replace(/["\\]/g, "");
  const headers = new Map<string, string>([
    ["Event", quote(repertoire.name)],
    ["Opening", quote(repertoire.name)],
    ["Repertoire", repertoire.side === "white" ? "White" : "Black"],
    ...(repertoire.eco ? [["ECO", repertoire.eco] as [string, string]] : []),
    ["Result", "*"],
  ]);
  const build = (move: MoveNode): ChildNode<PgnNodeData> => {
    const node = new ChildNode<PgnNodeData>({
      san: move.san,
      ...(move.comment ? { comments: [pgnComment(move.comment)] } : {}),
    });
    node.children = move.children.map(build);
    return node;
  };
  const root = new Node<PgnNodeData>();
  root.children = repertoire.moves.map(build);
  return makePgn({ headers, moves: root });
}

// --- Edits -----------------------------------------------------------------------------------------------------

/** The result of an edit: the new tree, or a refusal (nothing changed). */
export type EditResult =
  | { ok: true; moves: MoveNode[] }
  | { ok: false; problem: RepertoireProblem }
  /** The player already answers this position with `existing`: replacing it needs the player's confirmation. */
  | { ok: false; replaces: string };

/** The position at the end of a path (chessops), or undefined when the path leaves the tree. */
function positionAt(moves: readonly MoveNode[], path: MovePath): Chess | undefined {
  const position = Chess.default();
  let list = moves;
  for (const san of path) {
    const node = list.find((candidate) => candidate.san === san);
    const move = node ? parseSan(position, san) : undefined;
    if (!node || !move) return undefined;
    position.play(move);
    list = node.children;
  }
  return position;
}

/**
 * Plays `uci` after `path`. A move already in the tree is just walked into (the result is the same tree). A new move
 * of the opponent is a new branch. A new move of the player where the player already has an answer in this position
 * asks for `replace` (the old answer and what follows it go); with `replace`, it is done. An answer that clashes with
 * the player's answer to the same position reached by another path is refused.
 */
export function addMove(
  own: OwnRepertoire,
  path: MovePath,
  uci: string,
  options: { replace?: boolean } = {},
): EditResult & { san?: string } {
  const position = positionAt(own.moves, path);
  if (!position) return { ok: false, problem: { code: "illegal", game: own.name, move: uci } };
  const parsed = parseUciMove(position, uci);
  if (!parsed) return { ok: false, problem: { code: "illegal", game: own.name, move: uci } };
  const { san, move } = parsed;
  const moves = copy(own.moves);
  const list: MoveNode[] = path.length === 0 ? moves : (nodeAt(moves, path) as MoveNode).children;
  if (list.some((candidate) => candidate.san === san)) return { ok: true, moves, san };
  const byPlayer = path.length % 2 === playerParity(own.side);
  if (byPlayer && list.length > 0 && !options.replace) {
    return { ok: false, replaces: numberedMove(path.length, (list[0] as MoveNode).san) };
  }
  const node: MoveNode = {
    san,
    uci: moveUci(position, normalizeMove(position, move) as NormalMove),
    fenBefore: positionKey(makeFen(position.toSetup())),
    children: [],
  };
  if (byPlayer) list.splice(0, list.length, node);
  else list.push(node);
  if (countMoves(moves) > OWN_REPERTOIRE_LIMITS.moves) {
    return { ok: false, problem: { code: "tooManyMoves", limit: OWN_REPERTOIRE_LIMITS.moves } };
  }
  const conflict = findConflict(moves, own.side);
  if (conflict) return { ok: false, problem: conflict };
  return { ok: true, moves, san };
}

function parseUciMove(position: Chess, uci: string): { san: string; move: NormalMove } | undefined {
  const move = parseUci(uci);
  if (!move || !("from" in move) || !position.isLegal(move)) return undefined;
  return { san: makeSan(position, move), move };
}

/** Removes the move at the end of `path` and every move after it. */
export function removeMove(own: OwnRepertoire, path: MovePath): MoveNode[] {
  if (path.length === 0) return copy(own.moves);
  const moves = copy(own.moves);
  const parent = path.slice(0, -1);
  const list: MoveNode[] | undefined = parent.length === 0 ? moves : nodeAt(moves, parent)?.children;
  const index = list?.findIndex((candidate) => candidate.san === path.at(-1)) ?? -1;
  if (list && index >= 0) list.splice(index, 1);
  return moves;
}

/** Sets (or, empty, removes) the player's plain comment on the move at the end of `path`. */
export function setComment(own: OwnRepertoire, path: MovePath, text: string): MoveNode[] {
  const moves = copy(own.moves);
  const node = nodeAt(moves, path);
  if (!node) return moves;
  const clean = text.trim();
  if (clean === "") delete node.comment;
  else node.comment = { en: clean, ar: clean };
  return moves;
}

/**
 * A repertoire made of lines picked from starters of one side: the lines merged into one tree. Refused when two of
 * them answer one position differently (starters of different openings may), naming the position and both moves.
 */
export function pickLines(side: RepertoireSide, lines: readonly RepertoireLine[]): EditResult {
  const moves = movesFromLines(lines);
  if (moves.length === 0) return { ok: false, problem: { code: "empty" } };
  if (countMoves(moves) > OWN_REPERTOIRE_LIMITS.moves) {
    return { ok: false, problem: { code: "tooManyMoves", limit: OWN_REPERTOIRE_LIMITS.moves } };
  }
  const conflict = findConflict(moves, side);
  return conflict ? { ok: false, problem: conflict } : { ok: true, moves };
}
