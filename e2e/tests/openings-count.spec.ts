import { expect, test } from "../test";

/**
 * The home page's openings counter and the About page agree: the counter counts the openings the library has
 * positions in, out of the 29 named openings (spec section 9) that About speaks of; both say so, in both languages.
 */

const LANGUAGE_KEY = "chesstrainer.language";

const cases = [
  {
    language: "en",
    note: "with positions, out of 29 named openings",
    about: "out of 29 named openings",
    old: "any of 29 openings",
  },
  {
    language: "ar",
    note: "لها وضعيات، من أصل 29 افتتاحًا مسمًّى",
    about: "من أصل 29 افتتاحًا مسمًّى",
    old: "أيٍّ من 29 افتتاحًا",
  },
] as const;

for (const text of cases) {
  test(`home and About say what their openings numbers are (${text.language})`, async ({ page }) => {
    if (text.language === "ar") {
      await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    }
    const stats = (await (await page.request.get("/api/tactical-positions/stats")).json()) as {
      unique_openings: number;
    };
    expect(stats.unique_openings).toBeGreaterThan(0);
    expect(stats.unique_openings).toBeLessThanOrEqual(29);

    await page.goto("/");
    const counter = page.locator("[data-slot=animated-counter]").nth(1);
    await expect(counter.locator("span[aria-hidden]")).toHaveText(
      new Intl.NumberFormat(text.language).format(stats.unique_openings),
    );
    await expect(page.getByTestId("home-openings-note")).toHaveText(text.note);

    await page.goto("/about");
    const features = page.locator("main");
    await expect(features).toContainText(text.about);
    await expect(features).not.toContainText(text.old);
  });
}
