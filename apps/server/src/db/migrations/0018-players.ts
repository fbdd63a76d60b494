import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Player accounts (issue 38), beside the admin's tables and never mixed with them.
 *
 * - `players`: the name as typed and its lower-case key (unique: names are unique without regard to case), an
 *   argon2id hash, an optional email (only for password-reset mail).
 * - `player_sessions`: one row per signed-in browser. The cookie holds a random 32-byte id; only its SHA-256
 *   (`id_hash`) is stored, so a copy of the database signs nobody in. `public_id` names the session in the
 *   account's list (revoking one). A session ends 30 days after `last_seen_at`.
 * - `player_password_resets`: the SHA-256 of each mailed reset token, valid one hour, used once.
 * - `player_mails`: the outbox of mails to players (reset links), delivered by the contact outbox's loop
 *   (contact/outbox.ts) under the same lease and retry rules; a mail past its link's life is not sent.
 * - `player_passkeys` and `player_passkey_challenges`: WebAuthn credentials and the pending challenges of their
 *   ceremonies (in the database, so any server process can finish a ceremony another began).
 *
 * Every row that belongs to a player goes with the player (ON DELETE CASCADE); so do the progress tables (0019).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("players")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("username", "varchar(20)", (col) => col.notNull())
    .addColumn("username_key", "varchar(20)", (col) => col.notNull().unique())
    .addColumn("password_hash", "varchar(255)", (col) => col.notNull())
    .addColumn("email", "varchar(254)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("player_sessions")
    .addColumn("id_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("public_id", "varchar(32)", (col) => col.notNull().unique())
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("last_seen_at", "varchar(30)", (col) => col.notNull())
    .addColumn("user_agent", "varchar(300)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("player_sessions_player").on("player_sessions").column("player_id").execute();
  await db.schema
    .createIndex("player_sessions_last_seen")
    .on("player_sessions")
    .column("last_seen_at")
    .execute();

  await db.schema
    .createTable("player_password_resets")
    .addColumn("token_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(30)", (col) => col.notNull())
    .addColumn("used_at", "varchar(30)")
    .execute();
  await db.schema
    .createIndex("player_password_resets_player")
    .on("player_password_resets")
    .column("player_id")
    .execute();

  await db.schema
    .createTable("player_mails")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("recipient", "varchar(254)", (col) => col.notNull())
    .addColumn("subject", "varchar(200)", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("message_id", "varchar(200)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .addColumn("next_attempt_at", "varchar(30)")
    .addColumn("lease_owner", "varchar(100)")
    .addColumn("lease_until", "varchar(30)")
    .addColumn("last_error", "text")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(30)", (col) => col.notNull())
    .addColumn("delivered_at", "varchar(30)")
    .execute();
  await db.schema
    .createIndex("player_mails_due")
    .on("player_mails")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("player_mails_player").on("player_mails").column("player_id").execute();

  await db.schema
    .createTable("player_passkeys")
    .addColumn("credential_id", "varchar(1400)", (col) => col.primaryKey())
    .addColumn("player_id", "integer", (col) => col.notNull().references("players.id").onDelete("cascade"))
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("counter", "bigint", (col) => col.notNull())
    .addColumn("transports", "text", (col) => col.notNull())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("last_used_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("player_passkeys_player").on("player_passkeys").column("player_id").execute();

  await db.schema
    .createTable("player_passkey_challenges")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("player_id", "integer", (col) => col.references("players.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("challenge", "varchar(200)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("player_passkey_challenges_expires")
    .on("player_passkey_challenges")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("player_passkey_challenges").execute();
  await db.schema.dropTable("player_passkeys").execute();
  await db.schema.dropTable("player_mails").execute();
  await db.schema.dropTable("player_password_resets").execute();
  await db.schema.dropTable("player_sessions").execute();
  await db.schema.dropTable("players").execute();
}
