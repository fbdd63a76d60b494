import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BODY_LIMIT } from "./app";
import { migrateToLatest, migrationState } from "./db/database";
import { migrations } from "./db/migrations";
import { parse } from "./http/errors";
import { testApp } from "./testing/app";
import { type TestDatabase, testDatabaseKinds } from "./testing/databases";
import { RawConnection, type RawResponse } from "./testing/raw-http";

const kinds = await testDatabaseKinds();

describe.each(kinds)("app on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, {
      extraApiRoutes: async (api) => {
        api.post("/echo", async (request) => parse(z.object({ name: z.string().min(1) }), request.body));
        api.get("/boom", async () => {
          throw new Error("a bug");
        });
        // The same row twice: a primary key (app_meta.key) and a unique column (admin_accounts.username).
        api.post("/clash/primary-key", async () => {
          await database.db.insertInto("app_meta").values({ key: "clash", value: "1" }).execute();
          return { stored: true };
        });
        api.post("/clash/unique", async () => {
          const now = new Date().toISOString();
          await database.db
            .transaction()
            .execute((trx) =>
              trx
                .insertInto("admin_accounts")
                .values({ username: "clash", password_hash: "x", created_at: now, updated_at: now })
                .execute(),
            );
          return { stored: true };
        });
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it("reports version, database kind and migration state on /api/health", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      version: "test",
      database: kind.name,
      migrations: { applied: Object.keys(migrations), pending: [], upToDate: true },
    });
  });

  it("runs migrations idempotently", async () => {
    await migrateToLatest(database.db);
    expect((await migrationState(database.db)).applied).toEqual(Object.keys(migrations));
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ error: "not_found" });
    const post = await app.inject({ method: "POST", url: "/api/nothing/here", payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it("answers malformed JSON with a JSON 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "bad_request" });
  });

  it("names the refused field when a body fails validation", async () => {
    const response = await app.inject({ method: "POST", url: "/api/echo", payload: { name: "" } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("bad_request");
    expect(body.details[0].path).toBe("body.name");
    const ok = await app.inject({ method: "POST", url: "/api/echo", payload: { name: "Capablanca" } });
    expect(ok.json()).toEqual({ name: "Capablanca" });
  });

  it("refuses a body over the limit with a JSON 413 and an unknown content type with a JSON 415", async () => {
    const big = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/json" },
      payload: `{"name":"${"x".repeat(BODY_LIMIT)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: "payload_too_large" });
    const odd = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/x-unknown" },
      payload: "name=x",
    });
    expect(odd.statusCode).toBe(415);
    expect(odd.json()).toMatchObject({ error: "unsupported_media_type" });
  });

  it("answers a unique-constraint clash anywhere with a JSON 409 conflict, never a 500", async () => {
    for (const url of ["/api/clash/primary-key", "/api/clash/unique"]) {
      expect((await app.inject({ method: "POST", url })).statusCode, url).toBe(200);
      const again = await app.inject({ method: "POST", url });
      expect(again.statusCode, url).toBe(409);
      expect(again.json(), url).toEqual({ error: "conflict", message: expect.any(String) });
      expect(again.json().message, url).toMatch(/already exists/);
    }
  });

  it("answers every refusal of Fastify and Node.js as the API's JSON {error, message}", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const exchange = async (request: string): Promise<RawResponse | null> => {
      const connection = await RawConnection.open(port);
      try {
        await connection.write(request);
        return await connection.response();
      } finally {
        connection.destroy();
      }
    };
    const json = "Content-Type: application/json\r\n";
    const cases: [string, string, number][] = [
      [
        "a GET with a body and two lengths",
        `GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
        400,
      ],
      ["an unknown Expect", "GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: tea\r\n\r\n", 417],
      [
        "an unknown Expect with a body",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\n${json}Expect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`,
        417,
      ],
      ["a malformed request line", "GARBAGE\r\n\r\n", 400],
      ["a malformed header", "GET /api/health HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n", 400],
      [
        "two Content-Length headers",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
        400,
      ],
      [
        "headers over the limit",
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
        431,
      ],
      ["a broken percent-encoding", "GET /api/tactical-positions/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n", 400],
      [
        "a path parameter over the limit",
        `GET /api/blog/posts/${"a".repeat(300)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        414,
      ],
      [
        "a malformed Content-Type",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: /;;\r\nContent-Length: 2\r\n\r\n{}`,
        415,
      ],
      [
        "an unknown Content-Type",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-unknown\r\nContent-Length: 2\r\n\r\n{}`,
        415,
      ],
      [
        "a body without a Content-Type",
        "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}",
        415,
      ],
      [
        "malformed JSON",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 9\r\n\r\n{"name": `,
        400,
      ],
      ["an empty JSON body", `POST /api/echo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 0\r\n\r\n`, 400],
      [
        "JSON with __proto__",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 20\r\n\r\n{"__proto__":{"a":1}}`,
        400,
      ],
      [
        "a body over the limit",
        `POST /api/echo HTTP/1.1\r\nHost: x\r\n${json}Content-Length: ${BODY_LIMIT + 1}\r\n\r\n{}`,
        413,
      ],
      ["an unknown API path", "GET /api/no/such/thing HTTP/1.1\r\nHost: x\r\n\r\n", 404],
      [
        "an unknown method on a known path",
        "PATCH /api/tactical-positions/1 HTTP/1.1\r\nHost: x\r\n\r\n",
        404,
      ],
      ["a WebDAV method", "PROPFIND /api/health HTTP/1.1\r\nHost: x\r\n\r\n", 404],
      ["a proxy tunnel", "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n", 405],
    ];
    for (const [label, request, status] of cases) {
      const response = await exchange(request);
      expect(response, label).not.toBeNull();
      const { status: got, headers, body } = response as RawResponse;
      expect(got, `${label}: ${body}`).toBe(status);
      expect(headers["content-type"], label).toMatch(/^application\/json/);
      const parsed = JSON.parse(body) as Record<string, unknown>;
      expect(Object.keys(parsed).sort(), `${label}: ${body}`).toEqual(["error", "message"]);
      expect(parsed.error, label).toMatch(/^[a-z_]+$/);
      expect(typeof parsed.message, label).toBe("string");
    }
    // A GET with a body is answered, and the body does not spill into the next request on the connection.
    const connection = await RawConnection.open(port);
    try {
      await connection.write(`GET /api/health HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 6\r\n\r\n{"a":1`);
      expect((await connection.response())?.status).toBe(200);
      await connection.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
      expect((await connection.response())?.status).toBe(200);
    } finally {
      connection.destroy();
    }
  });

  it("hides the details of a server bug behind a JSON 500", async () => {
    const response = await app.inject({ method: "GET", url: "/api/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "internal", message: "Internal server error" });
  });

  it("sends security headers on API and page responses", async () => {
    for (const url of ["/api/health", "/"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      // Stockfish's WebAssembly in the site's own worker, and no JavaScript eval.
      expect(response.headers["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(response.headers["content-security-policy"]).toContain("worker-src 'self';");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
    // A client's own X-Forwarded-Proto means nothing unless a trusted proxy (TRUST_PROXY) set it.
    const forged = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
    const behindProxy = await testApp(database, { env: { TRUST_PROXY: "127.0.0.1" } });
    const overTls = await behindProxy.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(overTls.headers["strict-transport-security"]).toContain("max-age=");
    await behindProxy.close();
  });

  it("serves the site's files and falls back to index.html for client routes", async () => {
    for (const url of ["/", "/training/endgame", "/blog", "/admin/blog/edit/x?y=1"]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.body).toContain("<div id=root>");
    }
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('app')");
    expect(asset.headers["cache-control"]).toContain("immutable");
    const missing = await app.inject({ method: "GET", url: "/assets/gone-123.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("lists a screen's chunks as preload links in that screen's page, and only there", async () => {
    const preloadLinks = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="(modulepreload|stylesheet|preload" as="fetch)" crossorigin href="([^"]+)"/g,
        ),
      ].map(([, rel, href]) => `${rel} ${href}`);
    const module = await app.inject({ method: "GET", url: "/training/endgame?from=home" });
    expect(preloadLinks(module.body)).toEqual([
      "modulepreload /assets/module-1.js",
      "modulepreload /assets/board-2.js",
    ]);
    expect(module.body.indexOf("/assets/board-2.js")).toBeLessThan(module.body.indexOf("</head>"));
    const post = await app.inject({ method: "GET", url: "/blog/some-post" });
    expect(preloadLinks(post.body)).toEqual([
      "stylesheet /assets/post-4.css",
      "modulepreload /assets/post-3.js",
      'preload" as="fetch /api/blog/posts/some-post',
    ]);
    // A query string, or a segment that is not plain, leaves the data to the app (it may ask for something else).
    for (const url of ["/blog/some-post?ref=feed", "/blog/%3Cscript%3E", "/blog/caf%C3%A9"]) {
      const page = await app.inject({ method: "GET", url });
      expect(preloadLinks(page.body), url).toEqual([
        "stylesheet /assets/post-4.css",
        "modulepreload /assets/post-3.js",
      ]);
      expect(page.body, url).not.toContain("<script%3E");
    }
    for (const url of ["/", "/training", "/training/endgame/extra", "/admin/blog"]) {
      const page = await app.inject({ method: "GET", url });
      expect(preloadLinks(page.body), url).toEqual([]);
      expect(page.body).toContain("<div id=root>");
    }
  });
});
