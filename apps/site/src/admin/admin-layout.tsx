import { Outlet } from "../app/routing";
import { AdminSessionProvider } from "./session";

/** Every /admin route shares one admin-session actor, so login, guard and logout see the same session. */
export function Component() {
  return (
    <AdminSessionProvider>
      <Outlet />
    </AdminSessionProvider>
  );
}
