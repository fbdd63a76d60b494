import type SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, SqliteDialect, sql } from "kysely";
import { openSqlite } from "../db/database";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { BROAD_THEMES, ratingBand } from "../positions/ratings";
import { adjustFacets, lockPositions, nextSequence } from "../positions/repository";
import { type FacetKey, fenKey } from "../positions/rows";
import type { PreparedPuzzle } from "./lichess-csv";

/**
 * The write side of an import: one connection of its own and transactions that span several batches. Each commit
 * of a puzzle costs page writes in every index, and a page written once carries all the rows that landed on it
 * since the last commit, so fewer, larger commits write far less (a commit also records the import's progress,
 * so an interrupted import still resumes at its last commit).
 */
export interface PuzzleWriter {
  /** Opens a write transaction (on SQLite it waits for the write lock; on PostgreSQL it takes the positions lock). */
  begin(): Promise<void>;
  /**
   * Inserts puzzles in the open transaction: those whose source is stored already (or repeats an earlier one of
   * the transaction) are skipped, the others get sequence numbers after the largest.
   */
  insert(puzzles: readonly PreparedPuzzle[], now: string): Promise<{ imported: number; skipped: number }>;
  /** Adds the transaction's facet counts, runs `last` (the progress record) and commits. */
  commit(last?: (trx: Kysely<Database>) => Promise<void>): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * Page cache of an import's own SQLite connection, in KiB (SQLite's default is 2 MB): the hot index pages. 16 MB
 * keeps the whole lichess file's import under 300 MB: with 32 MB its peak RSS was 302 MB (600,000 lines: 291 MB
 * against 278 MB, at 10,823 against 10,438 puzzles/s, within the machine's noise; 2026-11-30).
 */
const IMPORT_CACHE_KIB = 16_384;
/** Pages between automatic WAL checkpoints on that connection (256 MB of WAL; SQLite's default is 4 MB). */
const IMPORT_CHECKPOINT_PAGES = 65_536;
/** The columns an import writes: one row per prepared statement run (SQLite), one array each (PostgreSQL). */
const POSITION_COLUMNS = [
  "sequence_number",
  "fen",
  "fen_key",
  "description_en",
  "description_ar",
  "explanation_en",
  "explanation_ar",
  "correct_moves",
  "solution",
  "difficulty",
  "rating",
  "rating_deviation",
  "rating_volatility",
  "rating_band",
  "tags",
  "game_phase",
  "themes",
  "hints",
  "game_metadata",
  "opening",
  "eco",
  "source",
  "created_at",
  "updated_at",
] as const;
/** PostgreSQL array types of the columns, in POSITION_COLUMNS' order. */
const POSTGRES_TYPES = [
  "int4",
  "text",
  "int4",
  ...Array(6).fill("text"),
  "int4",
  "float8",
  "float8",
  "float8",
  "int4",
  ...Array(10).fill("text"),
] as const;

const THEME_PREFIX = "theme\u0000";

/** The values of one row, in POSITION_COLUMNS' order. */
function rowValues(puzzle: PreparedPuzzle, sequence: number, now: string): unknown[] {
  return [
    sequence,
    puzzle.fen,
    fenKey(puzzle.fen),
    puzzle.description_en,
    puzzle.description_ar,
    puzzle.explanation_en,
    puzzle.explanation_ar,
    puzzle.correct_moves,
    puzzle.solution,
    puzzle.difficulty,
    puzzle.rating,
    puzzle.rating_deviation,
    puzzle.rating_volatility,
    ratingBand(puzzle.rating),
    puzzle.tags,
    puzzle.game_phase,
    puzzle.themes,
    puzzle.hints,
    puzzle.game_metadata,
    puzzle.opening,
    puzzle.eco,
    puzzle.source,
    now,
    now,
  ];
}

