import type SQLite from "better-sqlite3";
import {
  AliasNode,
  type CompiledQuery,
  type DatabaseConnection,
  DeleteQueryNode,
  type Dialect,
  type Driver,
  InsertQueryNode,
  type Kysely,
  MergeQueryNode,
  type OperationNode,
  type QueryResult,
  type RootOperationNode,
  sql,
  TableNode,
  type Transaction,
  type TransactionSettings,
  UpdateQueryNode,
} from "kysely";
import pg from "pg";
import { isPostgres } from "./dialect";
import type { Database } from "./schema";

/** The table every shared aggregate (stats, phase counts, theme counts) is read from. */
const FACETS_TABLE = "position_facets";
/** PostgreSQL channel of `notifyFacetsChanged`: a NOTIFY is delivered to listeners when its transaction commits. */
const FACETS_CHANNEL = "ct_position_facets";
/** PostgreSQL channel of `notifyPositionChanged`: the id of one position whose row changed (a rating moved). */
const POSITION_CHANNEL = "ct_position_rows";
/** application_name of the listening connection, so operators (and tests) can tell it apart in pg_stat_activity. */
export const LISTENER_NAME = "ct-facet-changes";
/** Wait before the listening connection is opened again after it failed or was dropped. */
const RELISTEN_MS = 1000;

/**
 * How a database learns of writes made by other processes (a CLI import, a second server): a number that changes
 * when they commit, or undefined while that cannot be known.
 */
export interface OutsideWrites {
  current(): number | undefined;
  /** Resolves once `current` gives numbers (at once where nothing has to connect first). */
  start(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `listener` with the id of each position another process says it changed without touching the
   * aggregates (`notifyPositionChanged`). Where writes cannot be told apart (SQLite), `current` moves instead.
   */
  onPositionChanged?(listener: (id: number) => void): void;
}

/**
 * The version of the positions' aggregates (the position_facets table), read synchronously per request: a
 * number that changes whenever they may have changed, so an answer computed from them can be kept while it stays
 * the same. Writes through this database's own connections are seen as they run (see `watchFacetWrites`): no
 * version is given while one is open, and the version moves when its connection is released (committed or rolled
 * back by then). Writes through any other connection (another process, or a separate connection in this one) are
 * seen through `OutsideWrites`. An answer is only as fresh as the version read before it was computed, so callers
 * keep it only when the version is still the same after computing it.
 */
export class FacetChanges {
  #generation = 0;
  #outside: number | undefined;
  readonly #writing = new Set<DatabaseConnection>();

  constructor(private readonly outside: OutsideWrites) {}

