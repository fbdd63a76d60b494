import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "./testing/app";
import { type TestDatabase, testDatabaseKinds } from "./testing/databases";
import { positionInput } from "./testing/positions";

/**
 * Hostile input against every route the API documents: wrong types, huge and negative numbers, 1 MB strings,
 * broken JSON, SQL metacharacters, unicode tricks. Every answer must be a JSON 4xx (or a success for harmless
 * reads), never a 5xx, and the stored data must not change.
 */
const API_KEY = "fuzz-secret-api-key-0123456789";
const MEGABYTE = "x".repeat(1024 * 1024);

const hostileSegments = [
  "",
  "abc",
  "-1",
  "0",
  "1.5",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "%00",
  "%27%20OR%201%3D1%20--",
  "1%3B%20DROP%20TABLE%20positions",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "x".repeat(300),
  // Names of Object.prototype reach any lookup keyed by request data.
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  // Numbers that Number() reads but that are not decimal digits (1e0 was position 1).
  "1e0",
  "0x1",
  "+1",
  "01",
  "1.0",
  "2147483648",
];

const hostileBodies: (string | object)[] = [
  "{",
  '{"a":',
  "null",
  "[]",
  "42",
  '"text"',
  "{}",
  { positions: "all" },
  { positions: [null] },
  { positions: Array.from({ length: 3 }, () => ({})) },
  { fen: "' OR 1=1 --", correct_moves: ["e2e4"] },
  { ...positionInput("opening"), fen: "x".repeat(200) },
  { ...positionInput("opening"), correct_moves: ["'; DROP TABLE positions; --"] },
  JSON.stringify(positionInput("opening")).replace('"difficulty":1200', '"difficulty":1e309'),
  { ...positionInput("opening"), difficulty: -5 },
  { ...positionInput("opening"), sequence_number: 99999999999999 },
  { ...positionInput("opening"), themes: "fork" },
  { ...positionInput("opening"), hints: null },
  { ...positionInput("opening"), description_en: MEGABYTE.slice(0, 1024 * 1024 - 2000) },
  { ...positionInput("opening"), game_metadata: { eco: "Z99" } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  { text: "%_\\'\"", phase: "opening'--", themes: ["a".repeat(61)] },
  { page: -1, per_page: 1e9 },
  { phase: "__proto__" },
  { phase: "constructor", opening: "__proto__", themes: ["toString"] },
  { phase: "hasOwnProperty", page: "1e0" },
  { ...positionInput("opening"), game_phase: "__proto__" },
  { eco_from: "A00; DROP", difficulty_min: "low" },
  `{"deep":${"[".repeat(5000)}${"]".repeat(5000)}}`,
  `"${MEGABYTE}"`,
];

const hostileQueries = [
  "page=-1",
  "per_page=0",
  "per_page=1e9",
  "page=abc",
  "opening=%27--",
  "page=1&page=2",
  `opening=${"y".repeat(500)}`,
  "opening=__proto__",
  "opening=constructor&page=1e0",
  "page=0x1&per_page=+2",
];

const kinds = await testDatabaseKinds();

describe.each(kinds)("fuzzing every route on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let routes: { method: string; path: string }[];

  async function fingerprint(): Promise<string> {
    const rows = await database.db.selectFrom("positions").selectAll().orderBy("id").execute();
    const facets = await database.db
      .selectFrom("position_facets")
      .selectAll()
      .orderBy("kind")
      .orderBy("value")
      .execute();
    return createHash("sha256")
      .update(JSON.stringify([rows, facets]))
      .digest("hex");
  }

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    for (const phase of ["opening", "middlegame", "endgame"] as const) {
      const response = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: { "x-api-key": API_KEY },
        payload: positionInput(phase),
      });
      expect(response.statusCode).toBe(201);
    }
    const docs = (await app.inject({ method: "GET", url: "/api/docs" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  function check(
    label: string,
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
  ) {
    expect(
      response.statusCode,
      `${label} → ${response.statusCode} ${response.body.slice(0, 200)}`,
    ).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(String(response.headers["content-type"]), label).toMatch(/application\/json/);
      const body = JSON.parse(response.body) as { error?: unknown; message?: unknown };
      expect(typeof body.error, label).toBe("string");
      expect(typeof body.message, label).toBe("string");
    }
  }

  it("documents the routes it fuzzes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it("never answers hostile path segments and queries with a 5xx, and changes nothing", async () => {
    const before = await fingerprint();
    for (const route of routes) {
      for (const segment of hostileSegments) {
        const url = route.path.replace(/\{[a-z_]+\}/g, segment);
        for (const headers of [{}, { "x-api-key": API_KEY }]) {
          const response = await app.inject({
            method: route.method as "GET",
            url,
            headers: route.method === "DELETE" || route.method === "PUT" ? headers : {},
            ...(route.method === "PUT" ? { payload: { broken: true } } : {}),
          });
          check(`${route.method} ${url}`, response);
        }
      }
      for (const query of hostileQueries) {
        const url = `${route.path.replace(/\{phase\}/g, "opening").replace(/\{[a-z_]+\}/g, "1")}?${query}`;
        if (route.method !== "GET") continue;
        check(`GET ${url}`, await app.inject({ method: "GET", url }));
      }
    }
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it("never answers hostile bodies with a 5xx, and changes nothing", async () => {
    const before = await fingerprint();
    for (const route of routes.filter((r) => r.method === "POST" || r.method === "PUT")) {
      const url = route.path.replace(/\{[a-z_]+\}/g, "1");
      for (const body of hostileBodies) {
        const response = await app.inject({
          method: route.method as "POST",
          url,
          headers: { "x-api-key": API_KEY, "content-type": "application/json" },
          payload: typeof body === "string" ? body : JSON.stringify(body),
        });
        check(
          `${route.method} ${url} ${String(typeof body === "string" ? body : JSON.stringify(body)).slice(0, 60)}`,
          response,
        );
      }
    }
    expect(await fingerprint()).toBe(before);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  }, 120_000);
});
