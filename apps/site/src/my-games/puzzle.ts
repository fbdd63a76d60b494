import {
  type CoachTexts,
  composeCoaching,
  difficultyOf,
  type EngineRefutation,
  evalForTexts,
  evalForThemes,
  openingForEco,
  openingForMoves,
  openingForName,
  type PlayerColor,
  phaseOf,
  type TurningPoint,
  tagThemes,
} from "@ct/chess";
import type { GamePhase, Position } from "@ct/contract";

/** The game a puzzle of the player's comes from, as far as its tags tell. */
export interface MyGameInfo {
  white: string | null;
  black: string | null;
  whiteElo: number | null;
  blackElo: number | null;
  event: string | null;
  date: string | null;
  result: string;
  opening: string | null;
  eco: string | null;
}

/**
 * One puzzle made from one of the player's own mistakes, as kept in the browser (IndexedDB) and in an export file.
 * Everything the training screen needs is here: nothing of it is on the server.
 */
export interface MyGamePuzzle {
  /** Unique in the set: the game's key and the ply of the mistake (`<game key>:<ply>`). */
  key: string;
  /** The position before the mistake, the player to move. */
  fen: string;
  /** The player's side in the game. */
  side: PlayerColor;
  /** Half-moves played before the mistake. */
  ply: number;
  /** UCI moves: the best move first, then the opponent's reply and so on; ends on a player move. */
  solution: string[];
  /** Every first move accepted. */
  correctMoves: string[];
  cp?: number;
  mate?: number;
  themes: string[];
  phase: GamePhase;
  difficulty: number;
  texts: CoachTexts;
  /** What the player did in the game instead, and the engine's answer to it (from the position after it). */
  played: { san: string; uci: string };
  refutation: EngineRefutation;
  /** The moves of the game up to the mistake (standard notation), for the export's PGN. */
  gameSans: string[];
  /** The game's start when it is not the standard one (a FEN tag). */
  startFen?: string;
  game: MyGameInfo;
  /** ISO time it was found. */
  createdAt: string;
}

const ELO = /^\d{3,4}$/;

/** A PGN name tag, or null for the unknown-value markers PGN uses ("?", "-", ""). */
function tag(value: string | undefined, max = 120): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed && trimmed !== "?" && trimmed !== "-" && !/^[?.]+$/.test(trimmed)
    ? trimmed.slice(0, max)
    : null;
}

function elo(value: string | undefined): number | null {
  const trimmed = value?.trim() ?? "";
  return ELO.test(trimmed) ? Number(trimmed) : null;
}

/** The game's tags the set keeps, its opening classified as the server's import does (ECO, name, then moves). */
export function gameInfoOf(
  headers: Record<string, string>,
  sans: readonly string[],
  result: string,
): MyGameInfo {
  const eco = headers.ECO?.trim().toUpperCase();
  const opening =
    (eco ? openingForEco(eco) : null) ??
    (headers.Opening ? openingForName(headers.Opening) : null) ??
    openingForMoves(sans);
  return {
    white: tag(headers.White),
    black: tag(headers.Black),
    whiteElo: elo(headers.WhiteElo),
    blackElo: elo(headers.BlackElo),
    event: tag(headers.Event),
    date: tag(headers.Date, 20),
    result,
    opening: opening?.name ?? null,
    eco: eco && /^[A-E]\d\d$/.test(eco) ? eco : null,
  };
}

/**
 * A key for a game that is the same wherever its text comes from: its players, date and moves (FNV-1a, 32 bits, in
 * hex), so the same game analysed twice, or imported beside its own analysis, gives the same puzzles.
 */