  /** The current version; undefined while a write is open or outside writes cannot be seen (keep nothing then). */
  version(): number | undefined {
    if (this.#writing.size > 0) return undefined;
    const outside = this.outside.current();
    if (outside === undefined) return undefined;
    if (outside !== this.#outside) {
      this.#outside = outside;
      this.#generation++;
    }
    return this.#generation;
  }

  /** Resolves once versions are given (PostgreSQL: the listening connection is up). */
  start(): Promise<void> {
    return this.outside.start();
  }

  /** See `OutsideWrites.onPositionChanged`. */
  onPositionChanged(listener: (id: number) => void): void {
    this.outside.onPositionChanged?.(listener);
  }

  close(): Promise<void> {
    return this.outside.close();
  }

  /** A write to the aggregates is about to run on `connection`. */
  writing(connection: DatabaseConnection): void {
    this.#writing.add(connection);
  }

  /** `connection` went back to its pool: what it wrote is committed or rolled back. */
  released(connection: DatabaseConnection): void {
    if (this.#writing.delete(connection)) this.#generation++;
  }
}

const feeds = new WeakMap<Kysely<Database>, FacetChanges>();

/** The change feed of a database made by `createDatabase` (undefined for any other Kysely instance). */
export function facetChanges(db: Kysely<Database>): FacetChanges | undefined {
  return feeds.get(db);
}

export function registerFacetChanges(db: Kysely<Database>, changes: FacetChanges): void {
  feeds.set(db, changes);
}

/**
 * Tells other processes that the aggregates change when the caller's transaction commits (PostgreSQL delivers a
 * NOTIFY only then, and drops it on rollback). SQLite needs nothing: other connections see `PRAGMA data_version`
 * move.
 */
export async function notifyFacetsChanged(trx: Kysely<Database> | Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_notify(${FACETS_CHANNEL}, '')`.execute(trx);
}

/**
 * Tells other processes that one position's row changes when the caller's transaction commits, where nothing in
 * the aggregates moves with it (a rating after an attempt): they forget what they keep of it. PostgreSQL only, as
 * `notifyFacetsChanged`.
 */
export async function notifyPositionChanged(
  trx: Kysely<Database> | Transaction<Database>,
  id: number,
): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_notify(${POSITION_CHANNEL}, ${String(id)})`.execute(trx);
}

/**
 * SQLite: `PRAGMA data_version` changes when another connection commits (this connection's own writes leave it
 * as it is; `watchFacetWrites` sees those). One read costs a few microseconds.
 */
export function sqliteOutsideWrites(file: SQLite.Database): OutsideWrites {
  const dataVersion = file.prepare("PRAGMA data_version").pluck();
  return {
    current: () => {
      try {
        return dataVersion.get() as number;
      } catch {
        // A closed connection: nothing can be vouched for.
        return undefined;
      }
    },
    start: async () => {},
    close: async () => {},
  };
}

/**
 * PostgreSQL: one connection of its own LISTENs on the channel of `notifyFacetsChanged`; every notification from
 * another process moves the number. Those sent by the connections of `pool` are left out: `watchFacetWrites` has
 * seen those writes, exactly when they ended, and counting them again would only drop good answers. The listener
 * opens with the first `current()` (a CLI that never asks never connects); while it is down the number is
 * undefined, and it opens again after RELISTEN_MS. Opening counts as a change: commits made while nobody listened
 * went unheard.
 */
export class PostgresOutsideWrites implements OutsideWrites {
  #heard = 0;
  #live = false;
  #closed = false;
  #client: pg.Client | undefined;
  #started: Promise<void> | undefined;
  #markStarted: (() => void) | undefined;
  /** Server process ids of the pool's connections (what a notification names as its sender). */
  readonly #own = new Set<number>();
  readonly #positionListeners: ((id: number) => void)[] = [];

  constructor(
    private readonly connectionString: string,
    pool: pg.Pool,
    private readonly onError?: (error: Error) => void,
  ) {
    pool.on("connect", (client) => {
      const id = processId(client);
      if (id !== undefined) this.#own.add(id);
    });
    pool.on("remove", (client) => {
      const id = processId(client);
      if (id !== undefined) this.#own.delete(id);
    });
  }

  current(): number | undefined {
    if (!this.#started) void this.start();
    return this.#live ? this.#heard : undefined;
  }

  start(): Promise<void> {
    if (!this.#started) {
      this.#started = new Promise((resolve) => {
        this.#markStarted = resolve;
      });
      this.#listen();
    }
    return this.#started;
  }

  onPositionChanged(listener: (id: number) => void): void {
    this.#positionListeners.push(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#live = false;
    this.#markStarted?.();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #listen(): void {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: LISTENER_NAME,
    });
    this.#client = client;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.#client === client) this.#client = undefined;
      this.#live = false;
      if (this.#closed) return;
      if (error) this.onError?.(error);
      void client.end().catch(() => {});
      setTimeout(() => this.#listen(), RELISTEN_MS).unref();
    };
    client.on("error", lose);
    client.on("end", () => lose());
    client.on("notification", (notification) => {
      if (this.#own.has(notification.processId)) return;
      if (notification.channel === POSITION_CHANNEL) {
        const id = Number(notification.payload);
        for (const listener of this.#positionListeners) listener(id);
      } else this.#heard++;
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${FACETS_CHANNEL}; LISTEN ${POSITION_CHANNEL}`))
      .then(() => {
        if (lost || this.#closed) return;
        this.#heard++;
        this.#live = true;
        this.#markStarted?.();
      }, lose);
  }
}

/** The server process id of a connection (pg sets it at connect; its type declarations leave it out). */
function processId(client: pg.PoolClient): number | undefined {
  const id = (client as { processID?: unknown }).processID;
  return typeof id === "number" ? id : undefined;
}

/**
 * Wraps a dialect so that every write to the aggregates' table through it is reported to `changes`: the query's
 * connection counts as writing until it is released. That covers transactions of any kind (Kysely's, or BEGIN and
 * COMMIT sent on a connection of `db.connection()`), since a connection goes back only after they end.
 */
export function watchFacetWrites(dialect: Dialect, changes: FacetChanges): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), changes),
  };
}

class WatchedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly changes: FacetChanges,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (writesFacets(compiledQuery.query)) this.changes.writing(this);
    return this.inner.executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class WatchedDriver implements Driver {
  /** One wrapper per connection of the inner driver (its pool reuses them), so a connection keeps its identity. */
  readonly #wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly changes: FacetChanges,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.#wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.changes);
      this.#wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, ...rest: SavepointArguments): Promise<void> {
    if (!this.inner.savepoint) throw noSavepoints();
    await this.inner.savepoint(innerOf(connection), ...rest);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, ...rest: SavepointArguments): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw noSavepoints();
    await this.inner.rollbackToSavepoint(innerOf(connection), ...rest);
  }

  async releaseSavepoint(connection: DatabaseConnection, ...rest: SavepointArguments): Promise<void> {
    if (!this.inner.releaseSavepoint) throw noSavepoints();
    await this.inner.releaseSavepoint(innerOf(connection), ...rest);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(innerOf(connection));
    } finally {
      this.changes.released(connection);
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

type SavepointArguments = [
  savepointName: string,
  compileQuery: Parameters<NonNullable<Driver["savepoint"]>>[2],
];

const noSavepoints = () => new Error("the database driver does not support savepoints");

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WatchedConnection ? connection.inner : connection;
}

/** True for an INSERT, UPDATE, DELETE or MERGE into the aggregates' table (raw SQL is not looked into). */
function writesFacets(node: RootOperationNode): boolean {
  if (InsertQueryNode.is(node)) return isFacetsTable(node.into);
  if (UpdateQueryNode.is(node)) return isFacetsTable(node.table);
  if (DeleteQueryNode.is(node)) return node.from.froms.some(isFacetsTable);
  if (MergeQueryNode.is(node)) return isFacetsTable(node.into);
  return false;
}

function isFacetsTable(node: OperationNode | undefined): boolean {
  if (node && AliasNode.is(node)) return isFacetsTable(node.node);
  return node !== undefined && TableNode.is(node) && node.table.identifier.name === FACETS_TABLE;
}
