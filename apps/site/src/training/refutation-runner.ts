import { describeRefutation, type RefutationSummary } from "@ct/chess";
import { createRefutationEngine, type RefutationEngine, RefutationError } from "../engine";

/**
 * The part of "why not my move" that loads on the first wrong move only (its own chunk): the Stockfish client and
 * the summary of what the reply wins (chessops).
 */
export interface RefutationRunner {
  /** The summary for the position after the wrong move; rejects with a RefutationError. */
  run(fenAfter: string, signal: AbortSignal): Promise<RefutationSummary>;
  dispose(): void;
}

export function createRefutationRunner(): RefutationRunner {
  let engine: RefutationEngine | null = null;
  return {
    async run(fenAfter, signal) {
      engine ??= createRefutationEngine();
      const answer = await engine.analyse(fenAfter, { signal });
      return describeRefutation(fenAfter, answer);
    },
    dispose() {
      engine?.dispose();
      engine = null;
    },
  };
}

/** False for a request that ended on purpose (a newer move, leaving the screen): nothing to show then. */
export function showsFallback(error: unknown): boolean {
  return !(error instanceof RefutationError) || error.showsFallback;
}
