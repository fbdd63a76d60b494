import { CompiledQuery, type Kysely, sql } from "kysely";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { indexThemes } from "../positions/ratings";
import { adjustFacets, lockPositions, nextSequence } from "../positions/repository";
import type { FacetKey } from "../positions/rows";
import type { PreparedPuzzle } from "./lichess-csv";

/** Rows per INSERT: 22 columns each, well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;
/** Sources per existence look-up. */
const LOOKUP_CHUNK = 1000;

/**
 * Runs `work` as one write transaction on the positions: on PostgreSQL under the positions lock (shared with the
 * repository), on SQLite with BEGIN IMMEDIATE so a second process (the server beside a CLI import) waits for the
 * write lock instead of failing halfway through.
 */
export async function positionsWrite<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (isPostgres(db))
    return db.transaction().execute(async (trx) => {
      await lockPositions(trx);
      return work(trx);
    });
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/** Pages between automatic WAL checkpoints during a bulk import (64 MB of WAL; SQLite's default is 1,000). */
const BULK_CHECKPOINT_PAGES = 16_384;
/** Page cache during a bulk import, in KiB (SQLite's default is 2 MB): the indexes of millions of rows. */
const BULK_CACHE_KIB = 16_384;

async function pragma(db: Kysely<Database>, name: string): Promise<number> {
  const { rows } = await sql<Record<string, number>>`${sql.raw(`pragma ${name}`)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0]);
}

/**
 * Runs a long import with SQLite settings made for it, restored afterwards: a larger page cache, and a WAL
 * checkpoint every 64 MB instead of every 4 MB. Each checkpoint syncs the disk, and at the default interval those
 * syncs took most of the write time. Safety is unchanged (synchronous = NORMAL syncs the WAL at every
 * checkpoint; a power cut can only undo the last transactions, progress rows included, never corrupt the file).
 */
export async function withBulkSettings<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) return work();
  const checkpoint = await pragma(db, "wal_autocheckpoint");
  const cache = await pragma(db, "cache_size");
  await sql`${sql.raw(`pragma wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`)}`.execute(db);
  await sql`${sql.raw(`pragma cache_size = -${BULK_CACHE_KIB}`)}`.execute(db);
  try {
    return await work();
  } finally {
    await sql`${sql.raw(`pragma wal_autocheckpoint = ${checkpoint}`)}`.execute(db);
    await sql`${sql.raw(`pragma cache_size = ${cache}`)}`.execute(db);
  }
}

/** The columns of one inserted row, in the order `insertPuzzles` lists the values. */
const INSERT_COLUMNS = [
  "sequence_number",
  "fen",
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

const statements = new Map<string, string>();

/**
 * `INSERT INTO positions (...) VALUES (...), ...` for `rows` rows. The bulk path skips the query builder: building
 * and compiling its per-value nodes cost almost as much CPU as SQLite's own work (measured 42 → 25 µs a row).
 */
function insertStatement(rows: number, postgres: boolean): string {
  const key = `${rows}:${postgres}`;
  const known = statements.get(key);
  if (known) return known;
  const width = INSERT_COLUMNS.length;
  const tuples = Array.from({ length: rows }, (_, row) => {
    const marks = INSERT_COLUMNS.map((_, column) => (postgres ? `$${row * width + column + 1}` : "?"));
    return `(${marks.join(", ")})`;
  });
  const text = `insert into positions (${INSERT_COLUMNS.join(", ")}) values ${tuples.join(", ")} returning id`;
  // Only full chunks repeat; the last, shorter chunk of a batch has any size.
  if (rows === INSERT_CHUNK) statements.set(key, text);
  return text;
}

/**
 * Inserts prepared puzzles in the caller's write transaction: puzzles whose source is stored already (or repeats
 * an earlier one of the same list) are skipped, the others get sequence numbers after the current largest, and
 * the facet counters move with them.
 */
export async function insertPuzzles(
  trx: Kysely<Database>,
  puzzles: readonly PreparedPuzzle[],
  now: string,
): Promise<{ imported: number; skipped: number }> {
  if (puzzles.length === 0) return { imported: 0, skipped: 0 };
  const existing = new Set<string>();
  const sources = puzzles.map((puzzle) => puzzle.source);
  for (let i = 0; i < sources.length; i += LOOKUP_CHUNK) {
    const rows = await trx
      .selectFrom("positions")
      .select("source")
      .where("source", "in", sources.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) if (row.source) existing.add(row.source);
  }
  const fresh: PreparedPuzzle[] = [];
  for (const puzzle of puzzles) {
    if (existing.has(puzzle.source)) continue;
    existing.add(puzzle.source);
    fresh.push(puzzle);
  }
  if (fresh.length === 0) return { imported: 0, skipped: puzzles.length };

  let sequence = await nextSequence(trx);
  const facets = new Map<FacetKey, number>();
  const postgres = isPostgres(trx);
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = fresh.slice(i, i + INSERT_CHUNK);
    const values: unknown[] = [];
    for (const puzzle of chunk) {
      for (const key of puzzle.facets as FacetKey[]) facets.set(key, (facets.get(key) ?? 0) + 1);
      values.push(
        sequence++,
        puzzle.fen,
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
      );
    }
    const { rows } = await trx.executeQuery<{ id: number }>(
      CompiledQuery.raw(insertStatement(chunk.length, postgres), values),
    );
    const ids = rows.map((row) => Number(row.id));
    await indexThemes(trx, Math.min(...ids), Math.max(...ids));
  }
  await adjustFacets(trx, facets, 1);
  return { imported: fresh.length, skipped: puzzles.length - fresh.length };
}
