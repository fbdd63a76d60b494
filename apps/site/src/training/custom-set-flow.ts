import type { FirstLoad, FirstLoadInput } from "@ct/machines";
import { fromPromise } from "xstate";
import { libraryApi } from "../api/library";
import { type CustomSet, selectionOf } from "./custom-set";
import { progress } from "./progress";
import { siteTrainingFlowMachine } from "./training-flow";

/**
 * A custom set's flow (/training/custom?…&train, issue 39): every puzzle comes by rating from the library's
 * selection with the whole set (its range, every theme, its phase and opening), at the player's rating and chosen
 * difficulty moved into the range (the server does that), never one seen recently while another of the set is left.
 */
export function customSetFlowMachine(set: CustomSet) {
  const next = () => {
    const player = progress.rating();
    return libraryApi.next({
      rating: player.rating,
      deviation: player.deviation,
      difficulty: player.difficulty,
      ...selectionOf(set),
      seen: player.seen,
    });
  };
  return siteTrainingFlowMachine.provide({
    actors: {
      loadFirst: fromPromise<FirstLoad, FirstLoadInput>(async () => {
        const answer = await next();
        return { position: answer.position, total: 0, no_more_puzzles: answer.no_more_puzzles };
      }),
      loadNextRated: fromPromise(() => next()),
    },
  });
}
