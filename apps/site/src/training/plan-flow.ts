import type { NextPosition, Position } from "@ct/contract";
import type { FirstLoad, FirstLoadInput, PlanStep, RatedLoadInput } from "@ct/machines";
import { fromPromise } from "xstate";
import { libraryApi } from "../api/library";
import { ApiCallError, positionsApi } from "../api/positions";
import { isMyGamesId } from "../my-games/ids";
import { loadPlanPuzzle } from "./plan-load";
import { progress } from "./progress";
import { siteTrainingFlowMachine } from "./training-flow";

/** A puzzle by id: the library's, or one of the player's own games (this browser's store); null when gone. */
async function positionById(id: number): Promise<Position | null> {
  if (isMyGamesId(id)) {
    const mine = await (await import("../my-games/positions")).myGamesPositions();
    return mine.find((position) => position.id === id) ?? null;
  }
  try {
    return await positionsApi.get(id);
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The flow of /training/plan (issue 39): every puzzle comes from the plan's step to train (`step`, read at each load:
 * the plan moves as the player works), by plan-load.ts. `chosen` hears which step brought which puzzle, so the page
 * can say which step and how far.
 */
export function planFlowMachine(plan: {
  step: () => PlanStep | null;
  chosen: (positionId: number, kind: PlanStep["kind"] | null) => void;
}) {
  const served = new Set<number>();
  const next = async (input: RatedLoadInput): Promise<NextPosition> => {
    const player = progress.rating();
    const { answer, kind } = await loadPlanPuzzle(plan.step(), {
      player,
      ask: (request) =>
        libraryApi.next({
          rating: request.rating,
          deviation: request.deviation,
          difficulty: request.exact ? "normal" : player.difficulty,
          phase: input.phase,
          themes: request.themes ?? input.themes,
          seen: progress.rating().seen,
        }),
      byId: positionById,
      served,
      now: Date.now(),
      random: Math.random,
    });
    if (answer.position) {
      served.add(answer.position.id);
      plan.chosen(answer.position.id, kind);
    }
    return answer;
  };
  return siteTrainingFlowMachine.provide({
    actors: {
      loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async ({ input }) => {
        const answer = await next(input);
        return { position: answer.position, total: 0, no_more_puzzles: answer.no_more_puzzles };
      }),
      loadNextRated: fromPromise(({ input }: { input: RatedLoadInput }) => next(input)),
    },
  });
}
