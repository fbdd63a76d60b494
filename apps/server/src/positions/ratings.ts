import { type Kysely, sql, type Transaction } from "kysely";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Deviation of a rating estimated from the puzzle itself (curated, generated, or given without one). */
export const ESTIMATED_DEVIATION = 350;
/** Deviation of a lichess rating when its file does not give one (lichess puzzles settle near 75-90). */
export const LICHESS_DEVIATION = 100;
/** Volatility of a new rating (lichess's default). */
export const NEW_VOLATILITY = 0.09;

/** The theme column of `themesOf`'s table expression. */
const themeColumn = (postgres: boolean) => (postgres ? sql.ref("t.theme") : sql.ref("t.value"));

/** A table expression of the themes in `p.themes` (a JSON array of strings), per dialect (SQLite: lateral). */
function themesOf(db: Db) {
  return isPostgres(db)
    ? sql`jsonb_array_elements_text(p.themes::jsonb) as t(theme)`
    : sql`json_each(p.themes) as t`;
}

/**
 * Writes the theme index rows (`position_themes`: theme, rating, id) of the positions with ids from `fromId` to
 * `toId`, in the caller's transaction: after an insert, with that insert's ids.
 */
export async function indexThemes(db: Db, fromId: number, toId: number): Promise<void> {
  await sql`insert into position_themes (theme, rating, position_id)
    select distinct ${themeColumn(isPostgres(db))}, p.rating, p.id from positions p, ${themesOf(db)}
    where p.id between ${fromId} and ${toId}`.execute(db);
}

/** Rewrites one position's theme index rows (after an update of its themes or rating). */
export async function reindexThemes(db: Db, id: number): Promise<void> {
  await db.deleteFrom("position_themes").where("position_id", "=", id).execute();
  await indexThemes(db, id, id);
}
