import { expect, type Page, test } from "../test";

/**
 * The site's shell (spec section 2): the banner, the navigation and its active link, the Tools menu (a list under a
 * button at 1366 px, one Menu button at 390 px), the language and theme toggles, each page's title, the not-found
 * pages and the admin guard. One walk per language moves inside the app by its links (a full load only where that
 * is what is tested); the English one ends with the pages a visitor reaches by typing an address.
 *
 * Proven more cheaply elsewhere, so not again here:
 * - unknown API paths answer a JSON 404: apps/server/src/app.test.ts ("answers unknown API paths with a JSON 404");
 * - each page's status (200, or 404 with the app's HTML for /no/such/page, /blog/a/b, a missing post, a missing
 *   module) and the title and `lang`/`dir` the server writes, in English and, with the language cookie, in Arabic:
 *   apps/server/src/http/site-html.test.ts, and the not-found pages' headings as the server renders them:
 *   apps/server/src/http/site-render.test.ts;
 * - the active-link rule on nested paths: packages/ui/src/nav-bar/active-path.test.ts and the NavBar story
 *   NestedTrainingPath (the walks still see Blog active on a post);
 * - a stored session older than 30 minutes counts as none: packages/machines/src/admin-session/admin-session.test.ts
 *   ("clears a stored session older than 30 minutes without asking the server"); the guard's redirect is the same
 *   for no session and an expired one (apps/site/src/admin/require-admin.tsx), checked here with an expired one.
 */

const LUCENA = {
  slug: "lucena-position-how-to-build-a-bridge",
  title: "The Lucena Position: How to Build a Bridge",
};

const TEXTS = {
  en: {
    banner: "Master your chess skills with AI-driven training",
    nav: "Main navigation",
    menu: "Menu",
    tools: "Tools",
    items: ["Position Setup", "Chess Notation", "Move Highlighting", "Chess Features", "My Games"],
    headings: [
      "Position Setup",
      "Chess Notation",
      "Move Highlighting",
      "Chess Features",
      "Puzzles From Your Games",
    ],
    dir: "ltr",
    home: "Home",
    blog: "Blog",
    about: "About",
    homeHeading: "Train like a master",
    endgameCard: "Endgame",
    endgameHeading: "Endgame Essentials",
    titles: {
      home: "Chess Trainer",
      endgame: "Endgame Essentials · Chess Trainer",
      about: "About · Chess Trainer",
      setup: "Position Setup · Chess Trainer",
      post: `${LUCENA.title} · Chess Trainer`,
    },
  },
  ar: {
    banner: "أتقن مهاراتك في الشطرنج بتدريب مدعوم بالذكاء الاصطناعي",
    nav: "التنقل الرئيسي",
    menu: "القائمة",
    tools: "الأدوات",
    items: ["إعداد الوضعية", "تدوين النقلات", "تمييز النقلات", "ميزات الشطرنج", "مبارياتي"],
    headings: ["إعداد الوضعية", "تدوين نقلات الشطرنج", "تمييز النقلات", "ميزات الشطرنج", "ألغاز من مبارياتك"],
    dir: "rtl",
    home: "الرئيسية",
    blog: "المدونة",
    about: "من نحن",
    homeHeading: "تدرّب كالأساتذة",
    endgameCard: "النهايات",
    endgameHeading: "أساسيات النهايات",
    titles: {
      home: "مدرّب الشطرنج",
      endgame: "أساسيات النهايات · مدرّب الشطرنج",
      about: "من نحن · مدرّب الشطرنج",
      setup: "إعداد الوضعية · مدرّب الشطرنج",
      post: `${LUCENA.title} · مدرّب الشطرنج`,
    },
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const TOOL_PATHS = [
  "/position-setup",
  "/notation",
  "/move-highlighting",
  "/chess-features",
  "/training/my-games",
];

/**
 * At 1366 px: the Tools menu is a list of links under a button in the bar, worked by keyboard, active on the tool
 * pages; its links open their pages (with their headings), and Escape or a press outside closes it. Ends on the home
 * page, reached by the bar's first link, where Tools is no longer active.
 */
async function toolsMenuAt1366(page: Page, text: Texts) {
  const nav = page.getByRole("navigation", { name: text.nav });
  const tools = nav.getByRole("button", { name: text.tools });
  await expect(tools).toBeVisible();
  await expect(nav.getByRole("button", { name: text.menu })).toBeHidden();
  await tools.focus();
  await page.keyboard.press("Enter");
  await expect(tools).toHaveAttribute("aria-expanded", "true");
  const menu = nav.getByRole("list", { name: text.tools });
  await expect(menu.getByRole("link")).toHaveText([...text.items]);
  for (const [index, path] of TOOL_PATHS.entries())
    await expect(menu.getByRole("link", { name: text.items[index] })).toHaveAttribute("href", path);
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: text.items[0] })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: text.items[1] })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/notation$/);
  await expect(page.getByRole("heading", { level: 1, name: text.headings[1] })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(tools).toHaveAttribute("data-active", "true");

  // Opened again on a tool's page, the list marks that tool as the page; another of its links opens its page and
  // closes the list. Each link's address was checked above; which page each address shows is the router's
  // (router.test.ts), and the other tools' pages are reached through the menus elsewhere: Position Setup from the
  // narrow menu below, Move Highlighting from this menu in pages.spec.ts (Chess Features by the notation demo's link
  // there).
  await tools.click();
  await expect(menu.getByRole("link", { name: text.items[1] })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("link", { name: text.items[4] }).click();
  await expect(page).toHaveURL(/\/training\/my-games$/);
  await expect(page.getByRole("heading", { level: 1, name: text.headings[4] })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(tools).toHaveAttribute("data-active", "true");
  // Escape closes the list; so does a press outside it.
  await tools.click();
  await expect(menu.getByRole("link", { name: text.items[4] })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: text.items[1] })).not.toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await tools.click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toBeHidden();
  await nav.getByRole("link").first().click();
  await expect(tools).toHaveAttribute("data-active", "false");
  await expect(page.getByRole("heading", { level: 1, name: text.homeHeading })).toBeVisible();
  await expect(page).toHaveTitle(text.titles.home);
}

