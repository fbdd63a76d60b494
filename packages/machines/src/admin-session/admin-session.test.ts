import { SESSION_LIFETIME_MS, type StoredSession } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { adminSessionMachine } from "./admin-session.machine";
import { selectSessionWarning } from "./selectors";
import type { RefreshResult, SessionStore } from "./types";

function memoryStore(initial: StoredSession = { token: null, timestamp: null }) {
  let value = { ...initial };
  const store: SessionStore & { value: () => StoredSession } = {
    read: () => ({ ...value }),
    write: (s) => {
      value = { ...s };
    },
    clear: () => {
      value = { token: null, timestamp: null };
    },
    value: () => value,
  };
  return store;
}

function start(options: {
  stored?: StoredSession;
  serverSays?: boolean | Error;
  now?: number;
  /** The server's answers to refreshes, in turn (an Error: it could not be reached); default: a new token. */
  refreshes?: (RefreshResult | Error)[];
}) {
  const clock = new SimulatedClock();
  clock.set(options.now ?? 1_000_000);
  const store = memoryStore(options.stored);
  const revoked: string[] = [];
  const refreshed: string[] = [];
  const machine = adminSessionMachine.provide({
    actors: {
      validateToken: fromPromise(async () => {
        if (options.serverSays instanceof Error) throw options.serverSays;
        return options.serverSays ?? true;
      }),
      revokeToken: fromPromise<void, { token: string }>(async ({ input }) => {
        revoked.push(input.token);
      }),
      refreshToken: fromPromise<RefreshResult, { token: string }>(async ({ input }) => {
        refreshed.push(input.token);
        const answer = options.refreshes?.[refreshed.length - 1] ?? {
          ok: true,
          token: `t${refreshed.length + 1}`,
        };
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { store, now: () => clock.now() }, clock }).start();
  return { actor, store, clock, revoked, refreshed };
}

const MINUTE = 60_000;

describe("admin session machine", () => {
  it("without a stored session is unauthenticated at once", () => {
    const { actor } = start({});
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(actor.getSnapshot().context.endedBy).toBeNull();
  });

  it("clears a stored session older than 30 minutes without asking the server", () => {
    const now = 10_000_000;
    const { actor, store } = start({ now, stored: { token: "old", timestamp: now - SESSION_LIFETIME_MS } });
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(store.value()).toEqual({ token: null, timestamp: null });
    // The session expired while the page was closed: the login page says so.
    expect(actor.getSnapshot().context.endedBy).toBe("expired");
  });

  it("validates a locally valid session with the server and becomes authenticated", async () => {
    const now = 10_000_000;
    const { actor } = start({ now, stored: { token: "abc", timestamp: now - 1000 }, serverSays: true });
    expect(actor.getSnapshot().value).toBe("validating");
    await waitFor(actor, (s) => s.matches("authenticated"));
    expect(actor.getSnapshot().context.token).toBe("abc");
  });

  it("logs out when the server refuses the token or cannot be asked", async () => {
    const now = 10_000_000;
    for (const serverSays of [false, new Error("network down")]) {
      const { actor, store } = start({ now, stored: { token: "abc", timestamp: now - 1000 }, serverSays });
      await waitFor(actor, (s) => s.matches("unauthenticated"));
      expect(actor.getSnapshot().context.endedBy).toBe("invalid");
      expect(store.value().token).toBeNull();
    }
  });

  it("stores the token with a timestamp on login and expires it after 30 minutes", () => {
    const { actor, store, clock } = start({ now: 5_000 });
    actor.send({ type: "session.login", token: "fresh" });
    expect(actor.getSnapshot().matches("authenticated")).toBe(true);
    expect(store.value()).toEqual({ token: "fresh", timestamp: 5_000 });

    clock.increment(SESSION_LIFETIME_MS - 1);
    expect(actor.getSnapshot().matches("authenticated")).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(actor.getSnapshot().context.endedBy).toBe("expired");
    expect(store.value().token).toBeNull();
  });

  it("logs out explicitly, revoking the token on the server", async () => {
    const { actor, store, revoked } = start({});
    actor.send({ type: "session.login", token: "t1" });
    actor.send({ type: "session.logout" });
    // Forgotten at once, before the server answers: the page leaves the admin area right away.
    expect(store.value().token).toBeNull();
    await waitFor(actor, (s) => s.matches("unauthenticated"));
    expect(revoked).toEqual(["t1"]);
    expect(store.value().token).toBeNull();
    expect(actor.getSnapshot().context.endedBy).toBe("logout");
  });

  it("ignores login events while already authenticated and logout while logged out", () => {
    const { actor } = start({});
    expect(actor.getSnapshot().can({ type: "session.logout" })).toBe(false);
    actor.send({ type: "session.login", token: "t1" });
    expect(actor.getSnapshot().can({ type: "session.login", token: "t2" })).toBe(false);
  });
});

describe("admin session machine: an active admin stays, an idle one is warned", () => {
  const authenticated = (actor: ReturnType<typeof start>["actor"]) =>
    actor.getSnapshot().matches("authenticated");
  const warned = (actor: ReturnType<typeof start>["actor"]) => selectSessionWarning(actor.getSnapshot());

  it("refreshes a token 20 minutes old when the admin was active since it came, and stores the new one", async () => {
    const { actor, store, clock, refreshed } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    clock.increment(5 * MINUTE);
    actor.send({ type: "session.activity" });
    clock.increment(15 * MINUTE - 1);
    expect(refreshed).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.context.token === "t2");
    expect(refreshed).toEqual(["t1"]);
    expect(store.value()).toEqual({ token: "t2", timestamp: 20 * MINUTE });
    // The old token's 30 minutes no longer count: idle from here, the session lasts until 50 minutes.
    clock.increment(11 * MINUTE);
    expect(authenticated(actor)).toBe(true);
    expect(warned(actor)).toBe(false);
    clock.increment(17 * MINUTE);
    expect(warned(actor)).toBe(true);
    clock.increment(2 * MINUTE);
    expect(actor.getSnapshot().value).toBe("unauthenticated");
  });

  it("refreshes at the first activity after 20 minutes, not before", async () => {
    const { actor, clock, refreshed, store } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    clock.increment(21 * MINUTE);
    expect(refreshed).toEqual([]);
    actor.send({ type: "session.activity" });
    await waitFor(actor, (s) => s.context.token === "t2");
    expect(store.value()).toEqual({ token: "t2", timestamp: 21 * MINUTE });
    expect(refreshed).toEqual(["t1"]);
  });

  it("never refreshes an idle admin: warns 2 minutes before the expiry, then expires", () => {
    const { actor, clock, refreshed, store } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    clock.increment(28 * MINUTE - 1);
    expect(warned(actor)).toBe(false);
    clock.increment(1);
    expect(warned(actor)).toBe(true);
    // Keys and clicks that reach the dialog are not "Stay signed in".
    actor.send({ type: "session.activity" });
    expect(warned(actor)).toBe(true);
    clock.increment(2 * MINUTE);
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(actor.getSnapshot().context.endedBy).toBe("expired");
    expect(store.value().token).toBeNull();
    expect(refreshed).toEqual([]);
  });

  it("'Stay signed in' refreshes and closes the warning; the next expiry is 30 minutes later", async () => {
    const { actor, clock, store } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    clock.increment(29 * MINUTE);
    expect(warned(actor)).toBe(true);
    actor.send({ type: "session.stay" });
    await waitFor(actor, (s) => s.context.token === "t2");
    expect(warned(actor)).toBe(false);
    expect(store.value()).toEqual({ token: "t2", timestamp: 29 * MINUTE });
    clock.increment(28 * MINUTE - 1);
    expect(authenticated(actor)).toBe(true);
    expect(warned(actor)).toBe(false);
  });

  it("'Log out' in the warning logs out, revoking the token", async () => {
    const { actor, clock, revoked } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    clock.increment(28 * MINUTE);
    actor.send({ type: "session.logout" });
    await waitFor(actor, (s) => s.matches("unauthenticated"));
    expect(revoked).toEqual(["t1"]);
    expect(actor.getSnapshot().context.endedBy).toBe("logout");
  });

  it("ends the session as expired when the server refuses the refresh or an admin call (a 401)", async () => {
    const refused = start({ now: 0, refreshes: [{ ok: false }] });
    refused.actor.send({ type: "session.login", token: "t1" });
    refused.actor.send({ type: "session.activity" });
    refused.clock.increment(20 * MINUTE);
    await waitFor(refused.actor, (s) => s.matches("unauthenticated"));
    expect(refused.actor.getSnapshot().context.endedBy).toBe("expired");
    expect(refused.store.value().token).toBeNull();

    const { actor, store } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    actor.send({ type: "session.expire" });
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(actor.getSnapshot().context.endedBy).toBe("expired");
    expect(store.value().token).toBeNull();
  });

  it("tries a refresh that could not reach the server again 30 s later", async () => {
    const { actor, clock, refreshed } = start({ now: 0, refreshes: [new Error("offline")] });
    actor.send({ type: "session.login", token: "t1" });
    actor.send({ type: "session.activity" });
    clock.increment(20 * MINUTE);
    await waitFor(actor, (s) => s.matches({ authenticated: "retrying" }));
    expect(refreshed).toEqual(["t1"]);
    clock.increment(30_000);
    await waitFor(actor, (s) => s.context.token === "t3");
    expect(refreshed).toEqual(["t1", "t1"]);
  });

  it("takes over a newer session another tab stored instead of warning or expiring", () => {
    const { actor, clock, store } = start({ now: 0 });
    actor.send({ type: "session.login", token: "t1" });
    clock.increment(10 * MINUTE);
    store.write({ token: "other-tab", timestamp: 10 * MINUTE });
    clock.increment(18 * MINUTE);
    expect(warned(actor)).toBe(false);
    expect(actor.getSnapshot().context.token).toBe("other-tab");
    clock.increment(10 * MINUTE - 1);
    expect(warned(actor)).toBe(false);
    clock.increment(1);
    expect(warned(actor)).toBe(true);
    clock.increment(2 * MINUTE);
    expect(actor.getSnapshot().value).toBe("unauthenticated");
  });
});
