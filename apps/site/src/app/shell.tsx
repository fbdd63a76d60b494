import {
  AccountLink,
  type AccountLinkRenderProps,
  Banner,
  LanguageToggle,
  NavBar,
  Spinner,
  ThemeToggle,
} from "@ct/ui";
import { useTranslation } from "react-i18next";
import { signInPath } from "../account/next-path";
import { useAccount } from "../account/store";
import { AccountSync } from "../sync/account-sync";
import { useDueReviews } from "../training/due-reviews";
import { DocumentTitle } from "./document-title";
import { useLanguage } from "./language";
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation } from "./routing";
import { useTheme } from "./theme";

const links = [
  { href: "/", key: "nav.home" },
  { href: "/training", key: "nav.training" },
  { href: "/blog", key: "nav.blog" },
  { href: "/about", key: "nav.about" },
  { href: "/contact", key: "nav.contact" },
] as const;

/** The chess tools, behind the bar's Tools menu. */
const tools = [
  { href: "/position-setup", key: "nav.positionSetup" },
  { href: "/notation", key: "nav.notation" },
  { href: "/move-highlighting", key: "nav.moveHighlighting" },
  { href: "/chess-features", key: "nav.chessFeatures" },
  { href: "/training/my-games", key: "nav.myGames" },
] as const;

/** The account link through the router (its name, when it has one, is the account's). */
const accountLink = ({ href, className, children, ...rest }: AccountLinkRenderProps) => (
  <Link to={href} className={className} {...rest}>
    {children}
  </Link>
);

/**
 * Banner and top navigation on every page (spec section 2, Shell), the chess tools in a Tools menu; the document's
 * title follows the page and the language (document-title.tsx).
 */
export function Shell() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const { language, toggleLanguage } = useLanguage();
  const { theme, toggleTheme } = useTheme();
  const due = useDueReviews().length;
  const account = useAccount();

  return (
    <div className="flex min-h-screen flex-col bg-surface-muted text-fg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <Banner text={t("banner")} />
      <NavBar
        label={t("nav.label")}
        currentPath={pathname}
        links={links.map((link) => ({
          href: link.href,
          label: t(link.key),
          // Training shows how many missed puzzles are due for review.
          badge:
            link.href === "/training" && due > 0
              ? {
                  text: t("training.review.navCount", { count: due }),
                  label: t("training.review.navLabel", { count: due }),
                }
              : undefined,
        }))}
        menus={[
          { label: t("nav.tools"), links: tools.map((link) => ({ href: link.href, label: t(link.key) })) },
        ]}
        menuLabel={t("nav.menu")}
        renderLink={({ href, className, children, ...rest }) => (
          <Link to={href} className={className} {...rest}>
            {children}
          </Link>
        )}
        end={
          <div className="flex items-center gap-2">
            <ThemeToggle
              target={theme === "dark" ? "light" : "dark"}
              label={t(theme === "dark" ? "theme.light" : "theme.dark")}
              onToggle={toggleTheme}
            />
            <LanguageToggle
              label={t("language.switchTo")}
              ariaLabel={t("language.switchToLabel")}
              targetLanguage={language === "en" ? "ar" : "en"}
              onToggle={toggleLanguage}
            />
            {/* Who is signed in: known after hydration (the server renders the link's room, unseen). */}
            {account.status === "signed-in" ? (
              <AccountLink
                state="signed-in"
                href="/account"
                label={account.account.username}
                ariaLabel={t("nav.account", { username: account.account.username })}
                currentPath={pathname}
                renderLink={accountLink}
              />
            ) : (
              <AccountLink
                state={account.status}
                // Signing in comes back to the page it was asked from.
                href={
                  pathname === "/account" || pathname.startsWith("/account/")
                    ? "/account/sign-in"
                    : signInPath(`${pathname}${search}`)
                }
                label={t("nav.signIn")}
                currentPath={pathname}
                renderLink={accountLink}
              />
            )}
          </div>
        }
      />
      {navigation.state === "loading" ? <Spinner label={t("common.loading")} /> : null}
      <AccountSync />
      <DocumentTitle>
        <Outlet />
      </DocumentTitle>
      <ScrollRestoration />
    </div>
  );
}
