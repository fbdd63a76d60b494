import { assign, fromPromise, setup } from "xstate";
import type { Credentials, LoginFormContext, LoginFormEvent, LoginResult } from "./types";

/**
 * Login form (spec section 4): idle → submitting → failed with a message, or done with a token.
 * Spec section 8: 'Invalid username or password' when login returns false; 'An error occurred during login.
 * Please try again.' when it throws. Username and password are required (spec section 5): the machine does not
 * submit without both.
 */
export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    output: {} as { token: string },
  },
  actors: {
    login: fromPromise<LoginResult, Credentials>(async () => {
      throw new Error("login actor not provided");
    }),
  },
  guards: {
    hasCredentials: (_, params: { credentials: Credentials }) =>
      params.credentials.username.trim() !== "" && params.credentials.password !== "",
    loggedIn: (_, params: { result: LoginResult }) => params.result !== null,
  },
  actions: {
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: "loginForm",
  context: { failure: null, token: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "form.edit": { actions: "clearFailure" },
        "form.submit": {
          guard: {
            type: "hasCredentials",
            params: ({ event }) => ({ credentials: event.credentials }),
          },
          target: "submitting",
        },
      },
    },
    submitting: {
      entry: "clearFailure",
      invoke: {
        src: "login",
        input: ({ event }) => {
          if (event.type !== "form.submit") throw new Error("submitting is entered only by form.submit");
          return { username: event.credentials.username.trim(), password: event.credentials.password };
        },
        onDone: [
          {
            guard: { type: "loggedIn", params: ({ event }) => ({ result: event.output }) },
            target: "done",
            actions: assign({ token: ({ event }) => event.output?.token ?? null }),
          },
          { target: "idle", actions: assign({ failure: "invalid-credentials" }) },
        ],
        onError: { target: "idle", actions: assign({ failure: "error" }) },
      },
    },
    done: {
      type: "final",
    },
  },
  output: ({ context }) => ({ token: context.token ?? "" }),
});

export type LoginFormMachine = typeof loginFormMachine;
