import { createReadStream } from "node:fs";
import { availableParallelism } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { type ColumnMap, columnsOfFirstLine } from "./lichess-csv";
import { type LineBatch, lineBatches } from "./lines";
import type { PreparedBatch, Refusal } from "./prepare";
import { inlinePreparer, type Preparer, workerPreparer } from "./preparer";
import { fileIdentity, progressFor, recordProgress } from "./progress";
import { insertPuzzles, positionsWrite, withBulkSettings } from "./store";

/** What an import did (this run only). */
export interface ImportSummary {
  /** Non-blank data lines read. */
  read: number;
  imported: number;
  /** Puzzles whose source (`lichess:<PuzzleId>`) was stored already: what makes a second import add nothing. */
  skipped_existing: number;
  refused: number;
  /** The first refusals, with their line numbers (all of them are counted in `refused`). */
  refusals: Refusal[];
  /** First and last line this run handled (null when it read nothing). */
  first_line: number | null;
  last_line: number | null;
  /** The end of the input was reached (false when stopped by a limit: a later run continues). */
  complete: boolean;
  /** This run continued an earlier, interrupted one. */
  resumed: boolean;
  seconds: number;
}

/** How an import runs; every field has a default. */
export interface ImportOptions {
  /** Lines per transaction (default 2,000). */
  batchSize?: number;
  /** Worker threads that parse, check and compose while the main thread writes; 0 prepares inline. */
  workers?: number;
  /** Called after each committed batch with the running summary. */
  onBatch?: (summary: ImportSummary) => void;
  /** Stored sources are `<prefix>:<PuzzleId>` (default `lichess`; the shipped library uses `library`). */
  sourcePrefix?: string;
}

/** The input is not the lichess puzzle CSV at all (its first line is neither the header nor a puzzle row). */
export class NotLichessCsvError extends Error {}

/** Lines per transaction: large enough to amortise each commit, small enough to keep memory low. */
export const DEFAULT_BATCH = 2000;
/** Refusals listed in a summary; more are only counted, so memory stays bounded on a bad file. */
export const REFUSALS_LISTED = 100;

