/**
 * The site's pages: every path the single-page app renders, with each page's title in both languages. One table for
 * both sides: the server answers a path that is not here (or a training module or blog post that does not exist) with
 * a 404 and puts the page's title into the HTML it serves; the site sets `document.title` from it while the visitor
 * moves around and switches language. apps/site/src/app/router.test.ts checks that the router's routes and this table
 * name the same paths, and that these titles are the headings the pages show.
 *
 * Plain data and small functions, no zod: the site ships it.
 */
import { MODULE_IDS, type ModuleId } from "./phases";

export type SiteLanguage = "en" | "ar";
export type Localized = Readonly<Record<SiteLanguage, string>>;

/** The site's name: the whole title of the home page and the end of every other one. */
export const SITE_NAME: Localized = { en: "Chess Trainer", ar: "مدرّب الشطرنج" };

/**
 * The cookie that tells the server the visitor's language (the site writes it beside its browser storage entry), so
 * the first HTML already has the page's title, `lang` and `dir` in that language. Without it: English, the default.
 */
export const LANGUAGE_COOKIE = "chesstrainer_language";

/** Titles of the not-found answers: any unknown address, and the pages whose parameter names nothing. */
export const NOT_FOUND_TITLE: Localized = { en: "Page Not Found", ar: "الصفحة غير موجودة" };
export const MODULE_NOT_FOUND_TITLE: Localized = { en: "Module Not Found", ar: "الوحدة غير موجودة" };
export const POST_NOT_FOUND_TITLE: Localized = { en: "Post not found", ar: "المقال غير موجود" };

export const MODULE_TITLES: Readonly<Record<ModuleId, Localized>> = {
  "middle-game": { en: "Middle Game Strategy", ar: "استراتيجية وسط اللعب" },
  endgame: { en: "Endgame Essentials", ar: "أساسيات النهايات" },
  opening: { en: "Opening Repertoire", ar: "ذخيرة الافتتاحات" },
};

export interface SitePage {
  /** `/about`, `/training/:moduleId`: `:name` takes one segment. Static segments match in any letter case. */
  pattern: string;
  /** The page's title before the site's name; null: the site's name alone (home). */
  title: Localized | null;
  /**
   * For a pattern with a parameter that names one of a few things: their titles by value (the page's title then is
   * the value's); any other value is not found, with `missingTitle`.
   */
  values?: Readonly<Record<string, Localized>>;
  /**
   * The title comes from content the page loads (a blog post's title), and the content may not exist: `title`
   * stands while it loads, `missingTitle` when it is not there.
   */
  dynamic?: boolean;
  missingTitle?: Localized;
}

