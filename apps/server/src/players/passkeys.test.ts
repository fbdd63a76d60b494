import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { SoftwarePasskey } from "./test-authenticator";
import { Browser, EVIL_ORIGIN, networks, playerTestApp, SITE_ORIGIN, strongPassword } from "./test-client";

const kinds = await testDatabaseKinds();

interface Ceremony {
  ceremony: string;
  options: { challenge: string; rp: { id?: string }; rpId?: string; excludeCredentials?: { id: string }[] };
}

describe.each(kinds)("passkeys of players on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const address = networks(14);
  const browser = (origin?: string | null) => new Browser(app, address(), origin);
  let serial = 0;
  async function signedUp(prefix: string) {
    const name = `${prefix}_${++serial}`;
    const client = browser();
    expect((await client.signUp(name, strongPassword(name))).statusCode).toBe(201);
    return { browser: client, name };
  }
  /** Adds a passkey to the signed-in account of `client`, as the account page would. */
  async function addPasskey(client: Browser, key: SoftwarePasskey, name?: string) {
    const begun = await client.send("POST", "/api/account/passkeys/options");
    expect(begun.statusCode, begun.body).toBe(200);
    const { ceremony, options } = begun.json() as Ceremony;
    return client.send("POST", "/api/account/passkeys", {
      ceremony,
      response: key.register(options, SITE_ORIGIN),
      ...(name ? { name } : {}),
    });
  }
  async function signInWith(client: Browser, key: SoftwarePasskey, origin = SITE_ORIGIN) {
    const begun = await client.send("POST", "/api/account/passkey-sign-in/options");
    expect(begun.statusCode, begun.body).toBe(200);
    const { ceremony, options } = begun.json() as Ceremony;
    return {
      ceremony,
      answer: key.authenticate(options, origin),
      send: (body: object) => client.send("POST", "/api/account/passkey-sign-in", body),
    };
  }

  beforeAll(async () => {
    database = await kind.create();
    app = await playerTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it("adds a passkey from the account, lists it, and signs in with it on another browser", async () => {
    const { browser: laptop, name } = await signedUp("pk");
    const key = new SoftwarePasskey();
    const added = await addPasskey(laptop, key, "My phone");
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ id: key.id, name: "My phone", last_used_at: null });
    const listed = (await laptop.send("GET", "/api/account/passkeys")).json();
    expect(listed.passkeys.map((p: { id: string }) => p.id)).toEqual([key.id]);

    const phone = browser();
    const attempt = await signInWith(phone, key);
    const response = await attempt.send({ ceremony: attempt.ceremony, response: attempt.answer });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username: name });
    expect(await phone.whoAmI()).toBe(name);
    const used = (await laptop.send("GET", "/api/account/passkeys")).json().passkeys[0];
    expect(used.last_used_at).not.toBeNull();

    // The same answer again (a replay), or its ceremony again: refused.
    const replay = await browser().send("POST", "/api/account/passkey-sign-in", {
      ceremony: attempt.ceremony,
      response: attempt.answer,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "passkey_refused" });
  });

  it("refuses a passkey no account has, a forged signature, another origin and a counter gone back", async () => {
    const { browser: owner } = await signedUp("pk_refuse");
    const key = new SoftwarePasskey();
    expect((await addPasskey(owner, key)).statusCode).toBe(201);

    const stranger = new SoftwarePasskey();
    const unknown = await signInWith(browser(), stranger);
    expect((await unknown.send({ ceremony: unknown.ceremony, response: unknown.answer })).statusCode).toBe(
      400,
    );

    const forged = await signInWith(browser(), key);
    const other = new SoftwarePasskey().authenticate({ challenge: "x" }, SITE_ORIGIN);
    const tampered = {
      ...forged.answer,
      response: { ...forged.answer.response, signature: other.response.signature },
    };
    expect((await forged.send({ ceremony: forged.ceremony, response: tampered })).statusCode).toBe(400);

    // An answer made for a page elsewhere (a phishing site's), sent from the site itself.
    const phished = await signInWith(browser(), key, EVIL_ORIGIN);
    expect((await phished.send({ ceremony: phished.ceremony, response: phished.answer })).statusCode).toBe(
      400,
    );

    const good = await signInWith(browser(), key);
    expect((await good.send({ ceremony: good.ceremony, response: good.answer })).statusCode).toBe(200);
    // A clone of the authenticator that lags behind: its counter does not move on.
    key.counter -= 2;
    const clone = await signInWith(browser(), key);
    expect((await clone.send({ ceremony: clone.ceremony, response: clone.answer })).statusCode).toBe(400);
  });

  it("works with authenticators that keep no counter (always 0)", async () => {
    const { browser: owner, name } = await signedUp("pk_zero");
    const key = new SoftwarePasskey({ keepsCounter: false });
    expect((await addPasskey(owner, key)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const client = browser();
      const attempt = await signInWith(client, key);
      expect((await attempt.send({ ceremony: attempt.ceremony, response: attempt.answer })).statusCode).toBe(
        200,
      );
      expect(await client.whoAmI()).toBe(name);
    }
  });

  it("needs a session to add one, keeps them to their account, removes one, and refuses other sites", async () => {
    expect((await browser().send("POST", "/api/account/passkeys/options")).statusCode).toBe(401);
    expect((await browser().send("GET", "/api/account/passkeys")).statusCode).toBe(401);
    const { browser: owner } = await signedUp("pk_own");
    const key = new SoftwarePasskey();
    expect((await addPasskey(owner, key)).statusCode).toBe(201);
    // The same authenticator again is excluded, and refused if it answers anyway.
    const begun = (await owner.send("POST", "/api/account/passkeys/options")).json() as Ceremony;
    expect(begun.options.excludeCredentials?.map((c) => c.id)).toEqual([key.id]);
    const again = await owner.send("POST", "/api/account/passkeys", {
      ceremony: begun.ceremony,
      response: key.register(begun.options, SITE_ORIGIN),
    });
    expect(again.statusCode).toBe(400);

    // Another player can neither finish this player's ceremony nor remove the passkey.
    const { browser: other } = await signedUp("pk_other");
    const stolen = (await owner.send("POST", "/api/account/passkeys/options")).json() as Ceremony;
    const finish = await other.send("POST", "/api/account/passkeys", {
      ceremony: stolen.ceremony,
      response: new SoftwarePasskey().register(stolen.options, SITE_ORIGIN),
    });
    expect(finish.statusCode).toBe(400);
    expect((await other.send("DELETE", `/api/account/passkeys/${key.id}`)).statusCode).toBe(404);

    const crossSite = new Browser(app, owner.address, EVIL_ORIGIN);
    crossSite.cookie = owner.cookie;
    expect((await crossSite.send("POST", "/api/account/passkeys/options")).statusCode).toBe(403);
    expect((await crossSite.send("DELETE", `/api/account/passkeys/${key.id}`)).statusCode).toBe(403);

    expect((await owner.send("DELETE", `/api/account/passkeys/${key.id}`)).statusCode).toBe(200);
    expect((await owner.send("GET", "/api/account/passkeys")).json()).toEqual({ passkeys: [] });
    const gone = await signInWith(browser(), key);
    expect((await gone.send({ ceremony: gone.ceremony, response: gone.answer })).statusCode).toBe(400);
  });

  it("refuses malformed answers with 400, never 500", async () => {
    const begun = (await browser().send("POST", "/api/account/passkey-sign-in/options")).json() as Ceremony;
    const client = browser();
    for (const response of [
      {},
      { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "garbage" } },
      {
        id: "x",
        rawId: "x",
        type: "public-key",
        response: { clientDataJSON: "e30", authenticatorData: "", signature: "" },
      },
    ]) {
      const answer = await client.send("POST", "/api/account/passkey-sign-in", {
        ceremony: begun.ceremony,
        response,
      });
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const reg = await signedUp("pk_bad");
    const options = (await reg.browser.send("POST", "/api/account/passkeys/options")).json() as Ceremony;
    const bad = await reg.browser.send("POST", "/api/account/passkeys", {
      ceremony: options.ceremony,
      response: {
        id: "x",
        rawId: "x",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA" },
      },
    });
    expect(bad.statusCode, bad.body).toBe(400);
  });
});