/** Worker threads worth starting on this machine: one core stays with the thread that writes. */
export function defaultWorkers(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

const notLichess = (line: number) =>
  new NotLichessCsvError(
    `line ${line} is neither the lichess puzzle header (PuzzleId,FEN,Moves,Rating,...) nor a puzzle row`,
  );

/**
 * Imports a lichess puzzle CSV from a stream (an HTTP body): the first line is the header or already a puzzle
 * row. Idempotent through the unique sources; no progress is recorded (a stream has no identity).
 */
export async function importLichessStream(
  db: Kysely<Database>,
  source: AsyncIterable<Buffer | string>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batches = lineBatches(source, {
    firstLine: 1,
    startOffset: 0,
    batchSize: options.batchSize ?? DEFAULT_BATCH,
  });
  // A server thread must stay responsive: it only writes, the workers prepare.
  return withPreparer(db, options.workers ?? 0, false, (preparer, depth) =>
    runImport(db, batches, { preparer, depth, resumed: false, options }),
  );
}

/**
 * Imports a lichess puzzle CSV file in bounded memory, one transaction per batch. Progress (byte offset and line
 * after each committed batch) is stored with the batch, keyed by the file's path, size and first-line hash: a
 * re-run after an interruption (or a `limit`) continues where the last one stopped; a finished file is not read
 * again unless `restart` is set.
 */
export async function importLichessFile(
  db: Kysely<Database>,
  path: string,
  options: ImportOptions & { limit?: number; restart?: boolean } = {},
): Promise<ImportSummary> {
  const file = await fileIdentity(path);
  const detected = columnsOfFirstLine(file.firstLine);
  if (!detected) throw notLichess(1);
  const progress = await progressFor(db, "lichess", file, options.restart ?? false);
  if (progress.complete) return { ...emptySummary(true), complete: true, seconds: 0 };
  let offset = progress.byteOffset;
  let line = progress.line + 1;
  if (offset === 0 && detected.header) {
    offset = file.firstLineBytes;
    line = 2;
  }
  const batches = lineBatches(createReadStream(file.path, { start: offset, highWaterMark: 1024 * 1024 }), {
    firstLine: line,
    startOffset: offset,
    batchSize: options.batchSize ?? DEFAULT_BATCH,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
  const workers = options.workers ?? (file.size > 4 * 1024 * 1024 ? defaultWorkers() : 0);
  return withPreparer(db, workers, true, (preparer, depth) =>
    runImport(db, batches, {
      preparer,
      depth,
      columns: withPrefix(detected.columns, options),
      resumed: progress.byteOffset > 0,
      progress: { id: progress.id, offset, line: line - 1 },
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
      options,
    }),
  );
}

function withPrefix(columns: ColumnMap, options: ImportOptions): ColumnMap {
  return options.sourcePrefix ? { ...columns, sourcePrefix: options.sourcePrefix } : columns;
}

/**
 * Runs an import with its preparer: `workers` threads (the calling thread helping them when `help` is set), or
 * the calling thread alone.
 */
async function withPreparer<T>(
  db: Kysely<Database>,
  workers: number,
  help: boolean,
  work: (preparer: Preparer, depth: number) => Promise<T>,
): Promise<T> {
  const preparer = workers > 0 ? workerPreparer(workers, { help }) : inlinePreparer();
  try {
    // Enough batches in the air to keep every worker's queue full while the main thread writes.
    return await withBulkSettings(db, () => work(preparer, workers * 2 + 2));
  } finally {
    await preparer.close();
  }
}

function emptySummary(resumed: boolean): ImportSummary {
  return {
    read: 0,
    imported: 0,
    skipped_existing: 0,
    refused: 0,
    refusals: [],
    first_line: null,
    last_line: null,
    complete: false,
    resumed,
    seconds: 0,
  };
}

interface RunSetup {
  preparer: Preparer;
  /** Batches prepared ahead of the one being written. */
  depth: number;
  /** Known for files (read with the identity); for streams, taken from the first line. */
  columns?: ColumnMap;
  resumed: boolean;
  /** The stored progress row and where this run starts. */
  progress?: { id: number; offset: number; line: number };
  limit?: number;
  options: ImportOptions;
}

/**
 * The pipeline: batches are prepared ahead (on workers when there are some) while earlier ones are written, each
 * in its own transaction together with the progress it reaches; writes stay in input order.
 */
async function runImport(
  db: Kysely<Database>,
  batches: AsyncIterable<LineBatch>,
  setup: RunSetup,
): Promise<ImportSummary> {
  const started = performance.now();
  const summary = emptySummary(setup.resumed);
  let columns = setup.columns;
  let reached = setup.progress ? { offset: setup.progress.offset, line: setup.progress.line } : null;

  const commit = async (prepared: PreparedBatch): Promise<void> => {
    const now = new Date().toISOString();
    const counts = await positionsWrite(db, async (trx) => {
      const inserted = await insertPuzzles(trx, prepared.puzzles, now);
      if (setup.progress)
        await recordProgress(trx, setup.progress.id, {
          byteOffset: prepared.endOffset,
          line: prepared.lastLine,
          read: prepared.read,
          imported: inserted.imported,
          skipped: inserted.skipped,
          refused: prepared.refusals.length,
          complete: false,
        });
      return inserted;
    });
    reached = { offset: prepared.endOffset, line: prepared.lastLine };
    summary.read += prepared.read;
    summary.imported += counts.imported;
    summary.skipped_existing += counts.skipped;
    summary.refused += prepared.refusals.length;
    for (const refusal of prepared.refusals)
      if (summary.refusals.length < REFUSALS_LISTED) summary.refusals.push(refusal);
    if (prepared.lastLine >= prepared.firstLine) {
      summary.first_line ??= prepared.firstLine;
      summary.last_line = prepared.lastLine;
    }
    summary.seconds = (performance.now() - started) / 1000;
    setup.options.onBatch?.({ ...summary, refusals: [...summary.refusals] });
  };

  // Commits chain in input order; at most `depth` batches are in the air, which bounds memory.
  const window: Promise<void>[] = [];
  let chain: Promise<void> = Promise.resolve();
  for await (let batch of batches) {
    if (!columns) {
      const first = batch.lines[0];
      const detected = typeof first === "string" ? columnsOfFirstLine(first) : null;
      if (!detected) throw notLichess(batch.firstLine);
      columns = withPrefix(detected.columns, setup.options);
      if (detected.header) batch = { ...batch, firstLine: batch.firstLine + 1, lines: batch.lines.slice(1) };
    }
    const prepared = setup.preparer.prepare(batch, columns);
    chain = chain.then(() => prepared).then(commit);
    const link = chain;
    link.catch(() => {});
    window.push(link);
    if (window.length >= setup.depth) await window.shift();
  }
  await chain;

  summary.complete = setup.limit === undefined || summary.read < setup.limit;
  if (setup.progress && summary.complete && reached) {
    const at = reached;
    const id = setup.progress.id;
    await db.transaction().execute((trx) =>
      recordProgress(trx, id, {
        byteOffset: at.offset,
        line: at.line,
        read: 0,
        imported: 0,
        skipped: 0,
        refused: 0,
        complete: true,
      }),
    );
  }
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
