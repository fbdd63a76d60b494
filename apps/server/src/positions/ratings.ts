import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Deviation of a rating estimated from the puzzle itself (curated, generated, or given without one). */
export const ESTIMATED_DEVIATION = 350;
/** Deviation of a lichess rating when its file does not give one (lichess puzzles settle near 75-90). */
export const LICHESS_DEVIATION = 100;
/** Volatility of a new rating (lichess's default). */
export const NEW_VOLATILITY = 0.09;

/** Width of a rating band: the selection indexes are keyed by band, then id (see migration 0010). */
export const RATING_BAND = 50;

/** The band of a rating (ratings below 0 fall in band 0). */
export function ratingBand(rating: number): number {
  return Math.floor(Math.max(0, rating) / RATING_BAND);
}

/**
 * Themes that a large share of puzzles carry (a phase, a short length, a likely goal) get no theme index rows: a
 * filter on one of them reads the phase, opening or band index instead, where a match is a few rows away. On the
 * lichess database they are about 60% of all theme rows, which an import would write and nothing would need.
 */
export const BROAD_THEMES: ReadonlySet<string> = new Set([
  "opening",
  "middlegame",
  "endgame",
  "oneMove",
  "short",
  "long",
  "mate",
  "advantage",
  "crushing",
]);

/** The distinct themes of a position that get theme index rows (see BROAD_THEMES). */
export function indexedThemes(themes: Iterable<string>): string[] {
  return [...new Set(themes)].filter((theme) => !BROAD_THEMES.has(theme));
}

/** One position's theme index rows: each distinct indexed theme with the position's band. */
export function themeRows(
  id: number,
  band: number,
  themes: readonly string[],
): { theme: string; rating_band: number; position_id: number }[] {
  return indexedThemes(themes).map((theme) => ({ theme, rating_band: band, position_id: id }));
}

/** Writes one position's theme index rows, in the caller's transaction. */
export async function indexThemes(
  db: Db,
  position: { id: number; rating_band: number; themes: readonly string[] },
): Promise<void> {
  const rows = themeRows(position.id, position.rating_band, position.themes);
  if (rows.length > 0) await db.insertInto("position_themes").values(rows).execute();
}

/** Rewrites one position's theme index rows (after an update of its themes or rating). */
export async function reindexThemes(
  db: Db,
  position: { id: number; rating_band: number; themes: readonly string[] },
): Promise<void> {
  await db.deleteFrom("position_themes").where("position_id", "=", position.id).execute();
  await indexThemes(db, position);
}
