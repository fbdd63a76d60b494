import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { join } from "node:path";
import { CONTACT_LIMITS, CONTACT_RATE_LIMIT, type ContactMessageList } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminAccounts, type HashCost } from "../auth/accounts";
import { REPO_ROOT } from "../config";
import { markSeedStored } from "../seed/seed";
import { siteFixture, testApp } from "../testing/app";
import { compiledServerDir } from "../testing/compile-server";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { ContactMailer, composeContactMail, mailDomain, smtpOptions } from "./mailer";
import { ContactOutbox, retryDelayMs } from "./outbox";
import { admitHit } from "./rate-limit";
import { botSignal } from "./routes";
import { decodeQuotedPrintable, decodeWords, type SmtpSink, startSmtpSink } from "./smtp-sink";

const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const SECRET = "contact-test-token-secret-0123456789abcdef";
const PASSWORD = "a long test password";
const ROUTE = { to: "inbox@chess-trainer.test", from: "Chess Trainer <contact@chess-trainer.test>" };
const SECOND = 1000;

/** What the site sends: the four fields, an empty honeypot and a human fill time. */
const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  email: "ada@example.org",
  subject: "Question about rook endgames",
  message: "Hello!\nWhich position should I study first?\nمع الشكر",
  website: "",
  elapsed_ms: 12_000,
  ...overrides,
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("contact rules", () => {
  it("waits 30 s after the first failure, doubling, at most an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual(
      [30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map((s) => s * SECOND),
    );
  });

  it("admits 5 messages per network in 10 minutes, then says how long to wait", () => {
    let hits: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const next = admitHit(hits, i * SECOND);
      expect(next.gate.allowed).toBe(true);
      hits = next.hits;
    }
    const refused = admitHit(hits, 10 * SECOND);
    expect(refused.gate).toEqual({ allowed: false, retryAfterMs: CONTACT_RATE_LIMIT.windowMs - 10 * SECOND });
    // Once the first hit leaves the window, one more is admitted.
    expect(admitHit(hits, CONTACT_RATE_LIMIT.windowMs + 1).gate.allowed).toBe(true);
  });

  it("takes a filled honeypot, a fast or a missing fill time for a bot", () => {
    expect(botSignal({ website: "", elapsed_ms: 3000 })).toBeNull();
    expect(botSignal({ elapsed_ms: 60_000 })).toBeNull();
    expect(botSignal({ website: "https://spam.example", elapsed_ms: 60_000 })).toBe("honeypot");
    expect(botSignal({ website: "", elapsed_ms: 2999 })).toBe("too_fast");
    expect(botSignal({ website: "" })).toBe("too_fast");
  });

  it("reads SMTP_URL: host, port, TLS mode and percent-encoded credentials", () => {
    expect(smtpOptions("smtp://127.0.0.1:2525?ignoreTLS=true")).toMatchObject({
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      ignoreTLS: true,
      requireTLS: false,
    });
    expect(smtpOptions("smtps://mailer%40example.org:p%2Fss@mail.example.org")).toMatchObject({
      host: "mail.example.org",
      port: 465,
      secure: true,
      ignoreTLS: false,
      auth: { user: "mailer@example.org", pass: "p/ss" },
    });
    expect(smtpOptions("smtp://mail.example.org?requireTLS=true")).toMatchObject({
      port: 587,
      requireTLS: true,
    });
    expect(mailDomain(ROUTE.from)).toBe("chess-trainer.test");
    expect(mailDomain("bare@example.org")).toBe("example.org");
  });

  it("composes a mail to CONTACT_TO that replies to the visitor", () => {
    const mail = composeContactMail(
      {
        ...message(),
        message_id: "<contact.1@chess-trainer.test>",
        created_at: "2030-01-02T03:04:05.000Z",
      },
      ROUTE,
    );
    expect(mail).toMatchObject({
      to: ROUTE.to,
      from: ROUTE.from,
      replyTo: { name: "Ada Lovelace", address: "ada@example.org" },
      subject: "Contact form: Question about rook endgames",
      messageId: "<contact.1@chess-trainer.test>",
    });
    expect(mail.text).toContain("Name:    Ada Lovelace");
    expect(mail.text).toContain("Email:   ada@example.org");
    expect(mail.text).toContain("Which position should I study first?\nمع الشكر");
  });

  it("decodes what mail servers receive: encoded words and quoted-printable", () => {
    expect(decodeWords("=?UTF-8?B?2YXYsdit2KjYpw==?= =?UTF-8?Q?_world?=")).toBe("مرحبا world");
    expect(decodeQuotedPrintable("caf=C3=A9 =\r\nau lait")).toBe("café au lait");
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("contact messages on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let sink: SmtpSink;
  let admin: Record<string, string>;
  let address = 0;
  /** A client network (/24) no other test has used, so one test's rate limit does not reach another. */
  const freshAddress = () => `203.0.${++address}.1`;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { TOKEN_SECRET: SECRET } });
    sink = await startSmtpSink();
    await new AdminAccounts(database.db, { hashCost: TEST_COST }).create("admin", PASSWORD);
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    admin = { authorization: `Bearer ${login.json().access_token}` };
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("contact_messages").execute();
    await database.db.deleteFrom("contact_rate_limits").execute();
    sink.mails.length = 0;
  });

  const post = (payload: unknown, remoteAddress = freshAddress()) =>
    app.inject({ method: "POST", url: "/api/email/contact", payload: payload as object, remoteAddress });
  const rows = () => database.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();
  const outbox = (smtpUrl: string, now?: () => number) =>
    new ContactOutbox({
      db: database.db,
      sender: new ContactMailer({ smtpUrl, contactTo: ROUTE.to, contactFrom: ROUTE.from }),
      ...(now ? { now } : {}),
    });
  const listMessages = async (query = ""): Promise<ContactMessageList> => {
    const response = await app.inject({ method: "GET", url: `/api/admin/messages${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("stores the message before answering 202, then the outbox mails it once to CONTACT_TO", async () => {
    const response = await post(message({ name: "  Ada Lovelace  " }));
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ received: true });

    const [stored] = await rows();
    expect(stored).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.org",
      status: "pending",
      attempts: 0,
      last_error: null,
      delivered_at: null,
    });
    expect(stored?.message_id).toMatch(/^<contact\.[0-9a-f-]+@localhost>$/);

    const sender = outbox(sink.url);
    expect(await sender.drain()).toEqual({ delivered: 1, failed: 0 });
    const [mail] = await sink.waitForMails(1);
    expect(mail?.envelope.to).toEqual([ROUTE.to]);
    expect(mail?.headers.to).toBe(ROUTE.to);
    expect(mail?.headers.from).toBe("Chess Trainer <contact@chess-trainer.test>");
    expect(mail?.headers["reply-to"]).toBe("Ada Lovelace <ada@example.org>");
    expect(mail?.headers.subject).toBe("Contact form: Question about rook endgames");
    expect(mail?.headers["message-id"]).toBe(stored?.message_id);
    expect(mail?.text).toContain("Name:    Ada Lovelace");
    expect(mail?.text).toContain("Email:   ada@example.org");
    expect(mail?.text).toContain("Hello!\nWhich position should I study first?\nمع الشكر");

    const [delivered] = await rows();
    expect(delivered).toMatchObject({
      status: "delivered",
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
    });
    expect(delivered?.delivered_at).not.toBeNull();
    // Nothing is due any more: a second run sends nothing.
    expect(await sender.drain()).toEqual({ delivered: 0, failed: 0 });
    expect(sink.mails).toHaveLength(1);
    await sender.stop();
  });

  it("keeps a message while the mail server is down and delivers it exactly once when it is back", async () => {
    const port = await freePort();
    expect((await post(message({ subject: "Sent while mail is down" }))).statusCode).toBe(202);
    let clock = Date.now();
    const sender = outbox(`smtp://127.0.0.1:${port}?ignoreTLS=true`, () => clock);

    expect(await sender.drain()).toEqual({ delivered: 0, failed: 1 });
    const [pending] = await rows();
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending?.last_error).toMatch(/ECONNREFUSED/);
    expect(pending?.next_attempt_at).toBe(new Date(clock + 30 * SECOND).toISOString());
    // The listing shows it as pending with the error.
    const listed = (await listMessages()).messages[0];
    expect(listed).toMatchObject({ status: "pending", attempts: 1, subject: "Sent while mail is down" });
    expect(listed?.last_error).toMatch(/ECONNREFUSED/);

    // Not due yet: nothing is tried.
    clock += 10 * SECOND;
    expect(await sender.drain()).toEqual({ delivered: 0, failed: 0 });

    const revived = await startSmtpSink({ port });
    try {
      clock += 21 * SECOND;
      expect(await sender.drain()).toEqual({ delivered: 1, failed: 0 });
      expect(await sender.drain()).toEqual({ delivered: 0, failed: 0 });
      clock += 2 * 60 * 60 * SECOND;
      expect(await sender.drain()).toEqual({ delivered: 0, failed: 0 });
      expect(revived.mails).toHaveLength(1);
      expect(revived.mails[0]?.headers.subject).toBe("Contact form: Sent while mail is down");
      const [delivered] = await rows();
      expect(delivered).toMatchObject({ status: "delivered", attempts: 2, last_error: null });
    } finally {
      await sender.stop();
      await revived.close();
    }
  });

  it("lets two senders share the outbox without mailing any message twice", async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await post(message({ subject: `Message ${i}` }))).statusCode).toBe(202);
    }
    const first = outbox(sink.url);
    const second = outbox(sink.url);
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a.delivered + b.delivered).toBe(6);
    expect(a.failed + b.failed).toBe(0);
    await sink.waitForMails(6);
    const subjects = sink.mails.map((mail) => mail.headers.subject).sort();
    expect(subjects).toEqual([1, 2, 3, 4, 5, 6].map((i) => `Contact form: Message ${i}`));
    expect(new Set(sink.mails.map((mail) => mail.headers["message-id"])).size).toBe(6);
    await Promise.all([first.stop(), second.stop()]);
  });

  it("answers 429 with Retry-After after 5 messages from one network in 10 minutes", async () => {
    const from = freshAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await post(message(), from)).statusCode).toBe(202);
    }
    const refused = await post(message(), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_requests" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(590);
    expect(await rows()).toHaveLength(CONTACT_RATE_LIMIT.max);
    // Another network is not held back.
    expect((await post(message())).statusCode).toBe(202);
  });

  it("answers a bot exactly like a person but stores and sends nothing", async () => {
    const person = await post(message());
    const honeypot = await post(message({ website: "https://cheap-pills.example" }));
    const fast = await post(message({ elapsed_ms: 800 }));
    const { elapsed_ms: _omitted, ...withoutTime } = message();
    const timeless = await post(withoutTime);
    for (const response of [honeypot, fast, timeless]) {
      expect(response.statusCode).toBe(person.statusCode);
      expect(response.body).toBe(person.body);
      expect(response.headers["content-type"]).toBe(person.headers["content-type"]);
    }
    expect(await rows()).toHaveLength(1);
    expect(await outbox(sink.url).drain()).toEqual({ delivered: 1, failed: 0 });
    expect(sink.mails).toHaveLength(1);
  });

  it("refuses bad input with a 400 that names each field", async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    const body = empty.json();
    expect(body.error).toBe("bad_request");
    expect(body.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      "body.email",
      "body.message",
      "body.name",
      "body.subject",
    ]);

    const blank = await post(message({ name: "   ", subject: "" }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      { path: "body.name", message: "Name is required" },
      { path: "body.subject", message: "Subject is required" },
    ]);

    for (const email of [
      "not-an-email",
      "ada@",
      "ada@localhost",
      "a da@example.org",
      "ada@example.org\r\nBcc: x@y.z",
    ]) {
      const response = await post(message({ email }));
      expect(response.statusCode, email).toBe(400);
      expect(response.json().details[0].path).toBe("body.email");
    }

    const long = await post(message({ message: "x".repeat(CONTACT_LIMITS.message + 1) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      { path: "body.message", message: `Message must be at most ${CONTACT_LIMITS.message} characters` },
    ]);
    expect((await post(message({ message: "x".repeat(CONTACT_LIMITS.message) }))).statusCode).toBe(202);

    const header = await post(message({ subject: "Hi\r\nBcc: victim@example.org" }));
    expect(header.statusCode).toBe(400);
    expect(header.json().details[0].path).toBe("body.subject");

    const wrongType = await post(message({ elapsed_ms: "soon" }));
    expect(wrongType.statusCode).toBe(400);
    const notJson = await app.inject({
      method: "POST",
      url: "/api/email/contact",
      headers: { "content-type": "application/json" },
      payload: "{ nope",
      remoteAddress: freshAddress(),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ error: "bad_request" });
    expect(await rows()).toHaveLength(1);
  });

  it("lists received messages to an admin only: newest first, paged, with delivery status", async () => {
    const noToken = await app.inject({ method: "GET", url: "/api/admin/messages" });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ error: "unauthorized" });
    const badToken = await app.inject({
      method: "GET",
      url: "/api/admin/messages",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(badToken.statusCode).toBe(401);

    expect((await listMessages()).messages).toEqual([]);
    for (const subject of ["First", "Second", "Third"]) {
      expect((await post(message({ subject }))).statusCode).toBe(202);
    }
    // Three delivered, then one more that stays pending.
    await outbox(sink.url).drain();
    expect((await post(message({ subject: "Fourth" }))).statusCode).toBe(202);

    const all = await listMessages();
    expect(all.total).toBe(4);
    expect(all.total_pages).toBe(1);
    expect(all.messages.map((m) => [m.subject, m.status])).toEqual([
      ["Fourth", "pending"],
      ["Third", "delivered"],
      ["Second", "delivered"],
      ["First", "delivered"],
    ]);
    expect(all.messages[1]).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.org",
      message: message().message,
      attempts: 1,
      last_error: null,
    });
    expect(all.messages[1]?.delivered_at).not.toBeNull();

    const page = await listMessages("?page=2&per_page=3");
    expect(page).toMatchObject({ total: 4, total_pages: 2, page: 2, per_page: 3 });
    expect(page.messages.map((m) => m.subject)).toEqual(["First"]);

    const badPage = await app.inject({ method: "GET", url: "/api/admin/messages?page=0", headers: admin });
    expect(badPage.statusCode).toBe(400);
    // Decimal digits only, as everywhere: 1e0 and 0x1 are not page numbers.
    for (const query of ["?page=1e0", "?page=0x1", "?per_page=+3", "?page=01"]) {
      const loose = await app.inject({ method: "GET", url: `/api/admin/messages${query}`, headers: admin });
      expect(loose.statusCode, query).toBe(400);
    }
  });
});

