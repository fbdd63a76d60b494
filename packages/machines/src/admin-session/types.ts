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
  /** Why the last session ended, for the UI ("expired" shows a notice on the login page). */
  endedBy: "logout" | "expired" | "invalid" | null;
}

export type AdminSessionEvent =
  | { type: "session.login"; token: string }
  | { type: "session.logout" }
  | { type: "session.expire" }
  | { type: "session.check" };
