import { GLICKO, type Glicko, NEW_GLICKO, ratePuzzleAttempt } from "@ct/chess";
import { type GamePhase, LIBRARY_RATING_BOUNDS } from "@ct/contract";
import { type Kysely, sql, type Transaction } from "kysely";
import { notifyPositionChanged } from "../db/changes";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { BROAD_THEMES, ratingBand } from "./ratings";
import type { PositionRow } from "./rows";

export interface PuzzleCriteria {
  /** The rating to aim at: the player's rating moved by the difficulty. */
  target: number;
  phase?: GamePhase | undefined;
  /** Every one of these themes. */
  themes?: readonly string[] | undefined;
  opening?: string | undefined;
  /** A custom set's rating range (issue 39): no puzzle rated outside min..max; the windows are cut to it. */
  min?: number | undefined;
  max?: number | undefined;
  /** Puzzles the player saw recently: never chosen while another matches. */
  seen?: ReadonlySet<number> | undefined;
}

/** Half-widths of the rating window around the target, tried in turn until one holds an unseen match. */
export const RATING_WINDOWS = [100, 200, 400, 800, 1600, 4000] as const;
/**
 * Rows read per index step: the first step of a side is short (with few filters its first row is the answer, and
 * each row read is a table lookup), the later ones longer; a few steps per window at most.
 */
const STEPS = [8, 48, 48, 48] as const;
/** How long the largest position id (the range of random starting points) is reused. */
const ID_CEILING_MS = 10_000;

/** The columns the selection reads of each row it passes. */
type Candidate = Pick<PositionRow, "id" | "rating" | "rating_band" | "game_phase" | "opening" | "themes">;

type Driver =
  | { kind: "all" }
  | { kind: "phase"; value: string }
  | { kind: "opening"; value: string }
  | { kind: "theme"; value: string };

/**
 * The next puzzle for a player: one near the target rating that matches the filters and was not seen recently,
 * at random within the window (so players at one rating do not all get the same puzzle). It reads one index in
 * (rating band, id) order, never the table: the rarest requested theme's rows in `position_themes` (unless every
 * requested theme is one of the BROAD_THEMES, which have no rows), else the
 * positions by (opening, band), (phase, band) or (band), from a random point of the window (a band and an id) up
 * and then down, a few dozen rows at a time, checking the exact rating and the other filters on each row. When a
 * window holds nothing unseen it widens (±100, ±200, … ±4000, never past a custom set's min..max); when every match
 * was seen, the closest seen one is given rather than nothing. Null only when no stored puzzle matches the filters
 * at all.
 */
export async function choosePuzzle(
  db: Kysely<Database>,
  criteria: PuzzleCriteria,
  random: () => number = Math.random,
): Promise<PositionRow | null> {
  const driver = await pickDriver(db, criteria);
  if (!driver) return null;
  const themes = criteria.themes ?? [];
  const matches = (row: Candidate) => {
    if (criteria.phase && row.game_phase !== criteria.phase) return false;
    if (criteria.opening && row.opening !== criteria.opening) return false;
    if (themes.length > 1 || (themes.length === 1 && driver.kind !== "theme")) {
      const own = new Set(JSON.parse(row.themes) as string[]);
      if (!themes.every((theme) => own.has(theme))) return false;
    }
    return true;
  };
  const ceiling = await idCeiling(db);
  let fallback: Candidate | null = null;
  let fallbackGap = Number.POSITIVE_INFINITY;
  for (const { lo, hi } of ratingWindows(criteria)) {
    const start = { band: ratingBand(lo + random() * (hi - lo)), id: Math.floor(random() * ceiling) };
    for (const direction of ["up", "down"] as const) {
      // Up from the starting point itself (its id included), down from just below it: the two sides meet without
      // a gap, so a puzzle the random start lands on exactly is read too (it was missed, and the window widened).
      let from = direction === "up" ? { band: start.band, id: start.id - 1 } : start;
      const edge = ratingBand(direction === "up" ? hi : lo);
      for (const limit of STEPS) {
        const rows = await readStep(db, driver, direction, from, edge, limit);
        for (const row of rows) {
          const rating = Number(row.rating);
          if (rating < lo || rating > hi || !matches(row)) continue;
          if (!criteria.seen?.has(Number(row.id))) return fullRow(db, row);
          const gap = Math.abs(rating - criteria.target);
          if (gap < fallbackGap) [fallback, fallbackGap] = [row, gap];
        }
        if (rows.length < limit) break;
        const last = rows[rows.length - 1] as Candidate;
        from = { band: Number(last.rating_band), id: Number(last.id) };
      }
    }
  }
  return fallback ? fullRow(db, fallback) : null;
}

