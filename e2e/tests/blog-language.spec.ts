import { slugify } from "../../packages/contract/src/blog-rules";
import { signIn } from "../admin";
import { expectAccessible } from "../axe";
import { expect, type Locator, type Page, test } from "../test";

/**
 * Posts carry their language: the index lists the reader's language first and marks the others with a small badge
 * (their title and excerpt carrying `lang`), a post's page reads in its language's direction on either site, and
 * the admin's editor sets the language, starting from the interface's.
 */

const LANGUAGE_KEY = "chesstrainer.language";
/** Seeded posts (apps/server/src/seed/posts.ts). */
const LUCENA = {
  slug: "lucena-position-how-to-build-a-bridge",
  title: "The Lucena Position: How to Build a Bridge",
};
const PHILIDOR = {
  slug: "philidor-position-drawing-rook-endgames",
  title: "وضعية فيليدور: مفتاح التعادل في نهايات الرخ",
};

const preferArabic = (page: Page) =>
  page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

/** The languages of the index's cards, in order (their titles' `lang`). */
async function cardLanguages(page: Page): Promise<string[]> {
  const cards = page.locator("[data-slot=post-card]");
  await expect(cards.first()).toBeVisible();
  return cards.locator("h2").evaluateAll((headings) => headings.map((h) => h.getAttribute("lang") ?? ""));
}

/** Goes through the index's pages until the post's card shows (other tests may have added posts). */
async function findCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole("article", { name: title });
  for (let n = 1; n <= 10; n++) {
    if (n > 1) await page.goto(`/blog?page=${n}`);
    if ((await card.count()) > 0) return card;
  }
  throw new Error(`no card for ${title}`);
}

test.describe("the blog in two languages", () => {
  test("English site: English posts first, an Arabic post marked and read right to left", async ({
    page,
  }) => {
    await page.goto("/blog");
    const languages = await cardLanguages(page);
    expect(languages[0]).toBe("en");
    // One group, then the other: never mixed.
    expect(languages).toEqual([...languages].sort((a, b) => (a === b ? 0 : a === "en" ? -1 : 1)));
    const lucena = page.getByRole("article", { name: LUCENA.title });
    await expect(lucena.locator("[data-slot=post-card-language]")).toHaveCount(0);

    const philidor = await findCard(page, PHILIDOR.title);
    await expect(philidor.locator("[data-slot=post-card-language]")).toHaveText("Arabic");
    await expect(philidor.getByRole("heading")).toHaveAttribute("lang", "ar");
    expect(await direction(philidor.getByRole("heading"))).toBe("rtl");

    await philidor.getByRole("link", { name: PHILIDOR.title }).click();
    const title = page.getByRole("heading", { level: 1, name: PHILIDOR.title });
    await expect(title).toHaveAttribute("lang", "ar");
    await expect(title).toHaveAttribute("dir", "rtl");
    const body = page.locator("[data-slot=post-body]");
    await expect(body).toHaveAttribute("lang", "ar");
    expect(await direction(body)).toBe("rtl");
    expect(await direction(body.locator("p").first())).toBe("rtl");
    // The site around it stays English, left to right.
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("link", { name: "Back to the blog" }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test("Arabic site on a phone: Arabic posts first, an English post marked and read left to right", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await preferArabic(page);
    await page.goto("/blog");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const languages = await cardLanguages(page);
    expect(languages.slice(0, 2)).toEqual(["ar", "ar"]);
    expect(languages).toEqual([...languages].sort((a, b) => (a === b ? 0 : a === "ar" ? -1 : 1)));
    await expect(
      page.getByRole("article", { name: PHILIDOR.title }).locator("[data-slot=post-card-language]"),
    ).toHaveCount(0);

    const lucena = await findCard(page, LUCENA.title);
    await expect(lucena.locator("[data-slot=post-card-language]")).toHaveText("بالإنجليزية");
    await expect(lucena.getByRole("heading")).toHaveAttribute("lang", "en");
    await expect(lucena.locator("p[dir=auto]")).toHaveAttribute("lang", "en");
    expect(await direction(lucena.getByRole("heading"))).toBe("ltr");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await lucena.getByRole("link", { name: LUCENA.title }).click();
    const title = page.getByRole("heading", { level: 1, name: LUCENA.title });
    await expect(title).toHaveAttribute("lang", "en");
    await expect(title).toHaveAttribute("dir", "ltr");
    const body = page.locator("[data-slot=post-body]");
    await expect(body).toHaveAttribute("lang", "en");
    expect(await direction(body)).toBe("ltr");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("link", { name: "العودة إلى المدونة" }).first()).toBeVisible();
  });

  test("the admin sets a post's language in the editor, starting from the interface's", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/blog/new");
    const language = page.getByLabel("Language of the post");
    await expect(language).toHaveValue("en");
    await expect(language.locator("option")).toHaveText(["English", "Arabic"]);
    await language.selectOption("ar");
    const titleField = page.getByLabel("Title", { exact: true });
    await expect(titleField).toHaveAttribute("dir", "rtl");
    const id = `t${Date.now().toString(36)}`;
    const arabicTitle = `درس في نهايات البيادق ${id}`;
    await titleField.fill(arabicTitle);
    const editor = page.getByRole("textbox", { name: "Post content" });
    await expect(editor).toHaveAttribute("dir", "rtl");
    await editor.click();
    await page.keyboard.type("الملك النشيط نصف الفوز في نهايات البيادق.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    // An Arabic title gives an Arabic slug (its letters kept), percent-encoded in the address.
    const slug = encodeURIComponent(slugify(arabicTitle));
    const stored = await (await page.request.get(`/api/blog/posts/${slug}`)).json();
    expect(stored).toMatchObject({ title: arabicTitle, language: "ar" });

    // Editing keeps it, and shows it.
    await page.goto(`/admin/blog/edit/${slug}`);
    await expect(page.getByLabel("Language of the post")).toHaveValue("ar");

    // The Arabic interface starts a new post in Arabic.
    await preferArabic(page);
    await page.goto("/admin/blog/new");
    const arabicField = page.getByLabel("لغة المقال");
    await expect(arabicField).toHaveValue("ar");
    await expect(arabicField.locator("option")).toHaveText(["الإنجليزية", "العربية"]);
    await expectAccessible(page);
  });
});