/** The themes of a prepared puzzle that get theme index rows (from its theme facets, which are distinct). */
function themesOf(puzzle: PreparedPuzzle): string[] {
  const themes: string[] = [];
  for (const key of puzzle.facets) {
    if (!key.startsWith(THEME_PREFIX)) continue;
    const theme = key.slice(THEME_PREFIX.length);
    if (!BROAD_THEMES.has(theme)) themes.push(theme);
  }
  return themes;
}

/** Counts and sequence numbers of the open transaction. */
class Pending {
  facets = new Map<FacetKey, number>();
  sources = new Set<string>();
  sequence = 0;

  reset(sequence: number): void {
    this.facets.clear();
    this.sources.clear();
    this.sequence = sequence;
  }

  count(puzzle: PreparedPuzzle): void {
    for (const key of puzzle.facets as FacetKey[]) this.facets.set(key, (this.facets.get(key) ?? 0) + 1);
  }
}

/** Runs `work` with a puzzle writer on a connection of its own (SQLite) or one pinned pool connection (PostgreSQL). */
export async function withPuzzleWriter<T>(
  db: Kysely<Database>,
  { bulk }: { bulk: boolean },
  work: (writer: PuzzleWriter) => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) return db.connection().execute((connection) => work(postgresWriter(connection)));
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) throw new Error("the import needs a database file");
  const raw = openSqlite(file);
  raw.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
  // Not `bulk` (beside the server's requests): SQLite's own checkpoints, each a few MB, as the log grows.
  if (bulk) raw.pragma(`wal_autocheckpoint = ${IMPORT_CHECKPOINT_PAGES}`);
  const own = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    return await work(sqliteWriter(raw, own, () => holdConnection(db)));
  } finally {
    // Leaves the WAL small for the other connections: the import wrote up to 256 MB of it.
    raw.pragma("wal_checkpoint(TRUNCATE)");
    await own.destroy();
  }
}

/**
 * Holds the app's one SQLite connection (Kysely's mutex) until the answered release is called: queries and
 * transactions of the app's requests wait for it in turn, asynchronously.
 */
function holdConnection(db: Kysely<Database>): Promise<() => Promise<void>> {
  return new Promise((held, failed) => {
    const hold = db.connection().execute(
      () =>
        new Promise<void>((release) =>
          held(async () => {
            release();
            await hold;
          }),
        ),
    );
    hold.catch(failed);
  });
}

/**
 * SQLite: prepared one-row statements on the raw connection (binding and stepping a prepared statement is the
 * cheapest way in; a query builder per row cost as much as SQLite's own work), Kysely on the same connection for
 * the shared helpers (sequence numbers, facets, progress).
 */
function sqliteWriter(
  raw: SQLite.Database,
  own: Kysely<Database>,
  holdApp: () => Promise<() => Promise<void>>,
): PuzzleWriter {
  // A puzzle whose source is stored already (or came earlier in this transaction) is skipped by the source's
  // unique index itself: no separate look-up per row.
  const insertRow = raw.prepare(
    `insert into positions (${POSITION_COLUMNS.join(", ")}) values (${POSITION_COLUMNS.map(() => "?").join(", ")})
     on conflict (source) do nothing`,
  );
  const insertTheme = raw.prepare(
    "insert into position_themes (theme, rating_band, position_id) values (?, ?, ?)",
  );
  const pending = new Pending();
  // Each transaction of the import holds the app's own connection too. The import's writes are synchronous, on
  // the thread that serves requests: were a request's transaction (the in-process analysis worker's claim, a
  // rated attempt) to begin on the app's connection while the import holds the write lock, better-sqlite3 would
  // wait for the lock synchronously, up to the busy timeout, and the import could not go on to release it in that
  // time: every request stalled 5 s (measured). Held, the app's queries wait their turn instead, for at most one
  // import transaction (the route's hold one batch each).
  let release: (() => Promise<void>) | undefined;
  const letGo = async () => {
    const held = release;
    release = undefined;
    await held?.();
  };
  return {
    async begin() {
      release = await holdApp();
      try {
        raw.exec("begin immediate");
        pending.reset(await nextSequence(own));
      } catch (error) {
        if (raw.inTransaction) raw.exec("rollback");
        await letGo();
        throw error;
      }
    },
    async insert(puzzles, now) {
      let imported = 0;
      for (const puzzle of puzzles) {
        const { changes, lastInsertRowid } = insertRow.run(rowValues(puzzle, pending.sequence, now));
        if (changes === 0) continue;
        pending.sequence++;
        const band = ratingBand(puzzle.rating);
        for (const theme of themesOf(puzzle)) insertTheme.run(theme, band, lastInsertRowid);
        pending.count(puzzle);
        imported++;
      }
      return { imported, skipped: puzzles.length - imported };
    },
    async commit(last) {
      await adjustFacets(own, pending.facets, 1);
      if (last) await last(own);
      raw.exec("commit");
      await letGo();
    },
    async rollback() {
      if (raw.inTransaction) raw.exec("rollback");
      await letGo();
    },
  };
}

