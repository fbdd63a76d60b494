import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { RawConnection } from "../testing/raw-http";

// The bound concerns the HTTP layer only: one database is enough.
const [sqlite] = await testDatabaseKinds();
const TIMEOUT_MS = 1000;

describe("a request whose body does not arrive", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await (sqlite as NonNullable<typeof sqlite>).create();
    app = await testApp(database, { env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const search = (length: string) =>
    `POST /api/tactical-positions/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${length}\r\n`;

  it("defaults to 60 s, configurable with REQUEST_TIMEOUT_MS", () => {
    expect(loadConfig({}, database.dataDir).requestTimeoutMs).toBe(60_000);
    expect(app.server.requestTimeout).toBe(TIMEOUT_MS);
  });

  for (const [label, head, start] of [
    ["a declared length and no body", search("Content-Length: 100\r\n"), ""],
    ["a declared length and half a body", search("Content-Length: 100\r\n"), '{"text":"'],
    ["chunks that never end", search("Transfer-Encoding: chunked\r\n"), "2\r\n{}\r\n"],
  ] as const) {
    it(`answers ${label} with a JSON 408 and closes the connection`, async () => {
      const connection = await RawConnection.open(port);
      const began = Date.now();
      try {
        await connection.write(head + start);
        const response = await connection.response(TIMEOUT_MS * 5);
        const waited = Date.now() - began;
        expect(response?.status).toBe(408);
        expect(JSON.parse(response?.body ?? "{}")).toMatchObject({ error: "request_timeout" });
        expect(await connection.closesWithin(1000)).toBe(true);
        // Node checks every quarter of the bound: answered soon after it, never before it.
        expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(waited).toBeLessThan(TIMEOUT_MS * 3);
      } finally {
        connection.destroy();
      }
    });
  }

  it("closes a body trickled a byte at a time, though bytes keep coming", async () => {
    const connection = await RawConnection.open(port);
    const began = Date.now();
    try {
      await connection.write(search("Content-Length: 1000\r\n"));
      while (!connection.isClosed && Date.now() - began < TIMEOUT_MS * 5) {
        await connection.write(" ");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(connection.isClosed).toBe(true);
      expect(Date.now() - began).toBeLessThan(TIMEOUT_MS * 3);
    } finally {
      connection.destroy();
    }
  });

  it("still answers a whole request, and a keep-alive connection idle between requests", async () => {
    const connection = await RawConnection.open(port);
    try {
      const body = '{"page":1}';
      const request = search(`Content-Length: ${body.length}\r\n`) + body;
      await connection.write(request);
      expect((await connection.response())?.status).toBe(200);
      // Idle between requests is keepAliveTimeout's business (72 s), not the request's bound.
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 1.5));
      await connection.write(request);
      expect((await connection.response())?.status).toBe(200);
    } finally {
      connection.destroy();
    }
  });
});
