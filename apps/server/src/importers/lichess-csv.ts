import {
  type CoachTexts,
  composeCoaching,
  IllegalMoveError,
  matingMoves,
  type Opening,
  openingForName,
  phaseOf,
  tagThemes,
} from "@ct/chess";
import { type GamePhase, lichessGameUrl } from "@ct/contract";
import { Chess, normalizeMove } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import type { NormalMove } from "chessops/types";
import { parseUci } from "chessops/util";
import { LICHESS_DEVIATION, NEW_VOLATILITY } from "../positions/ratings";
import { facetsOf } from "../positions/rows";

/**
 * The lichess puzzle database (database.lichess.org, CSV): one puzzle a line. The FEN is the position before the
 * opponent's move; `Moves` starts with that move, then alternates solver and opponent, ending on a solver move.
 */
export const LICHESS_HEADER = [
  "PuzzleId",
  "FEN",
  "Moves",
  "Rating",
  "RatingDeviation",
  "Popularity",
  "NbPlays",
  "Themes",
  "GameUrl",
  "OpeningTags",
] as const;

/** Where the fields the importer reads sit in a line, and how many fields a line must have at least. */
export interface ColumnMap {
  id: number;
  fen: number;
  moves: number;
  rating: number;
  /** RatingDeviation, or -1 when the file has none. */
  deviation: number;
  themes: number;
  openingTags: number;
  /** GameUrl (the game the puzzle came from), or -1 when the file has none. */
  gameUrl: number;
  /** The smallest field count of a good line (lichess ends lines with empty trailing fields). */
  required: number;
  /** Sources of the stored puzzles are `<prefix>:<PuzzleId>` (`lichess` unless the importer is told otherwise). */
  sourcePrefix: string;
}

function columnsFrom(names: readonly string[]): ColumnMap | null {
  const at = (name: string) => names.indexOf(name);
  const map = {
    id: at("PuzzleId"),
    fen: at("FEN"),
    moves: at("Moves"),
    rating: at("Rating"),
    deviation: at("RatingDeviation"),
    themes: at("Themes"),
    openingTags: at("OpeningTags"),
    gameUrl: at("GameUrl"),
  };
  if (map.id < 0 || map.fen < 0 || map.moves < 0 || map.rating < 0) return null;
  return {
    ...map,
    required: Math.max(map.id, map.fen, map.moves, map.rating) + 1,
    sourcePrefix: "lichess",
  };
}

/** Files without a header line (older lichess exports) use the published column order. */
export const DEFAULT_COLUMNS = columnsFrom(LICHESS_HEADER) as ColumnMap;

/**
 * Reads the first line of a file: a header naming at least PuzzleId, FEN, Moves and Rating gives its column map;
 * a first line that is a puzzle row (no header) means the published order. `null`: not a lichess puzzle file.
 */
export function columnsOfFirstLine(line: string): { columns: ColumnMap; header: boolean } | null {
  const fields = splitCsvLine(line.replace(/^\uFEFF/, "").trimEnd());
  if (!fields) return null;
  if (fields.includes("PuzzleId")) {
    const columns = columnsFrom(fields.map((field) => field.trim()));
    return columns ? { columns, header: true } : null;
  }
  const looksLikeRow =
    fields.length >= DEFAULT_COLUMNS.required &&
    parseFen(fields[DEFAULT_COLUMNS.fen] ?? "").isOk &&
    UCI.test((fields[DEFAULT_COLUMNS.moves] ?? "").split(" ")[0] ?? "");
  return looksLikeRow ? { columns: DEFAULT_COLUMNS, header: false } : null;
}

/**
 * Splits one CSV line. The lichess export never quotes, so the common case is a plain split; quoted fields
 * (RFC 4180, `""` for a quote) are still read correctly. `null` when a quote is left open.
 */
