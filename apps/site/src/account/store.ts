import type { Account } from "@ct/contract";
import { useSyncExternalStore } from "react";

/**
 * Who is signed in on this browser, for every part of the site that shows it (the navigation, the account pages)
 * and, later, for the trainer's progress: its records follow the account while one is signed in.
 *
 * - `unknown`: not known yet. The server renders every page so (the session cookie is the server's, but the page
 *   is the same for everyone), and the browser hydrates with it; right after, the store asks the server once
 *   (GET /api/account/session) and every reader renders again with the answer.
 * - `signed-out` / `signed-in`: the answer, kept in step after a sign-in, a sign-out or a deletion on this page,
 *   and in the browser's other tabs of the site (they hear of it and ask again).
 */
export type AccountState =
  | { status: "unknown" }
  | { status: "signed-out" }
  | { status: "signed-in"; account: Account };

const UNKNOWN: AccountState = { status: "unknown" };
const SIGNED_OUT: AccountState = { status: "signed-out" };

/** Tabs of the site in this browser tell each other that the account changed (a sign-in, a sign-out). */
const CHANNEL = "chesstrainer.account";

export interface AccountStore {
  /** The state now (a stable object until it changes). */
  get(): AccountState;
  /** Calls `listener` on every change; the first listener makes the store ask the server, once. */
  subscribe(listener: () => void): () => void;
  /** Asks the server again who is signed in (another tab signed out, a call answered 401, the sync engine). */
  refresh(): Promise<AccountState>;
  /** This page signed in (or up, or changed the account): the server's answer, told to the other tabs too. */
  signedIn(account: Account): void;
  /** This page signed out (or deleted the account). */
  signedOut(): void;
}

/**
 * A store asking `readSession` (the server's answer: the account or null; it rejects when the server cannot be
 * reached, and the state then is `signed-out`: the site works signed out). `channel` reaches the other tabs.
 */
export function createAccountStore(
  readSession: () => Promise<Account | null>,
  channel: { post(message: unknown): void; listen(onMessage: () => void): void } | null = null,
): AccountStore {
  let state: AccountState = UNKNOWN;
  let asked: Promise<AccountState> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: AccountState) => {
    if (sameState(state, next)) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const refresh = (): Promise<AccountState> => {
    const request = readSession()
      .then((account): AccountState => (account ? { status: "signed-in", account } : SIGNED_OUT))
      .catch((error: unknown): AccountState => {
        console.warn("Could not read the account session", error);
        return state.status === "unknown" ? SIGNED_OUT : state;
      })
      .then((next) => {
        // An older request answering after a newer one changes nothing.
        if (asked === request) set(next);
        return state;
      });
    asked = request;
    return request;
  };

  channel?.listen(() => void refresh());

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (asked === null) void refresh();
      return () => listeners.delete(listener);
    },
    refresh,
    signedIn(account) {
      asked = Promise.resolve<AccountState>({ status: "signed-in", account });
      set({ status: "signed-in", account });
      channel?.post("changed");
    },
    signedOut() {
      asked = Promise.resolve(SIGNED_OUT);
      set(SIGNED_OUT);
      channel?.post("changed");
    },
  };
}

function sameState(a: AccountState, b: AccountState): boolean {
  if (a.status !== b.status) return false;
  if (a.status !== "signed-in" || b.status !== "signed-in") return true;
  return (
    a.account.username === b.account.username &&
    a.account.email === b.account.email &&
    a.account.created_at === b.account.created_at
  );
}

function browserChannel() {
  if (typeof BroadcastChannel === "undefined") return null;
  const channel = new BroadcastChannel(CHANNEL);
  return {
    post: (message: unknown) => channel.postMessage(message),
    listen: (onMessage: () => void) => channel.addEventListener("message", onMessage),
  };
}

/**
 * GET /api/account/session with the browser's own fetch (the shell reads it on every page: no API client is loaded
 * for it). Never a 401: the account, or null for nobody; it rejects when the server cannot be reached.
 */
async function readSession(): Promise<Account | null> {
  const response = await fetch("/api/account/session", {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET /api/account/session answered ${response.status}`);
  const body = (await response.json()) as { account?: Account | null };
  return body.account ?? null;
}

let store: AccountStore | null = null;

/** The page's store, made on first use in the browser (the server renders `unknown` and never makes one). */
function pageStore(): AccountStore {
  store ??= createAccountStore(readSession, browserChannel());
  return store;
}

const subscribe = (listener: () => void) => pageStore().subscribe(listener);
const snapshot = (): AccountState => pageStore().get();
const serverSnapshot = (): AccountState => UNKNOWN;

/** Who is signed in; `unknown` on the server, while hydrating, and until the server answered. */
export function useAccount(): AccountState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** The state now, outside React (the progress wiring). */
export function currentAccount(): AccountState {
  return typeof window === "undefined" ? UNKNOWN : pageStore().get();
}

/** Calls `listener` whenever who is signed in changes; answers the function that stops it. */
export function onAccountChange(listener: (state: AccountState) => void): () => void {
  const current = pageStore();
  return current.subscribe(() => listener(current.get()));
}

/**
 * Something suggests the account changed behind this page's back (a call answered 401, another device signed
 * out everywhere): asks the server again, and every reader follows. Answers the new state.
 */
export function accountChanged(): Promise<AccountState> {
  return pageStore().refresh();
}

/** This page signed in, signed up or changed the account (the server's answer). */
export function accountSignedIn(account: Account): void {
  pageStore().signedIn(account);
}

/** This page signed out or deleted the account. */
export function accountSignedOut(): void {
  pageStore().signedOut();
}
