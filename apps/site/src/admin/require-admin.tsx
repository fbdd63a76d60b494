import { Spinner } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { useAdminSessionStatus } from "./session";

/**
 * The admin guard (spec section 2): a centred spinner while the session is checked; the page when the session is
 * valid; otherwise a redirect to /admin/login that replaces the history entry and carries the original location.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const { checking, authenticated } = useAdminSessionStatus();

  if (checking) return <Spinner label={t("common.checkingSession")} />;
  if (!authenticated) return <Navigate to="/admin/login" replace state={{ from: location }} />;
  return <Outlet />;
}
