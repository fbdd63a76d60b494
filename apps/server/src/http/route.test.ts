import { phaseCountsSchema, positionInputSchema } from "@ct/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { facetChanges } from "../db/changes";
import { adjustFacets, PositionsRepository } from "../positions/repository";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { HttpError, notFound } from "./errors";
import { RouteRegistry, routesOn } from "./route";

const kinds = await testDatabaseKinds();

/** Every header but the date, which differs between any two answers. */
function headersOf(response: LightMyRequestResponse): Record<string, unknown> {
  const { date: _date, ...headers } = response.headers;
  return headers;
}

describe.each(kinds)("kept answers of memo routes on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let positions: PositionsRepository;
  /** Handler runs per route. */
  const runs = { memo: 0, plain: 0, failing: 0 };

  beforeAll(async () => {
    database = await kind.create();
    positions = new PositionsRepository(database.db);
    const changes = facetChanges(database.db);
    await changes?.start();
    app = await testApp(database, {
      extraApiRoutes: async (api) => {
        const route = routesOn(api, new RouteRegistry(), { checkResponses: true });
        const probe = {
          method: "GET" as const,
          tag: "Test",
          summary: "Phase counts, counting the handler's runs",
          response: phaseCountsSchema,
          cache: true,
        };
        route({
          ...probe,
          url: "/probe/memo",
          memo: changes,
          handler: () => {
            runs.memo++;
            return positions.phaseCounts();
          },
        });
        route({
          ...probe,
          url: "/probe/plain",
          handler: () => {
            runs.plain++;
            return positions.phaseCounts();
          },
        });
        route({
          ...probe,
          url: "/probe/failing",
          memo: changes,
          handler: async () => {
            if (++runs.failing === 1) throw notFound("Not yet");
            return positions.phaseCounts();
          },
        });
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  const create = (phase: "opening" | "endgame") =>
    positions.create(positionInputSchema.parse(positionInput(phase)));

  it("runs the handler once for repeated requests and answers the same, with the same headers", async () => {
    const first = await get("/api/probe/memo");
    const second = await get("/api/probe/memo");
    expect(runs.memo).toBe(1);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(headersOf(second)).toEqual(headersOf(first));
    // The same answer from a route that keeps nothing: every header alike.
    const plain = await get("/api/probe/plain");
    expect(plain.body).toBe(first.body);
    expect(headersOf(plain)).toEqual(headersOf(first));
    expect(first.headers).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=30, must-revalidate",
      etag: expect.stringMatching(/^W\/"/),
      "x-content-type-options": "nosniff",
    });
  });

  it("answers 304 to If-None-Match with the kept answer's tag", async () => {
    const { headers } = await get("/api/probe/memo");
    const before = runs.memo;
    const revalidated = await get("/api/probe/memo", { "if-none-match": String(headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(headers.etag);
    expect(runs.memo).toBe(before);
  });

  it("keeps answers per URL", async () => {
    await get("/api/probe/memo");
    const before = runs.memo;
    await get("/api/probe/memo?view=1");
    await get("/api/probe/memo?view=1");
    expect(runs.memo).toBe(before + 1);
  });

  it("computes the answer afresh after a write to the aggregates, then keeps the new one", async () => {
    const old = await get("/api/probe/memo");
    const before = runs.memo;
    await create("opening");
    const fresh = await get("/api/probe/memo");
    expect(fresh.json().counts.opening).toBe(old.json().counts.opening + 1);
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    await get("/api/probe/memo");
    expect(runs.memo).toBe(before + 1);
  });

  it("keeps no answer computed while a write of the aggregates is open", async () => {
    const old = (await get("/api/probe/memo")).json();
    const before = runs.memo;
    let during: Promise<LightMyRequestResponse> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await adjustFacets(trx, new Map([["phase\u0000endgame", 5]]), 1);
      during = get("/api/probe/memo");
      // The handler has started before the commit (on SQLite its query waits for the connection).
      await vi.waitFor(() => expect(runs.memo).toBe(before + 1));
    });
    await during;
    const after = await get("/api/probe/memo");
    expect(after.json().counts.endgame).toBe(old.counts.endgame + 5);
    expect(runs.memo).toBe(before + 2);
    await get("/api/probe/memo");
    expect(runs.memo).toBe(before + 2);
  });

  it("keeps no failed answer", async () => {
    expect((await get("/api/probe/failing")).statusCode).toBe(404);
    expect((await get("/api/probe/failing")).statusCode).toBe(200);
    expect((await get("/api/probe/failing")).statusCode).toBe(200);
    expect(runs.failing).toBe(2);
  });
});

describe("a route's guard", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    const first = kinds[0];
    if (!first) throw new Error("no test database");
    database = await first.create();
    app = await testApp(database, {
      extraApiRoutes: async (api) => {
        const route = routesOn(api, new RouteRegistry(), { checkResponses: true });
        const probe = {
          method: "GET" as const,
          tag: "Test",
          summary: "Phase counts behind a synchronous guard",
          response: phaseCountsSchema,
          handler: () => new PositionsRepository(database.db).phaseCounts(),
        };
        // Synchronous guards: Fastify would wait for a callback from them if the route handed them over as they are.
        route({ ...probe, url: "/probe/guard-passes", guard: () => {} });
        route({
          ...probe,
          url: "/probe/guard-refuses",
          guard: () => {
            throw new HttpError(403, "forbidden", "Not for you");
          },
        });
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it("may be synchronous: one that passes lets the handler answer, one that throws answers its error", async () => {
    const passed = await app.inject({ method: "GET", url: "/api/probe/guard-passes" });
    expect(passed.statusCode).toBe(200);
    const refused = await app.inject({ method: "GET", url: "/api/probe/guard-refuses" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "forbidden", message: "Not for you" });
  });
});
