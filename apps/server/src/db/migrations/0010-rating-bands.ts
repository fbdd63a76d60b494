import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect";

/** Width of a rating band (kept in step with RATING_BAND in positions/ratings.ts; a shipped migration never changes). */
const BAND = 50;

/**
 * Rating bands for the selection indexes. Keyed by the exact rating, every index the next-puzzle choice reads took
 * a write at a random place: a bulk import of a million puzzles dirtied one page per index and theme per puzzle,
 * and the page writes were most of the import's time. Keyed by a 50-point band and then the id, new rows go to the
 * end of their band: a few thousand hot pages in all. The selection reads bands near the target in random order
 * and checks the exact rating of each row it passes.
 * - `positions.rating_band` = floor(rating / 50); indexes (rating_band, id), (game_phase, rating_band, id),
 *   (opening, rating_band, id) replace the (…, rating, id) ones;
 * - `position_themes` becomes (theme, rating_band, position_id), without a rowid on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable("positions")
    .addColumn("rating_band", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update positions set rating_band = ${bandOf(sql.ref("rating"), postgres)}`.execute(db);
  await db.schema.dropIndex("positions_opening_rating").execute();
  await db.schema.dropIndex("positions_phase_rating").execute();
  await db.schema.dropIndex("positions_rating").execute();
  await db.schema.createIndex("positions_band").on("positions").columns(["rating_band", "id"]).execute();
  await db.schema
    .createIndex("positions_phase_band")
    .on("positions")
    .columns(["game_phase", "rating_band", "id"])
    .execute();
  await db.schema
    .createIndex("positions_opening_band")
    .on("positions")
    .columns(["opening", "rating_band", "id"])
    .execute();

  await db.schema.dropTable("position_themes").execute();
  await sql`create table position_themes (
    theme varchar(60) not null,
    rating_band integer not null,
    position_id integer not null references positions (id) on delete cascade,
    constraint position_themes_pk primary key (theme, rating_band, position_id)
  ) ${sql.raw(postgres ? "" : "without rowid")}`.execute(db);
  await db.schema
    .createIndex("position_themes_position")
    .on("position_themes")
    .column("position_id")
    .execute();
  await sql`insert into position_themes (theme, rating_band, position_id)
    select distinct ${sql.ref(postgres ? "t.theme" : "t.value")}, p.rating_band, p.id from positions p,
    ${postgres ? sql`jsonb_array_elements_text(p.themes::jsonb) as t(theme)` : sql`json_each(p.themes) as t`}`.execute(
    db,
  );
}

function bandOf(rating: ReturnType<typeof sql.ref>, postgres: boolean) {
  return postgres
    ? sql`floor(greatest(${rating}, 0) / ${BAND})::integer`
    : sql`cast(max(${rating}, 0) / ${BAND} as integer)`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.dropTable("position_themes").execute();
  await db.schema
    .createTable("position_themes")
    .addColumn("theme", "varchar(60)", (col) => col.notNull())
    .addColumn("rating", postgres ? "double precision" : "real", (col) => col.notNull())
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
    select distinct ${sql.ref(postgres ? "t.theme" : "t.value")}, p.rating, p.id from positions p,
    ${postgres ? sql`jsonb_array_elements_text(p.themes::jsonb) as t(theme)` : sql`json_each(p.themes) as t`}`.execute(
    db,
  );
  await db.schema.dropIndex("positions_opening_band").execute();
  await db.schema.dropIndex("positions_phase_band").execute();
  await db.schema.dropIndex("positions_band").execute();
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
  await db.schema.alterTable("positions").dropColumn("rating_band").execute();
}
