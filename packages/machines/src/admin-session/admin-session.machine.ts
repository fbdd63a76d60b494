import { isSessionLocallyValid, sessionRemainingMs } from "@ct/contract";
import { assign, fromPromise, setup } from "xstate";
import type { AdminSessionContext, AdminSessionEvent, AdminSessionInput, RefreshResult } from "./types";

/** A token this old is refreshed at the admin's next activity (or at once, when there was some since it came). */
export const SESSION_REFRESH_AFTER_MS = 20 * 60 * 1000;
/** An idle admin is warned this long before the token runs out. */
export const SESSION_WARNING_MS = 2 * 60 * 1000;
/** A refresh that could not reach the server is tried again after this long. */
export const SESSION_REFRESH_RETRY_MS = 30 * 1000;

const ageOf = (context: AdminSessionContext) => context.now() - (context.timestamp ?? context.now());
const remainingMs = (context: AdminSessionContext) =>
  sessionRemainingMs({ token: context.token, timestamp: context.timestamp }, context.now());

/**
 * Admin session (spec sections 4 and 5): unauthenticated → authenticated after a successful login; logged out by an
 * explicit logout, a failed server validation, or expiry after 30 minutes.
 *
 * On start the stored session is checked locally first (token and timestamp present, younger than 30 minutes);
 * a locally valid token is then validated by the server through the `validateToken` actor, which the site
 * supplies with `machine.provide(...)`. `revokeToken` tells the server about an explicit logout.
 *
 * Every token lives 30 minutes (the spec's rule), but an active admin is never logged out: the site reports
 * typing and clicking (`session.activity`), and a token older than 20 minutes is exchanged for a new one
 * (`refreshToken`) as soon as the admin was active since it came; the new token and its timestamp are stored. An
 * admin idle until 2 minutes before the expiry gets a warning (`warning`): "Stay signed in" (`session.stay`)
 * refreshes, `session.logout` logs out, and otherwise the session expires. Before warning or expiring, a newer
 * session another tab stored is taken over instead. The server refusing a refresh ends the session as expired.
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
    refreshToken: fromPromise<RefreshResult, { token: string }>(async () => ({ ok: false })),
  },
  guards: {
    isLocallyValid: ({ context }) =>
      isSessionLocallyValid({ token: context.token, timestamp: context.timestamp }, context.now()),
    hadStoredToken: ({ context }) => Boolean(context.token),
    isServerValid: (_, params: { valid: boolean }) => params.valid,
    wasActive: ({ context }) => context.active,
    refreshed: (_, params: { result: RefreshResult }) => params.result.ok,
    /** Another tab refreshed or logged in since this tab's token came: its session is the one to keep. */
    storedIsNewer: ({ context }) => {
      const stored = context.store.read();
      return (
        stored.token !== null &&
        stored.token !== context.token &&
        (stored.timestamp ?? 0) > (context.timestamp ?? 0) &&
        isSessionLocallyValid(stored, context.now())
      );
    },
  },
  delays: {
    untilExpiry: ({ context }) => remainingMs(context),
    untilRefreshDue: ({ context }) => Math.max(0, SESSION_REFRESH_AFTER_MS - ageOf(context)),
    untilWarning: ({ context }) => Math.max(0, remainingMs(context) - SESSION_WARNING_MS),
    retry: SESSION_REFRESH_RETRY_MS,
  },
  actions: {
    loadStoredSession: assign(({ context }) => context.store.read()),
    storeSession: assign(({ context, event }) => {
      if (event.type !== "session.login") return {};
      const timestamp = context.now();
      context.store.write({ token: event.token, timestamp });
      return { token: event.token, timestamp, active: false, endedBy: null };
    }),
    storeRefreshed: assign(({ context }, params: { result: RefreshResult }) => {
      if (!params.result.ok) return {};
      const timestamp = context.now();
      context.store.write({ token: params.result.token, timestamp });
      return { token: params.result.token, timestamp, active: false };
    }),
    adoptStored: assign(({ context }) => ({ ...context.store.read(), active: false })),
    noteActivity: assign({ active: true }),
    forgetStoredSession: ({ context }) => context.store.clear(),
    clearSession: assign(({ context }, params: { reason: AdminSessionContext["endedBy"] }) => {
      context.store.clear();
      return { token: null, timestamp: null, active: false, endedBy: params.reason };
    }),
  },
}).createMachine({
  id: "adminSession",
  context: ({ input }) => ({
    store: input.store,
    now: input.now ?? Date.now,
    token: null,
    timestamp: null,
    active: false,
    endedBy: null,
  }),
  initial: "checking",
  states: {
    checking: {
      entry: "loadStoredSession",
      always: [
        { guard: "isLocallyValid", target: "validating" },
        // A token was kept but is too old: the session expired while the page was closed.
        {
          guard: "hadStoredToken",
          target: "unauthenticated",
          actions: { type: "clearSession", params: { reason: "expired" } },
        },
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
      initial: "fresh",
      after: {
        untilExpiry: [
          {
            guard: "storedIsNewer",
            target: "#adminSession.authenticated",
            reenter: true,
            actions: "adoptStored",
          },
          { target: "unauthenticated", actions: { type: "clearSession", params: { reason: "expired" } } },
        ],
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
      states: {
        /** Younger than 20 minutes: activity is noted, and refreshes the token once it is 20 minutes old. */
        fresh: {
          on: { "session.activity": { actions: "noteActivity" } },
          after: { untilRefreshDue: { target: "due" } },
        },
        /** Older than 20 minutes: refreshed at the first activity; an idle admin is warned 2 minutes before. */
        due: {
          always: { guard: "wasActive", target: "refreshing" },
          on: { "session.activity": { target: "refreshing", actions: "noteActivity" } },
          after: {
            untilWarning: [
              {
                guard: "storedIsNewer",
                target: "#adminSession.authenticated",
                reenter: true,
                actions: "adoptStored",
              },
              { target: "warning" },
            ],
          },
        },
        refreshing: {
          invoke: {
            src: "refreshToken",
            input: ({ context }) => ({ token: context.token ?? "" }),
            onDone: [
              {
                guard: { type: "refreshed", params: ({ event }) => ({ result: event.output }) },
                target: "#adminSession.authenticated",
                reenter: true,
                actions: { type: "storeRefreshed", params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: "#adminSession.unauthenticated",
                actions: { type: "clearSession", params: { reason: "expired" } },
              },
            ],
            onError: { target: "retrying" },
          },
          on: { "session.activity": { actions: "noteActivity" } },
        },
        /** The server could not be asked: again in 30 s, and the warning still comes if it cannot be reached. */
        retrying: {
          on: { "session.activity": { actions: "noteActivity" } },
          after: {
            retry: { target: "due" },
            untilWarning: { target: "warning" },
          },
        },
        /** The dialog: only its buttons count, not the keys and clicks that reach it. */
        warning: {
          on: { "session.stay": { target: "refreshing", actions: "noteActivity" } },
        },
      },
    },
    loggingOut: {
      // The stored session goes at once: the page leaves the admin area before the server answers, and what
      // leaves with it (the editor keeping unsaved fields) must already see the session ended.
      entry: "forgetStoredSession",
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
