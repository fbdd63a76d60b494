import { themeInfo } from "@ct/chess";
import type { SiteLanguage } from "@ct/contract";
import { ar } from "@ct/texts/ar";
import { en } from "@ct/texts/en";
import type { AppContext } from "../context";
import { languageOf, type SitePages } from "../http/site-html";

/** A theme key the catalogue does not name, as GET /api/themes writes it: "rookEndgame" → "Rook Endgame". */
function spelledOut(key: string): string {
  return key.replace(/([a-z])([A-Z0-9])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}

/** The theme page's own title, as the site writes it ("Theme: Fork", «الموضوع: الشوكة»). */
export function themePageTitle(key: string, language: SiteLanguage): string {
  const info = themeInfo(key);
  const name = info ? (language === "ar" ? info.name_ar : info.name_en) : spelledOut(key);
  return (language === "ar" ? ar : en).training.themes.setTitle.replace("{{name}}", name);
}

/**
 * /training/themes/{key} of the built site: found, with the theme's name in its title, when some stored puzzle has
 * the theme (the site shows "Theme Not Found" otherwise, and the server answers 404 with that title); when the
 * database cannot answer, the page's own title (the app loads and reports the failure itself).
 */
export function registerThemePages(context: AppContext, pages: SitePages): void {
  pages.resolveContent("/training/themes/:theme", async ({ theme = "" }, request) => {
    // NUL is no theme's, and PostgreSQL's text cannot hold it: the query would fail (a page without its title).
    if (theme.length > 100 || theme.includes("\u0000")) return null;
    try {
      const row = await context.db
        .selectFrom("position_facets")
        .select("count")
        .where("kind", "=", "theme")
        .where("value", "=", theme)
        .where("count", ">", 0)
        .executeTakeFirst();
      return row ? { title: themePageTitle(theme, languageOf(request)) } : null;
    } catch (error) {
      request.log.error({ err: error }, "theme page lookup failed");
      return undefined;
    }
  });
}
