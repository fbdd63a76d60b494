import { PLAYER_SESSION_COOKIE, PLAYER_SIGN_UP_LIMIT } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AdminAccounts } from "../auth/accounts";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { isCommonPassword } from "./common-passwords";
import { commonPasswords, leakedPasswords } from "./common-passwords-build";
import { Browser, networks, playerTestApp, strongPassword, TEST_COST } from "./test-client";

describe("the common-password list", () => {
  it("ships 11,000 passwords of the minimum length, the usual picks among them, compared in lower case", () => {
    const list = commonPasswords();
    expect(list.length).toBe(11_000);
    expect(list.every((password) => password.length >= 10 && password === password.toLowerCase())).toBe(true);
    for (const password of [
      "password123",
      "Password123",
      "QWERTYUIOP",
      "1234567890",
      "iloveyou123",
      "chessmaster1",
      // From the measured list of leaked passwords (common-passwords-leaked.txt), which the generator's patterns missed.
      "q1w2e3r4t5",
      "4815162342",
      "123456789q",
      "1234qwerty",
    ])
      expect(isCommonPassword(password), password).toBe(true);
    for (const password of [strongPassword("a"), "correct horse battery staple", "Nf3 d5 g3 c6 Bg2"])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it("holds every password of the measured list of leaks that is long enough, in its order, first", () => {
    const leaked = leakedPasswords();
    expect(leaked.length).toBeGreaterThan(1_500);
    expect(commonPasswords().slice(0, leaked.length)).toEqual(leaked);
  });

  it("is the file the generator writes (regenerate it after changing the generator)", () => {
    for (const password of commonPasswords()) expect(isCommonPassword(password), password).toBe(true);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("player accounts on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const address = networks(11);
  const browser = (origin?: string | null) => new Browser(app, address(), origin);

  beforeAll(async () => {
    database = await kind.create();
    app = await playerTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  describe("sign-up", () => {
    it("creates the account, answers 201 with it and signs the browser in with an HttpOnly, Lax cookie", async () => {
      const alice = browser();
      const response = await alice.signUp("Alice_1", strongPassword("alice"), "alice@example.org");
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        username: "Alice_1",
        email: "alice@example.org",
        created_at: expect.any(String),
      });
      const cookie = response.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE);
      expect(cookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax", maxAge: 30 * 24 * 60 * 60 });
      // A request to localhost with the default PUBLIC_URL: not Secure (see session.test.ts for the other cases).
      expect(cookie?.secure).toBeUndefined();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await alice.whoAmI()).toBe("Alice_1");
      // The server keeps only the cookie's hash.
      const rows = await database.db.selectFrom("player_sessions").selectAll().execute();
      expect(rows.some((row) => row.id_hash === cookie?.value)).toBe(false);
      expect(JSON.stringify(rows)).not.toContain(cookie?.value);
      // And an argon2id hash of the password.
      const stored = await database.db
        .selectFrom("players")
        .select(["password_hash", "username_key"])
        .where("username_key", "=", "alice_1")
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    });

    it("refuses bad names, short passwords and bad emails with the contract's messages", async () => {
      const cases: [object, string, string][] = [
        [
          { username: "ab", password: strongPassword("b") },
          "body.username",
          "Username must be 3-20 letters, digits, _ or -",
        ],
        [
          { username: "bad name", password: strongPassword("b") },
          "body.username",
          "Username must be 3-20 letters, digits, _ or -",
        ],
        [
          { username: "a".repeat(21), password: strongPassword("b") },
          "body.username",
          "Username must be 3-20 letters, digits, _ or -",
        ],
        [
          { username: "név", password: strongPassword("b") },
          "body.username",
          "Username must be 3-20 letters, digits, _ or -",
        ],
        [
          { username: "bob", password: "short pw!" },
          "body.password",
          "Password must be at least 10 characters",
        ],
        [
          { username: "bob", password: strongPassword("b"), email: "not-an-email" },
          "body.email",
          "Email is invalid",
        ],
        [{ password: strongPassword("b") }, "body.username", "Username is required"],
      ];
      const client = browser();
      for (const [body, path, message] of cases) {
        const response = await client.send("POST", "/api/account/sign-up", body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().details).toContainEqual({ path, message });
      }
      expect(client.cookie).toBeUndefined();
      expect(
        await database.db.selectFrom("players").select("id").where("username_key", "=", "bob").execute(),
      ).toEqual([]);
    });

    it("refuses a name taken in any case with 409 'That username is taken'", async () => {
      expect((await browser().signUp("Magnus", strongPassword("m"))).statusCode).toBe(201);
      for (const name of ["Magnus", "magnus", "MAGNUS", "  mAgNuS "]) {
        const again = browser();
        const response = await again.signUp(name, strongPassword("other"));
        expect(response.statusCode, name).toBe(409);
        expect(response.json()).toMatchObject({ error: "conflict", message: "That username is taken" });
        expect(again.cookie).toBeUndefined();
      }
    });

    it("refuses the most common passwords in any case with 400 'That password is too common'", async () => {
      for (const password of ["password123", "Password123", "QWERTYUIOP", "1234567890", "Chessmaster1"]) {
        const response = await browser().signUp("carol", password);
        expect(response.statusCode, password).toBe(400);
        expect(response.json()).toMatchObject({
          error: "bad_request",
          message: "That password is too common",
          details: [{ path: "body.password", message: "That password is too common" }],
        });
      }
      expect((await browser().signUp("carol", strongPassword("carol"))).statusCode).toBe(201);
    });

    it(`allows ${PLAYER_SIGN_UP_LIMIT.max} sign-up attempts per network an hour, then 429 with Retry-After`, async () => {
      const network = address();
      const attempts = [];
      for (let i = 0; i < PLAYER_SIGN_UP_LIMIT.max; i++) {
        // A taken name counts as an attempt too.
        const name = i === 2 ? "Magnus" : `limit_${kind.name}_${i}`;
        attempts.push((await new Browser(app, network).signUp(name, strongPassword(`l${i}`))).statusCode);
      }
      expect(attempts).toEqual([201, 201, 409, 201, 201]);
      const refused = await new Browser(app, network).signUp("limit_late", strongPassword("late"));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
      expect(refused.json()).toMatchObject({ error: "too_many_requests" });
      // Another address of the same /24 is the same network; another network is not held back.
      const sameNetwork = network.replace(/\.7$/, ".99");
      expect((await new Browser(app, sameNetwork).signUp("limit_same", strongPassword("s"))).statusCode).toBe(
        429,
      );
      expect((await browser().signUp("limit_elsewhere", strongPassword("e"))).statusCode).toBe(201);
    });
  });

  describe("sign-in", () => {
    const password = strongPassword("dora");

    beforeAll(async () => {
      expect((await browser().signUp("Dora", password)).statusCode).toBe(201);
    });

    it("signs in with the right password, the name in any case", async () => {
      for (const name of ["Dora", "dora", "DORA"]) {
        const client = browser();
        const response = await client.signIn(name, password);
        expect(response.statusCode, name).toBe(200);
        expect(response.json()).toMatchObject({ username: "Dora", email: null });
        expect(await client.whoAmI()).toBe("Dora");
      }
    });

    it("answers a wrong password and an unknown name alike: 401 'Invalid username or password', no cookie", async () => {
      const wrong = browser();
      const unknown = browser();
      const a = await wrong.signIn("Dora", `${password}x`);
      const b = await unknown.signIn("nobody_here", password);
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      expect(a.body).toBe(b.body);
      expect(a.json()).toEqual({ error: "invalid_credentials", message: "Invalid username or password" });
      expect(a.headers["set-cookie"]).toBeUndefined();
      expect(b.headers["set-cookie"]).toBeUndefined();
    });

    it("takes as long for an unknown name as for a wrong password (a dummy hash of the same cost)", async () => {
      // A costlier hash than the other tests' makes the verification stand out of the request's other work.
      const costly = await playerTestApp(database, {
        hashCost: { memoryCost: 16_384, timeCost: 2, parallelism: 1 },
      });
      try {
        expect(
          (await new Browser(costly, address()).signUp("timing", strongPassword("timing"))).statusCode,
        ).toBe(201);
        const time = async (username: string) => {
          const started = performance.now();
          const response = await new Browser(costly, address()).signIn(username, "wrong password!");
          expect(response.statusCode).toBe(401);
          return performance.now() - started;
        };
        // The dummy hash of this cost is made on first use.
        await time("ghost");
        const known: number[] = [];
        const unknown: number[] = [];
        // Both kinds interleaved, so the machine's load falls on them alike.
        for (let i = 0; i < 8; i++) {
          known.push(await time("timing"));
          unknown.push(await time(`ghost_${i}`));
        }
        const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
        const ratio = median(unknown) / median(known);
        const label = `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`;
        // Without the dummy hash an unknown name answers many times faster (no argon2 at all).
        expect(ratio, label).toBeGreaterThan(0.5);
        expect(ratio, label).toBeLessThan(2);
      } finally {
        await costly.close();
      }
    });

    it("locks a network after 5 failures (429 + Retry-After, even for the right password); the admin's login is apart", async () => {
      // A name of its own: Dora's earlier failures count towards her name's lock too.
      const target = strongPassword("target");
      expect((await browser().signUp("Target", target)).statusCode).toBe(201);
      const network = address();
      const client = new Browser(app, network);
      for (let i = 0; i < 5; i++)
        expect((await client.signIn("Target", `wrong ${i} password`)).statusCode).toBe(401);
      const locked = await client.signIn("Target", target);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThanOrEqual(59);
      expect(locked.json().message).toMatch(/^Too many failed sign-ins: try again in \d+ second\(s\)$/);
      // An unknown name from the locked network: the same 429.
      expect((await client.signIn("nobody_here", password)).statusCode).toBe(429);
      // From another network the name gets in: a name's lock binds only the networks that failed.
      expect((await browser().signIn("target", target)).statusCode).toBe(200);
      // The admin's login keeps its own counts: the player lock does not reach it.
      await new AdminAccounts(database.db, { hashCost: TEST_COST }).create("admin", "admin password long");
      const admin = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        remoteAddress: network,
        payload: { username: "admin", password: "admin password long" },
      });
      expect(admin.statusCode, admin.body).toBe(200);
      const keys = (await database.db.selectFrom("admin_login_limits").select("key").execute()).map(
        (r) => r.key,
      );
      expect(keys.filter((key) => key.includes("target"))).toEqual(["player:user:target"]);
    });

    it("locks a name guessed from many networks for the networks that guessed, each lock longer (a moved clock)", async () => {
      const right = strongPassword("spread");
      expect((await browser().signUp("Spread", right)).statusCode).toBe(201);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      try {
        // Five networks fail one guess each: the name is locked for a minute, for the networks that guessed.
        const guessers = Array.from({ length: 5 }, () => new Browser(app, address()));
        for (const [i, guesser] of guessers.entries())
          expect((await guesser.signIn("spread", `wrong ${i} guess here`)).statusCode).toBe(401);
        const held = await guessers[0]?.signIn("Spread", right);
        expect(held?.statusCode).toBe(429);
        expect(Number(held?.headers["retry-after"])).toBeGreaterThanOrEqual(59);
        expect(Number(held?.headers["retry-after"])).toBeLessThanOrEqual(60);
        // After the lock, the window's failures still count: the next failure locks again at once, for twice as long.
        vi.setSystemTime(Date.now() + 61_000);
        expect((await guessers[1]?.signIn("spread", "wrong again guess"))?.statusCode).toBe(401);
        const longer = await guessers[2]?.signIn("Spread", right);
        expect(longer?.statusCode).toBe(429);
        expect(Number(longer?.headers["retry-after"])).toBeGreaterThanOrEqual(119);
        expect(Number(longer?.headers["retry-after"])).toBeLessThanOrEqual(120);
        // A network that never failed (the player at home) still gets in.
        const home = browser();
        expect((await home.signIn("spread", right)).statusCode).toBe(200);
        expect(await home.whoAmI()).toBe("Spread");
      } finally {
        vi.useRealTimers();
      }
    });

    it("refuses bodies that are not a sign-in with 400, never 500", async () => {
      const client = browser();
      for (const body of [
        {},
        { username: "", password: "" },
        { username: "x".repeat(201), password: "y" },
        { username: 5 },
      ])
        expect((await client.send("POST", "/api/account/sign-in", body)).statusCode).toBe(400);
    });
  });

  describe("a player and the admin area", () => {
    it("never reaches an admin route with a player cookie: 401 on guarded writes and admin reads", async () => {
      const player = browser();
      expect((await player.signUp("not_admin", strongPassword("na"))).statusCode).toBe(201);
      const positions = await database.db.selectFrom("positions").select("id").execute();
      for (const [method, url, payload] of [
        ["POST", "/api/tactical-positions/", { fen: "8/8/8/8/8/8/8/8 w - - 0 1" }],
        ["GET", "/api/admin/messages", undefined],
        ["GET", "/api/analysis/jobs", undefined],
        ["POST", "/api/blog/posts", { title: "x" }],
        ["POST", "/api/admin/refresh", undefined],
        ["POST", "/api/admin/logout", undefined],
      ] as const) {
        const response = await player.send(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json(), `${method} ${url}`).toMatchObject({ error: "unauthorized" });
      }
      const validate = await player.send("GET", "/api/admin/validate");
      expect(validate.json()).toEqual({ valid: false });
      // The session cookie sent as a bearer token is no admin token either.
      const asBearer = await player.send("GET", "/api/admin/messages", undefined, {
        authorization: `Bearer ${player.cookie}`,
      });
      expect(asBearer.statusCode).toBe(401);
      expect(await database.db.selectFrom("positions").select("id").execute()).toEqual(positions);
    });
  });

  describe("the account", () => {
    it("is a 401 without a session, and null (never a 401) at /session", async () => {
      const anonymous = browser();
      const account = await anonymous.send("GET", "/api/account");
      expect(account.statusCode).toBe(401);
      expect(account.json()).toEqual({ error: "unauthorized", message: "Sign in to use your account" });
      const session = await anonymous.send("GET", "/api/account/session");
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual({ account: null });
      expect(session.headers["cache-control"]).toBe("no-store");
    });

    it("changes and removes the email", async () => {
      const erin = browser();
      await erin.signUp("erin", strongPassword("erin"));
      const set = await erin.send("PATCH", "/api/account", { email: " erin@example.org " });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ username: "erin", email: "erin@example.org" });
      expect((await erin.send("GET", "/api/account")).json()).toMatchObject({ email: "erin@example.org" });
      expect((await erin.send("PATCH", "/api/account", { email: "nope" })).statusCode).toBe(400);
      const removed = await erin.send("PATCH", "/api/account", { email: "" });
      expect(removed.json()).toMatchObject({ email: null });
    });

    it("exports the account and its sessions as a JSON file", async () => {
      const fay = browser();
      await fay.signUp("fay", strongPassword("fay"), "fay@example.org");
      await browser().signIn("fay", strongPassword("fay"));
      const response = await fay.send("GET", "/api/account/export");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(
        'attachment; filename="chess-trainer-account.json"',
      );
      const body = response.json();
      expect(body).toMatchObject({
        exported_at: expect.any(String),
        account: { username: "fay", email: "fay@example.org" },
      });
      expect(body.sessions).toHaveLength(2);
      expect(body.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
      expect(JSON.stringify(body)).not.toMatch(/argon2|password|id_hash/);
      expect((await browser().send("GET", "/api/account/export")).statusCode).toBe(401);
    });
  });

  describe("deleting the account", () => {
    /** Rows that belong to a player, in every table with a player_id column (the progress tables' too). */
    async function rowsOf(playerId: number): Promise<Record<string, number>> {
      const tables = await database.db.introspection.getTables();
      const counts: Record<string, number> = {};
      for (const table of tables) {
        if (!table.columns.some((column) => column.name === "player_id")) continue;
        const row = await database.db
          .selectFrom(table.name as "player_sessions")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("player_id", "=", playerId)
          .executeTakeFirstOrThrow();
        counts[table.name] = Number(row.n);
      }
      return counts;
    }

    it("asks the password again: 403 when wrong, nothing deleted", async () => {
      const gus = browser();
      await gus.signUp("gus", strongPassword("gus"));
      const response = await gus.send("POST", "/api/account/delete", { password: "not the password" });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "wrong_password" });
      expect(await gus.whoAmI()).toBe("gus");
    });

    it("deletes the player and every row of theirs at once, and signs every browser out", async () => {
      const hana = browser();
      await hana.signUp("hana", strongPassword("hana"), "hana@example.org");
      const other = browser();
      await other.signIn("hana", strongPassword("hana"));
      await browser().send("POST", "/api/account/password-reset", { username: "hana" });
      const player = await database.db
        .selectFrom("players")
        .select("id")
        .where("username_key", "=", "hana")
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto("player_passkeys")
        .values({
          credential_id: `cred-${kind.name}`,
          player_id: player.id,
          public_key: "pk",
          counter: 0,
          transports: "[]",
          name: "Phone",
          created_at: new Date().toISOString(),
          last_used_at: null,
        })
        .execute();
      const before = await rowsOf(player.id);
      expect(before).toMatchObject({
        player_sessions: 2,
        player_password_resets: 1,
        player_mails: 1,
        player_passkeys: 1,
      });

      const response = await hana.send("POST", "/api/account/delete", { password: strongPassword("hana") });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(response.cookies.find((c) => c.name === PLAYER_SESSION_COOKIE)?.maxAge).toBe(0);
      const after = await rowsOf(player.id);
      expect(
        Object.values(after).every((n) => n === 0),
        JSON.stringify(after),
      ).toBe(true);
      expect(
        await database.db.selectFrom("players").select("id").where("id", "=", player.id).execute(),
      ).toEqual([]);
      expect(await other.whoAmI()).toBeNull();
      expect((await browser().signIn("hana", strongPassword("hana"))).statusCode).toBe(401);
      // The name is free again.
      expect((await browser().signUp("Hana", strongPassword("new hana"))).statusCode).toBe(201);
    });
  });
});
