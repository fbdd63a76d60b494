import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HTTPError } from "ky";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, onAdminUnauthorized } from "./client";

/**
 * A server that is down, as the screens' client meets it: the screens show their spec message for any failed read
 * or write, so what must hold is that each way of being down ends in a failed call, never in a page of HTML taken
 * for data. The end-to-end resilience suite walks every screen with the connection refused, and one with a 502.
 */
describe("the API client when the server is down", () => {
  let proxy: Server;
  let base = "";
  let requests = 0;

  beforeAll(async () => {
    // A proxy in front of a dead server: 502 with an HTML page, to every request.
    proxy = createServer((_request, response) => {
      requests += 1;
      response.writeHead(502, { "content-type": "text/html" }).end("<html><body>Bad Gateway</body></html>");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it("fails a read on a proxy's 502 page (after one retry), and a write at once", async () => {
    const client = api.extend({ prefixUrl: base, retry: { limit: 1, methods: ["get"], backoffLimit: 10 } });
    requests = 0;
    const read = await client
      .get("positions/stats")
      .json()
      .catch((error: unknown) => error);
    expect(read).toBeInstanceOf(HTTPError);
    expect((read as HTTPError).response.status).toBe(502);
    expect(requests).toBe(2);

    requests = 0;
    const write = await client
      .post("contact", { json: { name: "Ada" } })
      .json()
      .catch((error: unknown) => error);
    expect(write).toBeInstanceOf(HTTPError);
    expect(requests).toBe(1);
  });

  it("fails a read when the connection is refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = api.extend({ prefixUrl: `http://127.0.0.1:${port}/api`, retry: 0 });
    await expect(client.get("positions/stats").json()).rejects.toThrow(TypeError);
  });
});

/** Whichever screen makes an admin call, a 401 reaches the admin session (which sends the admin to login). */
describe("the API client when the server refuses the admin's token", () => {
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createServer((request, response) => {
      const status = request.url?.endsWith("/refused") ? 401 : 200;
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: status }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("tells the listeners of a 401 to a call with a bearer token, and of nothing else", async () => {
    const client = api.extend({ prefixUrl: base, retry: 0 });
    let heard = 0;
    const stop = onAdminUnauthorized(() => {
      heard += 1;
    });
    const bearer = { Authorization: "Bearer stale.admin.token" };
    await expect(client.get("blog/posts/refused", { headers: bearer }).json()).rejects.toThrow(HTTPError);
    expect(heard).toBe(1);
    // A refused login (no token) and a call that succeeds are not a session that ended.
    await expect(client.post("admin/login/refused").json()).rejects.toThrow(HTTPError);
    await client.get("blog/posts", { headers: bearer }).json();
    expect(heard).toBe(1);
    stop();
    await expect(client.get("blog/posts/refused", { headers: bearer }).json()).rejects.toThrow(HTTPError);
    expect(heard).toBe(1);
  });
});
