import { encodeSeen, type NextPuzzle, positionInputSchema, type ThemeCount } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput, ratedLibrary } from "../testing/positions";
import { PositionsRepository } from "./repository";
import { movePuzzleRating, PLAYER_DEVIATION_LIMIT } from "./selection";

const kinds = await testDatabaseKinds();

describe.each(kinds)("the puzzle library API on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let ids: number[];

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database);
    const { first_id } = await new PositionsRepository(database.db).batch(
      ratedLibrary("test").map((input) => positionInputSchema.parse(input)),
    );
    ids = Array.from({ length: 60 }, (_, index) => Number(first_id) + index);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const next = async (query: string) => {
    const response = await app.inject({ method: "GET", url: `/api/tactical-positions/next?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as NextPuzzle).position;
  };

  it("answers a puzzle near the player's rating moved by the difficulty", async () => {
    for (let round = 0; round < 10; round++) {
      const normal = await next("rating=1500&deviation=200");
      expect(Math.abs((normal?.rating ?? 0) - 1500)).toBeLessThanOrEqual(100);
      const hardest = await next("rating=1500&difficulty=hardest");
      expect(Math.abs((hardest?.rating ?? 0) - 2100)).toBeLessThanOrEqual(100);
      const easiest = await next("rating=1500&difficulty=easiest");
      expect(Math.abs((easiest?.rating ?? 0) - 900)).toBeLessThanOrEqual(100);
    }
  });

  it("filters by phase, every theme asked for, and opening", async () => {
    for (let round = 0; round < 5; round++) {
      const endgame = await next("rating=1500&phase=endgame");
      expect(endgame?.game_phase).toBe("endgame");
      const both = await next("rating=1500&themes=fork,pin");
      expect(both?.themes).toEqual(expect.arrayContaining(["fork", "pin"]));
      // Forks and pins together are every 15th puzzle: 600, 1350, 2100, 2850: the window widens to find one.
      expect([600, 1350, 2100, 2850]).toContain(both?.rating);
    }
    const ruy = await next("rating=1500&opening=Ruy%20Lopez");
    expect(ruy?.game_metadata.opening).toBe("Ruy Lopez");
    expect(await next("rating=1500&themes=zugzwang")).toBeNull();
  });

  it("never repeats a puzzle the player saw while another matches, widening the window", async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 60; round++) {
      const position = await next(`rating=1500&seen=${encodeSeen(seen)}`);
      expect(position).not.toBeNull();
      expect(seen.has(position?.id ?? 0)).toBe(false);
      seen.add(position?.id ?? 0);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);
    // Everything seen: the closest seen one rather than nothing.
    expect(await next(`rating=1500&seen=${encodeSeen(seen)}`)).not.toBeNull();
  });

  it("refuses bad criteria with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["difficulty=__proto__", "difficulty"],
      ["phase=constructor", "phase"],
      ["rating=1e3", "rating"],
      ["themes=a;b", "themes"],
      ["seen=!!", "seen"],
    ]) {
      const response = await app.inject({ method: "GET", url: `/api/tactical-positions/next?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(`query.${field}`);
    }
  });

  const report = (id: number, body: object, address: string) =>
    app.inject({
      method: "POST",
      url: `/api/tactical-positions/${id}/attempts`,
      payload: body,
      remoteAddress: address,
    });
  const ratingOf = async (id: number) =>
    (await app.inject({ method: "GET", url: `/api/tactical-positions/${id}` })).json().rating as number;
  /** A signed-in player's first result on a puzzle, as the account's progress applies it (players/progress.ts). */
  const teach = (id: number, player: { rating: number; deviation: number }, result: "win" | "loss") =>
    database.db.transaction().execute((trx) => movePuzzleRating(trx, id, player, result));

  it("answers an anonymous report with the puzzle's rating and moves nothing", async () => {
    const id = ids[30] as number; // 2100, deviation 80
    for (const [result, address] of [
      ["win", "203.0.113.7"],
      ["loss", "198.51.100.9"],
      ["win", "2001:db8:7:8::1"],
    ] as const) {
      const answer = await report(id, { result, rating: 0, deviation: 0 }, address);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ counted: false, rating: 2100, rating_deviation: 80 });
    }
    expect(await ratingOf(id)).toBe(2100);
    const row = await database.db
      .selectFrom("positions")
      .select(["rating_attempts"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(row.rating_attempts)).toBe(0);
  });

  it("moves a puzzle's rating by a settled player's result, with the selection indexes", async () => {
    const id = ids[30] as number; // 2100, deviation 80
    // A 1500 player solved a 2100 puzzle: the puzzle was easier than its rating said.
    const first = await teach(id, { rating: 1500, deviation: 100 }, "win");
    expect(first).toMatchObject({ moved: true });
    expect(first?.rating).toBeLessThan(2100);
    const other = await teach(id, { rating: 1500, deviation: 100 }, "loss");
    expect(other?.rating).toBeGreaterThan(first?.rating ?? 0);
    expect(await ratingOf(id)).toBe(other?.rating);
    // The selection indexes follow the rating: its band, on the position and on every theme row.
    const row = await database.db
      .selectFrom("positions")
      .select(["rating", "rating_band", "rating_attempts"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.rating_band).toBe(Math.floor(Number(row.rating) / 50));
    expect(Number(row.rating_attempts)).toBe(2);
    const index = await database.db
      .selectFrom("position_themes")
      .select(["theme", "rating_band"])
      .where("position_id", "=", id)
      .orderBy("theme")
      .execute();
    // "short" is a broad theme: no index rows (migration 0011).
    expect(index).toEqual(["fork", "pin"].map((theme) => ({ theme, rating_band: row.rating_band })));
  });

  it("learns nothing from a player whose rating is still uncertain", async () => {
    const id = ids[31] as number;
    const before = await ratingOf(id);
    for (const deviation of [500, 230, PLAYER_DEVIATION_LIMIT])
      expect(await teach(id, { rating: 600, deviation }, "win")).toMatchObject({
        moved: false,
        rating: before,
      });
    expect(await ratingOf(id)).toBe(before);
    expect(await teach(id, { rating: 600, deviation: PLAYER_DEVIATION_LIMIT - 1 }, "win")).toMatchObject({
      moved: true,
    });
    expect(await ratingOf(id)).toBeLessThan(before);
    expect(await teach(999_999, { rating: 1500, deviation: 60 }, "win")).toBeNull();
  });

  it("damps one result's effect on a puzzle and keeps it within the library's range", async () => {
    // A puzzle rated by estimate (deviation 350) moves at most half its deviation, at most 100, per result.
    const { first_id } = await new PositionsRepository(database.db).batch([
      positionInputSchema.parse(
        positionInput("endgame", { rating: 700, rating_deviation: 350, source: "claims:1" }),
      ),
    ]);
    const fresh = Number(first_id);
    const win = await teach(fresh, { rating: 0, deviation: 45 }, "win");
    expect(win?.rating).toBeLessThan(700);
    expect(win?.rating).toBeGreaterThanOrEqual(600);
    // A settled puzzle (deviation 80) moves a few dozen points at most, either way.
    const id = ids[2] as number; // 700
    const down = await teach(id, { rating: 0, deviation: 45 }, "win");
    expect(down?.rating).toBeLessThan(700);
    expect(down?.rating).toBeGreaterThanOrEqual(700 - 40);
    const up = await teach(id, { rating: 4000, deviation: 45 }, "loss");
    expect((up?.rating ?? 0) - (down?.rating ?? 0)).toBeGreaterThan(0);
    expect((up?.rating ?? 0) - (down?.rating ?? 0)).toBeLessThanOrEqual(40);
    await new PositionsRepository(database.db).remove(fresh);
  });

  it("keeps puzzle ratings within the library's range against a hundred players", async () => {
    const low = ids[0] as number; // 600
    const high = ids[59] as number; // 3550: above the range, as an attack had left one
    for (let n = 0; n < 100; n++) {
      expect((await teach(low, { rating: 0, deviation: 45 }, "win"))?.moved).toBe(true);
      expect((await teach(high, { rating: 4000, deviation: 45 }, "loss"))?.moved).toBe(true);
    }
    expect(await ratingOf(low)).toBe(400);
    expect(await ratingOf(high)).toBe(3300);
    // The selection serves them within the range too.
    const rows = await database.db
      .selectFrom("positions")
      .select(["rating", "rating_band"])
      .where("id", "in", [low, high])
      .orderBy("rating")
      .execute();
    expect(rows.map((row) => [Number(row.rating), Number(row.rating_band)])).toEqual([
      [400, 8],
      [3300, 66],
    ]);
  }, 60_000);

  it("limits reports per network and checks the body and the id", async () => {
    const bad = await app.inject({
      method: "POST",
      url: `/api/tactical-positions/${ids[0]}/attempts`,
      payload: { result: "draw", rating: 1500, deviation: 100 },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/999999/attempts",
      payload: { result: "win", rating: 1500, deviation: 100 },
    });
    expect(missing.statusCode).toBe(404);
    let limited = 0;
    for (let i = 0; i < 125; i++) {
      const response = await app.inject({
        method: "POST",
        url: `/api/tactical-positions/${ids[i % 60]}/attempts`,
        payload: { result: "win", rating: 1500, deviation: 100 },
        remoteAddress: "192.0.2.55",
      });
      if (response.statusCode === 429) limited++;
      else expect(response.statusCode).toBe(200);
    }
    expect(limited).toBeGreaterThan(0);
  });

  it("lists the themes with their counts and English and Arabic words", async () => {
    const response = await app.inject({ method: "GET", url: "/api/themes" });
    expect(response.statusCode).toBe(200);
    const themes = (response.json() as { themes: ThemeCount[] }).themes;
    const fork = themes.find((theme) => theme.key === "fork");
    expect(fork).toMatchObject({ count: 20, name_en: "Fork", name_ar: "الشوكة" });
    expect(fork?.description_en).toMatch(/two or more/);
    expect(themes.find((theme) => theme.key === "pin")?.count).toBe(12);
    // The stats count the same themes, and every phase.
    const stats = (await app.inject({ method: "GET", url: "/api/tactical-positions/stats" })).json();
    expect(stats.themes).toEqual(Object.fromEntries(themes.map((theme) => [theme.key, theme.count])));
    expect(stats.phases).toEqual({ opening: 20, middlegame: 20, endgame: 20 });
  });
});
