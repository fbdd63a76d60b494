import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";

/**
 * Absolute links (RSS, sitemap, canonical, og:url) never follow the request's Host: with PUBLIC_URL unset, a forged
 * Host made a feed or page whose links pointed elsewhere, which a shared cache could keep and serve to everyone.
 */
const API_KEY = "site-url-test-api-key-0123456789";
const kinds = await testDatabaseKinds();

describe.each(kinds)("the site's links under a forged Host on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    // A trusted proxy too: its X-Forwarded-Host passes on whatever Host the visitor sent.
    app = await testApp(database, { env: { API_KEY, PORT: "3456", TRUST_PROXY: "true" } });
    const created = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: { "x-api-key": API_KEY },
      payload: { title: "Lucena", content: "<p>Build a bridge.</p>", tags: ["endgame"], published: true },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const links = (body: string) =>
    [...body.matchAll(/(?:<link>|<loc>|<guid[^>]*>|href="|content=")(https?:\/\/[^<"]+)/g)].map((m) => m[1]);

  for (const url of ["/rss.xml", "/sitemap.xml", "/blog/lucena", "/training/endgame", "/"]) {
    it(`gives ${url} the same links whatever Host it was asked for`, async () => {
      const answers = await Promise.all(
        [{ host: "chess.example.org" }, { host: "evil.example" }, { "x-forwarded-host": "evil.example" }].map(
          (headers) => app.inject({ method: "GET", url, headers }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, url).toBe(200);
      const [first, ...others] = answers.map((answer) => answer.body);
      expect(links(first ?? "").length, url).toBeGreaterThan(0);
      for (const other of others) expect(other).toBe(first);
      expect(first).not.toContain("evil.example");
      // PUBLIC_URL unset: the server's own address.
      for (const link of links(first ?? "")) expect(link, url).toMatch(/^http:\/\/localhost:3456\//);
    });
  }
});
