import { Banner, LanguageToggle, NavBar, Spinner, ThemeToggle } from "@ct/ui";
import { useTranslation } from "react-i18next";
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

/**
 * Banner and top navigation on every page (spec section 2, Shell), the chess tools in a Tools menu; the document's
 * title follows the page and the language (document-title.tsx).
 */
export function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { language, toggleLanguage } = useLanguage();
  const { theme, toggleTheme } = useTheme();
  const due = useDueReviews().length;

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
          </div>
        }
      />
      {navigation.state === "loading" ? <Spinner label={t("common.loading")} /> : null}
      <DocumentTitle>
        <Outlet />
      </DocumentTitle>
      <ScrollRestoration />
    </div>
  );
}
