import type { StoredSession } from "@ct/contract";

/** Where the session lives between page loads (the site passes browser storage; tests pass memory). */
export interface SessionStore {
  read(): StoredSession;
  write(session: { token: string; timestamp: number }): void;
  clear(): void;
}

export interface AdminSessionInput {
  store: SessionStore;
  /** Clock, injectable for tests. */
  now?: () => number;
}

export interface AdminSessionContext {
  store: SessionStore;
  now: () => number;
  token: string | null;
  timestamp: number | null;
  /** Whether the admin typed, clicked or scrolled since the token was issued (or last refreshed). */
  active: boolean;
  /** Why the last session ended, for the UI ("expired" and "invalid" show a notice on the login page). */
  endedBy: "logout" | "expired" | "invalid" | null;
}

/**
 * The server's answer to a refresh: a new token, or a refusal (the session ended there: expired, revoked, logged
 * out elsewhere). A call that could not be made (network, server error) rejects instead, and is tried again.
 */
export type RefreshResult = { ok: true; token: string } | { ok: false };

export type AdminSessionEvent =
  | { type: "session.login"; token: string }
  | { type: "session.logout" }
  | { type: "session.expire" }
  | { type: "session.check" }
  /** The admin typed, clicked or scrolled: the token is refreshed before it runs out. */
  | { type: "session.activity" }
  /** "Stay signed in" in the warning before an idle expiry. */
  | { type: "session.stay" };