/**
 * The rating windows to try in turn: ±RATING_WINDOWS around the target, each cut to the criteria's rating range
 * (min..max) when there is one; a window that the range leaves empty, or leaves as it left the one before (the
 * range was covered whole already), is not tried again.
 */
export function ratingWindows(
  criteria: Pick<PuzzleCriteria, "target" | "min" | "max">,
): { lo: number; hi: number }[] {
  const windows: { lo: number; hi: number }[] = [];
  for (const half of RATING_WINDOWS) {
    const lo = Math.max(criteria.target - half, criteria.min ?? Number.NEGATIVE_INFINITY);
    const hi = Math.min(criteria.target + half, criteria.max ?? Number.POSITIVE_INFINITY);
    const last = windows.at(-1);
    if (lo > hi || (last && last.lo === lo && last.hi === hi)) continue;
    windows.push({ lo, hi });
  }
  return windows;
}

const ceilings = new WeakMap<Kysely<Database>, { value: number; at: number }>();

/** One more than the largest position id, read again at most every ID_CEILING_MS. */
async function idCeiling(db: Kysely<Database>): Promise<number> {
  const known = ceilings.get(db);
  if (known && Date.now() - known.at < ID_CEILING_MS) return known.value;
  const row = await db
    .selectFrom("positions")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  const value = Number(row?.max ?? 0) + 1;
  ceilings.set(db, { value, at: Date.now() });
  return value;
}

async function fullRow(db: Kysely<Database>, candidate: Candidate): Promise<PositionRow | null> {
  return (
    (await db
      .selectFrom("positions")
      .selectAll()
      .where("id", "=", Number(candidate.id))
      .executeTakeFirst()) ?? null
  );
}

/** The index to read: the rarest requested theme, else the opening, the phase, or every puzzle. */
async function pickDriver(db: Kysely<Database>, criteria: PuzzleCriteria): Promise<Driver | null> {
  const themes = [...new Set(criteria.themes ?? [])];
  if (themes.length > 0) {
    const counts = await db
      .selectFrom("position_facets")
      .select(["value", "count"])
      .where("kind", "=", "theme")
      .where("value", "in", themes)
      .execute();
    if (counts.length < themes.length) return null;
    const indexed = counts.filter((count) => !BROAD_THEMES.has(count.value));
    if (indexed.length > 0) {
      const rarest = indexed.reduce((a, b) => (Number(b.count) < Number(a.count) ? b : a));
      return { kind: "theme", value: rarest.value };
    }
    // Only broad themes (no index rows): a match is a few rows away on the other indexes.
  }
  if (criteria.opening) return { kind: "opening", value: criteria.opening };
  if (criteria.phase) return { kind: "phase", value: criteria.phase };
  return { kind: "all" };
}

/**
 * One step along the driver's index: up to `limit` rows after (band, id) in one direction, up to the window's edge
 * band: the rest of the current band by id, then the next bands. Two seeks rather than one row-value comparison:
 * SQLite seeks a row value only on its first column when the second is the rowid, and would walk a whole band.
 */
