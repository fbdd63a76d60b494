import { type NextPuzzle, type Position, positionInputSchema } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { ratedLibrary, resetSamples } from "../testing/positions";
import { PuzzlePool } from "./puzzle-pool";
import { PositionsRepository } from "./repository";
import { choosePuzzle } from "./selection";

const kinds = await testDatabaseKinds();

/** A custom set as a test writes it, and as the page's address carries it. */
interface Set {
  min?: number;
  max?: number;
  themes?: string[];
  phase?: "opening" | "middlegame" | "endgame";
  opening?: string;
}

const queryOf = (set: Set) => {
  const query = new URLSearchParams();
  if (set.min !== undefined) query.set("min", String(set.min));
  if (set.max !== undefined) query.set("max", String(set.max));
  if (set.themes) query.set("themes", set.themes.join(","));
  if (set.phase) query.set("phase", set.phase);
  if (set.opening) query.set("opening", set.opening);
  return query.toString();
};

/** Whether a stored puzzle, as the API shows it, belongs to a set. */
const inSet = (position: Position, set: Set) =>
  (set.min === undefined || position.rating >= set.min) &&
  (set.max === undefined || position.rating <= set.max) &&
  (set.themes ?? []).every((theme) => position.themes.includes(theme)) &&
  (set.phase === undefined || position.game_phase === set.phase) &&
  (set.opening === undefined || position.game_metadata.opening === set.opening);

/**
 * The library of ratedLibrary: puzzle i is rated 600 + 50i, of the phases in turn (opening, middlegame, endgame),
 * "short" always, a fork every third (so every fork is an opening puzzle), a pin every fifth.
 */
const SETS: Set[] = [
  {},
  { min: 1000, max: 1500 },
  { min: 1000 },
  { max: 1000 },
  { themes: ["fork"] },
  { themes: ["short"] },
  { themes: ["short", "pin"] },
  { themes: ["fork", "pin"] },
  { min: 1000, max: 1500, themes: ["fork"] },
  { min: 1000, max: 1500, themes: ["fork", "pin"], phase: "opening" },
  { min: 1000, max: 1500, themes: ["fork", "pin"], phase: "endgame" },
  { phase: "middlegame", opening: "Ruy Lopez" },
  { min: 800, max: 2000, themes: ["short"], phase: "opening", opening: "Italian Game" },
  { min: 1400, max: 1450, themes: ["fork"] },
  { themes: ["zugzwang"] },
];

describe.each(kinds)("custom sets of the puzzle library on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stored: Position[];

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database);
    resetSamples();
    await new PositionsRepository(database.db).batch(
      ratedLibrary("set").map((input) => positionInputSchema.parse(input)),
    );
    const page = await app.inject({ method: "GET", url: "/api/tactical-positions/?per_page=100" });
    stored = page.json() as Position[];
    expect(stored).toHaveLength(60);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const count = async (set: Set) => {
    const response = await app.inject({
      method: "GET",
      url: `/api/tactical-positions/count?${queryOf(set)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { count: number }).count;
  };
  const next = async (query: string) => {
    const response = await app.inject({ method: "GET", url: `/api/tactical-positions/next?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as NextPuzzle).position;
  };

  it("counts the puzzles of a set: in the range, with every theme, of the phase and the opening", async () => {
    expect(await count({})).toBe(60);
    // 1000..1500: puzzles 8..18; forks among them 9, 12, 15, 18; a pin too: 15 (1350, an opening puzzle).
    expect(await count({ min: 1000, max: 1500 })).toBe(11);
    expect(await count({ min: 1000, max: 1500, themes: ["fork"] })).toBe(4);
    expect(await count({ min: 1000, max: 1500, themes: ["fork", "pin"], phase: "opening" })).toBe(1);
    expect(await count({ min: 1000, max: 1500, themes: ["fork", "pin"], phase: "endgame" })).toBe(0);
    expect(await count({ themes: ["zugzwang"] })).toBe(0);
    for (const set of SETS)
      expect(await count(set), queryOf(set)).toBe(stored.filter((position) => inSet(position, set)).length);
  });

  it("trains only the set: every puzzle within the range and the filters, wherever the player's rating is", async () => {
    for (const set of SETS) {
      const matching = stored.filter((position) => inSet(position, set));
      for (const rating of [0, 1500, 4000]) {
        const position = await next(`rating=${rating}&${queryOf(set)}`);
        if (matching.length === 0) expect(position, queryOf(set)).toBeNull();
        else
          expect(
            matching.map((one) => one.id),
            `${rating} ${queryOf(set)}`,
          ).toContain(position?.id);
      }
    }
    // The only fork-and-pin of 1000..1500 is rated 1350: a 2500 player gets it, not the 2100 one near them.
    expect((await next("rating=2500&min=1000&max=1500&themes=fork,pin"))?.rating).toBe(1350);
    // 1400..1450 holds no fork, though forks lie 50 points away: nothing, rather than one outside the range.
    expect(await next("rating=1400&min=1400&max=1450&themes=fork")).toBeNull();
  });

  it("chooses within the range from the database and from the pool alike", async () => {
    const pool = await PuzzlePool.load(database.db);
    for (const set of SETS.filter((one) => one.min !== undefined || one.max !== undefined)) {
      const matching = new Set(
        stored.filter((position) => inSet(position, set)).map((position) => position.id),
      );
      for (const target of [400, 1200, 3300]) {
        const criteria = { target, ...set };
        const fromDatabase = await choosePuzzle(database.db, criteria);
        const fromPool = pool.choose(criteria);
        if (matching.size === 0) {
          expect(fromDatabase).toBeNull();
          expect(fromPool).toBeNull();
        } else {
          expect(matching.has(Number(fromDatabase?.id)), queryOf(set)).toBe(true);
          expect(fromPool !== null && fromPool !== "unsure" && matching.has(fromPool.id), queryOf(set)).toBe(
            true,
          );
        }
      }
    }
  });

  it("refuses an impossible or malformed set with a 400 that says why", async () => {
    for (const route of ["count", "next"]) {
      for (const [query, field, words] of [
        ["min=1600&max=1200", "min", "must not be above its maximum"],
        ["min=100", "min", "from 400 to 3300"],
        ["max=9000", "max", "from 400 to 3300"],
        ["max=1e3", "max", "decimal digits"],
        ["themes=a;b", "themes", "keys such as fork,pin"],
        ["min=1200&min=1300", "min", ""],
      ] as const) {
        const response = await app.inject({
          method: "GET",
          url: `/api/tactical-positions/${route}?${query}`,
        });
        expect(response.statusCode, `${route}?${query}`).toBe(400);
        const body = response.json() as { message: string };
        expect(body.message, `${route}?${query}`).toContain(`query.${field}`);
        expect(body.message, `${route}?${query}`).toContain(words);
      }
    }
    const phase = await app.inject({ method: "GET", url: "/api/tactical-positions/count?phase=constructor" });
    expect(phase.statusCode).toBe(400);
    expect(phase.json().message).toBe("query.phase: use opening, middlegame or endgame");
  });
});
