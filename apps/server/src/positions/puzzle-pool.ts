import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ratingBand } from "./ratings";
import { type PuzzleCriteria, ratingWindows } from "./selection";

/** Rows read per query while a pool loads (the server answers other requests between them). */
const LOAD_CHUNK = 20_000;
/**
 * Entries looked at per window before the pool gives up on it: far more than any ordinary request reads, few
 * enough to stay well under a millisecond. A pool that gave up without an answer says so (`unsure`).
 */
const WALK_LIMIT = 20_000;

const PHASES = ["opening", "middlegame", "endgame"] as const;

/** What `choose` found: a puzzle id, nothing at all, or "unsure" when it stopped looking before it could tell. */
export type PoolChoice = { id: number } | null | "unsure";

/**
 * Every puzzle's selection columns (id, rating, phase, opening, themes) in memory, in (rating band, id) order, with
 * one list of entries per phase, opening and theme: the same indexes as the database's selection indexes, read
 * without a query. It is a snapshot: ratings that players move afterwards are still found near their old rating
 * until the next load (the answer itself is read from the row, with its current rating).
 */
export class PuzzlePool {
  private constructor(
    readonly size: number,
    private readonly ids: Int32Array,
    private readonly ratings: Float32Array,
    private readonly bands: Int32Array,
    private readonly phases: Uint8Array,
    private readonly openings: Int32Array,
    private readonly byPhase: Map<string, Int32Array>,
    private readonly byOpening: Map<string, Int32Array>,
    private readonly byTheme: Map<string, Int32Array>,
  ) {}

