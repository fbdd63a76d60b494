import { DIFFICULTY_NAMES, type Difficulty } from "@ct/contract/library-rules";

/**
 * A puzzle's address: the set's own address (`/training/endgame`, `/training/themes/fork`) with the puzzle on the
 * board and how Next picks puzzles in the query: `?puzzle=123&order=sequence`, or `&order=rated&difficulty=harder`.
 * A reload, Back and Forward, and a copied link open that puzzle in that order. Without a query the set opens as
 * before (the spec's routes).
 */
export interface PuzzleAddress {
  puzzle: number | null;
  order: "sequence" | "rated" | null;
  difficulty: Difficulty | null;
}

const ID = /^[1-9][0-9]{0,9}$/;

/** What a query string says; anything it does not say, or says wrongly, is null (the set's own choice). */
export function readPuzzleAddress(search: string): PuzzleAddress {
  const query = new URLSearchParams(search);
  const puzzle = query.get("puzzle") ?? "";
  const order = query.get("order");
  const difficulty = query.get("difficulty");
  return {
    puzzle: ID.test(puzzle) && Number(puzzle) <= 2_147_483_647 ? Number(puzzle) : null,
    order: order === "sequence" || order === "rated" ? order : null,
    difficulty: DIFFICULTY_NAMES.includes(difficulty as Difficulty) ? (difficulty as Difficulty) : null,
  };
}

/**
 * The query string of a puzzle's address (with its `?`): the puzzle, the order when the set has a choice of one,
 * and the difficulty when puzzles come by rating.
 */
export function puzzleSearch(address: {
  puzzle: number;
  order: "sequence" | "rated" | null;
  difficulty: Difficulty;
}): string {
  const query = new URLSearchParams({ puzzle: String(address.puzzle) });
  if (address.order) query.set("order", address.order);
  if (address.order !== "sequence") query.set("difficulty", address.difficulty);
  return `?${query}`;
}
