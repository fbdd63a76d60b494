import { describeRefutation, type EngineRefutation, type RefutationSummary } from "@ct/chess";
import { type AlternativeInput, type AlternativeScores, couldWin, type EngineScore } from "@ct/machines";
import { createRefutationEngine, type RefutationEngine, RefutationError } from "../engine";

/**
 * The part of "why not my move" and of the alternative-win check that loads on the first move off the line only
 * (its own chunk): the Stockfish client and the summary of what the reply wins (chessops). Both share one engine,
 * one search at a time: the check comes first, the refutation of a move it did not accept after it.
 */
export interface RefutationRunner {
  /** The summary for the position after the wrong move; rejects with a RefutationError. */
  run(fenAfter: string, signal: AbortSignal): Promise<RefutationSummary>;
  dispose(): void;
}

let shared: RefutationEngine | null = null;
/** The last check's searches: the refutation of the move it did not accept reads them instead of searching again. */
const checked = new Map<string, EngineRefutation>();
const engine = () => {
  shared ??= createRefutationEngine();
  return shared;
};

export function createRefutationRunner(): RefutationRunner {
  return {
    async run(fenAfter, signal) {
      const answer = checked.get(fenAfter) ?? (await engine().analyse(fenAfter, { signal }));
      return describeRefutation(fenAfter, answer);
    },
    dispose() {
      shared?.dispose();
      shared = null;
    },
  };
}

/** False for a request that ended on purpose (a newer move, leaving the screen): nothing to show then. */
export function showsFallback(error: unknown): boolean {
  return !(error instanceof RefutationError) || error.showsFallback;
}

/**
 * The alternative-win check's budget: about a second of the browser's engine per search on a slow machine, deep
 * enough for the mates of the library's puzzles (a mate in 4 within a few thousand nodes).
 */
export const ALTERNATIVE_BUDGET = { depth: 16, nodes: 120_000, movetimeMs: 1500 } as const;

/** The engine's score of a position (the opponent to move), as UCI reports it. */
async function scoreOf(fen: string, signal: AbortSignal): Promise<EngineScore> {
  try {
    const answer = await engine().analyse(fen, { signal, limits: ALTERNATIVE_BUDGET });
    checked.set(fen, answer);
    if (answer.mateIn !== undefined) return { mate: answer.mateIn };
    if (answer.scoreCp !== undefined) return { cp: answer.scoreCp };
    throw new RefutationError("engine-failed", "The engine gave no score");
  } catch (error) {
    // No move for the opponent after a move that does not mate (mates are accepted before any search): stalemate.
    if (error instanceof RefutationError && error.code === "no-reply") return { cp: 0 };
    throw error;
  }
}

/**
 * The training flow's `scoreAlternative`: the engine's scores after a move off the line and, when that move could
 * win at all and the line's mate does not already set the bar, after the puzzle's move.
 */
export async function scoreAlternative(
  input: AlternativeInput,
  signal: AbortSignal,
): Promise<AlternativeScores> {
  checked.clear();
  const played = await scoreOf(input.fenAfter, signal);
  if (input.fenExpected === null || !couldWin(played)) return { played, expected: null };
  return { played, expected: await scoreOf(input.fenExpected, signal) };
}
