import { PASSWORD_RESET_REQUEST_LIMIT } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContactOutbox } from "../contact/outbox";
import { type SmtpSink, startSmtpSink } from "../contact/smtp-sink";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { type PlayerMailRow, playerMailOutbox } from "./mail";
import { Browser, networks, playerTestApp, SITE_ORIGIN, strongPassword } from "./test-client";

const kinds = await testDatabaseKinds();

describe.each(kinds)("passwords of players on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let sink: SmtpSink;
  let outbox: ContactOutbox<PlayerMailRow>;
  let queued = 0;
  const address = networks(13);
  const browser = () => new Browser(app, address());
  let serial = 0;
  async function signedUp(prefix: string, email?: string) {
    const name = `${prefix}_${++serial}`;
    const password = strongPassword(name);
    const client = browser();
    const response = await client.signUp(name, password, email);
    expect(response.statusCode, response.body).toBe(201);
    return { browser: client, name, password };
  }
  const requestReset = (username: string, client = browser()) =>
    client.send("POST", "/api/account/password-reset", { username });
  const complete = (token: string, newPassword: string, client = browser()) =>
    client.send("POST", "/api/account/password-reset/complete", { token, new_password: newPassword });
  /** The token of the reset link in a mail's text. */
  const tokenIn = (text: string) => /\/account\/reset\?token=([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];

  beforeAll(async () => {
    database = await kind.create();
    sink = await startSmtpSink();
    app = await playerTestApp(database, {
      env: { CONTACT_FROM: "Chess Trainer <no-reply@chess.example.org>" },
      onPlayerMailQueued: () => queued++,
    });
    outbox = playerMailOutbox(database.db, {
      smtpUrl: sink.url,
      contactFrom: "Chess Trainer <no-reply@chess.example.org>",
    });
  });
  afterAll(async () => {
    await outbox.stop();
    await app.close();
    await sink.close();
    await database.destroy();
  });
  beforeEach(() => {
    sink.mails.length = 0;
  });

  describe("changing the password", () => {
    it("asks the current password, refuses common ones, and ends every other session", async () => {
      const { browser: laptop, name, password } = await signedUp("change");
      const phone = browser();
      await phone.signIn(name, password);
      const change = (current: string, next: string) =>
        laptop.send("POST", "/api/account/password", { current_password: current, new_password: next });

      const wrong = await change("not my password", strongPassword("next"));
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: "wrong_password" });
      const common = await change(password, "Password123");
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({
        message: "That password is too common",
        details: [{ path: "body.new_password", message: "That password is too common" }],
      });
      expect((await change(password, "too short")).statusCode).toBe(400);

      const changed = await change(password, strongPassword("next"));
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ ok: true });
      expect(await laptop.whoAmI()).toBe(name);
      expect(await phone.whoAmI()).toBeNull();
      expect((await browser().signIn(name, password)).statusCode).toBe(401);
      expect((await browser().signIn(name, strongPassword("next"))).statusCode).toBe(200);
      expect(
        (
          await browser().send("POST", "/api/account/password", {
            current_password: "x",
            new_password: strongPassword("y"),
          })
        ).statusCode,
      ).toBe(401);
    });

    it("holds a stolen session to the sign-in limits when it guesses the password", async () => {
      const { browser: thief } = await signedUp("guess");
      for (let i = 0; i < 5; i++) {
        const response = await thief.send("POST", "/api/account/delete", { password: `guess number ${i}` });
        expect(response.statusCode).toBe(403);
      }
      const locked = await thief.send("POST", "/api/account/delete", { password: "guess number 6" });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    });
  });

  describe("resetting a forgotten password", () => {
    it("mails a one-hour link to the account's email through the outbox; the link sets the password once", async () => {
      const { browser: old, name, password } = await signedUp("reset", "reset@example.org");
      const before = queued;
      const response = await requestReset(name.toUpperCase());
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
      expect(queued).toBe(before + 1);

      expect(await outbox.drain()).toEqual({ delivered: 1, failed: 0 });
      const [mail] = await sink.waitForMails(1);
      expect(mail?.envelope.to).toEqual(["reset@example.org"]);
      expect(mail?.envelope.from).toBe("no-reply@chess.example.org");
      expect(mail?.headers.subject).toContain("Reset your Chess Trainer password");
      expect(mail?.headers["message-id"]).toMatch(/^<account\.[0-9a-f-]+@chess\.example\.org>$/);
      expect(mail?.text).toContain(`Hello ${name},`);
      expect(mail?.text).toContain(`${SITE_ORIGIN}/account/reset?token=`);
      expect(mail?.text).toContain("within one hour");
      const token = tokenIn(mail?.text ?? "");
      expect(token).toBeDefined();
      // Stored: only the token's hash, and the delivered mail's body is emptied.
      const resets = await database.db.selectFrom("player_password_resets").selectAll().execute();
      expect(JSON.stringify(resets)).not.toContain(token);
      const mails = await database.db.selectFrom("player_mails").selectAll().execute();
      expect(mails.every((row) => row.status === "delivered" && row.body === "")).toBe(true);

      // A common password is refused without spending the token.
      expect((await complete(token ?? "", "password123")).statusCode).toBe(400);
      const done = await complete(token ?? "", strongPassword("after reset"));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ ok: true });
      // Every session ended; the old password is gone, the new one works.
      expect(await old.whoAmI()).toBeNull();
      expect((await browser().signIn(name, password)).statusCode).toBe(401);
      expect((await browser().signIn(name, strongPassword("after reset"))).statusCode).toBe(200);
      // Once only.
      const again = await complete(token ?? "", strongPassword("third"));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: "invalid_token",
        message: "The reset link is invalid or has expired",
      });
      expect((await browser().signIn(name, strongPassword("after reset"))).statusCode).toBe(200);
    });

    it("answers an unknown name, and an account without an email, the same 202 and mails nothing", async () => {
      const { name } = await signedUp("nomail");
      const known = await requestReset(name);
      const unknown = await requestReset("nobody_at_all");
      for (const response of [known, unknown]) {
        expect(response.statusCode).toBe(202);
        expect(response.body).toBe(known.body);
      }
      expect(await outbox.drain()).toEqual({ delivered: 0, failed: 0 });
      expect(sink.mails).toHaveLength(0);
    });

    it("refuses an expired link, and does not send a mail whose link expired before it could go", async () => {
      const { name, password } = await signedUp("expire", "expire@example.org");
      await requestReset(name);
      expect(await outbox.drain()).toEqual({ delivered: 1, failed: 0 });
      const token = tokenIn((await sink.waitForMails(1))[0]?.text ?? "") ?? "";
      const past = new Date(Date.now() - 1000).toISOString();
      await database.db
        .updateTable("player_password_resets")
        .set({ expires_at: past })
        .where("used_at", "is", null)
        .execute();
      const expired = await complete(token, strongPassword("too late"));
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: "invalid_token" });
      expect((await browser().signIn(name, password)).statusCode).toBe(200);

      // A second request whose mail waits past its hour (the mail server was down) is dropped, its body emptied.
      await requestReset(name);
      await database.db
        .updateTable("player_mails")
        .set({ expires_at: past })
        .where("status", "=", "pending")
        .execute();
      expect(await outbox.drain()).toEqual({ delivered: 0, failed: 0 });
      const rows = await database.db
        .selectFrom("player_mails")
        .select(["status", "body"])
        .where("recipient", "=", "expire@example.org")
        .execute();
      expect(rows.map((row) => row.status).sort()).toEqual(["delivered", "expired"]);
      expect(rows.every((row) => row.body === "")).toBe(true);
      expect(sink.mails).toHaveLength(1);
    });

    it("refuses made-up tokens with 400, never 500", async () => {
      for (const token of ["x".repeat(43), "short", "y".repeat(201), "A".repeat(43)]) {
        const response = await complete(token, strongPassword("guess"));
        expect(response.statusCode, token).toBe(400);
      }
    });

    it("mails one player at most 3 links an hour, and limits requests per network (429)", async () => {
      const { name } = await signedUp("flood", "flood@example.org");
      const client = browser();
      for (let i = 0; i < 5; i++) expect((await requestReset(name, client)).statusCode).toBe(202);
      expect(await outbox.drain()).toEqual({ delivered: 3, failed: 0 });
      for (let i = 5; i < PASSWORD_RESET_REQUEST_LIMIT.max; i++) await requestReset("someone_else", client);
      const refused = await requestReset(name, client);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    });
  });
});