async function readStep(
  db: Kysely<Database>,
  driver: Driver,
  direction: "up" | "down",
  from: { band: number; id: number },
  edge: number,
  limit: number,
): Promise<Candidate[]> {
  const up = direction === "up";
  const band = driver.kind === "theme" ? sql.ref("t.rating_band") : sql.ref("p.rating_band");
  const id = driver.kind === "theme" ? sql.ref("t.position_id") : sql.ref("p.id");
  const sameBand = sql`${band} = ${from.band} and ${id} ${sql.raw(up ? ">" : "<")} ${from.id}`;
  const laterBands = up
    ? sql`${band} > ${from.band} and ${band} <= ${edge}`
    : sql`${band} < ${from.band} and ${band} >= ${edge}`;
  const order = up ? sql`order by ${band} asc, ${id} asc` : sql`order by ${band} desc, ${id} desc`;
  const filter =
    driver.kind === "phase"
      ? sql`p.game_phase = ${driver.value} and`
      : driver.kind === "opening"
        ? sql`p.opening = ${driver.value} and`
        : sql``;
  // Only what the filters need: a full row (texts in two languages) is read once, for the chosen puzzle.
  const read = async (range: ReturnType<typeof sql>, count: number) =>
    (
      await (driver.kind === "theme"
        ? sql<Candidate>`select p.id, p.rating, p.rating_band, p.game_phase, p.opening, p.themes
            from position_themes t join positions p on p.id = t.position_id
            where t.theme = ${driver.value} and ${range} ${order} limit ${count}`
        : sql<Candidate>`select p.id, p.rating, p.rating_band, p.game_phase, p.opening, p.themes from positions p
            where ${filter} ${range} ${order} limit ${count}`
      ).execute(db)
    ).rows;
  const rows = await read(sameBand, limit);
  return rows.length < limit ? [...rows, ...(await read(laterBands, limit - rows.length))] : rows;
}

/**
 * The library's rating range: lichess's puzzles lie within it (the shipped ones 399-2999), and no reported result
 * takes a puzzle out of it (a rating far outside it was only ever an attack's, and `next` served it).
 */
