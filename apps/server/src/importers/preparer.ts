import { Worker } from "node:worker_threads";
import type { ColumnMap } from "./lichess-csv";
import type { LineBatch } from "./lines";
import { type PreparedBatch, prepareBatch } from "./prepare";

/** Turns line batches into prepared batches; answers may arrive in any order, callers keep their own. */
export interface Preparer {
  prepare(batch: LineBatch, columns: ColumnMap): Promise<PreparedBatch>;
  close(): Promise<void>;
}

/** A message to a worker: one batch with the column map of its file. */
export interface PrepareRequest {
  id: number;
  batch: LineBatch;
  columns: ColumnMap;
}

/** A worker's answer to the request with the same id. */
export type PrepareResponse = { id: number; batch: PreparedBatch } | { id: number; error: string };

/** Prepares on the calling thread: no start-up cost, for small inputs. */
export function inlinePreparer(): Preparer {
  return {
    prepare: async (batch, columns) => prepareBatch(batch, columns),
    close: async () => {},
  };
}

/** True when this code runs compiled (a .js bundle) rather than from its TypeScript source. */
const COMPILED = import.meta.url.endsWith(".js");

interface WorkerSlot {
  worker: Worker;
  /** Batches sent and not yet answered. */
  queued: number;
}

/**
 * Prepares on `count` worker threads, so parsing, move checking and hint composing run in parallel with the
 * database writes. Each batch goes to the least busy worker. A crashed worker fails every pending batch.
 */
export function workerPreparer(count: number): Preparer {
  const waiting = new Map<
    number,
    { resolve: (batch: PreparedBatch) => void; reject: (error: Error) => void }
  >();
  let nextId = 0;
  let failure: Error | null = null;
  let closing = false;
  const fail = (error: Error) => {
    failure ??= error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  const slots: WorkerSlot[] = Array.from({ length: Math.max(1, count) }, () => {
    // A small, bounded heap: batches are short-lived, and collecting often keeps the import's memory low.
    const resourceLimits = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };
    // Compiled (apps/server/dist, see scripts/build-server.mjs): the worker is plain JavaScript beside this file.
    // From the TypeScript sources (tests, `npm run dev`): a small boot file registers tsx in the thread first.
    const worker = COMPILED
      ? new Worker(new URL("./prepare-worker.js", import.meta.url), { resourceLimits })
      : new Worker(new URL("./prepare-worker-boot.mjs", import.meta.url), {
          workerData: { entry: new URL("./prepare-worker.ts", import.meta.url).href },
          resourceLimits,
        });
    const slot = { worker, queued: 0 };
    worker.on("message", (response: PrepareResponse) => {
      const pending = waiting.get(response.id);
      waiting.delete(response.id);
      slot.queued--;
      if ("error" in response) pending?.reject(new Error(`preparing a batch failed: ${response.error}`));
      else pending?.resolve(response.batch);
    });
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (!closing) fail(new Error(`an import worker stopped (exit code ${code})`));
    });
    return slot;
  });
  return {
    prepare(batch, columns) {
      if (failure) return Promise.reject(failure);
      const slot = slots.reduce((best, candidate) => (candidate.queued < best.queued ? candidate : best));
      const id = nextId++;
      slot.queued++;
      return new Promise<PreparedBatch>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const request: PrepareRequest = { id, batch, columns };
        slot.worker.postMessage(request);
      });
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
