import { checkPuzzle } from "@ct/chess";
import {
  GAME_PHASES,
  type GamePhase,
  type NextPosition,
  type PhaseCounts,
  type Position,
  type PositionSearch,
  type Stats,
  type ValidPositionInput,
} from "@ct/contract";
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { notifyFacetsChanged } from "../db/changes";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";
import { indexThemes, reindexThemes, themeRows } from "./ratings";
import { type FacetKey, facetsOf, fenKey, fromRow, type PositionRow, toRow } from "./rows";

type Db = Kysely<Database> | Transaction<Database>;

export interface ItemProblem {
  path: string;
  message: string;
}

/** Rows per INSERT statement: keeps SQLite under its bound-variable limit. */
const INSERT_CHUNK = 500;

/**
 * The training data: every query the API needs, each a single index seek or a small counter read. Writes keep
 * the facet counters (phase, theme, opening) in step inside the same transaction.
 */
export class PositionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(page: number, perPage: number): Promise<{ positions: Position[]; total: number }> {
    const rows = await this.db
      .selectFrom("positions")
      .selectAll()
      .orderBy("sequence_number")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return { positions: rows.map(fromRow), total: await this.total() };
  }

  async get(id: number): Promise<Position | null> {
    const row = await this.db.selectFrom("positions").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** True when a position with this FEN is stored (the generator skips positions it already has). */
  async hasFen(fen: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("positions")
      .select("id")
      .where("fen_key", "=", fenKey(fen))
      .where("fen", "=", fen)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  async byDifficulty(difficulty: number, page: number, perPage: number): Promise<Position[]> {
    const rows = await this.db
      .selectFrom("positions")
      .selectAll()
      .where("difficulty", "=", difficulty)
      .orderBy("sequence_number")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return rows.map(fromRow);
  }

  async byPhase(phase: GamePhase, page: number, perPage: number, opening?: string): Promise<Position[]> {
    let query = this.db.selectFrom("positions").selectAll().where("game_phase", "=", phase);
    if (opening) query = query.where("opening", "=", opening);
    const rows = await query
      .orderBy("sequence_number")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return rows.map(fromRow);
  }

  /** The openings of a phase's positions with how many each has, the largest first (the trainer's filter). */
  async openingsOfPhase(phase: GamePhase): Promise<{ name: string; count: number }[]> {
    const rows = await this.db
      .selectFrom("positions")
      .select(["opening", (eb) => eb.fn.countAll<number>().as("count")])
      .where("game_phase", "=", phase)
      .where("opening", "is not", null)
      .groupBy("opening")
      .orderBy("count", "desc")
      .orderBy("opening")
      .execute();
    return rows.map((row) => ({ name: row.opening as string, count: Number(row.count) }));
  }

  async firstByPhase(phase: GamePhase): Promise<Position | null> {
    const row = await this.db
      .selectFrom("positions")
      .selectAll()
      .where("game_phase", "=", phase)
      .orderBy("sequence_number")
      .limit(1)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /**
   * The position after `sequence` in a phase. `no_more_puzzles` is true when nothing follows the returned one (or
   * nothing was found), so the trainer can show Complete on the last puzzle itself.
   */
  async nextByPhase(phase: GamePhase, sequence: number): Promise<NextPosition> {
    const rows = await this.db
      .selectFrom("positions")
      .selectAll()
      .where("game_phase", "=", phase)
      .where("sequence_number", ">", sequence)
      .orderBy("sequence_number")
      .limit(2)
      .execute();
    return nextOf(rows);
  }

  /** The position after the one with this id, in sequence order across all phases (puzzle-by-ID mode). */
  async nextById(id: number): Promise<NextPosition | null> {
    const current = await this.db
      .selectFrom("positions")
      .select("sequence_number")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) return null;
    const rows = await this.db
      .selectFrom("positions")
      .selectAll()
      .where("sequence_number", ">", current.sequence_number)
      .orderBy("sequence_number")
      .limit(2)
      .execute();
    return nextOf(rows);
  }

  async previousBySequence(sequence: number): Promise<Position | null> {
    const row = await this.db
      .selectFrom("positions")
      .selectAll()
      .where("sequence_number", "<", sequence)
      .orderBy("sequence_number", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async search(criteria: PositionSearch): Promise<{ positions: Position[]; total: number }> {
    let query = this.db.selectFrom("positions");
    if (criteria.phase) query = query.where("game_phase", "=", criteria.phase);
    if (criteria.opening) query = query.where("opening", "=", criteria.opening);
    if (criteria.eco_from) query = query.where("eco", ">=", criteria.eco_from);
    if (criteria.eco_to) query = query.where("eco", "<=", criteria.eco_to);
    if (criteria.difficulty_min !== undefined)
      query = query.where("difficulty", ">=", criteria.difficulty_min);
    if (criteria.difficulty_max !== undefined)
      query = query.where("difficulty", "<=", criteria.difficulty_max);
    for (const theme of criteria.themes ?? []) {
      query = query.where(contains(sql.ref("themes"), JSON.stringify(theme)));
    }
    if (criteria.text) {
      const words = criteria.text.toLowerCase();
      query = query.where((eb) =>
        eb.or(
          (["description_en", "description_ar", "explanation_en", "explanation_ar"] as const).map((column) =>
            contains(sql`lower(${sql.ref(column)})`, words),
          ),
        ),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy("sequence_number")
        .limit(criteria.per_page)
        .offset((criteria.page - 1) * criteria.per_page)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { positions: rows.map(fromRow), total: Number(count.total) };
  }

  async stats(): Promise<Stats> {
    const rows = await this.db
      .selectFrom("position_facets")
      .select([
        "kind",
        (eb) => eb.fn.countAll<number>().as("distinct"),
        (eb) => eb.fn.sum<number>("count").as("sum"),
      ])
      .where("count", ">", 0)
      .groupBy("kind")
      .execute();
    const of = (kind: string) => rows.find((row) => row.kind === kind);
    const counts = await this.db
      .selectFrom("position_facets")
      .select(["kind", "value", "count"])
      .where("kind", "in", ["phase", "theme"])
      .where("count", ">", 0)
      .orderBy("value")
      .execute();
    const phases = Object.fromEntries(GAME_PHASES.map((phase) => [phase, 0])) as Record<GamePhase, number>;
    for (const row of counts)
      if (row.kind === "phase" && Object.hasOwn(phases, row.value))
        phases[row.value as GamePhase] = Number(row.count);
    // Own properties whatever the key (a theme named like an Object.prototype member included).
    const themes = Object.fromEntries(
      counts.filter((row) => row.kind === "theme").map((row) => [row.value, Number(row.count)]),
    );
    return {
      total_puzzles: Number(of("phase")?.sum ?? 0),
      unique_openings: Number(of("opening")?.distinct ?? 0),
      unique_themes: Number(of("theme")?.distinct ?? 0),
      phases,
      themes,
    };
  }

  async phaseCounts(): Promise<PhaseCounts> {
    const rows = await this.db
      .selectFrom("position_facets")
      .select(["value", "count"])
      .where("kind", "=", "phase")
      .execute();
    const counts = Object.fromEntries(GAME_PHASES.map((phase) => [phase, 0])) as Record<GamePhase, number>;
    for (const row of rows)
      if (Object.hasOwn(counts, row.value)) counts[row.value as GamePhase] = Number(row.count);
    return { counts };
  }

  /** Stored puzzles per theme (the facet counters: no scan). */
  async themeCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom("position_facets")
      .select(["value", "count"])
      .where("kind", "=", "theme")
      .where("count", ">", 0)
      .execute();
    return new Map(rows.map((row) => [row.value, Number(row.count)]));
  }

  async total(): Promise<number> {
    return (await this.stats()).total_puzzles;
  }

  async create(input: ValidPositionInput): Promise<Position> {
    const fen = checkedFen(input);
    return this.write(async (trx) => {
      const sequence = input.sequence_number ?? (await nextSequence(trx));
      await assertSequenceFree(trx, sequence);
      await assertSourceFree(trx, input.source);
      const now = new Date().toISOString();
      const row = await trx
        .insertInto("positions")
        .values(toRow(input, fen, sequence, now, now))
        .returningAll()
        .executeTakeFirstOrThrow();
      await adjustFacets(trx, countFacets([row]), 1);
      await indexThemes(trx, { id: row.id, rating_band: row.rating_band, themes: input.themes });
      return fromRow(row);
    });
  }

  async update(id: number, input: ValidPositionInput): Promise<Position | null> {
    const fen = checkedFen(input);
    return this.write(async (trx) => {
      const old = await trx.selectFrom("positions").selectAll().where("id", "=", id).executeTakeFirst();
      if (!old) return null;
      const sequence = input.sequence_number ?? Number(old.sequence_number);
      if (sequence !== Number(old.sequence_number)) await assertSequenceFree(trx, sequence);
      if (input.source !== old.source) await assertSourceFree(trx, input.source);
      const values = toRow(input, fen, sequence, old.created_at, new Date().toISOString());
      // A rating learned from players stays unless the update sets another one.
      if (input.rating === null || input.rating === Math.round(old.rating ?? -1)) {
        values.rating = old.rating;
        values.rating_deviation = old.rating_deviation;
        values.rating_volatility = old.rating_volatility;
        values.rating_band = old.rating_band;
      }
      const row = await trx
        .updateTable("positions")
        .set(values)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await adjustFacets(trx, countFacets([old]), -1);
      await adjustFacets(trx, countFacets([row]), 1);
      await reindexThemes(trx, { id, rating_band: row.rating_band, themes: input.themes });
      return fromRow(row);
    });
  }

  async remove(id: number): Promise<boolean> {
    return this.write(async (trx) => {
      const old = await trx.deleteFrom("positions").where("id", "=", id).returningAll().executeTakeFirst();
      if (!old) return false;
      await adjustFacets(trx, countFacets([old]), -1);
      return true;
    });
  }

  /**
   * Adds many positions atomically: every item is checked first; one refused item refuses the whole batch with a
   * problem list naming each item, and nothing is stored.
   */
  async batch(inputs: ValidPositionInput[]): Promise<{ created: number; first_id: number | null }> {
    const problems: ItemProblem[] = [];
    const fens: string[] = [];
    inputs.forEach((input, index) => {
      const check = checkPuzzle(input.fen, input.correct_moves, input.solution);
      if (check.ok) fens.push(check.fen);
      else
        for (const problem of check.problems)
          problems.push({ path: `positions.${index}.${problem.path}`, message: problem.message });
    });
    const seen = new Map<number, number>();
    const sources = new Map<string, number>();
    inputs.forEach((input, index) => {
      if (input.sequence_number !== undefined) {
        if (seen.has(input.sequence_number)) {
          problems.push({
            path: `positions.${index}.sequence_number`,
            message: `repeats item ${seen.get(input.sequence_number)}`,
          });
        }
        seen.set(input.sequence_number, index);
      }
      if (input.source) {
        if (sources.has(input.source))
          problems.push({
            path: `positions.${index}.source`,
            message: `repeats item ${sources.get(input.source)}`,
          });
        sources.set(input.source, index);
      }
    });
    if (problems.length > 0) throw batchRefusal(problems);

    return this.write(async (trx) => {
      const clashes: ItemProblem[] = [];
      for (const chunk of chunks([...seen.keys()], INSERT_CHUNK)) {
        const taken = await trx
          .selectFrom("positions")
          .select("sequence_number")
          .where("sequence_number", "in", chunk)
          .execute();
        for (const row of taken) {
          clashes.push({
            path: `positions.${seen.get(Number(row.sequence_number))}.sequence_number`,
            message: "already used",
          });
        }
      }
      for (const chunk of chunks([...sources.keys()], INSERT_CHUNK)) {
        const taken = await trx
          .selectFrom("positions")
          .select("source")
          .where("source", "in", chunk)
          .execute();
        for (const row of taken) {
          clashes.push({
            path: `positions.${sources.get(row.source ?? "")}.source`,
            message: "a position from this source exists",
          });
        }
      }
      if (clashes.length > 0) throw batchRefusal(clashes);

      let next = await nextSequence(trx);
      const maxGiven = Math.max(0, ...seen.keys());
      if (maxGiven >= next) next = maxGiven + 1;
      const now = new Date().toISOString();
      const rows = inputs.map((input, index) =>
        toRow(input, fens[index] as string, input.sequence_number ?? next++, now, now),
      );
      let firstId: number | null = null;
      const themeIndex: { theme: string; rating_band: number; position_id: number }[] = [];
      for (const chunk of chunks(rows, INSERT_CHUNK)) {
        const inserted = await trx
          .insertInto("positions")
          .values(chunk)
          .returning(["id", "rating_band", "themes"])
          .execute();
        for (const row of inserted) {
          firstId = Math.min(firstId ?? Number(row.id), Number(row.id));
          themeIndex.push(...themeRows(Number(row.id), row.rating_band, JSON.parse(row.themes)));
        }
      }
      for (const chunk of chunks(themeIndex, INSERT_CHUNK))
        await trx.insertInto("position_themes").values(chunk).execute();
      await adjustFacets(
        trx,
        countFacets(
          inputs.map((input) => ({
            game_phase: input.game_phase,
            themes: JSON.stringify(input.themes),
            opening: input.game_metadata.opening,
          })),
        ),
        1,
      );
      return { created: rows.length, first_id: firstId };
    });
  }

  /** One writer at a time per database for positions: sequence numbers and counters stay consistent. */
  private async write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockPositions(trx);
      return work(trx);
    });
  }
}

/**
 * Takes the positions write lock for the rest of a transaction on PostgreSQL (SQLite has one writer anyway), so
 * bulk writers outside this repository (importers) keep sequence numbers and counters consistent with it.
 */
export async function lockPositions(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(7301)`.execute(trx);
}

/** The first row is the answer; a second row only tells that more follow (it is not decoded). */
function nextOf(rows: PositionRow[]): NextPosition {
  const [first, second] = rows;
  return { position: first ? fromRow(first) : null, no_more_puzzles: !second };
}

function checkedFen(input: ValidPositionInput): string {
  const check = checkPuzzle(input.fen, input.correct_moves, input.solution);
  if (check.ok) return check.fen;
  const first = check.problems[0];
  throw new HttpError(
    400,
    "bad_request",
    first ? `${first.path}: ${first.message}` : "invalid position",
    check.problems,
  );
}

function batchRefusal(problems: ItemProblem[]): HttpError {
  const shown = problems.slice(0, 200);
  return new HttpError(
    400,
    "bad_request",
    `${problems.length} problem(s) in the batch; nothing was stored. First: ${shown[0]?.path}: ${shown[0]?.message}`,
    shown,
  );
}

/** The sequence number after the largest one in use (1 on an empty table). */
export async function nextSequence(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom("positions")
    .select((eb) => eb.fn.max("sequence_number").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

async function assertSequenceFree(trx: Db, sequence: number): Promise<void> {
  const taken = await trx
    .selectFrom("positions")
    .select("id")
    .where("sequence_number", "=", sequence)
    .executeTakeFirst();
  if (taken)
    throw new HttpError(
      409,
      "conflict",
      `sequence_number ${sequence} is already used by position ${taken.id}`,
    );
}

async function assertSourceFree(trx: Db, source: string | null): Promise<void> {
  if (!source) return;
  const taken = await trx
    .selectFrom("positions")
    .select("id")
    .where("source", "=", source)
    .executeTakeFirst();
  if (taken) throw new HttpError(409, "conflict", `a position from source ${source} exists (id ${taken.id})`);
}

function countFacets(
  rows: { game_phase: string; themes: string; opening: string | null }[],
): Map<FacetKey, number> {
  const counts = new Map<FacetKey, number>();
  for (const row of rows) {
    for (const key of facetsOf({
      game_phase: row.game_phase,
      themes: JSON.parse(row.themes),
      opening: row.opening,
    })) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Adds (or, with sign -1, removes) facet counts in the caller's transaction; empty counters are dropped. Other
 * processes learn of the change when the transaction commits (db/changes.ts), so their cached stats stay right.
 */
export async function adjustFacets(trx: Db, counts: Map<FacetKey, number>, sign: 1 | -1): Promise<void> {
  const values = [...counts].map(([key, count]) => {
    const [kind, value] = key.split("\u0000") as ["phase" | "theme" | "opening", string];
    return { kind, value, count: sign * count };
  });
  for (const chunk of chunks(values, INSERT_CHUNK)) {
    await trx
      .insertInto("position_facets")
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(["kind", "value"]).doUpdateSet({ count: sql`position_facets.count + excluded.count` }),
      )
      .execute();
  }
  if (sign < 0) await trx.deleteFrom("position_facets").where("count", "<=", 0).execute();
  await notifyFacetsChanged(trx);
}

/** `expression LIKE '%text%'` with the wildcards in `text` taken literally, on SQLite and PostgreSQL alike. */
function contains(expression: RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${expression} like ${`%${escaped}%`} escape '\\'`;
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
