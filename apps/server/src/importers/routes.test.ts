import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { RawConnection } from "../testing/raw-http";

const API_KEY = "import-routes-api-key-0123456789";
const kinds = await testDatabaseKinds();

/**
 * A refusal that comes before the server has read the whole body (a CSV whose header is wrong, a caller without
 * the key) must not leave a keep-alive connection stuck on the unread rest: either the rest is read and the next
 * request on the connection is answered, or the refusal says `Connection: close` and the connection closes.
 */
describe.each(kinds)("refusals before the body is read, on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const upload = (url: string, contentType: string, body: string, headers: Record<string, string>) =>
    `POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

  /** Sends the refused upload and a second request on the same connection; checks one of the two outcomes. */
  async function refusedThenNext(request: string, status: number): Promise<"drained" | "closed"> {
    const connection = await RawConnection.open(port);
    try {
      await connection.write(request);
      const first = await connection.response(10_000);
      expect(first?.status, first?.body).toBe(status);
      expect(JSON.parse(first?.body ?? "{}")).toMatchObject({
        error: expect.any(String),
        message: expect.any(String),
      });
      if (first?.headers.connection?.toLowerCase() === "close") {
        expect(await connection.closesWithin(5000)).toBe(true);
        return "closed";
      }
      await connection.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
      const second = await connection.response(5000);
      expect(second?.status, "the next request on the keep-alive connection").toBe(200);
      return "drained";
    } finally {
      connection.destroy();
    }
  }

  const csvOfNothing = `PuzzleId\n${"a\n".repeat(100_000)}`;

  it("a CSV refused at its first line", async () => {
    await refusedThenNext(
      upload("/api/tactical-positions/import/lichess", "text/csv", csvOfNothing, { "X-API-Key": API_KEY }),
      400,
    );
  });

  it("a CSV from a caller without the key", async () => {
    await refusedThenNext(
      upload("/api/tactical-positions/import/lichess", "text/csv", csvOfNothing, {}),
      401,
    );
  });

  it("a CSV declared larger than the import limit", async () => {
    const connection = await RawConnection.open(port);
    try {
      await connection.write(
        "POST /api/tactical-positions/import/lichess HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\n" +
          `X-API-Key: ${API_KEY}\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\nPuzzleId,FEN,Moves,Rating\n`,
      );
      const first = await connection.response(10_000);
      expect(first?.status).toBe(413);
      expect(first?.headers.connection?.toLowerCase()).toBe("close");
      expect(await connection.closesWithin(5000)).toBe(true);
    } finally {
      connection.destroy();
    }
  });

  it("a PGN upload from a caller without the key, and one with no game", async () => {
    const pgn = `${"% not a game\n".repeat(20_000)}`;
    await refusedThenNext(upload("/api/analysis/jobs", "application/x-chess-pgn", pgn, {}), 401);
    await refusedThenNext(
      upload("/api/analysis/jobs", "application/x-chess-pgn", pgn, { "X-API-Key": API_KEY }),
      400,
    );
  });

  it("an image upload from a caller without the key, and one that is not an image", async () => {
    const boundary = "----refused";
    const multipart =
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.svg"\r\n` +
      `Content-Type: image/svg+xml\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(2_000_000)}</svg>\r\n` +
      `--${boundary}--\r\n`;
    const type = `multipart/form-data; boundary=${boundary}`;
    await refusedThenNext(upload("/api/blog/upload-image", type, multipart, {}), 401);
    await refusedThenNext(upload("/api/blog/upload-image", type, multipart, { "X-API-Key": API_KEY }), 415);
  });

  it("JSON bodies refused before their route reads them", async () => {
    const big = JSON.stringify({ positions: Array.from({ length: 2000 }, () => ({ fen: "x".repeat(50) })) });
    await refusedThenNext(upload("/api/tactical-positions/batch", "application/json", big, {}), 401);
    await refusedThenNext(upload("/api/blog/posts", "application/json", big, {}), 401);
  });
});
