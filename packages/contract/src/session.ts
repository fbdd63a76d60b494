/** Admin session lifetime (spec section 9): 30 minutes. */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

/** Browser-storage keys of the admin session (spec section 3: the token is stored under `admin_token`). */
export const ADMIN_TOKEN_KEY = "admin_token";
export const ADMIN_TOKEN_TIMESTAMP_KEY = "admin_token_timestamp";

export interface StoredSession {
  token: string | null;
  timestamp: number | null;
}

/**
 * Spec section 5: a session is locally valid only if both token and timestamp exist and the token is less than
 * 30 minutes old. A timestamp in the future (clock changed, tampered storage) is not valid either.
 */
export function isSessionLocallyValid(session: StoredSession, now: number): boolean {
  if (!session.token || session.timestamp === null || !Number.isFinite(session.timestamp)) return false;
  const age = now - session.timestamp;
  return age >= 0 && age < SESSION_LIFETIME_MS;
}

/** Milliseconds until a locally valid session expires (0 when it already has). */
export function sessionRemainingMs(session: StoredSession, now: number): number {
  if (!isSessionLocallyValid(session, now) || session.timestamp === null) return 0;
  return SESSION_LIFETIME_MS - (now - session.timestamp);
}
