import { type Position, positionInputSchema } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facetChanges } from "../db/changes";
import { createDatabase } from "../db/database";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { PositionsRepository } from "./repository";

const API_KEY = "test-secret-api-key-0123456789";
const writer = { "x-api-key": API_KEY };
const kinds = await testDatabaseKinds();

/** What the stats, phase counts and themes routes answer, in one object. */
interface Aggregates {
  total: number;
  endgame: number;
  middlegame: number;
  /** Count of the theme "pawnEndgame" (only endgame samples have it); 0 when absent. */
  pawnEndgame: number;
}

describe.each(kinds)("stats, phase counts and themes kept between writes on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    // PostgreSQL: answers are kept only once the change feed listens; the tests must see them kept.
    await facetChanges(database.db)?.start();
    app = await testApp(database, { env: { API_KEY } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function getJson(url: string) {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Each route asked twice, so the second answer is a kept one whenever the first was kept. */
  async function aggregates(): Promise<Aggregates> {
    let answer: Aggregates | undefined;
    for (let i = 0; i < 2; i++) {
      const stats = await getJson("/api/tactical-positions/stats");
      const phases = await getJson("/api/tactical-positions/stats/phase-counts");
      const { themes } = await getJson("/api/themes");
      const next = {
        total: stats.total_puzzles,
        endgame: phases.counts.endgame,
        middlegame: phases.counts.middlegame,
        pawnEndgame: themes.find((theme: { key: string }) => theme.key === "pawnEndgame")?.count ?? 0,
      };
      if (answer) expect(next).toEqual(answer);
      answer = next;
    }
    return answer as Aggregates;
  }

  async function write(method: "POST" | "PUT" | "DELETE", url: string, payload?: object) {
    const response = await app.inject({ method, url, headers: writer, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  it("shows a write through the API in the very next answer", async () => {
    const before = await aggregates();
    const created: Position = await write("POST", "/api/tactical-positions/", positionInput("endgame"));
    expect(await aggregates()).toEqual({
      ...before,
      total: before.total + 1,
      endgame: before.endgame + 1,
      pawnEndgame: before.pawnEndgame + 1,
    });

    await write("PUT", `/api/tactical-positions/${created.id}`, positionInput("middlegame"));
    expect(await aggregates()).toEqual({
      ...before,
      total: before.total + 1,
      middlegame: before.middlegame + 1,
    });

    await write("DELETE", `/api/tactical-positions/${created.id}`);
    expect(await aggregates()).toEqual(before);
  });

  it("shows a write by another process on the same database in the next answer", async () => {
    const before = await aggregates();
    const other = createDatabase({ dataDir: database.dataDir, databaseUrl: database.env.DATABASE_URL });
    try {
      await new PositionsRepository(other.db).create(positionInputSchema.parse(positionInput("endgame")));
    } finally {
      await other.close();
    }
    const expected = {
      ...before,
      total: before.total + 1,
      endgame: before.endgame + 1,
      pawnEndgame: before.pawnEndgame + 1,
    };
    // SQLite sees the other connection's commit at once; PostgreSQL's NOTIFY arrives a moment after the commit.
    if (kind.name === "sqlite") expect(await aggregates()).toEqual(expected);
    else await expect.poll(aggregates, { timeout: 5000 }).toEqual(expected);
  });

  it("sends kept answers with the ETag of their body and answers 304 to it", async () => {
    for (const url of [
      "/api/tactical-positions/stats",
      "/api/tactical-positions/stats/phase-counts",
      "/api/themes",
    ]) {
      const first = await app.inject({ method: "GET", url });
      const kept = await app.inject({ method: "GET", url });
      expect(kept.body).toBe(first.body);
      expect(kept.headers).toMatchObject({
        "content-type": "application/json; charset=utf-8",
        "cache-control": "public, max-age=30, must-revalidate",
        etag: first.headers.etag,
        "x-frame-options": "DENY",
      });
      const revalidated = await app.inject({
        method: "GET",
        url,
        headers: { "if-none-match": String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe("");
    }
  });
});
