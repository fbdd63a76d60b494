import { themeInfo } from "@ct/chess";
import { type ModuleId, SITE_PAGES, type SiteLanguage } from "@ct/contract";
import { DIFFICULTY_NAMES } from "@ct/contract/library-rules";
import { ar } from "@ct/texts/ar";
import { en } from "@ct/texts/en";

type Texts = typeof en;

/** The texts' key of each training module (its site id is the URL's). */
const MODULE_KEYS: Readonly<Record<ModuleId, keyof Texts["training"]["modules"]>> = {
  "middle-game": "middleGame",
  endgame: "endgame",
  opening: "opening",
};

type Describe = (texts: Texts, params: Record<string, string>, language: SiteLanguage) => string;

/**
 * The description of each public page (every page of packages/contract's SITE_PAGES outside /admin): the intro the
 * page itself shows under its heading, in the visitor's language, so a search result or a link preview says what the
 * page says. A blog post's is its excerpt (blog/og.ts).
 */
const DESCRIPTIONS: Readonly<Record<string, Describe>> = {
  "/": (texts) => texts.home.intro,
  "/training": (texts) => texts.training.intro,
  "/training/themes": (texts) => texts.training.themes.intro,
  "/training/review": (texts) => texts.training.review.intro,
  "/training/dashboard": (texts) => texts.dashboard.intro,
  "/training/streak": (texts) => texts.training.streak.intro,
  "/training/plan": (texts) => texts.plan.intro,
  "/training/custom": (texts) => texts.customSet.intro,
  "/training/endgame-course": (texts) => texts.endgameCourse.intro,
  "/training/endgame-course/:exercise": (texts) => texts.endgameCourse.intro,
  "/training/repertoire": (texts) => texts.repertoire.intro,
  "/training/repertoire/:opening": (texts) => texts.repertoire.intro,
  "/training/repertoire/mine/:id": (texts) => texts.myRepertoires.intro,
  "/training/weaknesses": (texts) => texts.weaknesses.intro,
  "/training/storm": (texts) => texts.storm.rules,
  "/training/racer": (texts) => texts.racer.rules,
  "/training/racer/:id": (texts) => texts.racer.rules,
  "/training/my-games": (texts) => texts.myGames.intro,
  "/training/themes/:theme": (texts, { theme = "" }, language) => {
    const info = themeInfo(theme);
    if (!info) return texts.training.themes.intro;
    return language === "ar"
      ? `${info.name_ar}: ${info.description_ar}`
      : `${info.name_en}: ${info.description_en}`;
  },
  "/training/:moduleId": (texts, { moduleId = "" }) => {
    const key = Object.hasOwn(MODULE_KEYS, moduleId) ? MODULE_KEYS[moduleId as ModuleId] : undefined;
    return key ? texts.training.modules[key].description : texts.training.intro;
  },
  "/blog": (texts) => texts.blog.intro,
  "/blog/:slug": (texts) => texts.blog.intro,
  "/about": (texts) => texts.about.intro,
  "/contact": (texts) => texts.contact.intro,
  "/position-setup": (texts) => texts.positionSetup.intro,
  "/notation": (texts) => texts.notation.intro,
  "/analysis": (texts) => texts.aroundPuzzle.board.intro,
  "/move-highlighting": (texts) => texts.moveHighlighting.intro,
  "/chess-features": (texts) => texts.features.intro,
  "/account/sign-up": (texts) => texts.account.signUp.intro,
  "/account/sign-in": (texts) => texts.account.signIn.intro,
  "/account/reset": (texts) => texts.account.reset.intro,
};

/**
 * The site's public pages: every page but the admin area's and the signed-in player's account page, which search
 * engines are asked not to index.
 */
export const PUBLIC_PATTERNS: readonly string[] = SITE_PAGES.map((page) => page.pattern).filter(
  (pattern) => pattern !== "/admin" && !pattern.startsWith("/admin/") && pattern !== "/account",
);

/** A public page's description in the language, or null for a pattern that is not a public page. */
export function pageDescription(
  pattern: string,
  params: Record<string, string>,
  language: SiteLanguage,
): string | null {
  const describe = Object.hasOwn(DESCRIPTIONS, pattern) ? DESCRIPTIONS[pattern] : undefined;
  return describe ? describe(language === "ar" ? ar : en, params, language) : null;
}

/** The address a page is known by: its pattern with the path's parameters (so `/About/` is `/about`). */
export function canonicalPath(pattern: string, params: Record<string, string>, query = ""): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return `${path}${puzzleQuery(pattern, query)}`;
}

/** The training sets whose pages have an address per puzzle (the site's apps/site/src/training/puzzle-address.ts). */
const PUZZLE_PAGES = new Set(["/training/:moduleId", "/training/themes/:theme"]);

/**
 * A puzzle's address is a page of its own: its canonical link and og:url keep the puzzle, and the order and
 * difficulty it names, so a shared link opens that puzzle as it was; nothing else of the query is kept.
 */
function puzzleQuery(pattern: string, query: string): string {
  if (!PUZZLE_PAGES.has(pattern)) return "";
  const given = new URLSearchParams(query);
  const puzzle = given.get("puzzle") ?? "";
  if (!/^[1-9][0-9]{0,9}$/.test(puzzle) || Number(puzzle) > 2_147_483_647) return "";
  const kept = new URLSearchParams({ puzzle });
  const order = given.get("order");
  if (order === "sequence" || order === "rated") kept.set("order", order);
  const difficulty = given.get("difficulty") ?? "";
  if ((DIFFICULTY_NAMES as readonly string[]).includes(difficulty)) kept.set("difficulty", difficulty);
  return `?${kept}`;
}
