import { ADMIN_TOKEN_KEY, ADMIN_TOKEN_TIMESTAMP_KEY } from "@ct/contract";
import {
  adminSessionMachine,
  type SessionStore,
  selectIsAuthenticated,
  selectIsChecking,
  selectToken,
} from "@ct/machines";
import { createActorContext } from "@xstate/react";
import { type ReactNode, useMemo } from "react";
import { fromPromise } from "xstate";
import { revokeToken, validateToken } from "../api/admin";
import { storage } from "../lib/storage";

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
  },
});

const AdminSessionContext = createActorContext(siteAdminSessionMachine);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  return (
    <AdminSessionContext.Provider options={{ input: { store: browserSessionStore } }}>
      {children}
    </AdminSessionContext.Provider>
  );
}

export function useAdminSessionStatus() {
  const checking = AdminSessionContext.useSelector(selectIsChecking);
  const authenticated = AdminSessionContext.useSelector(selectIsAuthenticated);
  return { checking, authenticated };
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
