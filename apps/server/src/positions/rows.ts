import type { GamePhase, Position, ValidPositionInput } from "@ct/contract";
import type { Insertable, Selectable } from "kysely";
import type { PositionsTable } from "../db/schema";
import { ESTIMATED_DEVIATION, NEW_VOLATILITY, ratingBand } from "./ratings";

export type PositionRow = Selectable<PositionsTable>;

/** Contract → row. The FEN is the checked, completed one. */
export function toRow(
  input: ValidPositionInput,
  fen: string,
  sequenceNumber: number,
  createdAt: string,
  updatedAt: string,
): Insertable<PositionsTable> {
  return {
    sequence_number: sequenceNumber,
    fen,
    fen_key: fenKey(fen),
    description_en: input.description_en,
    description_ar: input.description_ar,
    explanation_en: input.explanation_en,
    explanation_ar: input.explanation_ar,
    correct_moves: JSON.stringify(input.correct_moves),
    solution: JSON.stringify(input.solution),
    difficulty: input.difficulty,
    ...ratingOf(input),
    tags: JSON.stringify(input.tags),
    game_phase: input.game_phase,
    themes: JSON.stringify(input.themes),
    hints: JSON.stringify(input.hints),
    game_metadata: JSON.stringify(input.game_metadata),
    opening: input.game_metadata.opening,
    eco: input.game_metadata.eco,
    source: input.source,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/**
 * The stored key of a FEN: FNV-1a over its characters as a signed 32-bit integer. The index is on this key, and a
 * lookup compares the FEN too (`fen_key = ? and fen = ?`), so a collision only costs a row read.
 */
export function fenKey(fen: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < fen.length; i++) hash = Math.imul(hash ^ fen.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * The rating columns of a new position: the given rating (with its deviation, else 350: not yet played) or, when
 * none is given, the estimated difficulty (curated and generated puzzles: from the line's length and the ideas it
 * needs, see analysis/build-position.ts `difficultyOf`) with deviation 350.
 */
export function ratingOf(
  input: Pick<ValidPositionInput, "rating" | "rating_deviation" | "difficulty">,
): Pick<Insertable<PositionsTable>, "rating" | "rating_deviation" | "rating_volatility" | "rating_band"> {
  const rating = input.rating ?? input.difficulty;
  return {
    rating,
    rating_band: ratingBand(rating),
    rating_deviation: input.rating_deviation ?? ESTIMATED_DEVIATION,
    rating_volatility: NEW_VOLATILITY,
  };
}

/** Row → contract. */
export function fromRow(row: PositionRow): Position {
  return {
    id: Number(row.id),
    sequence_number: Number(row.sequence_number),
    fen: row.fen,
    description_en: row.description_en,
    description_ar: row.description_ar,
    explanation_en: row.explanation_en,
    explanation_ar: row.explanation_ar,
    correct_moves: JSON.parse(row.correct_moves),
    solution: JSON.parse(row.solution),
    difficulty: row.difficulty,
    rating: Math.round(row.rating ?? row.difficulty),
    rating_deviation: Math.round(row.rating_deviation ?? ESTIMATED_DEVIATION),
    tags: JSON.parse(row.tags),
    game_phase: row.game_phase as GamePhase,
    themes: JSON.parse(row.themes),
    hints: JSON.parse(row.hints),
    game_metadata: JSON.parse(row.game_metadata),
    source: row.source,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * `JSON.stringify(fromRow(row))` without decoding the JSON columns: they are spliced in as stored (every writer
 * stores `JSON.stringify`'s text), so a position's answer costs one string build instead of five parses and a
 * stringify of their results. Same keys in the same order as `fromRow`; rows-json.test.ts holds them equal.
 */
export function positionJson(row: PositionRow): string {
  const text = JSON.stringify;
  return (
    `{"id":${Number(row.id)},"sequence_number":${Number(row.sequence_number)},"fen":${text(row.fen)}` +
    `,"description_en":${text(row.description_en)},"description_ar":${text(row.description_ar)}` +
    `,"explanation_en":${text(row.explanation_en)},"explanation_ar":${text(row.explanation_ar)}` +
    `,"correct_moves":${row.correct_moves},"solution":${row.solution},"difficulty":${text(row.difficulty)}` +
    `,"rating":${Math.round(row.rating ?? row.difficulty)}` +
    `,"rating_deviation":${Math.round(row.rating_deviation ?? ESTIMATED_DEVIATION)}` +
    `,"tags":${row.tags},"game_phase":${text(row.game_phase)},"themes":${row.themes},"hints":${row.hints}` +
    `,"game_metadata":${row.game_metadata},"source":${text(row.source)}` +
    `,"created_at":${text(row.created_at)},"updated_at":${text(row.updated_at)}}`
  );
}

export type FacetKey = `${"phase" | "theme" | "opening"}\u0000${string}`;

/** The facet counts a position contributes: its phase, each distinct theme, its opening. */
export function facetsOf(position: {
  game_phase: string;
  themes: readonly string[];
  opening: string | null;
}): FacetKey[] {
  const keys: FacetKey[] = [`phase\u0000${position.game_phase}`];
  for (const theme of new Set(position.themes)) keys.push(`theme\u0000${theme}`);
  if (position.opening) keys.push(`opening\u0000${position.opening}`);
  return keys;
}
