import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect";

/** Deviation of a rating estimated from the puzzle itself (curated and generated puzzles): not yet played. */
const ESTIMATED_DEVIATION = 350;
/** Deviation of a lichess rating when the file does not give one: lichess puzzles settle near 75-90. */
const LICHESS_DEVIATION = 100;
const NEW_VOLATILITY = 0.09;

/**
 * Puzzle ratings and the selection of the next puzzle (the library issue):
 * - every position gets a Glicko-2 rating (`rating`, now fractional), `rating_deviation`, `rating_volatility` and
 *   the number of rated attempts; positions without a rating take their estimated difficulty;
 * - `position_themes` lists each position's themes with its rating, so "a puzzle near 1500 with these themes" is an
 *   index range read, never a scan; (phase, rating), (opening, rating) and (rating) index the positions table for the
 *   other filters;
 * - `puzzle_attempts` records the first attempt each client network reported for a puzzle: only that one moves the
 *   puzzle's rating.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const real = postgres ? "double precision" : "real";
  if (postgres) await sql`alter table positions alter column rating type double precision`.execute(db);
  await db.schema.alterTable("positions").addColumn("rating_deviation", real).execute();
  await db.schema.alterTable("positions").addColumn("rating_volatility", real).execute();
  await db.schema
    .alterTable("positions")
    .addColumn("rating_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update positions set rating_deviation = ${LICHESS_DEVIATION} where rating is not null`.execute(
    db,
  );
  await sql`update positions set rating = difficulty, rating_deviation = ${ESTIMATED_DEVIATION}
    where rating is null`.execute(db);
  await sql`update positions set rating_volatility = ${NEW_VOLATILITY}`.execute(db);

  await db.schema.createIndex("positions_rating").on("positions").columns(["rating", "id"]).execute();
  await db.schema
    .createIndex("positions_phase_rating")
    .on("positions")
    .columns(["game_phase", "rating", "id"])
    .execute();
  await db.schema
    .createIndex("positions_opening_rating")
    .on("positions")
    .columns(["opening", "rating", "id"])
    .execute();

  await db.schema
    .createTable("position_themes")
    .addColumn("theme", "varchar(60)", (col) => col.notNull())
    .addColumn("rating", real, (col) => col.notNull())
    .addColumn("position_id", "integer", (col) =>
      col.notNull().references("positions.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("position_themes_pk", ["theme", "rating", "position_id"])
    .execute();
  await db.schema
    .createIndex("position_themes_position")
    .on("position_themes")
    .column("position_id")
    .execute();
  await sql`insert into position_themes (theme, rating, position_id)
    select distinct ${themeColumn(postgres)}, p.rating, p.id from positions p, ${themesOf(postgres)}`.execute(
    db,
  );

  await db.schema
    .createTable("puzzle_attempts")
    .addColumn("position_id", "integer", (col) =>
      col.notNull().references("positions.id").onDelete("cascade"),
    )
    .addColumn("network", "varchar(64)", (col) => col.notNull())
    .addColumn("result", "varchar(4)", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("puzzle_attempts_pk", ["position_id", "network"])
    .execute();
}

/** The theme column of `themesOf`'s table expression. */
const themeColumn = (postgres: boolean) => (postgres ? sql.ref("t.theme") : sql.ref("t.value"));

/** A table expression of the themes in `p.themes` (a JSON array of strings), per dialect (SQLite: lateral). */
function themesOf(postgres: boolean) {
  return postgres
    ? sql`jsonb_array_elements_text(p.themes::jsonb) as t(theme)`
    : sql`json_each(p.themes) as t`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("puzzle_attempts").execute();
  await db.schema.dropTable("position_themes").execute();
  await db.schema.dropIndex("positions_opening_rating").execute();
  await db.schema.dropIndex("positions_phase_rating").execute();
  await db.schema.dropIndex("positions_rating").execute();
  for (const column of ["rating_attempts", "rating_volatility", "rating_deviation"])
    await db.schema.alterTable("positions").dropColumn(column).execute();
}
