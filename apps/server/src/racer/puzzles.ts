import { randomInt } from "node:crypto";
import type { RacerPuzzleView } from "@ct/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Puzzles in a race: more than anyone solves in 90 seconds. */
export const RACE_PUZZLES = 60;
/** The run rises from about this rating to the next. */
const LOWEST = 1000;
const HIGHEST = 2500;
/** Lines longer than this (plies) are no quick puzzles. */
const MAX_PLIES = 7;
const CANDIDATES_TTL_MS = 5 * 60_000;
const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

interface Candidate extends RacerPuzzleView {}

/**
 * A race's puzzles: from the stored puzzles whose line is short and playable, one near each step of a rise from
 * about 1000 to 2500, at random and never twice (the library's ratings decide; with few puzzles stored, all of them
 * by rating). Only lines stored in coordinate form. Each process reads the candidates once every few minutes.
 */
export class RacerPuzzles {
  #cached: { at: number; list: Promise<Candidate[]> } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  async choose(count = RACE_PUZZLES, now = Date.now()): Promise<RacerPuzzleView[]> {
    if (!this.#cached || now - this.#cached.at > CANDIDATES_TTL_MS) {
      const list = this.#read().catch((error: unknown) => {
        this.#cached = null;
        throw error;
      });
      this.#cached = { at: now, list };
    }
    return chooseRising(await this.#cached.list, count);
  }

  async #read(): Promise<Candidate[]> {
    const rows = await this.db
      .selectFrom("positions")
      .select(["id", "fen", "solution", "correct_moves", "rating", "difficulty"])
      .execute();
    const list: Candidate[] = [];
    for (const row of rows) {
      const solution = JSON.parse(row.solution) as string[];
      const correct = JSON.parse(row.correct_moves) as string[];
      const moves = solution.length > 1 ? solution : correct.slice(0, 1);
      if (moves.length === 0 || moves.length > MAX_PLIES || moves.length % 2 === 0) continue;
      // Coordinate moves only, as stored by the library and the generator: reading 10,000 lines through a chess
      // library took seconds of the first race's answer.
      if (!moves.every((move) => UCI.test(move))) continue;
      const line = moves;
      list.push({
        id: Number(row.id),
        fen: row.fen,
        line,
        rating: Math.round(Number(row.rating ?? row.difficulty)),
      });
    }
    return list.sort((a, b) => a.rating - b.rating || a.id - b.id);
  }
}

/** The index of the first candidate rated `rating` or more (candidates sorted by rating). */
function firstAtLeast(candidates: readonly Candidate[], rating: number): number {
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((candidates[middle] as Candidate).rating < rating) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One puzzle near each step of the rise, picked at random among the few nearest unused ones. */
export function chooseRising(
  candidates: readonly Candidate[],
  count: number,
  random: (below: number) => number = randomInt,
): RacerPuzzleView[] {
  if (candidates.length <= count) return [...candidates];
  const used = new Set<number>();
  const chosen: RacerPuzzleView[] = [];
  for (let step = 0; step < count; step++) {
    const target = LOWEST + ((HIGHEST - LOWEST) * step) / Math.max(1, count - 1);
    // The candidates are sorted by rating: from the target's place, the nearest unused ones on either side.
    let right = firstAtLeast(candidates, target);
    let left = right - 1;
    const nearest: Candidate[] = [];
    while (nearest.length < 8 && (left >= 0 || right < candidates.length)) {
      const below = candidates[left];
      const above = candidates[right];
      const takeAbove = !below || (above !== undefined && above.rating - target <= target - below.rating);
      const next = takeAbove ? above : below;
      if (takeAbove) right++;
      else left--;
      if (next && !used.has(next.id)) nearest.push(next);
    }
    const pick = nearest[random(nearest.length)] as Candidate;
    used.add(pick.id);
    chosen.push(pick);
  }
  return chosen.sort((a, b) => a.rating - b.rating);
}
