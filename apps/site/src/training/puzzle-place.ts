import type { GamePhase, Position } from "@ct/contract";
import type { FirstLoad } from "@ct/machines";
import { ApiCallError, positionsApi } from "../api/positions";
import { shownBefore, visitKey } from "./visit";

/** Positions per page when looking for a puzzle's place (the most the server gives at once). */
const PER_PAGE = 200;

/** Reads one page of a phase's positions in sequence order (1-based), as GET /tactical-positions/phase/{phase} does. */
export type PhasePage = (phase: GamePhase, page: number, perPage: number) => Promise<Position[]>;

const serverPage: PhasePage = (phase, page, perPage) => positionsApi.byPhase(phase, { page, perPage });

/**
 * A puzzle's place in its phase's order (1-based, 'Position N of M') and the phase's size: found by halving the
 * phase's pages by sequence number, so a phase of 10,000 needs about six reads. Null when the puzzle is not one of
 * the phase's (another phase's, or deleted since).
 */
export async function placeInPhase(
  phase: GamePhase,
  position: Pick<Position, "id" | "sequence_number" | "game_phase">,
  total: number,
  read: PhasePage = serverPage,
): Promise<{ place: number; total: number } | null> {
  if (position.game_phase !== phase) return null;
  let low = 1;
  let high = Math.max(1, Math.ceil(total / PER_PAGE));
  while (low <= high) {
    const page = Math.floor((low + high) / 2);
    const batch = await read(phase, page, PER_PAGE);
    const index = batch.findIndex((candidate) => candidate.id === position.id);
    if (index >= 0) {
      const place = (page - 1) * PER_PAGE + index + 1;
      return { place, total: Math.max(total, place) };
    }
    const first = batch[0];
    const last = batch.at(-1);
    if (!first || !last) high = page - 1;
    else if (position.sequence_number < first.sequence_number) high = page - 1;
    else if (position.sequence_number > last.sequence_number && batch.length === PER_PAGE) low = page + 1;
    else return null;
  }
  return null;
}

/**
 * The first load of a puzzle's address: the puzzle, at its place in the module's order (In order), alone (by
 * rating, or a theme's set), or as Go to Puzzle by ID shows it when it is not one of the module's. Null when it does
 * not exist (any more): the set then starts as it would without the address.
 */
export async function firstAtPuzzle(
  id: number,
  set: { phase: GamePhase | null; rated: boolean; themes: readonly string[] },
): Promise<FirstLoad | null> {
  const position = await positionsApi.get(id).catch((error: unknown) => {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  });
  if (!position) return null;
  if (set.phase === null || (set.rated && position.game_phase === set.phase)) {
    // The tab's earlier puzzles by rating, for Previous (one that cannot be read any more is left out).
    const earlier = await Promise.all(
      shownBefore(visitKey(set), id).map((earlierId) => positionsApi.get(earlierId).catch(() => null)),
    );
    const before = earlier.filter((earlierPosition): earlierPosition is Position => earlierPosition !== null);
    return { position, total: 0, no_more_puzzles: false, before };
  }
  const counts = await positionsApi.phaseCounts();
  const placed = await placeInPhase(set.phase, position, counts.counts[set.phase] ?? 0);
  return placed ? { position, total: placed.total, place: placed.place } : { position, total: 0, byId: true };
}

/** The place of the puzzle on the board in its module's order (after a switch to In order); null when it has none. */
export async function placeOfShown(
  phase: GamePhase,
  position: Pick<Position, "id" | "sequence_number" | "game_phase">,
): Promise<{ place: number; total: number } | null> {
  const counts = await positionsApi.phaseCounts();
  return placeInPhase(phase, position, counts.counts[phase] ?? 0);
}
