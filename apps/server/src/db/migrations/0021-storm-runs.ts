import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Puzzle Storm runs of signed-in players (issue 41): one row per run the server replayed and accepted, going with
 * the player (ON DELETE CASCADE). `run_key` (the SHA-256 of the signed run id) is unique per player, so a run sent
 * twice is kept once. `created_at` (ISO, UTC) serves the daily table; `score` the tables' order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("storm_runs")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("run_key", "varchar(64)", (col) => col.notNull())
    .addColumn("score", "integer", (col) => col.notNull())
    .addColumn("moves", "integer", (col) => col.notNull())
    .addColumn("errors", "integer", (col) => col.notNull())
    .addColumn("best_combo", "integer", (col) => col.notNull())
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addUniqueConstraint("storm_runs_key", ["player_id", "run_key"])
    .execute();
  await db.schema.createIndex("storm_runs_score").on("storm_runs").columns(["score", "created_at"]).execute();
  await db.schema.createIndex("storm_runs_day").on("storm_runs").columns(["created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("storm_runs").execute();
}
