import {
  composeCoaching,
  difficultyOf,
  evalForTexts,
  evalForThemes,
  type Opening,
  openingForEco,
  openingForMoves,
  openingForName,
  phaseOf,
  type Score,
  tagThemes,
} from "@ct/chess";
import { positionInputSchema, type ValidPositionInput } from "@ct/contract";

/** A puzzle found by the generator (or written by hand and solved by the engine), before it becomes a position. */
export interface PuzzleSource {
  /** The position the player faces (full FEN). */
  fen: string;
  /** UCI moves: player, opponent, player, …; ends on a player move. */
  solution: string[];
  /** Every first move accepted as correct (several mates in one, say); the solution's first move is one of them. */
  correctMoves: string[];
  cp?: number | undefined;
  mate?: number | undefined;
  /** The final position searched deeper when `cp` lay near an eval key's line (see `SolvedLine.settled`). */
  settled?: Score | undefined;
  alternative?: { move: string; reply: string; cp?: number; mate?: number } | undefined;
  /** The opponent's move that led to `fen` and the position before it (tells a recapture from a hanging piece). */
  previous?: { fen: string; move: string } | undefined;
  /** The engine found that a solver move leaves the opponent in zugzwang (see `isZugzwang` in @ct/chess). */
  zugzwang?: boolean | undefined;
  /** PGN tags of the game it comes from (White, Black, WhiteElo, ECO, Opening, …). */
  headers?: Record<string, string>;
  /** The game's moves in standard notation from the start, to classify the opening when the tags do not. */
  gameSans?: readonly string[];
  /** Unique origin, e.g. `game:<hash>:<ply>` or `seed:endgames:lucena`. */
  source: string;
  /** Extra tags (e.g. the name of a classical position). */
  tags?: string[];
}

const ELO = /^\d{3,4}$/;

function elo(value: string | undefined): number | null {
  return value && ELO.test(value.trim()) ? Number(value.trim()) : null;
}

/** A PGN name tag, or null for the unknown-value markers PGN uses ("?", "-", ""). */
function name(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed && trimmed !== "?" && trimmed !== "-" ? trimmed.slice(0, 120) : null;
}

function classify(headers: Record<string, string>, sans: readonly string[] | undefined): Opening | null {
  const eco = headers.ECO?.trim().toUpperCase();
  return (
    (eco ? openingForEco(eco) : null) ??
    (headers.Opening ? openingForName(headers.Opening) : null) ??
    (sans ? openingForMoves(sans) : null)
  );
}

/** The difficulty rule, shared with the browser's "My games" (packages/chess). */
export { difficultyOf };

/**
 * Turns a solved puzzle into a stored position: themes from the line, phase from the board, game metadata from
 * the tags, hints, description and explanation in English and Arabic.
 */
export function buildPosition(puzzle: PuzzleSource): ValidPositionInput {
  const headers = puzzle.headers ?? {};
  const themeCp = evalForThemes(puzzle);
  const textCp = evalForTexts(puzzle);
  const themes = tagThemes({
    fen: puzzle.fen,
    solution: puzzle.solution,
    ...(themeCp !== undefined ? { cp: themeCp } : {}),
    ...(puzzle.mate !== undefined ? { mate: puzzle.mate } : {}),
    ...(puzzle.previous ? { previous: puzzle.previous } : {}),
    ...(puzzle.zugzwang ? { zugzwang: true } : {}),
  });
  const texts = composeCoaching({
    fen: puzzle.fen,
    solution: puzzle.solution,
    themes,
    ...(textCp !== undefined ? { cp: textCp } : {}),
    ...(puzzle.mate !== undefined ? { mate: puzzle.mate } : {}),
    ...(puzzle.alternative ? { alternative: puzzle.alternative } : {}),
  });
  const [, turn, , , , fullmove] = puzzle.fen.split(" ");
  const opening = classify(headers, puzzle.gameSans);
  const eco = headers.ECO?.trim().toUpperCase();
  return positionInputSchema.parse({
    fen: puzzle.fen,
    description_en: texts.description_en,
    description_ar: texts.description_ar,
    explanation_en: texts.explanation_en,
    explanation_ar: texts.explanation_ar,
    correct_moves: puzzle.correctMoves,
    solution: puzzle.solution,
    difficulty: difficultyOf(puzzle.solution, themes),
    tags: puzzle.tags ?? [],
    game_phase: phaseOf(puzzle.fen),
    themes,
    hints: texts.hints,
    game_metadata: {
      white: name(headers.White),
      black: name(headers.Black),
      white_elo: elo(headers.WhiteElo),
      black_elo: elo(headers.BlackElo),
      move_number: Number(fullmove) || null,
      side_to_move: turn === "b" ? "black" : "white",
      opening: opening?.name ?? null,
      eco: eco && /^[A-E]\d\d$/.test(eco) ? eco : null,
    },
    source: puzzle.source,
  });
}
