import { Outlet } from "../app/routing";
import { AdminSessionProvider } from "./session";
import { AdminToaster } from "./toasts";

/**
 * Every /admin route shares one admin-session actor, so login, guard and logout see the same session, and one
 * toaster, so a confirmation shown as a page is left is read on the next.
 */
export function Component() {
  return (
    <AdminSessionProvider>
      <Outlet />
      <AdminToaster />
    </AdminSessionProvider>
  );
}
