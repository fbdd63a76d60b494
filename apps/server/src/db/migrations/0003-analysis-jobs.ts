import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The analysis job queue. A job is one uploaded PGN file; workers (in the server process or separate processes)
 * claim a job by taking a lease that they renew while they work, and record after every game where they are, so a
 * restarted or second worker resumes at the next game. `positions_fen` lets the generator skip positions already
 * in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("analysis_jobs")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("name", "varchar(200)", (col) => col.notNull())
    .addColumn("pgn", "text", (col) => col.notNull())
    .addColumn("status", "varchar(12)", (col) => col.notNull())
    .addColumn("total_games", "integer", (col) => col.notNull())
    .addColumn("next_game", "integer", (col) => col.notNull())
    .addColumn("games_analyzed", "integer", (col) => col.notNull())
    .addColumn("puzzles", "integer", (col) => col.notNull())
    .addColumn("problems", "text", (col) => col.notNull())
    .addColumn("nodes", "integer", (col) => col.notNull())
    .addColumn("worker", "varchar(100)")
    .addColumn("lease_until", "varchar(30)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addColumn("finished_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("analysis_jobs_status").on("analysis_jobs").columns(["status", "id"]).execute();
  await db.schema.createIndex("positions_fen").on("positions").column("fen").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("positions_fen").execute();
  await db.schema.dropTable("analysis_jobs").execute();
}