export const SITE_PAGES: readonly SitePage[] = [
  { pattern: "/", title: null },
  { pattern: "/training", title: { en: "Training Modules", ar: "وحدات التدريب" } },
  // Before the modules' pattern: "themes" is not a module.
  { pattern: "/training/themes", title: { en: "Puzzle Themes", ar: "موضوعات الألغاز" } },
  { pattern: "/training/review", title: { en: "Review Mistakes", ar: "مراجعة الأخطاء" } },
  { pattern: "/training/dashboard", title: { en: "Your Training", ar: "تدريبك" } },
  { pattern: "/training/streak", title: { en: "Puzzle Streak", ar: "سلسلة الألغاز" } },
  { pattern: "/training/storm", title: { en: "Puzzle Storm", ar: "عاصفة الألغاز" } },
  { pattern: "/training/racer", title: { en: "Puzzle Racer", ar: "سباق الألغاز" } },
  { pattern: "/training/racer/:id", title: { en: "Puzzle Racer", ar: "سباق الألغاز" } },
  { pattern: "/training/plan", title: { en: "Today's plan", ar: "خطة اليوم" } },
  { pattern: "/training/weaknesses", title: { en: "Train Your Weaknesses", ar: "درّب نقاط ضعفك" } },
  { pattern: "/training/my-games", title: { en: "Puzzles From Your Games", ar: "ألغاز من مبارياتك" } },
  { pattern: "/training/custom", title: { en: "Custom Set", ar: "مجموعة مخصّصة" } },
  { pattern: "/training/endgame-course", title: { en: "Endgame Course", ar: "دورة النهايات" } },
  { pattern: "/training/endgame-course/:exercise", title: { en: "Endgame Course", ar: "دورة النهايات" } },
  { pattern: "/training/repertoire", title: { en: "Opening Repertoire", ar: "ذخيرة الافتتاحات" } },
  { pattern: "/training/repertoire/:opening", title: { en: "Opening Repertoire", ar: "ذخيرة الافتتاحات" } },
  { pattern: "/training/repertoire/mine/:id", title: { en: "Opening Repertoire", ar: "ذخيرة الافتتاحات" } },
  {
    pattern: "/training/themes/:theme",
    title: { en: "Puzzle Themes", ar: "موضوعات الألغاز" },
    dynamic: true,
    missingTitle: { en: "Theme Not Found", ar: "الموضوع غير موجود" },
  },
  {
    pattern: "/training/:moduleId",
    title: { en: "Training Module", ar: "وحدة التدريب" },
    values: Object.fromEntries(MODULE_IDS.map((id) => [id, MODULE_TITLES[id]])),
    missingTitle: MODULE_NOT_FOUND_TITLE,
  },
  { pattern: "/blog", title: { en: "Chess Blog", ar: "مدونة الشطرنج" } },
  {
    pattern: "/blog/:slug",
    title: { en: "Chess Blog", ar: "مدونة الشطرنج" },
    dynamic: true,
    missingTitle: POST_NOT_FOUND_TITLE,
  },
  { pattern: "/about", title: { en: "About", ar: "من نحن" } },
  { pattern: "/contact", title: { en: "Contact Us", ar: "اتصل بنا" } },
  { pattern: "/position-setup", title: { en: "Position Setup", ar: "إعداد الوضعية" } },
  { pattern: "/notation", title: { en: "Chess Notation", ar: "تدوين نقلات الشطرنج" } },
  { pattern: "/analysis", title: { en: "Analysis Board", ar: "لوحة التحليل" } },
  { pattern: "/move-highlighting", title: { en: "Move Highlighting", ar: "تمييز النقلات" } },
  { pattern: "/chess-features", title: { en: "Chess Features", ar: "ميزات الشطرنج" } },
  // Player accounts (issue 38). The account page itself is the signed-in player's: not indexed.
  { pattern: "/account", title: { en: "Your account", ar: "حسابك" } },
  { pattern: "/account/sign-up", title: { en: "Create an account", ar: "إنشاء حساب" } },
  { pattern: "/account/sign-in", title: { en: "Sign in", ar: "تسجيل الدخول" } },
  { pattern: "/account/reset", title: { en: "Reset your password", ar: "إعادة تعيين كلمة المرور" } },
  // The admin area: its guard sends a visitor without a session to the login page.
  { pattern: "/admin", title: { en: "Blog Posts", ar: "مقالات المدونة" } },
  { pattern: "/admin/login", title: { en: "Admin Login", ar: "دخول المشرف" } },
  { pattern: "/admin/blog", title: { en: "Blog Posts", ar: "مقالات المدونة" } },
  { pattern: "/admin/blog/new", title: { en: "New Blog Post", ar: "مقال جديد" } },
  { pattern: "/admin/blog/edit/:slug", title: { en: "Edit Blog Post", ar: "تعديل المقال" } },
  { pattern: "/admin/analysis", title: { en: "Game Analysis", ar: "تحليل المباريات" } },
  { pattern: "/admin/messages", title: { en: "Messages", ar: "الرسائل" } },
];

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path's parameters by the pattern's `:name`s (decoded), or null when the path is not the pattern's. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const segment = got[index] as string;
    if (part.startsWith(":")) params[part.slice(1)] = decode(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}

/** What a path shows, as far as its address tells. */
export interface SitePathInfo {
  /** The page's pattern; null for an address the site does not have. */
  pattern: string | null;
  params: Record<string, string>;
  /** False for an unknown address or an unknown value of the page's parameter. */
  found: boolean;
  /** The page's title (before the site's name): its own, its parameter value's, or the not-found title. */
  title: Localized | null;
  /** The real title comes from content the page loads (see SitePage.dynamic). */
  dynamic: boolean;
  /** The title to show when that content does not exist. */
  missingTitle: Localized;
}

export function describeSitePath(path: string): SitePathInfo {
  for (const page of SITE_PAGES) {
    const params = matchPattern(page.pattern, path);
    if (!params) continue;
    const missingTitle = page.missingTitle ?? NOT_FOUND_TITLE;
    const value = Object.values(params)[0];
    if (page.values && value !== undefined) {
      const title = Object.hasOwn(page.values, value) ? page.values[value] : undefined;
      return title
        ? { pattern: page.pattern, params, found: true, title, dynamic: false, missingTitle }
        : { pattern: page.pattern, params, found: false, title: missingTitle, dynamic: false, missingTitle };
    }
    return {
      pattern: page.pattern,
      params,
      found: true,
      title: page.title,
      dynamic: page.dynamic === true,
      missingTitle,
    };
  }
  return {
    pattern: null,
    params: {},
    found: false,
    title: NOT_FOUND_TITLE,
    dynamic: false,
    missingTitle: NOT_FOUND_TITLE,
  };
}

/** A document title: "Endgame Essentials · Chess Trainer", or the site's name alone. */
export function documentTitle(pageTitle: string | null, language: SiteLanguage): string {
  const name = SITE_NAME[language];
  return pageTitle ? `${pageTitle} · ${name}` : name;
}
