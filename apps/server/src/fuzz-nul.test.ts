import { createHash } from "node:crypto";
import { PLAYER_SESSION_COOKIE } from "@ct/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminAccounts } from "./auth/accounts";
import { testApp } from "./testing/app";
import { type TestDatabase, testDatabaseKinds } from "./testing/databases";
import { positionInput } from "./testing/positions";

/**
 * The NUL character (U+0000) in any text a request carries: PostgreSQL's text cannot hold it, and 16 kinds of
 * request answered 500 there (SQLite stored it). Every route now refuses it with a 400 naming where it was, on both
 * databases, and nothing is stored.
 */
const API_KEY = "nul-test-api-key-0123456789abcdef";
const ADMIN = { username: "owner", password: "the owner's long password" };
const NUL = "a\u0000b";
/** The site's origin (PUBLIC_URL's default), which a player's state-changing requests must come from. */
const SITE_ORIGIN = "http://localhost:3000";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
};

/** A value of a documented schema with the NUL text in every string (numbers at their minimum, one item). */
function withNulEverywhere(schema: JsonSchema): unknown {
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return withNulEverywhere(variant.find((s) => s.type !== "null") ?? {});
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object")
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, withNulEverywhere(value)]),
    );
  if (type === "array") return [withNulEverywhere(schema.items ?? { type: "string" })];
  if (type === "number" || type === "integer") return schema.minimum ?? 1;
  if (type === "boolean") return false;
  return NUL;
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("a NUL character in a request on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  let player: { cookie: string; origin: string };
  let positionId: number;
  let slug: string;
  let network = 0;
  const freshAddress = () => `10.${(++network >> 8) & 255}.${network & 255}.1`;

  async function fingerprint(): Promise<string> {
    const tables = await Promise.all(
      (["positions", "blog_posts", "contact_messages", "analysis_jobs", "admin_accounts"] as const).map(
        (table) => database.db.selectFrom(table).selectAll().execute(),
      ),
    );
    return createHash("sha256").update(JSON.stringify(tables)).digest("hex");
  }

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    await new AdminAccounts(database.db, {
      hashCost: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    }).create(ADMIN.username, ADMIN.password);
    const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json().access_token;
    // A signed-in player too, whose cookie and the site's origin go with every request: the account's progress
    // routes refuse a stranger (401) before reading the body, so only a player's request reaches their NUL check.
    const signUp = await app.inject({
      method: "POST",
      url: "/api/account/sign-up",
      headers: { origin: SITE_ORIGIN },
      payload: { username: "nul_player", password: "Knight-fork nul e4e5" },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const cookie = signUp.cookies.find((set) => set.name === PLAYER_SESSION_COOKIE)?.value;
    player = { cookie: `${PLAYER_SESSION_COOKIE}=${cookie}`, origin: SITE_ORIGIN };
    const position = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/",
      headers: { "x-api-key": API_KEY },
      payload: positionInput("opening"),
    });
    positionId = position.json().id;
    const post = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: { "x-api-key": API_KEY },
      payload: { title: "Opposition", content: "<p>Take it.</p>", tags: ["endgame"], published: true },
    });
    expect(post.statusCode, post.body).toBe(201);
    slug = post.json().slug;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function expectRefused(label: string, options: InjectOptions, where: string) {
    const response = await app.inject({
      remoteAddress: freshAddress(),
      ...options,
      headers: { authorization: `Bearer ${token}`, ...player, ...options.headers },
    });
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(400);
    expect(response.json(), label).toMatchObject({
      error: "bad_request",
      message: `${where}: must not contain the NUL character (U+0000)`,
    });
  }

  it("refuses the requests that answered 500 on PostgreSQL, and stores nothing", async () => {
    const before = await fingerprint();
    const json = { "content-type": "application/json" };
    const cases: [string, InjectOptions, string][] = [
      [
        "admin login's username",
        { method: "POST", url: "/api/admin/login", payload: { username: NUL, password: "x".repeat(12) } },
        "body.username",
      ],
      [
        "search's text",
        { method: "POST", url: "/api/tactical-positions/search", payload: { text: NUL } },
        "body.text",
      ],
      [
        "search's opening",
        { method: "POST", url: "/api/tactical-positions/search", payload: { opening: NUL } },
        "body.opening",
      ],
      [
        "a phase's opening",
        { method: "GET", url: "/api/tactical-positions/phase/opening?opening=%00" },
        "query.opening",
      ],
      [
        "the next puzzle's opening",
        { method: "GET", url: "/api/tactical-positions/next?opening=%00" },
        "query.opening",
      ],
      [
        "a new position's description",
        {
          method: "POST",
          url: "/api/tactical-positions/",
          payload: { ...positionInput("endgame"), description_en: NUL },
        },
        "body.description_en",
      ],
      [
        "a replaced position's explanation",
        {
          method: "PUT",
          url: `/api/tactical-positions/${positionId}`,
          payload: { ...positionInput("endgame"), explanation_ar: NUL },
        },
        "body.explanation_ar",
      ],
      [
        "a batch's fifth source",
        {
          method: "POST",
          url: "/api/tactical-positions/batch",
          payload: {
            positions: Array.from({ length: 6 }, (_, i) => ({
              ...positionInput("middlegame"),
              source: i === 4 ? NUL : `nul-test:${i}`,
            })),
          },
        },
        "body.positions.4.source",
      ],
      [
        "a blog post's title",
        { method: "POST", url: "/api/blog/posts", payload: { title: NUL, content: "<p>x</p>", tags: [] } },
        "body.title",
      ],
      [
        "a blog post's tag",
        {
          method: "PUT",
          url: `/api/blog/posts/${slug}`,
          payload: { title: "Opposition", content: "<p>Take it.</p>", tags: ["end\u0000game"] },
        },
        "body.tags.0",
      ],
      [
        "a contact message",
        {
          method: "POST",
          url: "/api/email/contact",
          payload: {
            name: "Vera Menchik",
            email: "vera@example.org",
            subject: "Lessons",
            message: `Hello ${NUL}`,
            elapsed_ms: 12_000,
          },
        },
        "body.message",
      ],
      [
        "a PGN for analysis",
        {
          method: "POST",
          url: "/api/analysis/jobs?name=games.pgn",
          headers: { "content-type": "application/x-chess-pgn" },
          payload: '[Event "x\u0000"]\n\n1. e4 e5 2. Nf3 *\n',
        },
        "body",
      ],
      [
        "a PGN's name",
        {
          method: "POST",
          url: "/api/analysis/jobs?name=a%00.pgn",
          headers: { "content-type": "application/x-chess-pgn" },
          payload: "1. e4 e5 2. Nf3 *\n",
        },
        "query.name",
      ],
      [
        "a key of a JSON object",
        {
          method: "POST",
          url: "/api/tactical-positions/search",
          headers: json,
          payload: '{"te\\u0000xt":"x"}',
        },
        "body.te\\u0000xt",
      ],
    ];
    for (const [label, options, where] of cases) await expectRefused(label, options, where);
    expect(await fingerprint()).toBe(before);
  });

  it("answers a site page whose address holds it as a missing page, without asking the database", async () => {
    for (const url of ["/training/themes/fo%00rk", "/blog/a%00b"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
    }
  });

  it("refuses it in every path parameter, query parameter and body string of every documented route", async () => {
    const before = await fingerprint();
    const docs = (await app.inject({ method: "GET", url: "/api/docs" })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; in: "path" | "query" }[];
            requestBody?: { content: { "application/json": { schema: JsonSchema } } };
          }
        >
      >;
    };
    const real: Record<string, string> = { id: String(positionId), slug, phase: "opening" };
    let checked = 0;
    for (const [path, methods] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const url = (nul?: string) =>
          path.replace(/\{([a-z_]+)\}/g, (_, name: string) => (name === nul ? "a%00b" : (real[name] ?? "1")));
        const body = operation.requestBody?.content["application/json"].schema;
        const sample = body ? JSON.stringify(withNulEverywhere(body)) : "";
        // A body without any text field (a puzzle result: an enum and numbers) has nowhere to put one.
        const payload = sample.includes("\\u0000") ? sample : undefined;
        const base = {
          method: method.toUpperCase() as "GET",
          ...(payload ? { payload, headers: { "content-type": "application/json" } } : {}),
        };
        for (const parameter of operation.parameters) {
          const where = `${parameter.in === "path" ? "params" : "query"}.${parameter.name}`;
          const target = parameter.in === "path" ? url(parameter.name) : `${url()}?${parameter.name}=a%00b`;
          await expectRefused(`${method} ${target}`, { ...base, url: target }, where);
          checked++;
        }
        if (payload) {
          const response = await app.inject({
            ...base,
            url: url(),
            remoteAddress: freshAddress(),
            headers: { ...base.headers, authorization: `Bearer ${token}`, ...player },
          });
          expect(response.statusCode, `${method} ${path} ${payload.slice(0, 100)}`).toBe(400);
          expect(response.json().message, `${method} ${path}`).toMatch(/^body.*U\+0000/);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(await fingerprint()).toBe(before);
  }, 60_000);
});
