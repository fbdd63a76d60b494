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

/** One position's theme index rows: each distinct theme with the position's band. */
export function themeRows(
  id: number,
  band: number,
  themes: readonly string[],
): { theme: string; rating_band: number; position_id: number }[] {
  return [...new Set(themes)].map((theme) => ({ theme, rating_band: band, position_id: id }));
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