/**
 * PostgreSQL: one INSERT per batch with each column as an array (`unnest`), so a batch is one statement to parse
 * and one round trip, whatever its size.
 */
function postgresWriter(connection: Kysely<Database>): PuzzleWriter {
  const pending = new Pending();
  const columns = POSITION_COLUMNS.join(", ");
  const arrays = POSTGRES_TYPES.map((type, index) => `$${index + 1}::${type}[]`).join(", ");
  const insertRows = `insert into positions (${columns}) select * from unnest(${arrays}) returning id, sequence_number`;
  const insertThemes =
    "insert into position_themes (theme, rating_band, position_id) select * from unnest($1::text[], $2::int4[], $3::int4[])";
  const run = <R>(text: string, parameters: unknown[]) =>
    connection.executeQuery<R>(CompiledQuery.raw(text, parameters));
  return {
    async begin() {
      await run("begin", []);
      await lockPositions(connection);
      pending.reset(await nextSequence(connection));
    },
    async insert(puzzles, now) {
      const candidates = puzzles.filter((puzzle) => !pending.sources.has(puzzle.source));
      const { rows: known } = await run<{ source: string }>(
        "select source from positions where source = any($1::text[])",
        [candidates.map((puzzle) => puzzle.source)],
      );
      const stored = new Set(known.map((row) => row.source));
      const fresh: PreparedPuzzle[] = [];
      for (const puzzle of candidates) {
        if (stored.has(puzzle.source) || pending.sources.has(puzzle.source)) continue;
        pending.sources.add(puzzle.source);
        fresh.push(puzzle);
      }
      if (fresh.length === 0) return { imported: 0, skipped: puzzles.length };
      const bySequence = new Map<number, PreparedPuzzle>();
      const columnsOfRows: unknown[][] = POSITION_COLUMNS.map(() => []);
      for (const puzzle of fresh) {
        const sequence = pending.sequence++;
        bySequence.set(sequence, puzzle);
        rowValues(puzzle, sequence, now).forEach((value, index) => {
          (columnsOfRows[index] as unknown[]).push(value);
        });
        pending.count(puzzle);
      }
      const { rows: inserted } = await run<{ id: number; sequence_number: number }>(
        insertRows,
        columnsOfRows,
      );
      const themes: string[] = [];
      const bands: number[] = [];
      const ids: number[] = [];
      for (const row of inserted) {
        const puzzle = bySequence.get(Number(row.sequence_number)) as PreparedPuzzle;
        for (const theme of themesOf(puzzle)) {
          themes.push(theme);
          bands.push(ratingBand(puzzle.rating));
          ids.push(Number(row.id));
        }
      }
      if (themes.length > 0) await run(insertThemes, [themes, bands, ids]);
      return { imported: fresh.length, skipped: puzzles.length - fresh.length };
    },
    async commit(last) {
      await adjustFacets(connection, pending.facets, 1);
      if (last) await last(connection);
      await run("commit", []);
    },
    async rollback() {
      await run("rollback", []);
    },
  };
}
