import { createHmac } from "node:crypto";
import { SESSION_LIFETIME_MS } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { AccountError, AdminAccounts, ensureAdminAccount, type HashCost } from "./accounts";
import { createAdminCommand } from "./cli";
import {
  clientNetwork,
  type LimitState,
  LOGIN_LIMITS,
  LoginRateLimiter,
  lockDelayMs,
  loginWaitMs,
  withFailure,
} from "./rate-limit";
import { AdminTokens, readToken, signToken, tokenKey } from "./tokens";

/** Cheap argon2 for tests only, passed explicitly; production code uses PASSWORD_HASH_COST. */
const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const SECRET = "auth-test-token-secret-0123456789abcdef";
const MINUTE = 60_000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const hs256 = (signed: string, key: Buffer) => createHmac("sha256", key).update(signed).digest("base64url");

describe("rate-limit rules", () => {
  const empty: LimitState = { failures: [], lockouts: 0, lockedUntil: null };
  const failTimes = (state: LimitState, times: number[]) =>
    times.reduce((current, time) => withFailure(current, time), state);

  it("locks after 5 failures within 15 minutes, for 1 minute, doubling up to 30", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => lockDelayMs(n))).toEqual(
      [1, 2, 4, 8, 16, 30, 30].map((m) => m * MINUTE),
    );
    const four = failTimes(empty, [0, 1000, 2000, 3000]);
    expect(four.lockedUntil).toBeNull();
    const five = withFailure(four, 4000);
    expect(five).toMatchObject({ lockouts: 1, lockedUntil: 4000 + MINUTE });
    // The lock over, the next failure locks again at once, for twice as long.
    const six = withFailure(five, 4000 + MINUTE + 1);
    expect(six).toMatchObject({ lockouts: 2, lockedUntil: 4000 + 3 * MINUTE + 1 });
  });

  it("counts only failures within the window and forgives locks after a quiet window", () => {
    const spread = failTimes(empty, [0, 4 * MINUTE, 8 * MINUTE, 12 * MINUTE, 16 * MINUTE]);
    expect(spread.lockedUntil).toBeNull();
    const locked = failTimes(empty, [0, 1, 2, 3, 4]);
    const later = withFailure(locked, 4 + MINUTE + LOGIN_LIMITS.windowMs + 1);
    expect(later).toMatchObject({ lockouts: 0, failures: [4 + MINUTE + LOGIN_LIMITS.windowMs + 1] });
  });

  it("holds a locked username back only for networks with recent failures", () => {
    const user = failTimes(empty, [0, 1, 2, 3, 4]);
    expect(loginWaitMs(empty, user, 10)).toBe(0);
    const failedOnce = failTimes(empty, [2]);
    expect(loginWaitMs(failedOnce, user, 10)).toBe(MINUTE + 4 - 10);
    const lockedNetwork = failTimes(empty, [0, 1, 2, 3, 4]);
    expect(loginWaitMs(lockedNetwork, empty, 10)).toBe(MINUTE + 4 - 10);
  });

  it("keys IPv4 by its /24 and IPv6 by its /64", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.0/24");
    expect(clientNetwork("203.0.113.250")).toBe("203.0.113.0/24");
    expect(clientNetwork("203.0.114.7")).toBe("203.0.114.0/24");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(clientNetwork("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::7")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });
});

