import type {
  Difficulty,
  GamePhase,
  NextPosition,
  NextPuzzle,
  PuzzleAttempt,
  PuzzleAttemptResult,
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
      if (query.phase) searchParams.set("phase", query.phase);
      if (query.themes.length > 0) searchParams.set("themes", query.themes.join(","));
      if (query.seen.length > 0) searchParams.set("seen", encodeSeen(query.seen));
      const answer = await api.get("tactical-positions/next", { searchParams, retry: 0 }).json<NextPuzzle>();
      return { position: answer.position, no_more_puzzles: answer.position === null };
    }),

  /** A first-try result; the server moves the puzzle's rating from the first report of a network. */
  reportAttempt: (id: number, attempt: PuzzleAttempt) =>
    call("Failed to report the result", () =>
      api.post(`tactical-positions/${id}/attempts`, { json: attempt, retry: 0 }).json<PuzzleAttemptResult>(),
    ),

  themes: () =>
    cache.remember("themes", () =>
      call("Failed to load the themes", () => api.get("themes").json<{ themes: ThemeCount[] }>()),
    ),
};
