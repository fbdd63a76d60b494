import { SESSION_LIFETIME_MS, type StoredSession } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { adminSessionMachine } from "./admin-session.machine";
import type { SessionStore } from "./types";

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

function start(options: { stored?: StoredSession; serverSays?: boolean | Error; now?: number }) {
  const clock = new SimulatedClock();
  clock.set(options.now ?? 1_000_000);
  const store = memoryStore(options.stored);
  const revoked: string[] = [];
  const machine = adminSessionMachine.provide({
    actors: {
      validateToken: fromPromise(async () => {
        if (options.serverSays instanceof Error) throw options.serverSays;
        return options.serverSays ?? true;
      }),
      revokeToken: fromPromise<void, { token: string }>(async ({ input }) => {
        revoked.push(input.token);
      }),
    },
  });
  const actor = createActor(machine, { input: { store, now: () => clock.now() }, clock }).start();
  return { actor, store, clock, revoked };
}

describe("admin session machine", () => {
  it("without a stored session is unauthenticated at once", () => {
    const { actor } = start({});
    expect(actor.getSnapshot().value).toBe("unauthenticated");
  });

  it("clears a stored session older than 30 minutes without asking the server", () => {
    const now = 10_000_000;
    const { actor, store } = start({ now, stored: { token: "old", timestamp: now - SESSION_LIFETIME_MS } });
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(store.value()).toEqual({ token: null, timestamp: null });
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
    expect(actor.getSnapshot().value).toBe("authenticated");
    expect(store.value()).toEqual({ token: "fresh", timestamp: 5_000 });

    clock.increment(SESSION_LIFETIME_MS - 1);
    expect(actor.getSnapshot().value).toBe("authenticated");
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("unauthenticated");
    expect(actor.getSnapshot().context.endedBy).toBe("expired");
    expect(store.value().token).toBeNull();
  });

  it("logs out explicitly, revoking the token on the server", async () => {
    const { actor, store, revoked } = start({});
    actor.send({ type: "session.login", token: "t1" });
    actor.send({ type: "session.logout" });
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