  /** Reads every position's selection columns, by id in chunks, yielding to other work between chunks. */
  static async load(db: Kysely<Database>): Promise<PuzzlePool> {
    const ids: number[] = [];
    const ratings: number[] = [];
    const bands: number[] = [];
    const phases: number[] = [];
    const openings: number[] = [];
    const themeLists: string[] = [];
    const openingNames = new Map<string, number>();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom("positions")
        .select(["id", "rating", "difficulty", "rating_band", "game_phase", "opening", "themes"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(LOAD_CHUNK)
        .execute();
      for (const row of rows) {
        ids.push(Number(row.id));
        const rating = Number(row.rating ?? row.difficulty);
        ratings.push(rating);
        bands.push(row.rating_band === null ? ratingBand(rating) : Number(row.rating_band));
        phases.push(PHASES.indexOf(row.game_phase as (typeof PHASES)[number]) + 1);
        let opening = -1;
        if (row.opening) {
          opening = openingNames.get(row.opening) ?? openingNames.size;
          openingNames.set(row.opening, opening);
        }
        openings.push(opening);
        themeLists.push(row.themes);
      }
      if (rows.length < LOAD_CHUNK) break;
      after = Number(rows[rows.length - 1]?.id);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return PuzzlePool.#index(ids, ratings, bands, phases, openings, themeLists, [...openingNames.keys()]);
  }

  /** Orders the entries by (band, id) (a counting sort: they arrive by id) and builds the per-filter lists. */
  static #index(
    ids: number[],
    ratings: number[],
    bands: number[],
    phases: number[],
    openings: number[],
    themeLists: string[],
    openingNames: string[],
  ): PuzzlePool {
    const size = ids.length;
    let low = 0;
    let high = 0;
    for (let i = 0; i < size; i++) {
      const band = bands[i] as number;
      if (i === 0 || band < low) low = band;
      if (i === 0 || band > high) high = band;
    }
    const starts = new Int32Array(high - low + 2);
    for (let i = 0; i < size; i++) {
      const slot = (bands[i] as number) - low + 1;
      starts[slot] = (starts[slot] as number) + 1;
    }
    for (let b = 1; b < starts.length; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
    const order = new Int32Array(size);
    for (let i = 0; i < size; i++) {
      const slot = (bands[i] as number) - low;
      const at = starts[slot] as number;
      order[at] = i;
      starts[slot] = at + 1;
    }

    const pool = {
      ids: new Int32Array(size),
      ratings: new Float32Array(size),
      bands: new Int32Array(size),
      phases: new Uint8Array(size),
      openings: new Int32Array(size),
    };
    const byPhase = new Map<string, number[]>();
    const byOpening = new Map<string, number[]>();
    const byTheme = new Map<string, number[]>();
    const add = (lists: Map<string, number[]>, key: string, entry: number) => {
      const list = lists.get(key);
      if (list) list.push(entry);
      else lists.set(key, [entry]);
    };
    for (let entry = 0; entry < size; entry++) {
      const i = order[entry] as number;
      pool.ids[entry] = ids[i] as number;
      pool.ratings[entry] = ratings[i] as number;
      pool.bands[entry] = bands[i] as number;
      pool.phases[entry] = phases[i] as number;
      pool.openings[entry] = openings[i] as number;
      const phase = PHASES[(phases[i] as number) - 1];
      if (phase) add(byPhase, phase, entry);
      const opening = openingNames[openings[i] as number];
      if (opening !== undefined) add(byOpening, opening, entry);
      for (const theme of new Set(JSON.parse(themeLists[i] as string) as string[]))
        add(byTheme, theme, entry);
    }
    const frozen = (lists: Map<string, number[]>) =>
      new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)] as const));
    return new PuzzlePool(
      size,
      pool.ids,
      pool.ratings,
      pool.bands,
      pool.phases,
      pool.openings,
      frozen(byPhase),
      frozen(byOpening),
      frozen(byTheme),
    );
  }

  /**
   * The same choice as `choosePuzzle` (selection.ts): an unseen puzzle matching the filters, from a random entry of
   * the narrowest rating window that holds one, up and then down; the closest seen match when every match was
   * seen; null when nothing matches at all.
   */
  choose(criteria: PuzzleCriteria, random: () => number = Math.random): PoolChoice {
    const themes = [...new Set(criteria.themes ?? [])];
    const themeLists: Int32Array[] = [];
    for (const theme of themes) {
      const list = this.byTheme.get(theme);
      if (!list) return null;
      themeLists.push(list);
    }
    themeLists.sort((a, b) => a.length - b.length);
    const [rarest, ...others] = themeLists;
    const phase = criteria.phase ? PHASES.indexOf(criteria.phase) + 1 : 0;
    let opening = -1;
    let list: Int32Array | undefined = rarest;
    if (criteria.opening !== undefined) {
      const entries = this.byOpening.get(criteria.opening);
      if (!entries) return null;
      opening = this.openings[entries[0] as number] as number;
      list ??= entries;
    }
    if (phase > 0) {
      const entries = this.byPhase.get(criteria.phase as string);
      if (!entries) return null;
      list ??= entries;
    }
    const length = list ? list.length : this.size;
    const entryAt = list ? (k: number) => list[k] as number : (k: number) => k;
    const matches = (entry: number) =>
      (phase === 0 || this.phases[entry] === phase) &&
      (opening < 0 || this.openings[entry] === opening) &&
      others.every((other) => contains(other, entry));

    let fallback = -1;
    let fallbackGap = Number.POSITIVE_INFINITY;
    let gaveUp = false;
    for (const { lo, hi } of ratingWindows(criteria)) {
      const first = this.#firstAtBand(entryAt, length, ratingBand(lo));
      const end = this.#firstAtBand(entryAt, length, ratingBand(hi) + 1);
      if (first >= end) continue;
      const start = first + Math.floor(random() * (end - first));
      let budget = WALK_LIMIT;
      for (const [from, to, step] of [
        [start, end, 1],
        [start - 1, first - 1, -1],
      ] as const) {
        for (let k = from; k !== to; k += step) {
          if (--budget < 0) {
            gaveUp = true;
            break;
          }
          const entry = entryAt(k);
          const rating = this.ratings[entry] as number;
          if (rating < lo || rating > hi || !matches(entry)) continue;
          const id = this.ids[entry] as number;
          if (!criteria.seen?.has(id)) return { id };
          const gap = Math.abs(rating - criteria.target);
          if (gap < fallbackGap) [fallback, fallbackGap] = [id, gap];
        }
      }
    }
    if (fallback >= 0) return { id: fallback };
    return gaveUp ? "unsure" : null;
  }

  /** The first position k in [0, length) whose entry's band is at least `band` (the entries are band-ordered). */
  #firstAtBand(entryAt: (k: number) => number, length: number, band: number): number {
    let low = 0;
    let high = length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.bands[entryAt(mid)] as number) < band) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** Whether an ascending list of entries holds `entry` (a binary search). */
function contains(list: Int32Array, entry: number): boolean {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const value = list[mid] as number;
    if (value === entry) return true;
    if (value < entry) low = mid + 1;
    else high = mid;
  }
  return false;
}
