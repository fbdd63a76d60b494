import { ADMIN_TOKEN_KEY, ADMIN_TOKEN_TIMESTAMP_KEY } from "@ct/contract";
import {
  adminSessionMachine,
  type SessionStore,
  selectEndedBy,
  selectIsAuthenticated,
  selectIsChecking,
  selectSessionWarning,
  selectToken,
} from "@ct/machines";
import { createActorContext } from "@xstate/react";
import { type ReactNode, useEffect, useMemo } from "react";
import { fromPromise } from "xstate";
import { refreshToken, revokeToken, validateToken } from "../api/admin";
import { onAdminUnauthorized } from "../api/client";
import { storage } from "../lib/storage";
import { SessionWarning } from "./session-warning";

/** The admin session kept in browser storage under `admin_token` plus its timestamp (spec section 3). */
export const browserSessionStore: SessionStore = {
  read() {
    const token = storage.get(ADMIN_TOKEN_KEY);
    const rawTimestamp = storage.get(ADMIN_TOKEN_TIMESTAMP_KEY);
    const timestamp = rawTimestamp === null ? null : Number(rawTimestamp);
    return { token, timestamp: Number.isFinite(timestamp) ? timestamp : null };
  },
  write({ token, timestamp }) {
    storage.set(ADMIN_TOKEN_KEY, token);
    storage.set(ADMIN_TOKEN_TIMESTAMP_KEY, String(timestamp));
  },
  clear() {
    storage.remove(ADMIN_TOKEN_KEY);
    storage.remove(ADMIN_TOKEN_TIMESTAMP_KEY);
  },
};

const siteAdminSessionMachine = adminSessionMachine.provide({
  actors: {
    validateToken: fromPromise(({ input }: { input: { token: string } }) => validateToken(input.token)),
    revokeToken: fromPromise(({ input }: { input: { token: string } }) => revokeToken(input.token)),
    refreshToken: fromPromise(({ input }: { input: { token: string } }) => refreshToken(input.token)),
  },
});

const AdminSessionContext = createActorContext(siteAdminSessionMachine);

/** What counts as the admin being active: typing, clicking, touching, scrolling with the wheel. */
const ACTIVITY_EVENTS = ["keydown", "pointerdown", "wheel"] as const;
/** Activity is reported at most this often (the session needs only to know there was some). */
const ACTIVITY_REPORT_MS = 1000;

/**
 * Ties the session to the page: reports the admin's activity (so the token is refreshed while they work), ends the
 * session when the server refuses the token on any admin call (a 401 sends the admin to login), and shows the
 * warning before an idle expiry.
 */
function SessionBindings() {
  const actor = AdminSessionContext.useActorRef();
  const authenticated = AdminSessionContext.useSelector(selectIsAuthenticated);

  useEffect(() => onAdminUnauthorized(() => actor.send({ type: "session.expire" })), [actor]);

  useEffect(() => {
    if (!authenticated) return;
    let last = Number.NEGATIVE_INFINITY;
    const report = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_REPORT_MS) return;
      last = now;
      actor.send({ type: "session.activity" });
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, report, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, report, options);
    };
  }, [actor, authenticated]);

  const warning = AdminSessionContext.useSelector(selectSessionWarning);
  return (
    <SessionWarning
      open={warning}
      onStay={() => actor.send({ type: "session.stay" })}
      onLogout={() => actor.send({ type: "session.logout" })}
    />
  );
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  return (
    <AdminSessionContext.Provider options={{ input: { store: browserSessionStore } }}>
      {children}
      <SessionBindings />
    </AdminSessionContext.Provider>
  );
}

export function useAdminSessionStatus() {
  const checking = AdminSessionContext.useSelector(selectIsChecking);
  const authenticated = AdminSessionContext.useSelector(selectIsAuthenticated);
  return { checking, authenticated };
}

/** Why the last session ended: "expired" (idle, or a token the server refused), "invalid", "logout" or none. */
export function useAdminSessionEndedBy() {
  return AdminSessionContext.useSelector(selectEndedBy);
}

/** The bearer token of an authenticated session (null otherwise), for admin API calls. */
export function useAdminToken(): string | null {
  return AdminSessionContext.useSelector(selectToken);
}

export function useAdminSessionEvents() {
  const actor = AdminSessionContext.useActorRef();
  return useMemo(
    () => ({
      login: (token: string) => actor.send({ type: "session.login", token }),
      logout: () => actor.send({ type: "session.logout" }),
      /** An admin call answered 401: the token was revoked or expired on the server. */
      expire: () => actor.send({ type: "session.expire" }),
    }),
    [actor],
  );
}