/**
 * From the home page: a module's page (by its phase card), a post (a full load: the post's own title, Blog active on
 * the nested path), then About by the bar; then at 390 px one Menu button holds every link and the tools, and closes
 * on the way to a tool. Each page's title is in the page's language.
 */
async function pagesThenPhone(page: Page, text: Texts) {
  const nav = page.getByRole("navigation", { name: text.nav });
  await page
    .locator("[data-slot=phase-card]")
    .filter({ hasText: text.endgameCard })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/\/training\/endgame(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: text.endgameHeading }).first()).toBeVisible();
  await expect(page).toHaveTitle(text.titles.endgame);

  // A full load: the language chosen in this browser is remembered.
  await page.goto(`/blog/${LUCENA.slug}`);
  await expect(page.locator("html")).toHaveAttribute("dir", text.dir);
  await expect(page.getByRole("heading", { level: 1, name: LUCENA.title }).first()).toBeVisible();
  await expect(page).toHaveTitle(text.titles.post);
  await expect(nav.getByRole("link", { name: text.blog, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link", { name: text.home, exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );

  await nav.getByRole("link", { name: text.about, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.about })).toBeVisible();
  await expect(page).toHaveTitle(text.titles.about);

  await page.setViewportSize({ width: 390, height: 844 });
  const menuButton = nav.getByRole("button", { name: text.menu });
  await expect(menuButton).toBeVisible();
  // The bar fits the screen: nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await menuButton.click();
  const group = nav.getByRole("list", { name: text.tools });
  await expect(group.getByRole("link")).toHaveText([...text.items]);
  await expect(nav.getByRole("link", { name: text.about })).toHaveAttribute("aria-current", "page");
  await group.getByRole("link", { name: text.items[0] }).click();
  await expect(page).toHaveURL(/\/position-setup$/);
  await expect(page.getByRole("heading", { level: 1, name: text.headings[0] })).toBeVisible();
  await expect(page).toHaveTitle(text.titles.setup);
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(group).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * Addresses a visitor types, from a page whose path matches `before`: the not-found pages (answered 404) with Go Back
 * and Return Home, and the admin guard. The light theme picked before is remembered by the next page; Arabic names
 * the theme button too.
 */
async function typedAddresses(page: Page, before: RegExp) {
  const html = page.locator("html");
  // The next page loads light (the choice is remembered) and is the not-found page, answered 404.
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(html).toHaveAttribute("data-theme", "light");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(250, 250, 250)");
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found · Chess Trainer");
  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(before);
  await page.locator("html[data-live]").waitFor({ state: "attached" });

  // The admin guard: an expired stored session is cleared, and the visitor sent to the login page, which replaces
  // the guarded page in the history (Back returns to the page before it).
  await page.evaluate(() => {
    localStorage.setItem("admin_token", "stale-token");
    localStorage.setItem("admin_token_timestamp", String(Date.now() - 31 * 60 * 1000));
  });
  await page.goto("/admin/blog/new");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(before);

  const missingPost = await page.goto("/blog/no-such-post-here");
  expect(missingPost?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
  await expect(page).toHaveTitle("Post not found · Chess Trainer");

  const missingModule = await page.goto("/training/king-hunts");
  expect(missingModule?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Module Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Module Not Found · Chess Trainer");

  await page.getByRole("button", { name: "Dark theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  // Arabic names the theme button too.
  await page.getByRole("button", { name: /Arabic/ }).click();
  await expect(page.getByRole("button", { name: "المظهر الفاتح" })).toBeVisible();
}

test.describe("site shell", () => {
  test("English: the theme, banner, navigation and its active link, each page's title, the Tools menu at 1366 and 390 px, the not-found pages and the admin guard", async ({
    page,
  }) => {
    const text = TEXTS.en;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.emulateMedia({ colorScheme: "dark" });
    const html = page.locator("html");
    // The theme follows the system until the visitor picks one. The inline theme script (src/app/theme-script.js)
    // sets it before the app's code runs.
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForSelector("html[data-theme]", { state: "attached" });
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 18, 18)");
    await page.getByRole("button", { name: "Light theme" }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    expect(await page.evaluate(() => localStorage.getItem("chesstrainer.theme"))).toBe("light");

    await expect(page.getByText(text.banner)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: text.homeHeading })).toBeVisible();
    await expect(page).toHaveTitle(text.titles.home);
    const nav = page.getByRole("navigation", { name: text.nav });
    for (const name of ["Home", "Training", "Blog", "About", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Training" }).click();
    await expect(page).toHaveURL(/\/training$/);
    await expect(page.getByRole("heading", { level: 1, name: "Training Modules" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    // Moving inside the app changes the title too.
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
    await expect(
      page.getByText(
        "Explore our collection of chess articles, tutorials, and insights to improve your game.",
      ),
    ).toBeVisible();
    await expect(page).toHaveTitle("Chess Blog · Chess Trainer");

    await test.step("the Tools menu at 1366 px", () => toolsMenuAt1366(page, text));
    await test.step("a module, a post and About; the Menu at 390 px", () => pagesThenPhone(page, text));
    await page.setViewportSize({ width: 1366, height: 768 });
    await test.step("typed addresses: not-found pages, the admin guard", () =>
      typedAddresses(page, /\/position-setup$/));
  });

  test("Arabic: the language toggle turns the site right to left and is remembered, by the server too; titles and the Tools menu in Arabic; back to English", async ({
    page,
  }) => {
    const text = TEXTS.ar;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: /Arabic/ });
    await expect(toggle).toHaveText("العربية");
    await toggle.click();

    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByText(text.banner)).toBeVisible();
    const nav = page.getByRole("navigation", { name: text.nav });
    await expect(nav.getByRole("link", { name: text.about })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: /English/ })).toHaveText("English");
    await expect(page).toHaveTitle(text.titles.about);

    // The page's own requests now carry the language: the server writes the title and direction in Arabic.
    for (const [path, title] of [
      ["/", text.titles.home],
      ["/training/endgame", text.titles.endgame],
      ["/about", text.titles.about],
      ["/position-setup", text.titles.setup],
      [`/blog/${LUCENA.slug}`, text.titles.post],
    ]) {
      const html = await (await page.request.get(path as string)).text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain('<html lang="ar" dir="rtl">');
    }
    const missing = await page.request.get("/nothing-here");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("<title>الصفحة غير موجودة · مدرّب الشطرنج</title>");

    await test.step("the Tools menu at 1366 px", () => toolsMenuAt1366(page, text));
    await test.step("a module, a post and About; the Menu at 390 px", () => pagesThenPhone(page, text));

    await page.getByRole("button", { name: /English/ }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByText(TEXTS.en.banner)).toBeVisible();
  });
});
