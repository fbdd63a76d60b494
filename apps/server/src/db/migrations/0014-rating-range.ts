import { type Kysely, sql } from "kysely";

/** The library's range and the band width as this migration ran (positions/selection.ts, positions/ratings.ts). */
const MIN = 400;
const MAX = 3300;
const BAND = 50;

/**
 * Puzzle ratings that anonymous reports dragged out of the library's range before the server bounded them (one
 * report at a claimed rating 0 took a 700 puzzle to 51; reports from 100 addresses took puzzles to −485 and 4,500,
 * which the next-puzzle choice then served) are brought back to its edge, with their selection bands. Only
 * puzzles that reports moved: an imported rating just outside the range (lichess has a few at 399) stays as given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; rating: number }>`select id, rating from positions
    where rating_attempts > 0 and (rating < ${MIN} or rating > ${MAX})`.execute(db);
  for (const row of rows) {
    const rating = Number(row.rating) < MIN ? MIN : MAX;
    const band = Math.floor(rating / BAND);
    await sql`update positions set rating = ${rating}, rating_band = ${band} where id = ${row.id}`.execute(
      db,
    );
    await sql`update position_themes set rating_band = ${band} where position_id = ${row.id}`.execute(db);
  }
}

/** The ratings it replaced were an attack's: nothing to restore. */
export async function down(): Promise<void> {}
