import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type MigrationResultSet, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type DatabaseKind = "sqlite" | "postgres";

export interface Db {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Reports errors of idle PostgreSQL connections (they are replaced automatically). */
  onIdleError?: (error: Error) => void;
}

/** SQLite in DATA_DIR/chess.sqlite by default; PostgreSQL when a DATABASE_URL is given. */
export function createDatabase({ dataDir, databaseUrl, onIdleError }: DatabaseOptions): Db {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) is discarded by the pool; without a listener
    // the error would crash the process.
    pool.on("error", (error) => onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  const file = new SQLite(join(dataDir, "chess.sqlite"));
  file.pragma("journal_mode = WAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  // With WAL, NORMAL keeps every committed transaction across a process crash (only an OS crash can lose the last).
  file.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, kind: "sqlite", close: () => db.destroy() };
}

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet["results"]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results;
}

export interface MigrationState {
  applied: string[];
  pending: string[];
  upToDate: boolean;
}

export async function migrationState(db: Kysely<Database>): Promise<MigrationState> {
  const all = await migrator(db).getMigrations();
  const applied = all.filter((m) => m.executedAt).map((m) => m.name);
  const pending = all.filter((m) => !m.executedAt).map((m) => m.name);
  return { applied, pending, upToDate: pending.length === 0 };
}
