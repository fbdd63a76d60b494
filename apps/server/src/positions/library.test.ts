import { encodeSeen, type NextPuzzle, positionInputSchema, type ThemeCount } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput, ratedLibrary } from "../testing/positions";
import { PositionsRepository } from "./repository";

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

  it("moves a puzzle's rating with the first result each network reports, and only that one", async () => {
    const id = ids[30] as number; // 2100, deviation 80
    const report = (result: "win" | "loss", address = "203.0.113.7") =>
      app.inject({
        method: "POST",
        url: `/api/tactical-positions/${id}/attempts`,
        payload: { result, rating: 1500, deviation: 100 },
        remoteAddress: address,
      });
    const first = await report("win");
    expect(first.statusCode, first.body).toBe(200);
    // A 1500 player solved a 2100 puzzle: the puzzle was easier than its rating said.
    expect(first.json()).toMatchObject({ counted: true });
    expect(first.json().rating).toBeLessThan(2100);
    const after = first.json().rating;
    // A burst of losses from the same network does not drag it back up.
    for (let burst = 0; burst < 10; burst++) {
      const again = await report("loss");
      expect(again.json()).toEqual({
        counted: false,
        rating: after,
        rating_deviation: first.json().rating_deviation,
      });
    }
    const other = await report("loss", "198.51.100.9");
    expect(other.json().counted).toBe(true);
    expect(other.json().rating).toBeGreaterThan(after);
    const stored = await app.inject({ method: "GET", url: `/api/tactical-positions/${id}` });
    expect(stored.json().rating).toBe(other.json().rating);
    // The selection indexes follow the rating: its band, on the position and on every theme row.
    const row = await database.db
      .selectFrom("positions")
      .select(["rating", "rating_band"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.rating_band).toBe(Math.floor(Number(row.rating) / 50));
    const index = await database.db
      .selectFrom("position_themes")
      .select(["theme", "rating_band"])
      .where("position_id", "=", id)
      .orderBy("theme")
      .execute();
    // "short" is a broad theme: no index rows (migration 0011).
    expect(index).toEqual(["fork", "pin"].map((theme) => ({ theme, rating_band: row.rating_band })));
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

  it("takes a report's claimed rating and deviation only within bounds, and damps its effect", async () => {
    // A puzzle rated by estimate (deviation 350): one claimed certainty (deviation 0) at rating 0 took it from 700
    // to 51. The claim now counts as 400 ± 45, and one report moves a puzzle at most half its deviation, ≤ 100.
    const { first_id } = await new PositionsRepository(database.db).batch([
      positionInputSchema.parse(
        positionInput("endgame", { rating: 700, rating_deviation: 350, source: "claims:1" }),
      ),
    ]);
    const fresh = Number(first_id);
    const win = await report(fresh, { result: "win", rating: 0, deviation: 0 }, "100.64.200.1");
    expect(win.json()).toMatchObject({ counted: true });
    expect(win.json().rating).toBeLessThan(700);
    expect(win.json().rating).toBeGreaterThanOrEqual(600);
    // A settled puzzle (deviation 80) moves a few dozen points at most, either way.
    const id = ids[2] as number; // 700
    const down = await report(id, { result: "win", rating: 0, deviation: 0 }, "100.64.201.1");
    expect(down.json().rating).toBeLessThan(700);
    expect(down.json().rating).toBeGreaterThanOrEqual(700 - 40);
    const up = await report(id, { result: "loss", rating: 4000, deviation: 0 }, "100.64.202.1");
    expect(up.json().rating - down.json().rating).toBeGreaterThan(0);
    expect(up.json().rating - down.json().rating).toBeLessThanOrEqual(40);
    await new PositionsRepository(database.db).remove(fresh);
  });

  it("keeps puzzle ratings within the library's range against reports from a hundred networks", async () => {
    const low = ids[0] as number; // 600
    const high = ids[59] as number; // 3550: above the range, as an attack had left one
    for (let n = 0; n < 100; n++) {
      const address = `100.65.${n}.1`;
      const down = await report(low, { result: "win", rating: 0, deviation: 0 }, address);
      const up = await report(high, { result: "loss", rating: 4000, deviation: 0 }, address);
      expect([down.statusCode, up.statusCode]).toEqual([200, 200]);
      expect(down.json().counted && up.json().counted).toBe(true);
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

  it("counts the addresses of one IPv4 /24 or one IPv6 /64 as one network", async () => {
    const id = ids[5] as number;
    const body = { result: "win", rating: 1500, deviation: 100 };
    expect((await report(id, body, "198.18.7.1")).json().counted).toBe(true);
    expect((await report(id, body, "198.18.7.254")).json().counted).toBe(false);
    expect((await report(id, body, "::ffff:198.18.7.99")).json().counted).toBe(false);
    expect((await report(id, body, "198.18.8.1")).json().counted).toBe(true);
    expect((await report(id, body, "2001:db8:7:7::1")).json().counted).toBe(true);
    expect((await report(id, body, "2001:db8:7:7:ffff:1:2:3")).json().counted).toBe(false);
    expect((await report(id, body, "2001:db8:7:8::1")).json().counted).toBe(true);
  });

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