export const PUZZLE_RATING_RANGE = LIBRARY_RATING_BOUNDS;
/** The most one result moves a puzzle: half its deviation (40 points at lichess's settled 80), at most 100. */
export const maxReportStep = (deviation: number) => Math.min(100, deviation / 2);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A puzzle's new rating after one result. The player's rating is clamped to the library's range and the deviation
 * to lichess's floor of 45 (when reports were anonymous, a claimed deviation of 0 made the player a certainty, and
 * one "win" at rating 0 took a 700 puzzle to 51). The Glicko-2 step is then capped by `maxReportStep` (lichess caps
 * a puzzle's move too, at 700), and the result kept within the range.
 */
export function boundedAttempt(
  puzzle: Glicko,
  attempt: { result: "win" | "loss"; rating: number; deviation: number },
): Glicko {
  const { min, max } = PUZZLE_RATING_RANGE;
  const player = {
    rating: clamp(attempt.rating, min, max),
    deviation: clamp(attempt.deviation, GLICKO.minDeviation, GLICKO.maxDeviation),
    volatility: NEW_GLICKO.volatility,
  };
  const next = ratePuzzleAttempt(player, puzzle, attempt.result === "win").puzzle;
  const step = maxReportStep(puzzle.deviation);
  return { ...next, rating: clamp(clamp(next.rating, puzzle.rating - step, puzzle.rating + step), min, max) };
}

/**
 * A player whose rating is this uncertain (deviation) or more teaches a puzzle nothing. lichess leaves a puzzle's
 * rating alone when the player's is "clueless" (deviation 230 or more, which a newcomer leaves after two results
 * on settled puzzles). Here the player's own rating moves at most MAX_RATING_CHANGE (150) per result, so after two
 * results it may still be far from where the results put it; under 150 (after eight first results on puzzles of
 * deviation 80, thirteen on estimated ones of 350) it has had room to travel 1,200 points.
 */
export const PLAYER_DEVIATION_LIMIT = 150;

/** What a signed-in player's first result did to a puzzle's rating. */
export interface PuzzleRatingMove {
  moved: boolean;
  rating: number;
  rating_deviation: number;
}

/**
 * Moves a puzzle's rating by a signed-in player's first result on it, in the caller's transaction (which has
 * stored that result): Glicko-2 with the player's rating and deviation as the server keeps them (a "win" for the
 * player is a loss for the puzzle), nothing when the player's deviation is PLAYER_DEVIATION_LIMIT or more, and the
 * step capped and kept in the library's range by `boundedAttempt`. Only the caller knows the result is the
 * player's first on the puzzle (progress.ts); anonymous reports move nothing any more. Null when the puzzle does
 * not exist. On PostgreSQL the row is locked until the transaction ends: callers lock puzzles in id order.
 */
export async function movePuzzleRating(
  trx: Transaction<Database>,
  id: number,
  player: { rating: number; deviation: number },
  result: "win" | "loss",
): Promise<PuzzleRatingMove | null> {
  const position = await trx
    .selectFrom("positions")
    .select(["id", "rating", "rating_deviation", "rating_volatility", "rating_band", "difficulty"])
    .where("id", "=", id)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!position) return null;
  const current = {
    rating: Number(position.rating ?? position.difficulty),
    deviation: Number(position.rating_deviation ?? NEW_GLICKO.deviation),
    volatility: Number(position.rating_volatility ?? NEW_GLICKO.volatility),
  };
  if (!(player.deviation < PLAYER_DEVIATION_LIMIT))
    return {
      moved: false,
      rating: Math.round(current.rating),
      rating_deviation: Math.round(current.deviation),
    };
  const puzzle = boundedAttempt(current, { result, rating: player.rating, deviation: player.deviation });
  const band = ratingBand(puzzle.rating);
  await trx
    .updateTable("positions")
    .set((eb) => ({
      rating: puzzle.rating,
      rating_deviation: puzzle.deviation,
      rating_volatility: puzzle.volatility,
      rating_band: band,
      rating_attempts: eb("rating_attempts", "+", 1),
    }))
    .where("id", "=", id)
    .execute();
  await notifyPositionChanged(trx, id);
  // The theme index rows move only when the rating leaves its band.
  if (band !== Number(position.rating_band))
    await trx
      .updateTable("position_themes")
      .set({ rating_band: band })
      .where("position_id", "=", id)
      .execute();
  return { moved: true, rating: Math.round(puzzle.rating), rating_deviation: Math.round(puzzle.deviation) };
}

/** A puzzle's rating as shown (rounded), or null when it does not exist. */
export async function puzzleRating(
  db: Kysely<Database>,
  id: number,
): Promise<{ rating: number; rating_deviation: number } | null> {
  const position = await db
    .selectFrom("positions")
    .select(["rating", "rating_deviation", "difficulty"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!position) return null;
  return {
    rating: Math.round(Number(position.rating ?? position.difficulty)),
    rating_deviation: Math.round(Number(position.rating_deviation ?? NEW_GLICKO.deviation)),
  };
}

const rateListeners = new WeakMap<object, Set<(id: number) => void>>();

/**
 * Calls `listener` with each puzzle whose rating a request of this process moved through this database (after
 * its transaction committed): the next-puzzle answers kept in memory drop it. Other processes hear of it through
 * `notifyPositionChanged`.
 */
export function onPuzzleRatingMoved(db: Kysely<Database>, listener: (id: number) => void): void {
  const listeners = rateListeners.get(db) ?? new Set();
  listeners.add(listener);
  rateListeners.set(db, listeners);
}

/** Tells this process's listeners (`onPuzzleRatingMoved`) that puzzles' ratings moved. */
export function puzzleRatingsMoved(db: Kysely<Database>, ids: Iterable<number>): void {
  const listeners = rateListeners.get(db);
  if (!listeners) return;
  for (const id of ids) for (const listener of listeners) listener(id);
}
