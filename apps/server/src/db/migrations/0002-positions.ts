import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Training positions and their facet counters. JSON fields are text; `opening` and `eco` are copied out of
 * game_metadata so searches can use indexes. `position_facets` keeps running counts per phase, theme and opening,
 * updated in the same transaction as every write, so statistics never scan the positions table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("positions")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("sequence_number", "integer", (col) => col.notNull().unique())
    .addColumn("fen", "varchar(100)", (col) => col.notNull())
    .addColumn("description_en", "text", (col) => col.notNull())
    .addColumn("description_ar", "text")
    .addColumn("explanation_en", "text", (col) => col.notNull())
    .addColumn("explanation_ar", "text")
    .addColumn("correct_moves", "text", (col) => col.notNull())
    .addColumn("solution", "text", (col) => col.notNull())
    .addColumn("difficulty", "integer", (col) => col.notNull())
    .addColumn("rating", "integer")
    .addColumn("tags", "text", (col) => col.notNull())
    .addColumn("game_phase", "varchar(20)", (col) => col.notNull())
    .addColumn("themes", "text", (col) => col.notNull())
    .addColumn("hints", "text", (col) => col.notNull())
    .addColumn("game_metadata", "text", (col) => col.notNull())
    .addColumn("opening", "varchar(120)")
    .addColumn("eco", "varchar(3)")
    .addColumn("source", "varchar(200)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("positions_phase_sequence")
    .on("positions")
    .columns(["game_phase", "sequence_number"])
    .execute();
  await db.schema
    .createIndex("positions_difficulty")
    .on("positions")
    .columns(["difficulty", "sequence_number"])
    .execute();
  await db.schema
    .createIndex("positions_opening")
    .on("positions")
    .columns(["opening", "sequence_number"])
    .execute();
  await db.schema.createIndex("positions_eco").on("positions").columns(["eco"]).execute();
  await db.schema.createIndex("positions_source").on("positions").column("source").unique().execute();

  await db.schema
    .createTable("position_facets")
    .addColumn("kind", "varchar(10)", (col) => col.notNull())
    .addColumn("value", "varchar(120)", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("position_facets_pk", ["kind", "value"])
    .execute();

  await db.schema
    .createTable("analysis_status")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("is_running", "integer", (col) => col.notNull())
    .addColumn("games_analyzed", "integer", (col) => col.notNull())
    .addColumn("total_games_analyzed", "integer", (col) => col.notNull())
    .addColumn("puzzles_generated", "integer", (col) => col.notNull())
    .addColumn("last_update", "varchar(30)")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analysis_status").execute();
  await db.schema.dropTable("position_facets").execute();
  await db.schema.dropTable("positions").execute();
}
