import { createHash, createHmac, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { SESSION_LIFETIME_MS } from "@ct/contract";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminAccounts, type HashCost } from "./auth/accounts";
import { AdminTokens, readToken, signToken, type TokenClaims, tokenKey } from "./auth/tokens";
import { PUBLIC_CLIENT_KEY } from "./auth/writer";
import { testApp } from "./testing/app";
import { type TestDatabase, testDatabaseKinds } from "./testing/databases";
import { positionInput } from "./testing/positions";

/**
 * Attacks on the admin area of the real app (SQLite and PostgreSQL): password guessing, stolen, expired, revoked,
 * forged and tampered tokens, algorithm confusion, credentials in the wrong place, and every write or admin route
 * called without a valid credential. Then the security headers of pages, API answers and uploaded files.
 */
const SECRET = "security-test-token-secret-0123456789abcdef";
const API_KEY = "security-test-api-key-0123456789";
const OTHER_SECRET = "another-servers-token-secret-9876543210-zyx";
/** Cheap argon2 for tests only (the production cost is set in accounts.ts). */
const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const ADMIN = { username: "owner", password: "the real owner's long password" };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const hmac = (algorithm: "sha256" | "sha512", key: Buffer | string, data: string) =>
  createHmac(algorithm, key).update(data).digest("base64url");

/** Routes anyone may call: reading is public, and these three writes are for visitors by design. */
const PUBLIC_WRITES = new Set([
  "POST /api/admin/login",
  "POST /api/email/contact",
  "POST /api/tactical-positions/search",
  // A player's result on a puzzle: no account, rate-limited per network, one rating change per network and puzzle.
  "POST /api/tactical-positions/{id}/attempts",
  // Puzzle Storm: an anonymous player's run is checked too (its score replayed), rate-limited per network.
  "POST /api/storm/runs",
  // Puzzle Racer: guests race too (a name checked like a username), joins rate-limited per network.
  "POST /api/racer/races",
  "POST /api/racer/races/{id}/join",
  "POST /api/racer/queue",
]);
/** Reads that show admin data. */
const ADMIN_READS = new Set([
  "GET /api/admin/messages",
  "GET /api/analysis/jobs",
  "GET /api/blog/posts/{slug}/revisions",
  "GET /api/blog/posts/{slug}/revisions/{id}",
]);
/**
 * Routes of player accounts (players/, issue 38): a player's own data, reached with the session cookie behind the
 * same-origin check, never with an admin credential (players/*.test.ts prove both, a player's cookie on an admin
 * route included). None of them may claim the admin's security either: a guarded one would fail the test below.
 */
const isPlayerRoute = (key: string) => / \/api\/account(\/|$)/.test(key);
/** Routes the admin area must guard, named by the issue: none may go missing from the API. */
const MUST_BE_GUARDED = [
  "POST /api/tactical-positions/",
  "PUT /api/tactical-positions/{id}",
  "DELETE /api/tactical-positions/{id}",
  "POST /api/tactical-positions/batch",
  "POST /api/tactical-positions/import/lichess",
  "POST /api/analysis/jobs",
  "POST /api/analysis/jobs/{id}/cancel",
  "POST /api/analysis/jobs/{id}/retry",
  "POST /api/analysis/stop",
  "POST /api/analysis/resume",
  "POST /api/blog/posts",
  "PUT /api/blog/posts/{slug}",
  "DELETE /api/blog/posts/{slug}",
  "POST /api/blog/upload-image",
  "GET /api/admin/messages",
  "GET /api/analysis/jobs",
];

/** The legal trap, a real miniature (1-0 in seven moves). */
const PGN = `[Event "Legal's mate"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0`;
const CSV =
  "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n" +
  "sec01,6k1/p4ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1,a7a6 e1e8,1200,80,90,100,mateIn1 short,,\n";

function multipart(field: string, data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ct-security-${randomBytes(8).toString("hex")}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="board.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (title: string) => ({
  title,
  content: "<p>A post about the Lucena position and building a bridge.</p>",
  tags: ["endgame"],
  published: true,
  author: "Admin",
});