export function gameKey(headers: Record<string, string>, sans: readonly string[], startFen?: string): string {
  const text = [headers.White, headers.Black, headers.Date, startFen ?? "", sans.join(" ")].join("|");
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * The puzzle of one turning point: themes by the tagger, texts by the composer (English and Arabic), phase from the
 * board, difficulty by the generator's rule, the game's tags. Null when the composer refuses the line.
 */
export function puzzleOf(point: TurningPoint, side: PlayerColor, now = new Date()): MyGamePuzzle | null {
  const { game } = point;
  const sans = game.moves.map((move) => move.san);
  const previous = game.moves[point.ply - 1];
  const themeCp = evalForThemes(point);
  const textCp = evalForTexts(point);
  const mate = point.mate !== undefined ? { mate: point.mate } : {};
  let texts: CoachTexts;
  let themes: string[];
  try {
    themes = tagThemes({
      fen: point.fen,
      solution: point.solution,
      ...(themeCp !== undefined ? { cp: themeCp } : {}),
      ...mate,
      ...(previous ? { previous: { fen: previous.fenBefore, move: previous.uci } } : {}),
      ...(point.zugzwang ? { zugzwang: true } : {}),
    });
    texts = composeCoaching({
      fen: point.fen,
      solution: point.solution,
      themes,
      ...(textCp !== undefined ? { cp: textCp } : {}),
      ...mate,
      ...(point.alternative ? { alternative: point.alternative } : {}),
    });
  } catch {
    return null;
  }
  const startFen = game.startFen === STANDARD_START ? undefined : game.startFen;
  return {
    key: `${gameKey(game.headers, sans, startFen)}:${point.ply}`,
    fen: point.fen,
    side,
    ply: point.ply,
    solution: point.solution,
    correctMoves: point.correctMoves,
    ...(point.cp !== undefined ? { cp: point.cp } : {}),
    ...mate,
    themes,
    phase: phaseOf(point.fen),
    difficulty: difficultyOf(point.solution, themes),
    texts,
    played: point.played,
    refutation: point.refutation,
    gameSans: sans.slice(0, point.ply),
    ...(startFen ? { startFen } : {}),
    game: gameInfoOf(game.headers, sans, game.result),
    createdAt: now.toISOString(),
  };
}

export const STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** The tag every puzzle of the set carries in the training screen. */
export const MY_GAMES_TAG = "my-games";

/**
 * The training screen's position for the puzzle at `index` of the set. Its id is negative (-1 for the first): the
 * server's ids are positive, so a puzzle of the player's own never reaches the server's reports or the review list.
 */
export function toPosition(puzzle: MyGamePuzzle, index: number): Position {
  const fields = puzzle.fen.split(" ");
  return {
    id: -(index + 1),
    sequence_number: index + 1,
    fen: puzzle.fen,
    description_en: puzzle.texts.description_en,
    description_ar: puzzle.texts.description_ar,
    explanation_en: puzzle.texts.explanation_en,
    explanation_ar: puzzle.texts.explanation_ar,
    correct_moves: puzzle.correctMoves,
    solution: puzzle.solution,
    difficulty: puzzle.difficulty,
    rating: puzzle.difficulty,
    rating_deviation: 350,
    tags: [MY_GAMES_TAG],
    game_phase: puzzle.phase,
    themes: puzzle.themes,
    hints: puzzle.texts.hints,
    game_metadata: {
      white: puzzle.game.white,
      black: puzzle.game.black,
      white_elo: puzzle.game.whiteElo,
      black_elo: puzzle.game.blackElo,
      move_number: Number(fields[5]) || null,
      side_to_move: fields[1] === "b" ? "black" : "white",
      opening: puzzle.game.opening,
      eco: puzzle.game.eco,
      // The game up to the position, shown beside the puzzle's moves (issue 39, around each puzzle).
      ...(puzzle.gameSans.length > 0 ? { moves: puzzle.gameSans } : {}),
      ...(puzzle.startFen ? { start_fen: puzzle.startFen } : {}),
    },
    source: `my-games:${puzzle.key}`,
    created_at: puzzle.createdAt,
    updated_at: puzzle.createdAt,
  };
}
