import { randomBytes } from "node:crypto";
import { PLAYER_SESSION_COOKIE, PLAYER_SESSION_IDLE_MS } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { cookieValues, isLoopbackHost, PlayerSessions, SESSION_TOUCH_MS, secretHash } from "./session";
import { Browser, EVIL_ORIGIN, networks, playerTestApp, SITE_ORIGIN, strongPassword } from "./test-client";

const DAY = 24 * 60 * 60 * 1000;

describe("cookie and host rules", () => {
  it("reads the session cookie among others", () => {
    expect(cookieValues("a=1; ct_session=abc; b=2", "ct_session")).toEqual(["abc"]);
    expect(cookieValues('ct_session="q"; ct_session=r', "ct_session")).toEqual(["q", "r"]);
    expect(cookieValues("xct_session=1; ct_sessionx=2", "ct_session")).toEqual([]);
    expect(cookieValues(undefined, "ct_session")).toEqual([]);
  });

  it("knows this machine's host names", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "LOCALHOST"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["chess.example.org", "localhost.example.org", "10.0.0.1", "128.0.0.1", "::2"])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("player sessions on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const address = networks(12);
  const browser = (origin?: string | null) => new Browser(app, address(), origin);
  let serial = 0;
  /** A new account, signed in on a new browser. */
  async function signedUp(
    prefix: string,
    email?: string,
  ): Promise<{ browser: Browser; name: string; password: string }> {
    const name = `${prefix}_${++serial}`;
    const password = strongPassword(name);
    const client = browser();
    const response = await client.signUp(name, password, email);
    expect(response.statusCode, response.body).toBe(201);
    return { browser: client, name, password };
  }
  const sessionRows = () =>
    database.db.selectFrom("player_sessions").selectAll().orderBy("id_hash").execute();

  beforeAll(async () => {
    database = await kind.create();
    app = await playerTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  describe("forged and ended sessions", () => {
    it("grants nothing to a cookie the server did not issue", async () => {
      const { browser: real } = await signedUp("forge");
      const row = await database.db
        .selectFrom("player_sessions")
        .select("id_hash")
        .where("id_hash", "=", secretHash(real.cookie ?? ""))
        .executeTakeFirstOrThrow();
      const forgeries = [
        randomBytes(32).toString("base64url"),
        "not-a-session",
        row.id_hash, // the stored hash itself, as a database leak would show it
        `${real.cookie}x`,
        (real.cookie ?? "").slice(0, -1),
        "",
      ];
      for (const forged of forgeries) {
        const client = browser();
        client.cookie = forged;
        expect((await client.send("GET", "/api/account")).statusCode, forged).toBe(401);
        expect(await client.whoAmI(), forged).toBeNull();
      }
      expect(await real.whoAmI()).toMatch(/^forge_/);
    });

    it("ends a session idle for 30 days: 401, null at /session and the cookie cleared, the row gone", async () => {
      const { browser: idle } = await signedUp("idle");
      const idHash = secretHash(idle.cookie ?? "");
      const longAgo = new Date(Date.now() - PLAYER_SESSION_IDLE_MS - 60_000).toISOString();
      await database.db
        .updateTable("player_sessions")
        .set({ last_seen_at: longAgo })
        .where("id_hash", "=", idHash)
        .execute();
      const cookie = idle.cookie;
      expect((await idle.send("GET", "/api/account")).statusCode).toBe(401);
      const session = await idle.send("GET", "/api/account/session");
      expect(session.json()).toEqual({ account: null });
      expect(session.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)?.maxAge).toBe(0);
      expect(
        await database.db
          .selectFrom("player_sessions")
          .select("id_hash")
          .where("id_hash", "=", idHash)
          .execute(),
      ).toEqual([]);
      // Even with the cookie kept, it stays dead.
      idle.cookie = cookie;
      expect(await idle.whoAmI()).toBeNull();
    });

    it("keeps a session that is used: each use moves last_seen_at on and renews the cookie, at most once a minute", async () => {
      const { browser: active, name } = await signedUp("active");
      const idHash = secretHash(active.cookie ?? "");
      const lastSeen = async () =>
        (
          await database.db
            .selectFrom("player_sessions")
            .select("last_seen_at")
            .where("id_hash", "=", idHash)
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      // 29 days idle is still alive; using it now renews it for 30 days more.
      const old = new Date(Date.now() - PLAYER_SESSION_IDLE_MS + DAY).toISOString();
      await database.db
        .updateTable("player_sessions")
        .set({ last_seen_at: old })
        .where("id_hash", "=", idHash)
        .execute();
      const used = await active.send("GET", "/api/account");
      expect(used.statusCode).toBe(200);
      expect(used.json().username).toBe(name);
      const renewed = used.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE);
      expect(renewed).toMatchObject({
        value: active.cookie,
        maxAge: PLAYER_SESSION_IDLE_MS / 1000,
        httpOnly: true,
      });
      const moved = await lastSeen();
      expect(Date.parse(moved)).toBeGreaterThan(Date.now() - 10_000);
      // Used again within the minute: no write, no new cookie.
      const again = await active.send("GET", "/api/account");
      expect(again.headers["set-cookie"]).toBeUndefined();
      expect(await lastSeen()).toBe(moved);
    });

    it("writes last_seen_at at most once a minute and ends the session 30 days after it (a moved clock)", async () => {
      const player = await database.db
        .insertInto("players")
        .values({
          username: `clock_${kind.name}`,
          username_key: `clock_${kind.name}`,
          password_hash: "x",
          email: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      let now = Date.now();
      const sessions = new PlayerSessions(database.db, { now: () => now });
      const { cookie } = await sessions.create(player.id, "clock");
      const seen = async () =>
        (
          await database.db
            .selectFrom("player_sessions")
            .select("last_seen_at")
            .where("id_hash", "=", secretHash(cookie))
            .executeTakeFirst()
        )?.last_seen_at;
      const start = await seen();
      now += SESSION_TOUCH_MS - 1000;
      expect((await sessions.find(cookie))?.touched).toBe(false);
      expect(await seen()).toBe(start);
      now += 2000;
      expect((await sessions.find(cookie))?.touched).toBe(true);
      expect(await seen()).toBe(new Date(now).toISOString());
      now += PLAYER_SESSION_IDLE_MS - 1000;
      expect((await sessions.find(cookie))?.session.player.id).toBe(player.id);
      now += PLAYER_SESSION_IDLE_MS + 1;
      expect(await sessions.find(cookie)).toBeUndefined();
      expect(await seen()).toBeUndefined();
    });
  });

  describe("requests from another site", () => {
    it("refuses every state-changing route with 403 'Cross-site request refused' and changes nothing", async () => {
      const { browser: victim, name, password } = await signedUp("victim", "victim@example.org");
      const attacker = new Browser(app, victim.address, EVIL_ORIGIN);
      attacker.cookie = victim.cookie;
      const snapshot = async () =>
        JSON.stringify(
          await Promise.all([
            database.db.selectFrom("players").selectAll().orderBy("id").execute(),
            sessionRows(),
            database.db.selectFrom("player_password_resets").selectAll().orderBy("token_hash").execute(),
            database.db.selectFrom("player_mails").selectAll().orderBy("id").execute(),
          ]),
        );
      const before = await snapshot();
      const sessionId = (await victim.send("GET", "/api/account/sessions")).json().sessions[0].id as string;
      const attempts: ["POST" | "PATCH" | "DELETE", string, object | undefined][] = [
        ["POST", "/api/account/sign-up", { username: "csrf_made", password: strongPassword("csrf") }],
        ["POST", "/api/account/sign-in", { username: name, password }],
        ["POST", "/api/account/sign-out", undefined],
        ["POST", "/api/account/sign-out-everywhere", undefined],
        ["PATCH", "/api/account", { email: "attacker@evil.example" }],
        [
          "POST",
          "/api/account/password",
          { current_password: password, new_password: strongPassword("pwned") },
        ],
        ["DELETE", `/api/account/sessions/${sessionId}`, undefined],
        ["POST", "/api/account/password-reset", { username: name }],
        [
          "POST",
          "/api/account/password-reset/complete",
          { token: "x".repeat(43), new_password: strongPassword("p") },
        ],
        ["POST", "/api/account/delete", { password }],
      ];
      const variants: Record<string, string>[] = [
        {},
        { origin: "null" },
        { origin: `${SITE_ORIGIN}.evil.example` },
        { origin: "https://localhost.evil.example" },
      ];
      for (const [method, url, body] of attempts) {
        for (const headers of variants) {
          const response = await attacker.send(method, url, body, headers);
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
          expect(response.json()).toEqual({ error: "forbidden", message: "Cross-site request refused" });
        }
        // A Referer from another site, without Origin; and a browser's Sec-Fetch-Site without either.
        const noOrigin = new Browser(app, victim.address, null);
        noOrigin.cookie = victim.cookie;
        expect((await noOrigin.send(method, url, body, { referer: `${EVIL_ORIGIN}/page` })).statusCode).toBe(
          403,
        );
        expect((await noOrigin.send(method, url, body, { "sec-fetch-site": "cross-site" })).statusCode).toBe(
          403,
        );
      }
      expect(await snapshot()).toBe(before);
      expect(await victim.whoAmI()).toBe(name);
    });

    it("takes the site's own origin, its Referer, the request's own host and a page on this machine", async () => {
      const { browser: home, name, password } = await signedUp("home");
      const patch = (headers: Record<string, string>, client = new Browser(app, home.address, null)) => {
        client.cookie = home.cookie;
        return client.send("PATCH", "/api/account", { email: "home@example.org" }, headers);
      };
      expect((await patch({ origin: SITE_ORIGIN })).statusCode).toBe(200);
      expect((await patch({ referer: `${SITE_ORIGIN}/account` })).statusCode).toBe(200);
      // The development server (Vite on 5173) proxying /api to the server on this machine.
      expect((await patch({ origin: "http://localhost:5173" })).statusCode).toBe(200);
      // Behind a proxy: the request's own host, whatever PUBLIC_URL says.
      expect(
        (await patch({ origin: "https://chess.example.org", host: "chess.example.org" })).statusCode,
      ).toBe(200);
      expect((await patch({ origin: "https://evil.example", host: "chess.example.org" })).statusCode).toBe(
        403,
      );
      // A page on this machine may not post to a server that is reached by another name.
      expect((await patch({ origin: "http://localhost:5173", host: "chess.example.org" })).statusCode).toBe(
        403,
      );
      // Neither Origin nor Referer: not a browser's request (it carries no victim's cookie), so it passes.
      expect((await patch({})).statusCode).toBe(200);
      expect((await patch({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
      expect((await new Browser(app, address(), null).signIn(name, password)).statusCode).toBe(200);
    });
  });

  describe("signing out", () => {
    it("ends this browser's session on the server and clears its cookie; another browser stays in", async () => {
      const { browser: laptop, name, password } = await signedUp("out");
      const phone = browser();
      await phone.signIn(name, password);
      const cookie = laptop.cookie;
      const response = await laptop.send("POST", "/api/account/sign-out");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(response.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)).toMatchObject({
        value: "",
        maxAge: 0,
      });
      expect(laptop.cookie).toBeUndefined();
      // The old cookie, replayed, is dead everywhere.
      const replay = browser();
      replay.cookie = cookie;
      expect(await replay.whoAmI()).toBeNull();
      expect(await phone.whoAmI()).toBe(name);
      // Signing out again, or without a session, is fine.
      expect((await laptop.send("POST", "/api/account/sign-out")).statusCode).toBe(200);
    });

    it("signs every browser out everywhere", async () => {
      const { browser: laptop, name, password } = await signedUp("everywhere");
      const phone = browser();
      const tablet = browser();
      await phone.signIn(name, password);
      await tablet.signIn(name, password);
      const response = await phone.send("POST", "/api/account/sign-out-everywhere");
      expect(response.statusCode).toBe(200);
      for (const client of [laptop, phone, tablet]) expect(await client.whoAmI()).toBeNull();
      expect((await browser().send("POST", "/api/account/sign-out-everywhere")).statusCode).toBe(401);
    });

    it("ends the earlier session of a browser that signs in again (as anyone)", async () => {
      const { browser: shared, name } = await signedUp("shared");
      const earlier = secretHash(shared.cookie ?? "");
      const other = await signedUp("other");
      expect((await shared.signIn(other.name, other.password)).statusCode).toBe(200);
      expect(await shared.whoAmI()).toBe(other.name);
      expect(
        await database.db
          .selectFrom("player_sessions")
          .select("id_hash")
          .where("id_hash", "=", earlier)
          .execute(),
      ).toEqual([]);
      expect(name).not.toBe(other.name);
    });
  });

  describe("the session list", () => {
    it("lists the player's browsers, marks this one, and revokes one by its id", async () => {
      const { browser: laptop, name, password } = await signedUp("list");
      const phone = browser();
      await phone.send(
        "POST",
        "/api/account/sign-in",
        { username: name, password },
        { "user-agent": "Phone/2.0" },
      );
      const listed = await laptop.send("GET", "/api/account/sessions");
      expect(listed.statusCode).toBe(200);
      const sessions = listed.json().sessions as { id: string; current: boolean; user_agent: string }[];
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions.map((s) => s.user_agent).sort()).toEqual(["Phone/2.0", "test-browser/1.0"]);
      const phoneSession = sessions.find((s) => !s.current);
      // Nothing in the list signs anyone in.
      expect(JSON.stringify(sessions)).not.toContain(phone.cookie);
      const revoked = await laptop.send("DELETE", `/api/account/sessions/${phoneSession?.id}`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.headers["set-cookie"]).toBeUndefined();
      expect(await phone.whoAmI()).toBeNull();
      expect(await laptop.whoAmI()).toBe(name);
      expect((await laptop.send("DELETE", `/api/account/sessions/${phoneSession?.id}`)).statusCode).toBe(404);
      expect((await laptop.send("DELETE", "/api/account/sessions/no-such-id")).statusCode).toBe(404);
      expect((await laptop.send("DELETE", "/api/account/sessions/bad%20id!")).statusCode).toBe(400);
    });

    it("does not let one player see or end another's sessions", async () => {
      const one = await signedUp("one");
      const two = await signedUp("two");
      const twoSessions = (await two.browser.send("GET", "/api/account/sessions")).json().sessions as {
        id: string;
      }[];
      expect((await one.browser.send("GET", "/api/account/sessions")).json().sessions).toHaveLength(1);
      const response = await one.browser.send("DELETE", `/api/account/sessions/${twoSessions[0]?.id}`);
      expect(response.statusCode).toBe(404);
      expect(await two.browser.whoAmI()).toBe(two.name);
    });

    it("signs this browser out when it revokes its own session", async () => {
      const { browser: self } = await signedUp("self");
      const [mine] = (await self.send("GET", "/api/account/sessions")).json().sessions as { id: string }[];
      const response = await self.send("DELETE", `/api/account/sessions/${mine?.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)?.maxAge).toBe(0);
      expect(await self.whoAmI()).toBeNull();
    });
  });

  describe("the Secure flag", () => {
    it("is set outside localhost, and always when PUBLIC_URL is https", async () => {
      const elsewhere = new Browser(app, address(), "https://chess.example.org");
      const response = await elsewhere.send(
        "POST",
        "/api/account/sign-up",
        { username: `secure_${kind.name}`, password: strongPassword("secure") },
        { host: "chess.example.org" },
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)?.secure).toBe(true);

      const https = await playerTestApp(database, { env: { PUBLIC_URL: "https://chess.example.org" } });
      try {
        const local = new Browser(https, address(), "https://chess.example.org");
        const signIn = await local.signIn(`secure_${kind.name}`, strongPassword("secure"));
        expect(signIn.statusCode, signIn.body).toBe(200);
        expect(signIn.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)?.secure).toBe(true);
        // An operator who declares a plain-http site elsewhere gets cookies that can come back over http.
        const plain = await playerTestApp(database, { env: { PUBLIC_URL: "http://chess.lan:3000" } });
        try {
          const lan = new Browser(plain, address(), "http://chess.lan:3000");
          const answer = await lan.send(
            "POST",
            "/api/account/sign-in",
            { username: `secure_${kind.name}`, password: strongPassword("secure") },
            { host: "chess.lan:3000" },
          );
          expect(answer.statusCode).toBe(200);
          expect(answer.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)?.secure).toBeUndefined();
        } finally {
          await plain.close();
        }
      } finally {
        await https.close();
      }
    });
  });
});
