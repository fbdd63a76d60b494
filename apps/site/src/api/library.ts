import type {
  Difficulty,
  GamePhase,
  NextPosition,
  NextPuzzle,
  PuzzleAttempt,
  PuzzleAttemptResult,
  PuzzleCount,
  ThemeCount,
} from "@ct/contract";
import { encodeSeen } from "@ct/contract/library-rules";
import { TimedCache } from "./cache";
import { api } from "./client";
import { ApiCallError, POSITIONS_CACHE_MS } from "./positions";

/**
 * The puzzle library's API (issue "A real puzzle library…"): the next puzzle near a player's rating, the results
 * that teach puzzle ratings, and the themes with their counts.
 */
const cache = new TimedCache(POSITIONS_CACHE_MS);

export interface NextRatedQuery {
  rating: number;
  deviation: number;
  difficulty: Difficulty;
  phase: GamePhase | null;
  themes: readonly string[];
  /** Puzzles shown recently (the library picks among the others). */
  seen: readonly number[];
  /** A custom set's opening and rating range (issue 39): only its puzzles, the player's target moved into it. */
  opening?: string | null;
  min?: number;
  max?: number;
}

/** A custom set as the count reads it (issue 39): every part optional. */
export interface PuzzleSetQuery {
  min?: number;
  max?: number;
  themes?: readonly string[];
  phase?: GamePhase | null;
  opening?: string | null;
}

/** The query of a custom set's parts that are given, as the server reads them. */
function setParams(set: PuzzleSetQuery, searchParams = new URLSearchParams()): URLSearchParams {
  if (set.min !== undefined) searchParams.set("min", String(set.min));
  if (set.max !== undefined) searchParams.set("max", String(set.max));
  if (set.themes && set.themes.length > 0) searchParams.set("themes", set.themes.join(","));
  if (set.phase) searchParams.set("phase", set.phase);
  if (set.opening) searchParams.set("opening", set.opening);
  return searchParams;
}

async function call<T>(message: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = (error as { response?: Response }).response?.status ?? null;
    throw new ApiCallError(message, status);
  }
}

export const libraryApi = {
  /** One puzzle near the rating and difficulty; `no_more_puzzles` when nothing matches the filters. */
  next: (query: NextRatedQuery): Promise<NextPosition> =>
    call("Failed to load the next position", async () => {
      const searchParams = new URLSearchParams({
        rating: String(Math.round(query.rating)),
        deviation: String(Math.round(query.deviation)),
        difficulty: query.difficulty,
      });
      setParams(query, searchParams);
      if (query.seen.length > 0) searchParams.set("seen", encodeSeen(query.seen));
      const answer = await api.get("tactical-positions/next", { searchParams, retry: 0 }).json<NextPuzzle>();
      return { position: answer.position, no_more_puzzles: answer.position === null };
    }),

  /** A first-try result; the server moves the puzzle's rating from the first report of a network. */
  reportAttempt: (id: number, attempt: PuzzleAttempt) =>
    call("Failed to report the result", () =>
      api.post(`tactical-positions/${id}/attempts`, { json: attempt, retry: 0 }).json<PuzzleAttemptResult>(),
    ),

  /** How many puzzles a custom set holds (issue 39). */
  count: (set: PuzzleSetQuery): Promise<number> =>
    call("Failed to count the puzzles", async () => {
      const answer = await api
        .get("tactical-positions/count", { searchParams: setParams(set), retry: 0 })
        .json<PuzzleCount>();
      return answer.count;
    }),

  themes: () =>
    cache.remember("themes", () =>
      call("Failed to load the themes", () => api.get("themes").json<{ themes: ThemeCount[] }>()),
    ),
};
