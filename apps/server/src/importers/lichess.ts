import { createReadStream } from "node:fs";
import { availableParallelism } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { type ColumnMap, columnsOfFirstLine } from "./lichess-csv";
import { type LineBatch, lineBatches } from "./lines";
import type { PreparedBatch, Refusal } from "./prepare";
import { inlinePreparer, type Preparer, workerPreparer } from "./preparer";
import { fileIdentity, progressFor, recordProgress } from "./progress";
import { type PuzzleWriter, withPuzzleWriter } from "./store";

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
  /** The end of the input was reached (false when stopped by a limit or a stop: a later run continues). */
  complete: boolean;
  /** This run continued an earlier, interrupted one. */
  resumed: boolean;
  seconds: number;
}

/** How an import runs; every field has a default. */
export interface ImportOptions {
  /** Lines per prepared batch (default 2,000). */
  batchSize?: number;
  /** A transaction commits once it holds this many lines (default 20,000) or has been open COMMIT_MS. */
  commitLines?: number;
  /**
   * The import runs in the server, beside its requests (the admin's route): one transaction per prepared batch,
   * and SQLite's write-ahead log checkpointed as it grows rather than once at the end, so that no step of the
   * import holds the requests' thread for long (the end's checkpoint of a 30,000-row import took 650 ms). A CLI
   * import writes fewer, larger transactions and checkpoints at the end: less to write in all.
   */
  besideRequests?: boolean;
  /** Worker threads that parse, check and compose while the main thread writes; 0 prepares inline. */
  workers?: number;
  /** Called after each committed batch with the running summary and, for a file, where in it the run is. */
  onBatch?: (summary: ImportSummary, place?: FilePlace) => void;
  /**
   * Ends the import after the transaction being written (Ctrl-C in the CLI): what was committed stays, with the
   * progress that lets the next run continue from there; the summary says it is not complete.
   */
  signal?: AbortSignal;
  /** Stored sources are `<prefix>:<PuzzleId>` (default `lichess`; the shipped library uses `library`). */
  sourcePrefix?: string;
}

/** Where a file import is: the bytes committed so far, where this run started and the file's size. */
export interface FilePlace {
  byteOffset: number;
  startOffset: number;
  bytes: number;
}

/** The input is not the lichess puzzle CSV at all (its first line is neither the header nor a puzzle row). */
export class NotLichessCsvError extends Error {}

/** Lines per prepared batch: the unit of work of a worker thread, small enough to keep memory low. */
export const DEFAULT_BATCH = 500;
/** Lines per transaction: each commit writes every index page its rows touched, so fewer commits write less. */
export const DEFAULT_COMMIT_LINES = 20_000;
/** The longest a transaction stays open: other writers (the server beside a CLI import) wait at most this long. */
export const COMMIT_MS = 1000;
/** Refusals listed in a summary; more are only counted, so memory stays bounded on a bad file. */
export const REFUSALS_LISTED = 100;

/**
 * Worker threads worth starting on this machine: one per core (up to 4). The writing thread needs less than a
 * core (the database's own work is most of it), and a worker that waits for it leaves its core to the others;
 * measured on 2 cores, two workers beat one worker with the writing thread preparing in its spare time.
 */
