import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The contact form. `contact_messages` is an outbox: a message is stored before the visitor gets an answer, then
 * mailed by the delivery loop (contact/outbox.ts), so nothing is lost while the mail server is down. A sender
 * claims a due message with a lease (`lease_owner`, `lease_until`), so two server instances never mail one message
 * twice; a failed attempt records its error and the time of the next one. `message_id` is the mail's Message-ID,
 * fixed when the message is stored. `contact_rate_limits` counts the messages of each client network in the
 * database rather than in process memory, so every instance enforces one limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("email", "varchar(254)", (col) => col.notNull())
    .addColumn("subject", "varchar(200)", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("message_id", "varchar(200)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .addColumn("next_attempt_at", "varchar(30)")
    .addColumn("lease_owner", "varchar(100)")
    .addColumn("lease_until", "varchar(30)")
    .addColumn("last_error", "text")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("delivered_at", "varchar(30)")
    .execute();
  await db.schema
    .createIndex("contact_messages_due")
    .on("contact_messages")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("contact_rate_limits")
    .addColumn("key", "varchar(100)", (col) => col.primaryKey())
    .addColumn("hits", "text", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("contact_rate_limits_updated")
    .on("contact_rate_limits")
    .column("updated_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_rate_limits").execute();
  await db.schema.dropTable("contact_messages").execute();
}