/** The outbox as main.ts runs it. The wiring does not depend on the database: it runs once, on SQLite. */
describe("contact outbox in the server process", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    const sqlite = kinds.find((kind) => kind.name === "sqlite");
    if (!sqlite) throw new Error("SQLite is always available");
    database = await sqlite.create();
    // The outbox is what is tested: the server skips storing the seed content and the 10,000-puzzle library,
    // which on a slow machine under the whole suite's load could outlast the test's time on its own.
    await markSeedStored(database.db, ["positions", "library", "posts"]);
    sink = await startSmtpSink();
  });
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill("SIGKILL");
    await sink.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("contact_messages").execute();
    sink.mails.length = 0;
  });
  const rows = () => database.db.selectFrom("contact_messages").selectAll().orderBy("id").execute();

  async function startServer(env: Record<string, string>) {
    // A server left running by a test that failed must not hold the database for the next one.
    child?.kill("SIGKILL");
    const port = await freePort();
    const process_ = spawn(process.execPath, [join(compiledServerDir(), "main.js")], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...database.env,
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        HOST: "127.0.0.1",
        PORT: String(port),
        SITE_DIR: siteFixture(),
        TOKEN_SECRET: SECRET,
        ANALYSIS_WORKER: "off",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = process_;
    let output = "";
    process_.stdout?.on("data", (chunk) => {
      output += String(chunk);
    });
    process_.stderr?.on("data", (chunk) => {
      output += String(chunk);
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/api/health`);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const stop = async () => {
      process_.kill("SIGTERM");
      const [code] = await once(process_, "exit");
      expect(code, output).toBe(0);
    };
    const send = () =>
      fetch(`http://127.0.0.1:${port}/api/email/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message({ subject: "Through the running server" })),
      });
    return { output: () => output, stop, send };
  }

  it("mails a stored message at once when SMTP_URL is set", async () => {
    const server = await startServer({
      SMTP_URL: sink.url,
      CONTACT_TO: ROUTE.to,
      CONTACT_FROM: ROUTE.from,
    });
    expect((await server.send()).status).toBe(202);
    const [mail] = await sink.waitForMails(1);
    expect(mail?.envelope.to).toEqual([ROUTE.to]);
    expect(mail?.headers.subject).toBe("Contact form: Through the running server");
    await server.stop();
    expect((await rows())[0]).toMatchObject({ status: "delivered", attempts: 1 });
  }, 60_000);

  it("without SMTP_URL keeps messages pending and says so once at start", async () => {
    const server = await startServer({ SMTP_URL: "" });
    expect((await server.send()).status).toBe(202);
    await server.stop();
    expect(server.output().match(/SMTP_URL is not set/g)).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "pending", attempts: 0 });
    expect(sink.mails).toHaveLength(0);
  }, 60_000);
});
