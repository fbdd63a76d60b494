import { join } from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  type Selectable,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from "kysely";
import pg from "pg";
import {
  FacetChanges,
  PostgresOutsideWrites,
  registerFacetChanges,
  sqliteOutsideWrites,
  watchFacetWrites,
} from "./changes";
import { migrations } from "./migrations";
import type { Database, PositionsTable } from "./schema";

type PositionRow = Selectable<PositionsTable>;

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

/**
 * SQLite in DATA_DIR/chess.sqlite by default; PostgreSQL when a DATABASE_URL is given. Either way with the change
 * feed of the positions' aggregates (`facetChanges(db)`, see changes.ts).
 */
export function createDatabase({ dataDir, databaseUrl, onIdleError }: DatabaseOptions): Db {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) is discarded by the pool; without a listener
    // the error would crash the process.
    pool.on("error", (error) => onIdleError?.(error));
    const changes = new FacetChanges(new PostgresOutsideWrites(databaseUrl, pool, onIdleError));
    const db = new Kysely<Database>({ dialect: watchFacetWrites(new PostgresDialect({ pool }), changes) });
    registerFacetChanges(db, changes);
    rowReaders.set(db, async (id) => {
      const { rows } = await pool.query<PositionRow>({
        name: "position-by-id",
        text: POSITION_BY_ID_PG,
        values: [id],
      });
      return rows[0];
    });
    return {
      db,
      kind: "postgres",
      close: async () => {
        await changes.close();
        await db.destroy();
      },
    };
  }
  const file = openSqlite(join(dataDir, "chess.sqlite"));
  // The app's connection serves the reads every visitor makes; it maps the file instead of copying pages through
  // read() calls (at a million puzzles the next puzzle's row read is page look-ups spread over the whole file).
  // Mapped pages are the file's, shared and dropped by the kernel under pressure, but they show in the RSS.
  file.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  const changes = new FacetChanges(sqliteOutsideWrites(file));
  const dialect = new ImmediateSqliteDialect({ database: preparedOnce(file) });
  const db = new Kysely<Database>({ dialect: watchFacetWrites(dialect, changes) });
  registerFacetChanges(db, changes);
  let byId: SQLite.Statement | undefined; // prepared on first use: the table exists once migrations ran
  rowReaders.set(db, async (id) => {
    // Kysely's one connection may be inside a transaction of another request (between its awaits): a read on it
    // would see that transaction's uncommitted rows, so it waits its turn through Kysely instead.
    if (file.inTransaction) return readPositionRow(db, id);
    byId ??= file.prepare(POSITION_BY_ID_SQLITE);
    return byId.get(id) as PositionRow | undefined;
  });
  return { db, kind: "sqlite", close: () => db.destroy() };
}

const POSITION_BY_ID_SQLITE = "select * from positions where id = ?";
const POSITION_BY_ID_PG = "select * from positions where id = $1";
const rowReaders = new WeakMap<Kysely<Database>, (id: number) => Promise<PositionRow | undefined>>();

function readPositionRow(db: Kysely<Database>, id: number): Promise<PositionRow | undefined> {
  return db.selectFrom("positions").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * One position's row by id, on the hottest read path (the next puzzle's answer): a statement prepared once and
 * run on the driver itself (SQLite) or a named statement on the pool (PostgreSQL). Through Kysely the same read
 * costs about 30 µs more (building, compiling and queueing the query) than SQLite's own work. Any other Kysely
 * instance (a transaction, a test's own) reads through Kysely.
 */
export function positionRowById(db: Kysely<Database>, id: number): Promise<PositionRow | undefined> {
  return (rowReaders.get(db) ?? ((id) => readPositionRow(db, id)))(id);
}

/** Bytes of the SQLite file the app's connection maps (address space: pages load as they are read). */
const SQLITE_MMAP_BYTES = 1024 ** 3;

/** A connection to the SQLite file at `path`, with the settings every connection of the app uses. */
export function openSqlite(path: string): SQLite.Database {
  const file = new SQLite(path);
  file.pragma("journal_mode = WAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  // With WAL, NORMAL keeps every committed transaction across a process crash (only an OS crash can lose the last).
  file.pragma("synchronous = NORMAL");
  return file;
}

/**
 * SQLite's dialect with transactions that take the write lock as they begin ("begin immediate"), waiting for it up
 * to the busy timeout. Kysely's plain "begin" defers the lock to the first write, and a transaction that read
 * first cannot take it once another connection to the file has committed meanwhile: SQLite answers SQLITE_BUSY at
 * once, without waiting. Two processes on one file (scale-out, the CLI beside the server) would fail each other's
 * read-then-write transactions (claiming a job, recording a game, rating an attempt). Every transaction of the app
 * writes; reads outside transactions are not held up (WAL).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Statements kept by `preparedOnce`: far more than the distinct queries the app makes. */
const KEPT_STATEMENTS = 500;
/**
 * Longer SQL is a bulk write (hundreds of rows of placeholders): preparing it is small beside its work, and kept
 * it would only hold memory.
 */
const KEPT_SQL_LENGTH = 8192;

/**
 * The SQLite database as Kysely's dialect sees it, except that `prepare` hands out a statement kept per SQL text
 * (the least recently used is dropped beyond `size`): Kysely prepares every query it runs, and preparing costs
 * more than running a small indexed query. Sharing a statement is safe because Kysely runs one query at a time on
 * its single connection and better-sqlite3 binds the parameters afresh on every run; the one statement that is
 * still in use is one being iterated (a streamed query), and a query with the same SQL meanwhile gets a statement
 * of its own.
 */
export function preparedOnce(
  file: { prepare(sql: string): SQLite.Statement; close(): unknown },
  size = KEPT_STATEMENTS,
): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      file.close();
    },
    prepare: (sql) => {
      const statement = kept.get(sql);
      if (statement && !statement.busy) {
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const prepared = file.prepare(sql);
      if (!statement && sql.length <= KEPT_SQL_LENGTH) {
        kept.set(sql, prepared);
        if (kept.size > size) kept.delete(kept.keys().next().value as string);
      }
      return prepared;
    },
  };
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