describe("admin configuration", () => {
  it("refuses a short ADMIN_PASSWORD and a bad ADMIN_USERNAME in one message", () => {
    const load = () =>
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: "/tmp",
        ADMIN_PASSWORD: "short",
        ADMIN_USERNAME: "no spaces",
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(load).toThrow(/ADMIN_USERNAME: must be 1-64 letters/);
  });

  it("defaults the admin name to admin and takes a long enough password", () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp", ADMIN_PASSWORD: "long enough password" });
    expect(config).toMatchObject({ adminUsername: "admin", adminPassword: "long enough password" });
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("admin authentication on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let accounts: AdminAccounts;
  let password: string;
  const printed: string[] = [];
  let address = 0;
  /** A client network (/24) no other test has used, so rate limits of one test do not reach another. */
  const freshAddress = () => `198.51.${++address}.1`;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { TOKEN_SECRET: SECRET } });
    accounts = new AdminAccounts(database.db, { hashCost: TEST_COST });
    const first = await ensureAdminAccount(
      database.db,
      { adminUsername: "admin", adminPassword: undefined },
      { print: (message) => printed.push(message), hashCost: TEST_COST },
    );
    if (first.action !== "generated") throw new Error(`expected a generated admin, got ${first.action}`);
    password = first.password;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const login = (body: object, remoteAddress = freshAddress()) =>
    app.inject({ method: "POST", url: "/api/admin/login", payload: body, remoteAddress });
  const validate = (authorization?: string) =>
    app.inject({
      method: "GET",
      url: "/api/admin/validate",
      headers: authorization === undefined ? {} : { authorization },
    });
  const isValid = async (token: string) => (await validate(`Bearer ${token}`)).json().valid as boolean;
  const logout = (token?: string) =>
    app.inject({
      method: "POST",
      url: "/api/admin/logout",
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  async function tokenOf(username: string, secret: string): Promise<string> {
    const response = await login({ username, password: secret });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token;
  }

  it("creates the first admin with a generated password, printed once, never a built-in one", async () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(password);
    expect(printed[0]).toContain('"admin"');
    expect(password.length).toBeGreaterThanOrEqual(24);
    const again = await ensureAdminAccount(
      database.db,
      { adminUsername: "admin", adminPassword: undefined },
      { print: (message) => printed.push(message), hashCost: TEST_COST },
    );
    expect(again).toEqual({ action: "none" });
    expect(printed).toHaveLength(1);
    expect((await login({ username: "admin", password })).statusCode).toBe(200);
  });

  it("creates a configured admin and updates its password when the configuration changes", async () => {
    const ensure = (secret: string) =>
      ensureAdminAccount(
        database.db,
        { adminUsername: "editor", adminPassword: secret },
        { print: (message) => printed.push(message), hashCost: TEST_COST },
      );
    expect(await ensure("configured password 1")).toEqual({ action: "created", username: "editor" });
    const token = await tokenOf("editor", "configured password 1");
    expect(await ensure("configured password 1")).toEqual({ action: "unchanged", username: "editor" });
    expect(await isValid(token)).toBe(true);
    expect(await ensure("configured password 2")).toEqual({ action: "updated", username: "editor" });
    expect(await isValid(token)).toBe(false);
    expect((await login({ username: "editor", password: "configured password 1" })).statusCode).toBe(401);
    expect((await login({ username: "editor", password: "configured password 2" })).statusCode).toBe(200);
    expect(printed).toHaveLength(1);
  });

  it("refuses passwords shorter than 12 characters with a clear message", async () => {
    await expect(accounts.create("shorty", "elevenchars")).rejects.toThrow(AccountError);
    await expect(accounts.create("shorty", "elevenchars")).rejects.toThrow(
      "the password must be at least 12 characters",
    );
    expect(await accounts.find("shorty")).toBeUndefined();
  });

  it("logs in with the right password: a 30-minute token that validates", async () => {
    const before = Date.now();
    const response = await login({ username: "admin", password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["access_token", "expires_at"]);
    expect(body.access_token.split(".")).toHaveLength(3);
    const expiresIn = Date.parse(body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(SESSION_LIFETIME_MS - 2000);
    expect(expiresIn).toBeLessThanOrEqual(SESSION_LIFETIME_MS + 1000);
    expect(await validate(`Bearer ${body.access_token}`).then((r) => r.json())).toEqual({ valid: true });
  });

  it("answers a wrong password and an unknown user with the same 401", async () => {
    const wrongPassword = await login({ username: "admin", password: "not the password" });
    const unknownUser = await login({ username: "nobody-here", password: "not the password" });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      error: "invalid_credentials",
      message: "Invalid username or password",
    });
    expect(unknownUser.body).toBe(wrongPassword.body);
  });

  it("refuses a login body without username or password with a 400 naming the field", async () => {
    for (const [body, field] of [
      [{ password }, "body.username"],
      [{ username: "admin" }, "body.password"],
      [{ username: "", password }, "body.username"],
      [{ username: "admin", password: "" }, "body.password"],
    ] as const) {
      const response = await login(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const empty = await login({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toHaveLength(2);
  });

  it("answers {valid:false} for a missing, malformed or garbage token, never an error", async () => {
    for (const header of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Basic YWRtaW46eA==",
      "Bearer a.b.c",
      "Bearer ....",
    ]) {
      const response = await validate(header);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: false });
    }
    expect(await isValid("x".repeat(5000))).toBe(false);
  });

  it("refuses a tampered signature, a tampered payload and a token of another secret", async () => {
    const token = await tokenOf("admin", password);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    expect(await isValid(`${header}.${payload}.${flipped}`)).toBe(false);
    const claims = readToken(token, tokenKey(SECRET));
    if (!claims) throw new Error("the server's token should read back");
    const longer = b64({ ...claims, exp: claims.exp + 3600 });
    expect(await isValid(`${header}.${longer}.${signature}`)).toBe(false);
    expect(await isValid(signToken(claims, tokenKey("another-secret-0123456789-0123456789")))).toBe(false);
    expect(await isValid(token)).toBe(true);
  });

  it("never takes the algorithm from the token: alg none, other algs and reordered headers fail", async () => {
    const token = await tokenOf("admin", password);
    const payload = token.split(".")[1] as string;
    const key = tokenKey(SECRET);
    const none = b64({ alg: "none", typ: "JWT" });
    expect(await isValid(`${none}.${payload}.`)).toBe(false);
    expect(await isValid(`${none}.${payload}`)).toBe(false);
    // Correctly signed with the real key, but under a header that is not the server's own.
    for (const header of [{ alg: "HS512", typ: "JWT" }, { typ: "JWT", alg: "HS256" }, { alg: "HS256" }]) {
      const signed = `${b64(header)}.${payload}`;
      expect(await isValid(`${signed}.${hs256(signed, key)}`)).toBe(false);
    }
  });

  it("refuses an expired token", async () => {
    const account = await accounts.find("admin");
    if (!account) throw new Error("admin should exist");
    const past = new AdminTokens(database.db, SECRET, {
      now: () => Date.now() - SESSION_LIFETIME_MS - MINUTE,
    });
    const expired = await past.issue(account);
    expect(Date.parse(expired.expires_at)).toBeLessThan(Date.now());
    expect(await isValid(expired.access_token)).toBe(false);
    const fresh = await new AdminTokens(database.db, SECRET).issue(account);
    expect(await isValid(fresh.access_token)).toBe(true);
  });

  it("revokes a token on logout, on the server", async () => {
    const token = await tokenOf("admin", password);
    const other = await tokenOf("admin", password);
    expect(await isValid(token)).toBe(true);
    const out = await logout(token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ revoked: true });
    expect(await isValid(token)).toBe(false);
    expect(await isValid(other)).toBe(true);
    expect((await logout(token)).json()).toEqual({ revoked: false });
    expect((await logout()).statusCode).toBe(401);
    expect((await logout("garbage.token.here")).statusCode).toBe(401);
  });

  const refresh = (authorization?: string) =>
    app.inject({
      method: "POST",
      url: "/api/admin/refresh",
      headers: authorization === undefined ? {} : { authorization },
    });

  it("refreshes a live token: a new 30-minute token of the same session, which one logout ends", async () => {
    const token = await tokenOf("admin", password);
    const before = Date.now();
    const response = await refresh(`Bearer ${token}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["access_token", "expires_at"]);
    expect(Date.parse(body.expires_at) - before).toBeGreaterThan(SESSION_LIFETIME_MS - 2000);
    expect(await isValid(body.access_token)).toBe(true);
    // The earlier token (another tab may hold it) works until its own expiry...
    expect(await isValid(token)).toBe(true);
    // ...and logging out with the new one ends both.
    expect((await logout(body.access_token)).json()).toEqual({ revoked: true });
    expect(await isValid(token)).toBe(false);
    expect(await isValid(body.access_token)).toBe(false);
  });

  it("refuses to refresh an expired, revoked, foreign or missing token with a 401 JSON answer", async () => {
    const account = await accounts.find("admin");
    if (!account) throw new Error("admin should exist");
    const expired = await new AdminTokens(database.db, SECRET, {
      now: () => Date.now() - SESSION_LIFETIME_MS - MINUTE,
    }).issue(account);
    const revoked = await tokenOf("admin", password);
    await logout(revoked);
    const claims = readToken(await tokenOf("admin", password), tokenKey(SECRET));
    if (!claims) throw new Error("the server's token should read back");
    const foreign = signToken(claims, tokenKey("another-secret-0123456789-0123456789"));
    for (const authorization of [
      `Bearer ${expired.access_token}`,
      `Bearer ${revoked}`,
      `Bearer ${foreign}`,
      "Bearer garbage",
      "Basic YWRtaW46eA==",
      undefined,
    ]) {
      const response = await refresh(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ error: "unauthorized", message: expect.any(String) });
    }
  });

  it("moves the session's expiry on with each refresh: an old token ends, the refreshed one lives on", async () => {
    const account = await accounts.find("admin");
    if (!account) throw new Error("admin should exist");
    let now = Date.now();
    const tokens = new AdminTokens(database.db, SECRET, { now: () => now });
    const first = await tokens.issue(account);
    now += 25 * MINUTE;
    const second = await tokens.refresh(first.access_token);
    if (!second) throw new Error("a live token should refresh");
    expect(Date.parse(second.expires_at)).toBe(Math.floor(now / 1000) * 1000 + SESSION_LIFETIME_MS);
    now += 10 * MINUTE;
    expect(await tokens.verify(first.access_token)).toBeUndefined();
    expect(await tokens.verify(second.access_token)).toBeDefined();
    expect(await tokens.refresh(first.access_token)).toBeUndefined();
    now += 20 * MINUTE;
    expect(await tokens.verify(second.access_token)).toBeUndefined();
    expect(await tokens.refresh(second.access_token)).toBeUndefined();
  });

  it("refuses tokens of a deleted account or from before a password change", async () => {
    await accounts.create("temporary", "temporary password");
    const token = await tokenOf("temporary", "temporary password");
    await accounts.setPassword("temporary", "another temporary password");
    expect(await isValid(token)).toBe(false);
    const second = await tokenOf("temporary", "another temporary password");
    expect(await isValid(second)).toBe(true);
    await database.db.deleteFrom("admin_accounts").where("username", "=", "temporary").execute();
    expect(await isValid(second)).toBe(false);
  });

  it("locks an address after 5 failures (429 + Retry-After) while the real admin logs in elsewhere", async () => {
    await accounts.create("owner", "the owner's password");
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: "owner", password: `guess number ${i}` }, attacker)).statusCode).toBe(
        401,
      );
    }
    const locked = await login({ username: "owner", password: "guess number 5" }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: "too_many_requests" });
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Even the right password waits from the locked address...
    expect((await login({ username: "owner", password: "the owner's password" }, attacker)).statusCode).toBe(
      429,
    );
    // ...but the admin from an address without failures gets in, despite the username's lock.
    const owner = await login({ username: "owner", password: "the owner's password" }, freshAddress());
    expect(owner.statusCode).toBe(200);
  });

  it("limits one address spraying many usernames", async () => {
    const sprayer = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: `user${i}`, password: "spray password" }, sprayer)).statusCode).toBe(
        401,
      );
    }
    expect((await login({ username: "user5", password: "spray password" }, sprayer)).statusCode).toBe(429);
  });

  it("holds back other failing addresses while a username is locked, and clears on success", async () => {
    const limiter = new LoginRateLimiter(database.db);
    const t0 = Date.parse("2030-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) await limiter.begin(`203.0.${i}.1`, "target", t0 + i);
    // 203.0.0.1 failed within the window: the username's lock holds it back.
    expect(await limiter.begin("203.0.0.1", "target", t0 + 10)).toMatchObject({ allowed: false });
    const clean = await limiter.begin("203.0.99.1", "target", t0 + 20);
    expect(clean).toEqual({ allowed: true, attemptAt: t0 + 20 });
    await limiter.succeeded("203.0.99.1", "target", t0 + 20);
    const row = await database.db
      .selectFrom("admin_login_limits")
      .selectAll()
      .where("key", "in", ["net:203.0.99.0/24", "user:target"])
      .execute();
    // The clean address's failures are cleared and the provisional failure taken back; the username's lock,
    // doubled when that attempt counted as a sixth failure, still holds back the failing addresses.
    expect(row.map((r) => r.key)).toEqual(["user:target"]);
    expect(JSON.parse(row[0]?.failures ?? "[]")).not.toContain(t0 + 20);
    const unlock = t0 + 20 + 2 * MINUTE;
    expect(row[0]?.locked_until).toBe(new Date(unlock).toISOString());
    expect(await limiter.begin("203.0.1.1", "target", unlock - 1)).toMatchObject({ allowed: false });
    expect(await limiter.begin("203.0.1.1", "target", unlock)).toMatchObject({ allowed: true });
  });

  it("lets a parallel burst from one address through only up to the limit", async () => {
    const limiter = new LoginRateLimiter(database.db);
    const now = Date.now();
    const gates = await Promise.all(
      Array.from({ length: 12 }, (_, i) => limiter.begin("192.0.2.200", `burst${i}`, now)),
    );
    expect(gates.filter((gate) => gate.allowed)).toHaveLength(5);
  });

  it("accepts a valid admin token for writes and refuses a revoked one", async () => {
    const token = await tokenOf("admin", password);
    const write = (bearer: string) =>
      app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: { authorization: `Bearer ${bearer}` },
        payload: positionInput("middlegame"),
      });
    const created = await write(token);
    expect(created.statusCode, created.body).toBe(201);
    await logout(token);
    const refused = await write(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: "unauthorized" });
  });

  it("manages accounts from the CLI, the password from ADMIN_PASSWORD or stdin", async () => {
    const output: string[] = [];
    const run = async (args: string[], env: Record<string, string> = {}, stdin = "") => {
      const command = createAdminCommand({ readPassword: async () => stdin, hashCost: TEST_COST });
      return command.run({
        args,
        config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...database.env, ...env }),
        database: async () => database,
        log: (message) => output.push(message),
      });
    };
    expect(await run(["create", "cli-admin"], { ADMIN_PASSWORD: "password from env" })).toBe(0);
    expect((await login({ username: "cli-admin", password: "password from env" })).statusCode).toBe(200);
    expect(await run(["create", "cli-admin"], {}, "password from stdin")).toBe(1);
    expect(await run(["set-password", "cli-admin"], {}, "password from stdin")).toBe(0);
    expect((await login({ username: "cli-admin", password: "password from stdin" })).statusCode).toBe(200);
    expect(await run(["set-password", "cli-admin"], {}, "too short")).toBe(2);
    expect(output.at(-1)).toBe("admin set-password: the password must be at least 12 characters");
    expect(await run(["set-password", "no-such-admin"], {}, "long enough password")).toBe(1);
    expect(await run(["create"], {}, "long enough password")).toBe(2);
    output.length = 0;
    expect(await run(["list"])).toBe(0);
    expect(output.map((line) => line.split(" ")[0])).toEqual(
      expect.arrayContaining(["admin", "cli-admin", "editor"]),
    );
  });
});
