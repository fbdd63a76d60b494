import type { Position } from "@ct/contract";
import { toPosition } from "./puzzle";
import { browserStore } from "./store";

/**
 * The player's own puzzles as the training screen's positions (ids -1, -2, … in the set's order), read from this
 * browser's store: the review list's loader asks for them when a due puzzle is one of them. A module of its own, so
 * the training screen loads the store only then.
 */
export async function myGamesPositions(): Promise<Position[]> {
  return (await browserStore().puzzles()).map(toPosition);
}
