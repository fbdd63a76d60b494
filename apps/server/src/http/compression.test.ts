import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { ratedLibrary } from "../testing/positions";
import { COMPRESSION_THRESHOLD, chooseEncoding } from "./compression";

const API_KEY = "compression-test-secret-api-key-0123456789";
const MORE_THEMES = ["skewer", "sacrifice", "deflection", "attraction", "discoveredAttack", "hangingPiece"];

/** The body as the client reads it: decoded by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  expect(encoding).toBeUndefined();
  return response.body;
}

describe("chooseEncoding", () => {
  it("takes what the client rates highest, gzip when it rates both alike, nothing it refuses", () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("deflate, zstd")).toBeNull();
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(chooseEncoding("*;q=0")).toBeNull();
    expect(chooseEncoding("br, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("br")).toBe("br");
    expect(chooseEncoding("BR;Q=1, gzip;q=0.5")).toBe("br");
    expect(chooseEncoding("gzip;q=0, br")).toBe("br");
    expect(chooseEncoding("gzip;q=0, *")).toBe("br");
    expect(chooseEncoding("br;q=0.9, *;q=0.1")).toBe("br");
    expect(chooseEncoding("gzip;q=nonsense, br;q=0.2")).toBe("br");
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("compressed answers on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    const batch = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/batch",
      headers: { "x-api-key": API_KEY },
      // Every answer over 1 kB (a longer explanation), and enough themes that /api/themes is too.
      payload: {
        positions: ratedLibrary("compression").map((position, index) => ({
          ...position,
          explanation_en: `${position.explanation_en} ${"The rook cuts the king off and the pawn walks home. ".repeat(8)}`,
          themes: index % 10 === 5 ? [...(position.themes ?? []), ...MORE_THEMES] : position.themes,
        })),
      },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    for (let i = 1; i <= 4; i++) {
      const post = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: { "x-api-key": API_KEY },
        payload: {
          title: `Rook endings, part ${i}`,
          content: `<p>${"Cut the king off along a file and build a bridge on the fourth rank. ".repeat(6)}</p>`,
          tags: ["Endgames"],
          published: true,
        },
      });
      expect(post.statusCode, post.body).toBe(201);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  const LIST = "/api/tactical-positions/?per_page=3";

  it("compresses an API answer over 1 kB as the client asks, and it decodes to the same JSON", async () => {
    const url = LIST;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [accept, encoding] of [
      ["br, gzip", "gzip"],
      ["gzip, deflate", "gzip"],
      ["br", "br"],
      ["br;q=1, gzip;q=0.5", "br"],
    ] as const) {
      const response = await get(url, { "accept-encoding": accept });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers["content-encoding"], accept).toBe(encoding);
      expect(response.headers["content-type"], accept).toMatch(/^application\/json/);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(Number(response.headers["content-length"]), accept).toBe(response.rawPayload.length);
      expect(JSON.parse(decoded(response)), accept).toEqual(JSON.parse(plain.body));
      // The ETag names the content, whatever its encoding.
      expect(response.headers.etag, accept).toMatch(/^W\/"/);
      expect(response.headers.etag, accept).toBe(plain.headers.etag);
    }
  });

  it("compresses the next puzzle, an answer the server keeps serialized, alike on every request", async () => {
    for (let i = 0; i < 6; i++) {
      const accept = i % 2 ? "br" : "gzip";
      const response = await get("/api/tactical-positions/next?rating=1500", { "accept-encoding": accept });
      expect(response.statusCode).toBe(200);
      const answer = JSON.parse(decoded(response)) as { position: { id: number; fen: string } | null };
      expect(answer.position?.fen).toMatch(/ [wb] /);
      expect(response.headers["content-encoding"]).toBe(accept);
      const plain = await get(`/api/tactical-positions/${answer.position?.id}`);
      expect(JSON.parse(plain.body)).toMatchObject({ id: answer.position?.id, fen: answer.position?.fen });
    }
  });

  it("sends small answers, and answers to a client that does not ask, as they are", async () => {
    for (const url of ["/api/health", "/api/tactical-positions/stats", "/api/nope"]) {
      const response = await get(url, { "accept-encoding": "br, gzip" });
      expect(response.rawPayload.length, url).toBeLessThan(COMPRESSION_THRESHOLD);
      expect(response.headers["content-encoding"], url).toBeUndefined();
      JSON.parse(response.body);
    }
    const clients: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip;q=0, br;q=0" },
    ];
    for (const headers of clients) {
      const response = await get("/api/blog/posts?per_page=4", headers);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      JSON.parse(response.body);
    }
  });

  it("still answers 304 to a matching If-None-Match, compressed or not, and 200 with the new body after a change", async () => {
    const url = LIST;
    const first = await get(url, { "accept-encoding": "gzip" });
    expect(first.headers["content-encoding"]).toBe("gzip");
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"/);
    for (const accept of ["gzip", "br", "identity"]) {
      const again = await get(url, { "accept-encoding": accept, "if-none-match": tag });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
      expect(again.headers["content-encoding"], accept).toBeUndefined();
    }
    const [removed] = JSON.parse(decoded(first)) as { id: number }[];
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/tactical-positions/${removed?.id}`,
      headers: { "x-api-key": API_KEY },
    });
    expect(deleted.statusCode).toBe(200);
    const fresh = await get(url, { "accept-encoding": "gzip", "if-none-match": tag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(tag);
    const ids = (JSON.parse(decoded(fresh)) as { id: number }[]).map((position) => position.id);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(removed?.id);
  });

  it("compresses the memoized answers (themes) and their 304s work from the kept ETag", async () => {
    const plain = await get("/api/themes");
    const compressed = await get("/api/themes", { "accept-encoding": "gzip" });
    const kept = await get("/api/themes", { "accept-encoding": "br" });
    expect(JSON.parse(decoded(compressed))).toEqual(JSON.parse(plain.body));
    expect(JSON.parse(decoded(kept))).toEqual(JSON.parse(plain.body));
    expect(new Set([plain.headers.etag, compressed.headers.etag, kept.headers.etag]).size).toBe(1);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(kept.headers["content-encoding"]).toBe("br");
    const notModified = await get("/api/themes", {
      "accept-encoding": "gzip",
      "if-none-match": plain.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
  });

  it("compresses the site's pages but leaves its files to their precompressed copies", async () => {
    const page = await get("/training/endgame", {
      "accept-encoding": "gzip",
      cookie: "chesstrainer_language=ar",
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(decoded(page)).toContain('<html lang="ar" dir="rtl">');
    expect(page.headers.vary).toMatch(/cookie/i);
    const file = await get("/assets/app-abc123.js", { "accept-encoding": "br, gzip" });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-encoding"]).toBeUndefined();
    expect(file.body).toBe("console.log('app')");
  });
});
