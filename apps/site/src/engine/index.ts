import { stockfishWorkerUrl } from "virtual:stockfish-engine";
import {
  createRefutationEngine as createEngine,
  type RefutationEngine,
  type RefutationEngineOptions,
} from "./refutation";

export {
  type AnalyseOptions,
  DEFAULT_DEPTH,
  DEFAULT_MOVETIME_MS,
  RefutationError,
  type RefutationErrorCode,
} from "./refutation";
export { refutationSentence } from "./refutation-text";
export type { RefutationEngine };

/**
 * The "why not my move" engine of the site: Stockfish lite (single-threaded) in a Web Worker, served by the site
 * itself. Creating it costs nothing; the worker and its 1.8 MB of WebAssembly load on the first `analyse`.
 */
export function createRefutationEngine(
  options: Omit<RefutationEngineOptions, "workerUrl" | "createWorker"> = {},
): RefutationEngine {
  return createEngine({ ...options, workerUrl: stockfishWorkerUrl });
}
