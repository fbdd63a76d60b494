import { seriousViolations } from "../axe";
import { pageSettled } from "../outside";
import { expect, type Page, test } from "../test";

/**
 * Public pages are rendered on the server and hydrated in the browser (issue 21): hydration takes the server's HTML
 * over without a mismatch, for a first visitor and for one whose browser holds progress, reviews, a rating and a
 * dark theme. The first visitor's walk also runs axe on every public page in its language (issue 8; the admin pages
 * are in a11y.spec.ts). What a reader without JavaScript gets (every public page's heading and text in their
 * language, from the same builds) is proven without a browser, in apps/server/src/http/site-render.test.ts.
 */

const LANGUAGE_COOKIE = "chesstrainer_language";

/** The public pages the server renders. */
const PAGES = [
  "/",
  "/training",
  "/training/middle-game",
  "/training/themes",
  "/training/dashboard",
  "/training/review",
  "/training/weaknesses",
  "/training/plan",
  "/training/custom",
  "/training/repertoire",
  "/training/repertoire/ruy-lopez",
  "/training/repertoire/mine/none?mode=edit",
  "/training/endgame-course",
  "/training/endgame-course/lucena",
  "/training/storm",
  "/blog",
  "/blog/lucena-position-how-to-build-a-bridge",
  "/about",
  "/contact",
  "/position-setup",
  "/notation",
  "/move-highlighting",
  "/chess-features",
  "/account/sign-up",
  "/account/sign-in",
  "/account/reset",
];

/** What the browser reported while the page loaded and hydrated: errors, and React's hydration messages. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    const text = message.text();
    // A page the server answers 404 (/no-such-page) logs its own status; nothing else may be reported.
    if (message.type() === "error" && !text.includes("status of 404"))
      problems.push(`console error: ${text}`);
    if (/hydrat|#418|#419|#423|#425/i.test(text)) problems.push(`hydration: ${text}`);
  });
  return problems;
}

/** True once React has taken the page over (hydrateRoot marks the container). */
async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer")),
      ),
    )
    .toBe(true);
}

/**
 * The pages whose content reads what the browser holds (progress, reviews, the rating, the coach's cards): the home
 * page and the trainer's, and About for every other page, where only the navigation does (its review badge and the
 * theme's button). The first visitor's walk takes every page over; this one, those that can differ for this visitor.
 */
const HOLDING_PAGES = [...PAGES.filter((path) => path === "/" || path.startsWith("/training")), "/about"];

/** Public pages that are not rendered on the server; the first visitor's walk checks them with axe too. */
const CLIENT_PAGES = ["/no-such-page", "/admin/login"];

/** The page as a visitor sees it once its data arrived: its main heading shown and everything it shows loaded. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await pageSettled(page);
  await expect(page.getByText(/^(Loading|جارٍ)/)).toHaveCount(0);
}

// The walks visit up to 28 pages (the first visitor's with axe): bounds on a hang on a slow machine.
test.describe.configure({ timeout: 240_000 });

test.describe("hydration", () => {
  for (const language of ["en", "ar"] as const) {
    test(`takes every public page over without a mismatch, and axe finds nothing serious on it (${language}, first visit)`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL as string }]);
      const problems = watch(page);
      for (const path of [...PAGES, ...CLIENT_PAGES]) {
        await page.goto(path);
        await hydrated(page);
        await settled(page);
        await expect(page.locator("html"), path).toHaveAttribute("lang", language);
        await expect(page.locator("html"), path).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
        expect(await seriousViolations(page), path).toEqual([]);
      }
      expect(problems).toEqual([]);
    });
  }

  test("takes pages over without a mismatch when the browser holds progress, reviews and a dark theme", async ({
    page,
  }) => {
    // Earn some history the way a player does: two puzzles answered with Show Answer (failed, due for review).
    await page.goto("/training/middle-game");
    for (let count = 0; count < 2; count += 1) {
      await page.getByRole("button", { name: "Show Answer" }).first().click();
      await page.getByRole("button", { name: "Next" }).first().click();
    }
    await page.getByRole("button", { name: "Dark theme" }).first().click();
    await page.evaluate(() => {
      // Make the missed puzzles' review cards due now.
      const key = "chesstrainer.coach.cards";
      const cards = JSON.parse(window.localStorage.getItem(key) ?? "[]") as { due: string }[];
      window.localStorage.setItem(
        key,
        JSON.stringify(cards.map((card) => ({ ...card, due: "2020-01-01T00:00:00.000Z" }))),
      );
    });

    const problems = watch(page);
    for (const path of HOLDING_PAGES) {
      await page.goto(path);
      await hydrated(page);
    }
    expect(problems).toEqual([]);
    // After hydration the page shows what the browser holds: the review badge, the due puzzles, the dark theme.
    await page.goto("/training/review");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Review: 2 due/);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Light theme" }).first()).toBeVisible();
  });

  test("a language chosen before the server knew it is adopted after hydration", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("chesstrainer.language", "ar"));
    const problems = watch(page);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("من نحن");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(problems).toEqual([]);
    // The cookie is written, so the next page comes from the server in Arabic.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe("ar");
  });
});

test.describe("the app's start after the first paint", () => {
  /** The order things happened in: the first contentful paint and the entry script's request. */
  async function order(page: Page): Promise<{ paint: number | null; entry: number | null }> {
    return page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const entry =
        performance
          .getEntriesByType("resource")
          .find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name))?.startTime ?? null;
      return { paint, entry };
    });
  }

  test("a rendered page paints first, then fetches the app's script", async ({ page }) => {
    const problems = watch(page);
    await page.goto("/about");
    await hydrated(page);
    const { paint, entry } = await order(page);
    expect(paint).not.toBeNull();
    expect(entry).not.toBeNull();
    expect(entry ?? 0).toBeGreaterThanOrEqual(paint ?? Number.POSITIVE_INFINITY);
    expect(problems).toEqual([]);
  });

  test("in a tab nobody sees, and in a browser that reports no paints, the app starts all the same", async ({
    page,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" }),
    );
    await page.goto("/about");
    await hydrated(page);
    // Once: the app started after the document was parsed, not into a root the parser was still filling.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");

    const other = await page.context().newPage();
    await other.addInitScript(() =>
      Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => [] }),
    );
    await other.goto("/contact");
    await hydrated(other);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });
});
