import { isSessionLocallyValid, sessionRemainingMs } from "@ct/contract";
import { assign, fromPromise, setup } from "xstate";
import type { AdminSessionContext, AdminSessionEvent, AdminSessionInput } from "./types";

/**
 * Admin session (spec sections 4 and 5): unauthenticated → authenticated after a successful login; logged out by an
 * explicit logout, a failed server validation, or expiry after 30 minutes.
 *
 * On start the stored session is checked locally first (token and timestamp present, younger than 30 minutes);
 * a locally valid token is then validated by the server through the `validateToken` actor, which the site
 * supplies with `machine.provide(...)`. `revokeToken` tells the server about an explicit logout.
 */
export const adminSessionMachine = setup({
  types: {
    context: {} as AdminSessionContext,
    events: {} as AdminSessionEvent,
    input: {} as AdminSessionInput,
  },
  actors: {
    validateToken: fromPromise<boolean, { token: string }>(async () => false),
    revokeToken: fromPromise<void, { token: string }>(async () => undefined),
  },
  guards: {
    isLocallyValid: ({ context }) =>
      isSessionLocallyValid({ token: context.token, timestamp: context.timestamp }, context.now()),
    isServerValid: (_, params: { valid: boolean }) => params.valid,
  },
  delays: {
    untilExpiry: ({ context }) =>
      sessionRemainingMs({ token: context.token, timestamp: context.timestamp }, context.now()),
  },
  actions: {
    loadStoredSession: assign(({ context }) => context.store.read()),
    storeSession: assign(({ context, event }) => {
      if (event.type !== "session.login") return {};
      const timestamp = context.now();
      context.store.write({ token: event.token, timestamp });
      return { token: event.token, timestamp, endedBy: null };
    }),
    clearSession: assign(({ context }, params: { reason: AdminSessionContext["endedBy"] }) => {
      context.store.clear();
      return { token: null, timestamp: null, endedBy: params.reason };
    }),
  },
}).createMachine({
  id: "adminSession",
  context: ({ input }) => ({
    store: input.store,
    now: input.now ?? Date.now,
    token: null,
    timestamp: null,
    endedBy: null,
  }),
  initial: "checking",
  states: {
    checking: {
      entry: "loadStoredSession",
      always: [
        { guard: "isLocallyValid", target: "validating" },
        { target: "unauthenticated", actions: { type: "clearSession", params: { reason: null } } },
      ],
    },
    validating: {
      invoke: {
        src: "validateToken",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [
          {
            guard: { type: "isServerValid", params: ({ event }) => ({ valid: event.output }) },
            target: "authenticated",
          },
          { target: "unauthenticated", actions: { type: "clearSession", params: { reason: "invalid" } } },
        ],
        onError: {
          target: "unauthenticated",
          actions: { type: "clearSession", params: { reason: "invalid" } },
        },
      },
    },
    authenticated: {
      after: {
        untilExpiry: {
          target: "unauthenticated",
          actions: { type: "clearSession", params: { reason: "expired" } },
        },
      },
      on: {
        "session.expire": {
          target: "unauthenticated",
          actions: { type: "clearSession", params: { reason: "expired" } },
        },
        "session.logout": { target: "loggingOut" },
        "session.check": [
          { guard: "isLocallyValid" },
          { target: "unauthenticated", actions: { type: "clearSession", params: { reason: "expired" } } },
        ],
      },
    },
    loggingOut: {
      invoke: {
        src: "revokeToken",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: { target: "unauthenticated" },
        onError: { target: "unauthenticated" },
      },
      exit: { type: "clearSession", params: { reason: "logout" } },
    },
    unauthenticated: {
      on: {
        "session.login": { target: "authenticated", actions: "storeSession" },
      },
    },
  },
});

export type AdminSessionMachine = typeof adminSessionMachine;
