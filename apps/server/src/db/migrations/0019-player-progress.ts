import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * A player's progress on the server (issue 38), all of it going with the player (ON DELETE CASCADE):
 *
 * - `player_events`: every progress write the player's browsers sent, once each: `key` is the browser's idempotency
 *   key (unique per player, so an event sent twice is stored once), `at` its time (ISO, UTC), `type` and `body`
 *   (the whole event, JSON). `puzzle_id` is set on results only: a puzzle's rating learns from a player's first
 *   result on it, found through (player_id, puzzle_id). Events replay in (at, key) order.
 * - `player_snapshots`: the records the player's events build (storage key → JSON text, as the browser keeps
 *   them), with how many events they hold and the last one applied (`through_at`, `through_key`): events that sort
 *   after it apply to the snapshot, others make the records be replayed from the first event. Its row is also
 *   what one player's writes queue on.
 * - `player_documents`: what the player keeps whole, last write wins (a My games set, board and theme settings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("player_events")
    .addColumn("id", postgres ? "bigserial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("key", "varchar(80)", (col) => col.notNull())
    .addColumn("at", "varchar(30)", (col) => col.notNull())
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("puzzle_id", "integer")
    .addColumn("body", "text", (col) => col.notNull())
    .addUniqueConstraint("player_events_key", ["player_id", "key"])
    .execute();
  await db.schema
    .createIndex("player_events_order")
    .on("player_events")
    .columns(["player_id", "at", "key"])
    .execute();
  await db.schema
    .createIndex("player_events_puzzle")
    .on("player_events")
    .columns(["player_id", "puzzle_id"])
    .execute();

  await db.schema
    .createTable("player_snapshots")
    .addColumn("player_id", "integer", (col) => col.primaryKey().references("players.id").onDelete("cascade"))
    .addColumn("records", "text", (col) => col.notNull())
    .addColumn("events", "integer", (col) => col.notNull())
    .addColumn("through_at", "varchar(30)", (col) => col.notNull())
    .addColumn("through_key", "varchar(80)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("player_documents")
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("kind", "varchar(20)", (col) => col.notNull())
    .addColumn("id", "varchar(64)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .addPrimaryKeyConstraint("player_documents_pk", ["player_id", "kind", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("player_documents").execute();
  await db.schema.dropTable("player_snapshots").execute();
  await db.schema.dropTable("player_events").execute();
}
