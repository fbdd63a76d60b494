import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Admin authentication. `admin_accounts` holds argon2id hashes; `admin_sessions` has one row per issued token
 * (its random id), so a logout revokes a token server-side and every instance sees it; `admin_login_limits` keeps
 * the login rate-limit counters per client network and per username in the database rather than in process
 * memory, so several server instances enforce one limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("admin_accounts")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("username", "varchar(64)", (col) => col.notNull().unique())
    .addColumn("password_hash", "varchar(255)", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "varchar(64)", (col) => col.primaryKey())
    .addColumn("account_id", "integer", (col) =>
      col.notNull().references("admin_accounts.id").onDelete("cascade"),
    )
    .addColumn("address", "varchar(64)")
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(30)", (col) => col.notNull())
    .addColumn("revoked_at", "varchar(30)")
    .execute();
  await db.schema.createIndex("admin_sessions_account").on("admin_sessions").column("account_id").execute();
  await db.schema.createIndex("admin_sessions_expires").on("admin_sessions").column("expires_at").execute();

  await db.schema
    .createTable("admin_login_limits")
    .addColumn("key", "varchar(300)", (col) => col.primaryKey())
    .addColumn("failures", "text", (col) => col.notNull())
    .addColumn("lockouts", "integer", (col) => col.notNull())
    .addColumn("locked_until", "varchar(30)")
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("admin_login_limits_updated")
    .on("admin_login_limits")
    .column("updated_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_login_limits").execute();
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("admin_accounts").execute();
}
