import type { Kysely } from "kysely";

/**
 * Puzzle Racer (issue 41): a race's truth lives here, so that any server process can serve any of its players.
 * `racer_races` holds the puzzles and the times (lobby: no start; countdown and racing: starts_at; finished:
 * ends_at passed); `racer_players` each player's progress, written with a version check (moves from two sockets
 * of one player never overwrite each other) and the moves of the current second (the move limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("racer_races")
    .addColumn("id", "varchar(8)", (col) => col.primaryKey())
    .addColumn("public", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("owner", "varchar(8)")
    .addColumn("puzzles", "text", (col) => col.notNull())
    .addColumn("starts_at", "varchar(30)")
    .addColumn("ends_at", "varchar(30)")
    .addColumn("rematch_id", "varchar(8)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("racer_races_queue")
    .on("racer_races")
    .columns(["public", "created_at"])
    .execute();

  await db.schema
    .createTable("racer_players")
    .addColumn("race_id", "varchar(8)", (col) =>
      col.notNull().references("racer_races.id").onDelete("cascade"),
    )
    .addColumn("id", "varchar(8)", (col) => col.notNull())
    .addColumn("token_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("name", "varchar(20)", (col) => col.notNull())
    .addColumn("name_key", "varchar(20)", (col) => col.notNull())
    .addColumn("account_id", "integer", (col) => col.references("players.id").onDelete("set null"))
    .addColumn("network", "varchar(64)", (col) => col.notNull())
    .addColumn("joined_at", "varchar(30)", (col) => col.notNull())
    .addColumn("progress", "text", (col) => col.notNull())
    .addColumn("score", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("window_second", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("window_moves", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("racer_players_pk", ["race_id", "id"])
    .addUniqueConstraint("racer_players_name", ["race_id", "name_key"])
    .execute();
  await db.schema.createIndex("racer_players_token").on("racer_players").column("token_hash").execute();
  await db.schema
    .createIndex("racer_players_joins")
    .on("racer_players")
    .columns(["network", "joined_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("racer_players").execute();
  await db.schema.dropTable("racer_races").execute();
}
