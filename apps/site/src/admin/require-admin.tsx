import { Button, Spinner } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { Navigate, NavLink, Outlet, useLocation } from "../app/routing";
import { useAdminSessionEvents, useAdminSessionStatus } from "./session";

const adminLinks = [
  { to: "/admin/blog", key: "admin.nav.posts" },
  { to: "/admin/analysis", key: "admin.nav.analysis" },
  { to: "/admin/messages", key: "admin.nav.messages" },
] as const;

/**
 * The admin guard (spec section 2): a centred spinner while the session is checked; the page when the session is
 * valid; otherwise a redirect to /admin/login that replaces the history entry and carries the original location.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const { checking, authenticated } = useAdminSessionStatus();
  const session = useAdminSessionEvents();

  if (checking) return <Spinner label={t("common.checkingSession")} />;
  if (!authenticated) return <Navigate to="/admin/login" replace state={{ from: location }} />;
  return (
    <>
      <nav aria-label={t("admin.nav.label")} className="border-b border-line bg-brand-soft">
        <div className="mx-auto flex max-w-nav flex-wrap items-center gap-2 px-4 py-2">
          {adminLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand no-underline hover:bg-surface aria-[current=page]:bg-surface"
            >
              {t(link.key)}
            </NavLink>
          ))}
          <Button variant="ghost" size="sm" className="ms-auto" onClick={session.logout}>
            {t("admin.nav.logout")}
          </Button>
        </div>
      </nav>
      <Outlet />
    </>
  );
}