export function defaultWorkers(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
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
  return withPreparer(options.workers ?? 0, (preparer, depth) =>
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
  return withPreparer(workers, (preparer, depth) =>
    runImport(db, batches, {
      preparer,
      depth,
      columns: withPrefix(detected.columns, options),
      resumed: progress.byteOffset > 0,
      progress: { id: progress.id, offset, line: line - 1, bytes: file.size },
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
      options,
    }),
  );
}

function withPrefix(columns: ColumnMap, options: ImportOptions): ColumnMap {
  return options.sourcePrefix ? { ...columns, sourcePrefix: options.sourcePrefix } : columns;
}

/**
 * Runs an import with its preparer: `workers` threads, or the calling thread alone.
 */
async function withPreparer<T>(
  workers: number,
  work: (preparer: Preparer, depth: number) => Promise<T>,
): Promise<T> {
  const preparer = workers > 0 ? workerPreparer(workers) : inlinePreparer();
  try {
    // Enough batches in the air to keep every worker's queue full while the main thread writes.
    return await work(preparer, workers * 4 + 2);
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
  /** The stored progress row, where this run starts and the file's size. */
  progress?: { id: number; offset: number; line: number; bytes: number };
  limit?: number;
  options: ImportOptions;
}

/**
 * The pipeline: batches are prepared ahead (on workers when there are some) while earlier ones are written, in
 * input order, into transactions of up to `commitLines` lines or COMMIT_MS; each commit records the progress it
 * reaches.
 */
async function runImport(
  db: Kysely<Database>,
  batches: AsyncIterable<LineBatch>,
  setup: RunSetup,
): Promise<ImportSummary> {
  const started = performance.now();
  const summary = emptySummary(setup.resumed);
  const beside = setup.options.besideRequests ?? false;
  const commitLines = beside ? 1 : (setup.options.commitLines ?? DEFAULT_COMMIT_LINES);
  let reached = setup.progress ? { offset: setup.progress.offset, line: setup.progress.line } : null;
  const signal = setup.options.signal;

  const queue = preparedQueue(batches, setup);
  try {
    await withPuzzleWriter(db, { bulk: !beside }, async (writer) => {
      let batch = signal?.aborted ? null : await queue.next();
      while (batch) {
        const { done } = await writeTransaction(writer, batch, queue.next, commitLines, setup, summary);
        // A turn of the event loop after each transaction, for what waited for it: SQLite's writes are
        // synchronous, and when the workers are ahead the next batch is ready at once.
        await new Promise((resolve) => setImmediate(resolve));
        reached = { offset: done.endOffset, line: done.lastLine };
        summary.seconds = (performance.now() - started) / 1000;
        const place = setup.progress && {
          byteOffset: done.endOffset,
          startOffset: setup.progress.offset,
          bytes: setup.progress.bytes,
        };
        setup.options.onBatch?.({ ...summary, refusals: [...summary.refusals] }, place);
        batch = signal?.aborted ? null : await queue.next();
      }
    });
  } finally {
    await queue.stop();
  }

  summary.complete = !signal?.aborted && (setup.limit === undefined || summary.read < setup.limit);
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

/**
 * Prepares the batches ahead of the writer, in input order, at most `depth` in the air (which bounds memory).
 * `next` answers them in turn (null at the end); `stop` ends the reading early (after a failed write).
 */
function preparedQueue(batches: AsyncIterable<LineBatch>, setup: RunSetup) {
  const queue: Promise<PreparedBatch>[] = [];
  const wake = { reader: () => {}, writer: () => {} };
  let ended = false;
  let stopped = false;
  const reading = (async () => {
    let columns = setup.columns;
    try {
      for await (let batch of batches) {
        if (stopped) break;
        if (!columns) {
          const first = batch.lines[0];
          const detected = typeof first === "string" ? columnsOfFirstLine(first) : null;
          if (!detected) throw notLichess(batch.firstLine);
          columns = withPrefix(detected.columns, setup.options);
          if (detected.header)
            batch = { ...batch, firstLine: batch.firstLine + 1, lines: batch.lines.slice(1) };
        }
        const prepared = setup.preparer.prepare(batch, columns);
        prepared.catch(() => {});
        queue.push(prepared);
        wake.writer();
        while (queue.length >= setup.depth && !stopped)
          await new Promise<void>((resolve) => {
            wake.reader = resolve;
          });
      }
    } catch (error) {
      const failed = Promise.reject(error);
      failed.catch(() => {});
      queue.push(failed);
    } finally {
      ended = true;
      wake.writer();
    }
  })();
  return {
    async next(): Promise<PreparedBatch | null> {
      while (queue.length === 0 && !ended)
        await new Promise<void>((resolve) => {
          wake.writer = resolve;
        });
      const prepared = queue.shift();
      wake.reader();
      return prepared ? await prepared : null;
    },
    async stop(): Promise<void> {
      stopped = true;
      wake.reader();
      await reading;
    },
  };
}

/**
 * One transaction: writes `first` and the batches after it until the transaction holds `commitLines` lines or has
 * been open COMMIT_MS (or the input ends), records the progress and commits; then adds the counts to the summary.
 * Answers the last batch it wrote.
 */
async function writeTransaction(
  writer: PuzzleWriter,
  first: PreparedBatch,
  next: () => Promise<PreparedBatch | null>,
  commitLines: number,
  setup: RunSetup,
  summary: ImportSummary,
): Promise<{ done: Omit<PreparedBatch, "puzzles"> }> {
  const opened = performance.now();
  const now = new Date().toISOString();
  // Only what the summary needs of each batch is kept: its puzzles can go once written.
  const written: Omit<PreparedBatch, "puzzles">[] = [];
  const counts = { imported: 0, skipped: 0, lines: 0 };
  await writer.begin();
  try {
    let batch: PreparedBatch | null = first;
    while (batch) {
      const inserted = await writer.insert(batch.puzzles, now);
      counts.imported += inserted.imported;
      counts.skipped += inserted.skipped;
      counts.lines += batch.lastLine - batch.firstLine + 1;
      const { puzzles: _, ...rest } = batch;
      written.push(rest);
      if (counts.lines >= commitLines || performance.now() - opened >= COMMIT_MS) break;
      batch = await next();
    }
    const last = written[written.length - 1] as Omit<PreparedBatch, "puzzles">;
    const refused = written.reduce((sum, item) => sum + item.refusals.length, 0);
    const read = written.reduce((sum, item) => sum + item.read, 0);
    const progress = setup.progress;
    await writer.commit(
      progress &&
        ((trx) =>
          recordProgress(trx, progress.id, {
            byteOffset: last.endOffset,
            line: last.lastLine,
            read,
            imported: counts.imported,
            skipped: counts.skipped,
            refused,
            complete: false,
          })),
    );
    summary.read += read;
    summary.imported += counts.imported;
    summary.skipped_existing += counts.skipped;
    summary.refused += refused;
    for (const item of written) {
      for (const refusal of item.refusals)
        if (summary.refusals.length < REFUSALS_LISTED) summary.refusals.push(refusal);
      if (item.lastLine >= item.firstLine) {
        summary.first_line ??= item.firstLine;
        summary.last_line = item.lastLine;
      }
    }
    return { done: last };
  } catch (error) {
    await writer.rollback();
    throw error;
  }
}