/** The directives of a Content-Security-Policy header. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [String(name).toLowerCase(), values]),
  );
}

function expectSecureHeaders(label: string, response: LightMyRequestResponse) {
  const headers = response.headers;
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(String(headers["referrer-policy"]), label).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(headers["x-powered-by"], label).toBeUndefined();
  expect(headers.server, label).toBeUndefined();
  expect(headers["access-control-allow-origin"], label).toBeUndefined();
  // Plain HTTP: Strict-Transport-Security would be ignored, and must not be claimed.
  expect(headers["strict-transport-security"], label).toBeUndefined();
  const policy = directives(String(headers["content-security-policy"] ?? ""));
  expect(policy.size, `${label}: a Content-Security-Policy`).toBeGreaterThan(0);
  return policy;
}

/** The site's policy: its own origin, YouTube's embeds, no inline or foreign script, no plugins, no framing. */
function expectSitePolicy(label: string, policy: Map<string, string[]>) {
  expect(policy.get("default-src"), label).toEqual(["'self'"]);
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scripts, label).toContain("'self'");
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:", "http:", "https:"])
    expect(scripts, `${label}: script-src ${forbidden}`).not.toContain(forbidden);
  // Inline scripts only by their hash (the theme script the site's pages carry).
  expect(
    scripts.every(
      (source) =>
        ["'self'", "'wasm-unsafe-eval'"].includes(source) || /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source),
    ),
    `${label}: script-src ${scripts.join(" ")}`,
  ).toBe(true);
  const frames = policy.get("frame-src") ?? [];
  expect(frames.length, label).toBeGreaterThan(0);
  for (const source of frames)
    expect(source, `${label}: frame-src`).toMatch(/^https:\/\/www\.youtube(-nocookie)?\.com$/);
  expect(frames, label).toContain("https://www.youtube-nocookie.com");
  expect(policy.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(policy.get("object-src"), label).toEqual(["'none'"]);
  expect(policy.get("base-uri"), label).toEqual(["'self'"]);
  expect(policy.get("form-action"), label).toEqual(["'self'"]);
  for (const [name, sources] of policy) {
    expect(sources, `${label}: ${name} has no wildcard`).not.toContain("*");
    expect(sources, `${label}: ${name} allows no plain http`).not.toContain("http:");
  }
  // Images: the site's own (uploads included), inline data/blob previews, and https images from elsewhere (the ones
  // the post sanitiser keeps), never plain http.
  expect(policy.get("img-src"), label).toEqual(["'self'", "data:", "blob:", "https:"]);
  expect(policy.get("connect-src"), label).toEqual(["'self'"]);
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("security of the admin area and the headers on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let accounts: AdminAccounts;
  let routes: { method: string; path: string; guarded: boolean }[];
  let positionId: number;
  let slug: string;
  let jobId: number;
  let png: Buffer;
  let network = 0;
  /** A client network (/24) no other test used, so one test's failed logins do not lock another's. */
  const freshAddress = () => `198.${51 + Math.floor(++network / 250)}.${network % 250}.1`;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { TOKEN_SECRET: SECRET, API_KEY } });
    accounts = new AdminAccounts(database.db, { hashCost: TEST_COST });
    await accounts.create(ADMIN.username, ADMIN.password);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 118, g: 150, b: 86 } } })
      .png()
      .toBuffer();
    const writer = { "x-api-key": API_KEY };
    const created = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/",
      headers: writer,
      payload: positionInput("middlegame"),
    });
    expect(created.statusCode, created.body).toBe(201);
    positionId = created.json().id;
    const blog = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: writer,
      payload: post("Security reading"),
    });
    expect(blog.statusCode, blog.body).toBe(201);
    slug = blog.json().slug;
    const job = await app.inject({
      method: "POST",
      url: "/api/analysis/jobs?name=security.pgn&nodes=10000",
      headers: { ...writer, "content-type": "application/x-chess-pgn" },
      payload: PGN,
    });
    expect(job.statusCode, job.body).toBe(201);
    jobId = job.json().id;
    const docs = (await app.inject({ method: "GET", url: "/api/docs" })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    routes = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        guarded: operation.security !== undefined,
      })),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const login = (body: { username: string; password: string }, remoteAddress: string, headers = {}) =>
    app.inject({ method: "POST", url: "/api/admin/login", payload: body, remoteAddress, headers });
  const isValid = async (authorization: string) => {
    const response = await app.inject({
      method: "GET",
      url: "/api/admin/validate",
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    return response.json().valid as boolean;
  };
  async function adminToken(): Promise<string> {
    const response = await login(ADMIN, freshAddress());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token;
  }
  /** A write that only an admin may make: it must be refused with a JSON 401 and leave nothing behind. */
  async function expectWriteRefused(label: string, headers: Record<string, string>) {
    const before = await database.db.selectFrom("positions").select("id").execute();
    const response = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/",
      headers,
      payload: positionInput("endgame"),
    });
    expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
    expect(response.json(), label).toMatchObject({ error: "unauthorized" });
    expect(await database.db.selectFrom("positions").select("id").execute()).toHaveLength(before.length);
  }
  async function claimsOf(token: string): Promise<TokenClaims> {
    const claims = readToken(token, tokenKey(SECRET));
    if (!claims) throw new Error("a token of this server should read back");
    return claims;
  }

  describe("password guessing", () => {
    it("locks one network after 5 wrong passwords with 429 + Retry-After, while the admin logs in elsewhere", async () => {
      const attacker = freshAddress();
      for (let i = 0; i < 5; i++) {
        const guess = await login({ username: ADMIN.username, password: `wrong guess ${i}` }, attacker);
        expect(guess.statusCode).toBe(401);
        expect(guess.json()).toEqual({
          error: "invalid_credentials",
          message: "Invalid username or password",
        });
      }
      for (const password of ["wrong guess 5", ADMIN.password]) {
        const locked = await login({ username: ADMIN.username, password }, attacker);
        expect(locked.statusCode).toBe(429);
        expect(locked.headers["content-type"]).toMatch(/application\/json/);
        expect(locked.json()).toMatchObject({ error: "too_many_requests" });
        const retryAfter = Number(locked.headers["retry-after"]);
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        // A 429 never hands out a token, even for the right password.
        expect(locked.body).not.toContain("access_token");
      }
      // The username is locked too now, but that must not lock out the real admin on a clean network.
      const owner = await login(ADMIN, freshAddress());
      expect(owner.statusCode, owner.body).toBe(200);
      expect(await isValid(`Bearer ${owner.json().access_token}`)).toBe(true);
    });

    it("does not let a direct client escape its lock with a forged X-Forwarded-For", async () => {
      const attacker = freshAddress();
      const username = "forwarded-victim";
      for (let i = 0; i < 5; i++) await login({ username, password: `guess ${i}` }, attacker);
      for (let i = 0; i < 5; i++) {
        const spoofed = await login({ username, password: `guess x${i}` }, attacker, {
          "x-forwarded-for": `203.0.113.${i + 10}`,
          "x-real-ip": `203.0.113.${i + 10}`,
        });
        expect(spoofed.statusCode).toBe(429);
      }
    });

    it("gives a parallel burst from one network no more than 5 guesses", async () => {
      const attacker = freshAddress();
      // A username without earlier failures, so only the network's own limit counts.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login({ username: "burst-target", password: `burst guess ${i}` }, attacker),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    });

    it("stops one network spraying many usernames", async () => {
      const sprayer = freshAddress();
      for (let i = 0; i < 5; i++)
        expect((await login({ username: `sprayed${i}`, password: "Summer2024!!" }, sprayer)).statusCode).toBe(
          401,
        );
      expect((await login({ username: "sprayed5", password: "Summer2024!!" }, sprayer)).statusCode).toBe(429);
    });

    it("holds a guessing attack spread over many networks to one guess per network, admin unaffected", async () => {
      await accounts.create("spread-target", "spread target's password");
      const attackers = Array.from({ length: 8 }, () => freshAddress());
      // Each network gets its one guess; 5 of them lock the username...
      for (const address of attackers)
        expect((await login({ username: "spread-target", password: "guess one" }, address)).statusCode).toBe(
          401,
        );
      // ...which then holds back every network that guessed, even with the right password.
      for (const address of attackers) {
        const again = await login(
          { username: "spread-target", password: "spread target's password" },
          address,
        );
        expect(again.statusCode).toBe(429);
      }
      const owner = await login(
        { username: "spread-target", password: "spread target's password" },
        freshAddress(),
      );
      expect(owner.statusCode, owner.body).toBe(200);
    });

    it("answers an unknown name and a wrong password alike", async () => {
      const wrong = await login({ username: ADMIN.username, password: "not it at all" }, freshAddress());
      const unknown = await login({ username: "no-such-admin", password: "not it at all" }, freshAddress());
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
    });
  });

  describe("tokens", () => {
    it("refuses an expired token, and re-signing it with a later expiry does not revive its session", async () => {
      const account = await accounts.find(ADMIN.username);
      if (!account) throw new Error("the admin should exist");
      const past = new AdminTokens(database.db, SECRET, {
        now: () => Date.now() - SESSION_LIFETIME_MS - 60_000,
      });
      const expired = await past.issue(account);
      expect(Date.parse(expired.expires_at)).toBeLessThan(Date.now());
      expect(await isValid(`Bearer ${expired.access_token}`)).toBe(false);
      await expectWriteRefused("expired token", { authorization: `Bearer ${expired.access_token}` });
      // Even with the server's own key (a leaked secret), the session row has expired on the server.
      const claims = await claimsOf(expired.access_token);
      const revived = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }, tokenKey(SECRET));
      expect(await isValid(`Bearer ${revived}`)).toBe(false);
      await expectWriteRefused("re-signed expired token", { authorization: `Bearer ${revived}` });
    });

    it("refuses a live session's token once its own expiry has passed", async () => {
      const token = await adminToken();
      const claims = await claimsOf(token);
      const stale = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, tokenKey(SECRET));
      expect(await isValid(`Bearer ${stale}`)).toBe(false);
      expect(await isValid(`Bearer ${token}`)).toBe(true);
    });

    it("issues tokens that live 30 minutes and carry no secret", async () => {
      const token = await adminToken();
      const claims = await claimsOf(token);
      expect(claims.exp - claims.iat).toBe(SESSION_LIFETIME_MS / 1000);
      const payload = Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8");
      expect(payload).not.toContain(ADMIN.password);
      expect(Object.keys(JSON.parse(payload)).sort()).toEqual(["exp", "iat", "jti", "name", "sub"]);
    });

    it("refuses a revoked token everywhere after logout, while another session stays valid", async () => {
      const token = await adminToken();
      const other = await adminToken();
      const bearer = { authorization: `Bearer ${token}` };
      const created = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: bearer,
        payload: positionInput("opening"),
      });
      expect(created.statusCode, created.body).toBe(201);
      const out = await app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer });
      expect(out.json()).toEqual({ revoked: true });
      expect(await isValid(bearer.authorization)).toBe(false);
      await expectWriteRefused("revoked token", bearer);
      const blog = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: bearer,
        payload: post("Written after logout"),
      });
      expect(blog.statusCode).toBe(401);
      const messages = await app.inject({ method: "GET", url: "/api/admin/messages", headers: bearer });
      expect(messages.statusCode).toBe(401);
      // A revoked token cannot see drafts either: its reads are refused, not answered as a visitor's.
      const draft = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: { "x-api-key": API_KEY },
        payload: { ...post("A draft for admins only"), published: false },
      });
      const draftSlug = draft.json().slug as string;
      expect(
        (await app.inject({ method: "GET", url: `/api/blog/posts/${draftSlug}`, headers: bearer }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await app.inject({
            method: "GET",
            url: `/api/blog/posts/${draftSlug}`,
            headers: { authorization: `Bearer ${other}` },
          })
        ).statusCode,
      ).toBe(200);
      // Logging out again changes nothing; the other session is untouched.
      expect(
        (await app.inject({ method: "POST", url: "/api/admin/logout", headers: bearer })).json(),
      ).toEqual({
        revoked: false,
      });
      expect(await isValid(`Bearer ${other}`)).toBe(true);
    });

    it("refuses tampered payloads and signatures", async () => {
      const token = await adminToken();
      const [header, payload, signature] = token.split(".") as [string, string, string];
      const claims = await claimsOf(token);
      const forged: string[] = [
        // The payload changed, the signature kept.
        `${header}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${signature}`,
        `${header}.${b64({ ...claims, sub: "2" })}.${signature}`,
        `${header}.${b64({ ...claims, name: "root" })}.${signature}`,
        `${header}.${b64({ ...claims, admin: true })}.${signature}`,
        `${header}.${payload.slice(0, -1)}.${signature}`,
        // The signature changed.
        `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
        `${header}.${payload}.${signature.slice(0, 20)}`,
        `${header}.${payload}.${signature}${signature}`,
        `${header}.${payload}.`,
        `${header}.${payload}`,
        `${header}.${payload}.${Buffer.from(signature, "base64url").toString("base64")}`,
        `${header}.${payload}.${signature.toUpperCase()}`,
        // Another session's signature on this payload.
        `${header}.${payload}.${(await adminToken()).split(".")[2]}`,
        `${token}.`,
        `.${token}`,
      ];
      for (const candidate of forged) {
        expect(await isValid(`Bearer ${candidate}`), candidate).toBe(false);
      }
      for (const candidate of forged.slice(0, 6))
        await expectWriteRefused(`tampered ${candidate.slice(-12)}`, {
          authorization: `Bearer ${candidate}`,
        });
      expect(await isValid(`Bearer ${token}`)).toBe(true);
    });

    it("never takes the algorithm from the token", async () => {
      const token = await adminToken();
      const payload = token.split(".")[1] as string;
      const key = tokenKey(SECRET);
      const signedWith = (headerJson: object, sign: (data: string) => string) => {
        const data = `${b64(headerJson)}.${payload}`;
        return `${data}.${sign(data)}`;
      };
      const forged = [
        `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
        `${b64({ alg: "none", typ: "JWT" })}.${payload}`,
        `${b64({ alg: "None", typ: "JWT" })}.${payload}.`,
        `${b64({ alg: "nOnE" })}.${payload}.`,
        `${b64({ alg: "" })}.${payload}.`,
        // Another HMAC under the real key, and under the raw secret.
        signedWith({ alg: "HS512", typ: "JWT" }, (data) => hmac("sha512", key, data)),
        signedWith({ alg: "HS512", typ: "JWT" }, (data) => hmac("sha512", SECRET, data)),
        // RS256/ES256 headers verified with "the public key" = the secret (the classic confusion).
        signedWith({ alg: "RS256", typ: "JWT" }, (data) => hmac("sha256", SECRET, data)),
        signedWith({ alg: "RS256", typ: "JWT" }, (data) => hmac("sha256", key, data)),
        signedWith({ alg: "ES256", typ: "JWT" }, (data) => hmac("sha256", key, data)),
        // The server's own header, but signed with the raw secret instead of the derived key.
        signedWith({ alg: "HS256", typ: "JWT" }, (data) => hmac("sha256", SECRET, data)),
        // Header tricks around a correct HS256 signature with the real key.
        signedWith({ typ: "JWT", alg: "HS256" }, (data) => hmac("sha256", key, data)),
        signedWith({ alg: "HS256" }, (data) => hmac("sha256", key, data)),
        signedWith({ alg: "HS256", typ: "JWT", kid: "../../dev/null" }, (data) => hmac("sha256", key, data)),
        signedWith({ alg: "HS256", typ: "JWT", jku: "https://attacker.example/jwks.json" }, (data) =>
          hmac("sha256", key, data),
        ),
        signedWith({ alg: "HS256", typ: "JWT", jwk: { kty: "oct", k: b64("x") } }, (data) =>
          hmac("sha256", key, data),
        ),
        signedWith({ alg: "HS256", typ: "JWT", crit: ["b64"], b64: false }, (data) =>
          hmac("sha256", key, data),
        ),
      ];
      for (const candidate of forged) {
        expect(await isValid(`Bearer ${candidate}`), candidate.split(".")[0]).toBe(false);
        await expectWriteRefused(`alg ${candidate.split(".")[0]}`, { authorization: `Bearer ${candidate}` });
      }
    });

    it("refuses a token of another server (another secret), even for a live session id", async () => {
      const token = await adminToken();
      const claims = await claimsOf(token);
      const foreign = signToken(claims, tokenKey(OTHER_SECRET));
      expect(await isValid(`Bearer ${foreign}`)).toBe(false);
      await expectWriteRefused("token of another secret", { authorization: `Bearer ${foreign}` });
      const otherServer = await testApp(database, { env: { TOKEN_SECRET: OTHER_SECRET, API_KEY } });
      try {
        const check = await otherServer.inject({
          method: "GET",
          url: "/api/admin/validate",
          headers: { authorization: `Bearer ${token}` },
        });
        expect(check.json()).toEqual({ valid: false });
      } finally {
        await otherServer.close();
      }
    });

    it("refuses malformed Authorization headers and credentials in the wrong place", async () => {
      const token = await adminToken();
      const malformed = [
        "",
        "Bearer",
        "Bearer ",
        "Bearer null",
        "Bearer undefined",
        `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`,
        `Token ${token}`,
        `JWT ${token}`,
        token,
        `Bearer${token}`,
        `Bearer ${token} ${token}`,
        `Bearer ${token},Bearer ${token}`,
        `Bearer "${token}"`,
        `Bearer ${API_KEY}`,
        `Bearer ${PUBLIC_CLIENT_KEY}`,
        `Bearer ${"a".repeat(5000)}`,
        `Bearer ${token.replace(/\./g, "%2E")}`,
      ];
      for (const authorization of malformed) {
        const check = await app.inject({
          method: "GET",
          url: "/api/admin/validate",
          headers: { authorization },
        });
        expect(check.statusCode, authorization.slice(0, 40)).toBe(200);
        expect(check.json(), authorization.slice(0, 40)).toEqual({ valid: false });
        await expectWriteRefused(`Authorization ${authorization.slice(0, 40)}`, { authorization });
      }
      // The token is not an API key, the API key is not a token, and cookies and query strings carry nothing.
      await expectWriteRefused("token as X-API-Key", { "x-api-key": token });
      await expectWriteRefused("cookie", { cookie: `admin_token=${token}; token=${token}` });
      const inQuery = await app.inject({
        method: "POST",
        url: `/api/tactical-positions/?access_token=${token}&api_key=${API_KEY}`,
        payload: positionInput("endgame"),
      });
      expect(inQuery.statusCode).toBe(401);
      for (const key of ["", " ", API_KEY.slice(0, -1), API_KEY.toUpperCase(), `${API_KEY}x`, `x${API_KEY}`])
        await expectWriteRefused(`X-API-Key ${JSON.stringify(key)}`, { "x-api-key": key });
    });

    it("grants nothing to the site's public client key, even when an operator sets it as API_KEY", async () => {
      await expectWriteRefused("public client key", { "x-api-key": PUBLIC_CLIENT_KEY });
      const careless = await testApp(database, { env: { TOKEN_SECRET: SECRET, API_KEY: PUBLIC_CLIENT_KEY } });
      try {
        for (const [method, url] of [
          ["POST", "/api/tactical-positions/"],
          ["DELETE", `/api/tactical-positions/${positionId}`],
          ["DELETE", `/api/blog/posts/${slug}`],
          ["GET", "/api/admin/messages"],
        ] as const) {
          const response = await careless.inject({
            method,
            url,
            headers: { "x-api-key": PUBLIC_CLIENT_KEY },
            ...(method === "POST" ? { payload: positionInput("endgame") } : {}),
          });
          expect(response.statusCode, `${method} ${url}`).toBe(401);
        }
      } finally {
        await careless.close();
      }
      // Without any API_KEY configured, no key at all opens the writes.
      const keyless = await testApp(database, { env: { TOKEN_SECRET: SECRET } });
      try {
        for (const key of ["", "undefined", "null", PUBLIC_CLIENT_KEY, API_KEY]) {
          const response = await keyless.inject({
            method: "POST",
            url: "/api/tactical-positions/",
            headers: { "x-api-key": key },
            payload: positionInput("endgame"),
          });
          expect(response.statusCode, `key ${JSON.stringify(key)}`).toBe(401);
        }
      } finally {
        await keyless.close();
      }
    });
  });

  describe("routes that need an admin", () => {
    /** A request that the route would accept from an admin: only the credentials decide the answer. */
    function requestFor(
      route: { method: string; path: string },
      headers: Record<string, string>,
      target: { positionId: number; slug: string } = { positionId, slug },
    ) {
      const url = route.path
        .replace("{id}/cancel", `${jobId}/cancel`)
        .replace("{id}/retry", `${jobId}/retry`)
        .replace("{id}", String(target.positionId))
        .replace("{slug}", target.slug)
        .replace(/\{[a-z_]+\}/g, "1");
      const key = `${route.method} ${route.path}`;
      const json = (payload: unknown) => ({
        payload: JSON.stringify(payload),
        headers: { ...headers, "content-type": "application/json" },
      });
      let body: { payload?: string | Buffer; headers: Record<string, string> } = { headers };
      if (key === "POST /api/tactical-positions/" || key === "PUT /api/tactical-positions/{id}")
        body = json(positionInput("middlegame"));
      else if (key === "POST /api/tactical-positions/batch")
        body = json({ positions: [positionInput("opening")] });
      else if (key === "POST /api/tactical-positions/import/lichess")
        body = { payload: CSV, headers: { ...headers, "content-type": "text/csv" } };
      else if (key === "POST /api/analysis/jobs")
        body = { payload: PGN, headers: { ...headers, "content-type": "application/x-chess-pgn" } };
      else if (key === "POST /api/blog/posts" || key === "PUT /api/blog/posts/{slug}")
        body = json(post("An attacker's post"));
      else if (key === "POST /api/blog/posts/bulk")
        body = json({ action: "unpublish", slugs: [target.slug] });
      else if (key === "POST /api/blog/upload-image") {
        const form = multipart("image", png);
        body = { payload: form.payload, headers: { ...headers, ...form.headers } };
      } else if (route.method === "POST" || route.method === "PUT") body = json({});
      return { method: route.method as "GET", url, ...body };
    }

    async function fingerprint(): Promise<string> {
      const tables = await Promise.all([
        database.db.selectFrom("positions").selectAll().orderBy("id").execute(),
        database.db.selectFrom("blog_posts").selectAll().orderBy("id").execute(),
        database.db.selectFrom("analysis_jobs").selectAll().orderBy("id").execute(),
        database.db.selectFrom("app_meta").selectAll().orderBy("key").execute(),
      ]);
      let uploads: string[] = [];
      try {
        uploads = readdirSync(join(database.dataDir, "uploads"));
      } catch {}
      return createHash("sha256")
        .update(JSON.stringify([tables, uploads]))
        .digest("hex");
    }

    it("guards exactly the writes and admin reads the API documents, all the named ones included", () => {
      const guarded = routes.filter((route) => route.guarded).map((route) => `${route.method} ${route.path}`);
      const expected = routes
        .map((route) => `${route.method} ${route.path}`)
        .filter(
          (key) =>
            ADMIN_READS.has(key) ||
            (!key.startsWith("GET ") &&
              !PUBLIC_WRITES.has(key) &&
              !isPlayerRoute(key) &&
              !key.includes("/logout") &&
              !key.includes("/refresh")),
        );
      expect(guarded.sort()).toEqual(expected.sort());
      for (const key of MUST_BE_GUARDED) expect(guarded, key).toContain(key);
    });

    it("answers every guarded route a JSON 401 without a valid credential, and changes nothing", async () => {
      const account = await accounts.find(ADMIN.username);
      if (!account) throw new Error("the admin should exist");
      const expired = await new AdminTokens(database.db, SECRET, {
        now: () => Date.now() - SESSION_LIFETIME_MS - 1000,
      }).issue(account);
      const revoked = await adminToken();
      await app.inject({
        method: "POST",
        url: "/api/admin/logout",
        headers: { authorization: `Bearer ${revoked}` },
      });
      const live = await adminToken();
      const foreign = signToken(await claimsOf(live), tokenKey(OTHER_SECRET));
      const [header, payload, signature] = live.split(".") as [string, string, string];
      const tampered = `${header}.${b64({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "9" })}.${signature}`;
      const none = `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
      const credentials: [string, Record<string, string>][] = [
        ["nothing", {}],
        ["the public client key", { "x-api-key": PUBLIC_CLIENT_KEY }],
        ["a wrong API key", { "x-api-key": "wrong-api-key-0123456789abc" }],
        ["a garbage bearer", { authorization: "Bearer garbage.garbage.garbage" }],
        ["an expired token", { authorization: `Bearer ${expired.access_token}` }],
        ["a revoked token", { authorization: `Bearer ${revoked}` }],
        ["a token of another secret", { authorization: `Bearer ${foreign}` }],
        ["a tampered token", { authorization: `Bearer ${tampered}` }],
        ["an alg:none token", { authorization: `Bearer ${none}` }],
        ["the token as an API key", { "x-api-key": live }],
      ];
      const before = await fingerprint();
      const guarded = routes.filter((route) => route.guarded);
      expect(guarded.length).toBeGreaterThanOrEqual(MUST_BE_GUARDED.length);
      for (const route of guarded) {
        for (const [label, headers] of credentials) {
          const response = await app.inject(requestFor(route, headers));
          const name = `${route.method} ${route.path} with ${label}`;
          expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(401);
          expect(response.headers["content-type"], name).toMatch(/application\/json/);
          expect(response.json(), name).toMatchObject({ error: "unauthorized", message: expect.any(String) });
        }
      }
      expect(await fingerprint()).toBe(before);
      // Logout: a 401 for anything but a token this server signed; an ended session of ours stays ended (and
      // cannot be refreshed).
      for (const [label, headers] of credentials) {
        const out = await app.inject({ method: "POST", url: "/api/admin/logout", headers });
        if (label === "an expired token" || label === "a revoked token")
          expect(out.json(), `logout with ${label}`).toEqual({ revoked: false });
        else expect(out.statusCode, `logout with ${label}`).toBe(401);
        const check = await app.inject({ method: "GET", url: "/api/admin/validate", headers });
        expect(check.json(), `validate with ${label}`).toEqual({ valid: false });
        // Refresh checks its own token: nothing but a live one gets a new token.
        const refreshed = await app.inject({ method: "POST", url: "/api/admin/refresh", headers });
        expect(refreshed.statusCode, `refresh with ${label}`).toBe(401);
        expect(refreshed.json(), `refresh with ${label}`).toMatchObject({ error: "unauthorized" });
      }
      expect(await isValid(`Bearer ${live}`)).toBe(true);
    });

    it("accepts the same requests with a valid token or the API key: the refusals above were about credentials", async () => {
      const live = await adminToken();
      const writer = { "x-api-key": API_KEY };
      for (const route of routes.filter((r) => r.guarded)) {
        for (const headers of [{ authorization: `Bearer ${live}` }, writer]) {
          // Its own position and post, so that deleting them leaves the shared ones to the other tests.
          const target = await app.inject({
            method: "POST",
            url: "/api/tactical-positions/",
            headers: writer,
            payload: positionInput("opening"),
          });
          const own = await app.inject({
            method: "POST",
            url: "/api/blog/posts",
            headers: writer,
            payload: post(`Disposable ${randomBytes(4).toString("hex")}`),
          });
          // Only a failed job can be retried: the job is failed before each retry.
          if (route.path.endsWith("/retry"))
            await database.db
              .updateTable("analysis_jobs")
              .set({ status: "failed" })
              .where("id", "=", jobId)
              .execute();
          const response = await app.inject(
            requestFor(route, headers, { positionId: target.json().id, slug: own.json().slug }),
          );
          const name = `${route.method} ${route.path} with ${Object.keys(headers)[0]}`;
          expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
        }
      }
    });
  });

  describe("security headers", () => {
    it("sends the site's policy and the hardening headers on pages, assets, API answers and errors", async () => {
      const requests: [string, InjectOptions][] = [
        ["home page", { method: "GET", url: "/" }],
        ["client route", { method: "GET", url: "/training/endgame" }],
        ["admin page", { method: "GET", url: "/admin/blog" }],
        ["blog post page", { method: "GET", url: `/blog/${slug}` }],
        ["static asset", { method: "GET", url: "/assets/app-abc123.js" }],
        ["missing asset", { method: "GET", url: "/assets/missing-0000.js" }],
        ["health", { method: "GET", url: "/api/health" }],
        ["stats", { method: "GET", url: "/api/tactical-positions/stats" }],
        ["blog list", { method: "GET", url: "/api/blog/posts" }],
        [
          "refused login",
          { method: "POST", url: "/api/admin/login", payload: { username: "", password: "" } },
        ],
        ["unauthorised write", { method: "DELETE", url: `/api/tactical-positions/${positionId}` }],
        ["unknown API route", { method: "GET", url: "/api/no/such/route" }],
        [
          "malformed JSON",
          {
            method: "POST",
            url: "/api/tactical-positions/search",
            headers: { "content-type": "application/json" },
            payload: "{",
          },
        ],
        ["RSS feed", { method: "GET", url: "/rss.xml" }],
      ];
      for (const [label, request] of requests) {
        const response = await app.inject(request);
        expect(response.statusCode, label).toBeLessThan(500);
        expectSitePolicy(label, expectSecureHeaders(label, response));
        expect(response.headers["x-frame-options"], label).toBe("DENY");
      }
    });

    it("serves uploads with their own type, no sniffing and a sandbox that allows nothing", async () => {
      const form = multipart("image", png);
      const uploaded = await app.inject({
        method: "POST",
        url: "/api/blog/upload-image",
        headers: { ...form.headers, "x-api-key": API_KEY },
        payload: form.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const file = await app.inject({ method: "GET", url: uploaded.json().url });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toMatch(/^image\/(png|jpeg|webp)$/);
      const policy = expectSecureHeaders("upload", file);
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.has("sandbox")).toBe(true);
      expect(policy.has("script-src")).toBe(false);
      expect(String(file.headers["content-disposition"] ?? "inline")).toMatch(/^inline|^attachment/);
      // A name the server did not generate is not served, whatever it points at.
      for (const name of [
        "..%2Fchess.sqlite",
        "..%2Ftoken-secret",
        "x.svg",
        "ABCDEF.png",
        "%2e%2e/%2e%2e/etc/passwd",
      ]) {
        const probe = await app.inject({ method: "GET", url: `/uploads/${name}` });
        // A 404, or (for a path outside /uploads/ once decoded) the app's own page, never the file.
        if (probe.statusCode !== 404) expect(probe.body, name).toContain("<div id=root>");
        expect(probe.body, name).not.toMatch(/SQLite format|root:x:|security-test-token-secret/);
      }
    });

    it("sends HSTS only over TLS: not on plain HTTP, not for a forged X-Forwarded-Proto", async () => {
      const forged = await app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(forged.headers["strict-transport-security"]).toBeUndefined();
      const proxied = await testApp(database, { env: { TOKEN_SECRET: SECRET, TRUST_PROXY: "true" } });
      try {
        for (const url of ["/", "/api/health", "/api/blog/posts"]) {
          const tls = await proxied.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
          const hsts = String(tls.headers["strict-transport-security"] ?? "");
          const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
          expect(maxAge, `${url}: ${hsts}`).toBeGreaterThanOrEqual(180 * 24 * 3600);
          const plain = await proxied.inject({
            method: "GET",
            url,
            headers: { "x-forwarded-proto": "http" },
          });
          expect(plain.headers["strict-transport-security"], url).toBeUndefined();
        }
      } finally {
        await proxied.close();
      }
    });

    it("keeps admin answers out of shared caches and opens the API to no other origin", async () => {
      const live = await adminToken();
      for (const url of [
        "/api/admin/messages",
        "/api/analysis/jobs",
        "/api/blog/posts",
        `/api/blog/posts/${slug}`,
      ]) {
        const response = await app.inject({
          method: "GET",
          url,
          headers: { authorization: `Bearer ${live}`, origin: "https://attacker.example" },
        });
        expect(response.statusCode, url).toBe(200);
        expect(String(response.headers["cache-control"]), url).not.toMatch(/public/);
        expect(response.headers["access-control-allow-origin"], url).toBeUndefined();
        expect(response.headers["access-control-allow-credentials"], url).toBeUndefined();
      }
      const preflight = await app.inject({
        method: "OPTIONS",
        url: "/api/blog/posts",
        headers: {
          origin: "https://attacker.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,content-type",
        },
      });
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-headers"]).toBeUndefined();
    });
  });
});