export function splitCsvLine(line: string): string[] | null {
  if (!line.includes('"')) return line.split(",");
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** A puzzle ready to insert: every column of `positions` but the sequence number and timestamps. */
export interface PreparedPuzzle {
  source: string;
  fen: string;
  description_en: string;
  description_ar: string;
  explanation_en: string;
  explanation_ar: string;
  correct_moves: string;
  solution: string;
  difficulty: number;
  rating: number;
  rating_deviation: number;
  rating_volatility: number;
  tags: string;
  game_phase: GamePhase;
  themes: string;
  hints: string;
  game_metadata: string;
  opening: string | null;
  eco: string | null;
  /** The facet counters this puzzle adds to (see `facetsOf`). */
  facets: string[];
}

/** One row mapped: the puzzle to store, or the reason it is refused. */
export type RowResult = { ok: true; puzzle: PreparedPuzzle } | { ok: false; reason: string };

const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
const PUZZLE_ID = /^[A-Za-z0-9]{1,40}$/;
const THEME = /^[A-Za-z0-9]{1,60}$/;
const PHASE_THEMES: readonly GamePhase[] = ["opening", "middlegame", "endgame"];
/** Bounds of the stored position (the contract's positionInputSchema). */
const MAX_THEMES = 30;
const MAX_SOLUTION = 40;
const TEXT_LIMITS = { hint: 500, description: 1000, explanation: 4000 };

const refuse = (reason: string): RowResult => ({ ok: false, reason });

/**
 * Turns one CSV row into a stored puzzle, or says why it is refused. The FEN must be a legal position and every
 * move legal in turn (checked with chessops, fast enough for millions of rows); the stored position is the one
 * after the opponent's first move, and the rest of the moves are the solution.
 */
export function mapLichessRow(fields: readonly string[], columns: ColumnMap): RowResult {
  if (fields.length < columns.required)
    return refuse(`expected at least ${columns.required} columns, found ${fields.length}`);
  const id = puzzleIdOf(fields[columns.id] ?? "");
  if (!id) return refuse(`PuzzleId "${(fields[columns.id] ?? "").slice(0, 40)}" is not a lichess id`);

  const ratingText = (fields[columns.rating] ?? "").trim();
  const rating = /^[0-9]{1,4}$/.test(ratingText) ? Number(ratingText) : Number.NaN;
  if (Number.isNaN(rating) || rating > 4000)
    return refuse(`Rating "${(fields[columns.rating] ?? "").slice(0, 20)}" is not a whole number 0-4000`);

  const deviationText = columns.deviation < 0 ? "" : (fields[columns.deviation] ?? "").trim();
  const deviation = /^[0-9]{1,3}$/.test(deviationText)
    ? Math.min(500, Number(deviationText))
    : LICHESS_DEVIATION;

  const given = splitWords(columns.themes < 0 ? "" : fields[columns.themes]);
  if (given.length > MAX_THEMES) return refuse(`more than ${MAX_THEMES} themes`);
  const badTheme = given.find((theme) => !THEME.test(theme));
  if (badTheme !== undefined) return refuse(`theme "${badTheme.slice(0, 60)}" is not a theme key`);

  const moves = splitWords(fields[columns.moves]);
  if (moves.length < 2) return refuse("Moves needs the opponent's move and at least one solution move");
  if (moves.length > MAX_SOLUTION + 1) return refuse(`more than ${MAX_SOLUTION} solution moves`);
  // With themes given, the composer plays the solution (and refuses an illegal move); the tagger needs it checked.
  const line = playLine(fields[columns.fen] ?? "", moves, given.length === 0);
  if (typeof line === "string") return refuse(line);
  // A row without themes (the shipped library has none) gets them from our tagger.
  const themes =
    given.length > 0
      ? given
      : tagThemes({
          fen: line.fen,
          solution: moves.slice(1),
          previous: { fen: (fields[columns.fen] ?? "").trim(), move: moves[0] as string },
        });

  const phase = PHASE_THEMES.find((candidate) => themes.includes(candidate)) ?? phaseOf(line.fen);
  const opening = openingOfTags(columns.openingTags < 0 ? "" : fields[columns.openingTags]);
  const solution = moves.slice(1);
  const [, turn, , , , fullmoves] = line.fen.split(" ");
  const mateIn = themes.map((theme) => /^mateIn([1-9])$/.exec(theme)?.[1]).find(Boolean);
  // A mate in one accepts every mating move, the puzzle's own first (the composer then plays on this position).
  const correct =
    mateIn === "1" && solution.length === 1
      ? [...new Set([solution[0] as string, ...matingMoves(line.position)])]
      : [solution[0] as string];
  let coaching: CoachTexts;
  try {
    coaching = composeCoaching({
      fen: line.fen,
      position: line.position,
      solution,
      themes,
      ...(mateIn ? { mate: Number(mateIn) } : {}),
    });
  } catch (error) {
    if (error instanceof IllegalMoveError) return refuse(`move ${error.ply + 2} (${error.uci}) is not legal`);
    return refuse(`no hints could be composed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tooLong = textTooLong(coaching);
  if (tooLong) return refuse(`composed ${tooLong} is empty or too long`);
  const openingName = opening?.name ?? null;
  const gameUrl = lichessGameUrl(columns.gameUrl < 0 ? null : fields[columns.gameUrl]);
  return {
    ok: true,
    puzzle: {
      source: `${columns.sourcePrefix}:${id}`,
      fen: line.fen,
      description_en: coaching.description_en,
      description_ar: coaching.description_ar,
      explanation_en: coaching.explanation_en,
      explanation_ar: coaching.explanation_ar,
      correct_moves: JSON.stringify(correct),
      solution: JSON.stringify(solution),
      difficulty: rating,
      rating,
      rating_deviation: deviation,
      rating_volatility: NEW_VOLATILITY,
      tags: '["lichess"]',
      game_phase: phase,
      themes: JSON.stringify(themes),
      hints: JSON.stringify(coaching.hints),
      game_metadata: JSON.stringify({
        white: null,
        black: null,
        white_elo: null,
        black_elo: null,
        move_number: Math.min(1000, Math.max(1, Number(fullmoves) || 1)),
        side_to_move: turn === "b" ? "black" : "white",
        opening: openingName,
        eco: opening ? ecoOf(opening) : null,
        ...(gameUrl ? { game_url: gameUrl } : {}),
      }),
      opening: openingName,
      eco: opening ? ecoOf(opening) : null,
      facets: facetsOf({ game_phase: phase, themes, opening: openingName }),
    },
  };
}

/**
 * The puzzle id, or null. lichess ids are five letters and digits; a spreadsheet that saved the file drops the
 * leading zeros of all-digit ids ("00570" → "570"), which are put back so the source matches the real puzzle.
 */
function puzzleIdOf(text: string): string | null {
  const id = text.trim();
  if (/^[0-9]{1,4}$/.test(id)) return id.padStart(5, "0");
  return PUZZLE_ID.test(id) ? id : null;
}

function splitWords(text: string | undefined): string[] {
  const trimmed = (text ?? "").trim();
  return trimmed ? trimmed.split(/\s+/) : [];
}

/**
 * Loads the FEN and plays the opponent's first move: the answer is the position the solver faces (as a FEN and
 * loaded), or the reason the line is refused. Every move must be in coordinate form; the solution's moves are
 * played here too only when `checkAll` (otherwise the composer plays them on the returned position).
 */
function playLine(
  fen: string,
  moves: readonly string[],
  checkAll: boolean,
): { fen: string; position: Chess } | string {
  const setup = parseFen(fen.trim());
  if (setup.isErr) return `FEN is not valid (${setup.error.message})`;
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) return `FEN is not a legal position (${position.error.message})`;
  const board = position.value;
  const parsed: NormalMove[] = [];
  for (const [index, uci] of moves.entries()) {
    const move = UCI.test(uci) ? parseUci(uci) : undefined;
    if (!move || !("from" in move))
      return `move ${index + 1} "${uci.slice(0, 12)}" is not in coordinate form`;
    parsed.push(move);
  }
  let after: { fen: string; position: Chess } | undefined;
  for (const [index, move] of parsed.entries()) {
    if (index > 0 && !checkAll) break;
    const normal = normalizeMove(board, move);
    if (!board.isLegal(normal)) return `move ${index + 1} (${moves[index]}) is not legal`;
    board.play(normal);
    if (index === 0) after = { fen: makeFen(board.toSetup()), position: checkAll ? board.clone() : board };
  }
  return after as { fen: string; position: Chess };
}

const tagCache = new Map<string, Opening | null>();

/** The first lichess opening tag that maps to the trainer's list (tags repeat a lot: looked up once each). */
function openingOfTags(text: string | undefined): Opening | null {
  for (const tag of splitWords(text)) {
    let opening = tagCache.get(tag);
    if (opening === undefined) {
      opening = openingForName(tag);
      if (tagCache.size < 10_000) tagCache.set(tag, opening);
    }
    if (opening) return opening;
  }
  return null;
}

/** The ECO code of an opening when its list entry is one code (B01 for the Scandinavian); otherwise unknown. */
function ecoOf(opening: Opening): string | null {
  const [only, ...more] = opening.eco;
  return only && more.length === 0 && only[0] === only[1] ? only[0] : null;
}

function textTooLong(texts: CoachTexts): string | null {
  for (const [key, value] of Object.entries(texts.hints))
    if (!value || value.length > TEXT_LIMITS.hint) return `hint ${key}`;
  if (!texts.description_en || texts.description_en.length > TEXT_LIMITS.description) return "description";
  if (texts.description_ar.length > TEXT_LIMITS.description) return "description";
  if (!texts.explanation_en || texts.explanation_en.length > TEXT_LIMITS.explanation) return "explanation";
  if (texts.explanation_ar.length > TEXT_LIMITS.explanation) return "explanation";
  return null;
}
