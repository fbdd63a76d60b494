import type { Kysely } from "kysely";
import { type FacetChanges, facetChanges } from "../db/changes";
import { positionRowById } from "../db/database";
import type { Database } from "../db/schema";
import { type PoolChoice, PuzzlePool } from "./puzzle-pool";
import { positionJson } from "./rows";
import { choosePuzzle, onPuzzleRatingMoved, type PuzzleCriteria } from "./selection";

/**
 * Serialized positions kept by default (a few kB each): the whole shipped library, a small part of a million
 * (NEXT_ANSWERS_KEPT sets it; 0 reads every answer's row).
 */
export const KEPT_ANSWERS = 12_000;
/**
 * Answers are kept only while the library is at most this many times the number kept: choices spread over the whole
 * library, so beyond it fewer than one answer in four would come from the kept ones, and replacing one on nearly
 * every request only fills the old generation with garbage whose collection stalls every request (measured at a
 * million positions: a p99 four times that of the shipped library at the same request rate).
 */
const KEEP_WITHIN = 4;
/**
 * After a pool was thrown away because writes came while it loaded (an import runs), the next load waits this
 * long; the database answers meanwhile.
 */
const RELOAD_GAP_MS = 5_000;
/** After players moved ratings, the pool is loaded again once it is this old, so it finds them at their new bands. */
const RATINGS_AGE_MS = 10 * 60_000;

/**
 * The next-puzzle reads every visitor makes, without a query where possible: the choice from a `PuzzlePool` in
 * memory and the answer from serialized positions kept per id. Both belong to one version of the positions'
 * aggregates (`facetChanges`: every insert, edit and removal of a position moves it, here or in another process);
 * while the pool is of an older version (or the version cannot be known) the choice is read from the database as
 * `choosePuzzle` does and a new pool is loaded in the background. A rating moved by a player's result (which leaves
 * the aggregates alone) drops that position's kept answer, here through `onPuzzleRatingMoved` and in other
 * processes through `notifyPositionChanged`.
 */
export class NextPuzzles {
  #pool: PuzzlePool | undefined;
  #poolVersion: number | undefined;
  #loading: Promise<void> | undefined;
  #loadStarted = Number.NEGATIVE_INFINITY;
  #discarded = Number.NEGATIVE_INFINITY;
  #ratingsMoved = false;
  #rowsVersion: number | undefined;
  readonly #rows = new Map<number, string>();
  private readonly random: () => number;
  /** Counts `forget` calls, so that an answer read while its position changed is not kept. */
  #forgets = 0;
  readonly #changes: FacetChanges | undefined;

  readonly #kept: number;

  constructor(
    private readonly db: Kysely<Database>,
    { kept = KEPT_ANSWERS, random = Math.random }: { kept?: number; random?: () => number } = {},
  ) {
    this.#kept = kept;
    this.random = random;
    this.#changes = facetChanges(db);
    this.#changes?.onPositionChanged((id) => this.forget(id));
    onPuzzleRatingMoved(db, (id) => this.forget(id));
  }

  /** Loads the pool (once the aggregates' version is known); resolves when it is in place or could not be. */
  async ready(): Promise<void> {
    await this.#changes?.start();
    await this.#load(true);
  }

  /** The answer of GET /tactical-positions/next, serialized: `{"position": …}`. */
  async next(criteria: PuzzleCriteria): Promise<string> {
    const version = this.#changes?.version();
    let choice: PoolChoice = "unsure";
    if (version !== undefined && this.#pool && this.#poolVersion === version) {
      choice = this.#pool.choose(criteria, this.random);
      if (this.#ratingsMoved && Date.now() - this.#loadStarted > RATINGS_AGE_MS) void this.#load();
    } else void this.#load();
    if (choice === null) return `{"position":null}`;
    const position = choice === "unsure" ? undefined : await this.#position(choice.id, version);
    if (position !== undefined) return `{"position":${position}}`;
    // The pool could not tell, or its choice is gone: the database decides.
    const row = await choosePuzzle(this.db, criteria, this.random);
    return `{"position":${row ? positionJson(row) : "null"}}`;
  }

  /** A position's row changed (its rating moved): its kept answer goes, and the pool is due for a new load. */
  forget(id: number): void {
    this.#forgets++;
    this.#rows.delete(id);
    this.#ratingsMoved = true;
  }

  /** The serialized position, kept for the version it was read at; undefined when it is gone. */
  async #position(id: number, version: number | undefined): Promise<string | undefined> {
    if (version !== this.#rowsVersion) {
      this.#rows.clear();
      this.#rowsVersion = version;
    }
    const kept = this.#rows.get(id);
    if (kept !== undefined) return kept;
    const forgets = this.#forgets;
    const row = await positionRowById(this.db, id);
    if (!row) return undefined;
    const text = positionJson(row);
    const worthKeeping = this.#kept > 0 && (this.#pool?.size ?? 0) <= this.#kept * KEEP_WITHIN;
    if (
      worthKeeping &&
      version !== undefined &&
      this.#changes?.version() === version &&
      this.#forgets === forgets
    ) {
      if (this.#rows.size >= this.#kept) this.#rows.delete(this.#rows.keys().next().value as number);
      this.#rows.set(id, text);
    }
    return text;
  }

  /** Loads a pool in the background, one at a time, and not within RELOAD_GAP_MS of a discarded one (unless `now`). */
  #load(now = false): Promise<void> {
    if (this.#loading) return this.#loading;
    if (!now && Date.now() - this.#discarded < RELOAD_GAP_MS) return Promise.resolve();
    const version = this.#changes?.version();
    if (version === undefined) return Promise.resolve();
    this.#loadStarted = Date.now();
    const ratingsMoved = this.#ratingsMoved;
    this.#ratingsMoved = false;
    this.#loading = PuzzlePool.load(this.db)
      .then(
        (pool) => {
          // Rows written while it loaded may be missing from it: it is used only while nothing moved since.
          if (this.#changes?.version() !== version) {
            this.#discarded = Date.now();
            return;
          }
          this.#pool = pool;
          this.#poolVersion = version;
        },
        () => {
          this.#discarded = Date.now();
          this.#ratingsMoved ||= ratingsMoved;
        },
      )
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }
}
