import { slugify } from "../../packages/contract/src/blog-rules";
import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { adminToken, signIn } from "../admin";
import { expect, type Page, test } from "../test";

/**
 * A post's address, in English and in Arabic: an Arabic title gives an Arabic address (not `post`) that opens the
 * post, and a slug renamed in the Slug field (in the post settings' "Address and language") keeps the old address
 * working: it lands on the new one. On a phone, where the settings are folded, a slug another post has unfolds them
 * and puts the focus on the Slug field.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const TEXTS = { en, ar } as const;

/** A number that makes each run's titles and slugs its own, without adding Latin letters to an Arabic title. */
function stamp(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
}

/** The page's path as the address bar shows it, decoded (an Arabic slug travels percent-encoded). */
const shownPath = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

/**
 * Where the Slug field's hint shows an address, the slash that starts it stands left of "blog": an address reads left
 * to right in either language (in an Arabic sentence, left as it was, the slash went to the right of "blog").
 */
function slashLeftOfBlog(page: Page, address: string): Promise<boolean | null> {
  return page.getByText(address).evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const left = (index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return range.getBoundingClientRect().left;
      };
      return left(at) < left(at + 1);
    }
    return null;
  }, address);
}

function journey(language: "en" | "ar") {
  const editor = TEXTS[language].admin.editor;

  return async ({ page }: { page: Page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_KEY,
      value: language,
    });
    await signIn(page);
    const title = page.getByPlaceholder(editor.titlePlaceholder);
    const slugField = page
      .locator('[data-slot="post-settings"]')
      .getByRole("group", { name: TEXTS[language].admin.postSettings.addressHeading })
      .getByLabel(editor.slugLabel, { exact: true });
    const body = page.getByRole("textbox", { name: editor.contentLabel });

    // An Arabic title: the Slug field offers its Arabic address, and the published post opens there.
    const n = stamp();
    const arabicTitle = `الملك النشيط في النهايات ${n}`;
    const slug = `الملك-النشيط-في-النهايات-${n}`;
    expect(slugify(arabicTitle)).toBe(slug);
    await page.goto("/admin/blog/new");
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await title.fill(arabicTitle);
    await expect(slugField).toHaveValue("");
    await expect(slugField).toHaveAttribute("placeholder", slug);
    await expect(page.getByText(`/blog/${slug}`)).toBeVisible();
    expect(await slashLeftOfBlog(page, `/blog/${slug}`)).toBe(true);
    await body.click();
    await page.keyboard.type("الملك في النهايات قطعة نشيطة: يتقدم إلى المركز.");
    await page.getByRole("button", { name: editor.publish, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);

    await page.goto(`/blog/${encodeURIComponent(slug)}`);
    await expect(page.getByRole("heading", { level: 1, name: arabicTitle })).toBeVisible();
    expect(shownPath(page)).toBe(`/blog/${slug}`);

    // Renamed in the editor: the old address lands on the new one, on the page and inside the app.
    const renamed = language === "en" ? `the-active-king-${n}` : `الملك-الفعال-${n}`;
    await page.goto(`/admin/blog/edit/${encodeURIComponent(slug)}`);
    await expect(title).toHaveValue(arabicTitle);
    await expect(slugField).toHaveValue(slug);
    await slugField.fill(renamed);
    await expect(page.getByText(`/blog/${renamed}`)).toBeVisible();
    expect(await slashLeftOfBlog(page, `/blog/${renamed}`)).toBe(true);
    await page.getByRole("button", { name: editor.update, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);

    await page.goto(`/blog/${encodeURIComponent(slug)}`);
    await expect(page.getByRole("heading", { level: 1, name: arabicTitle })).toBeVisible();
    await expect.poll(() => shownPath(page)).toBe(`/blog/${renamed}`);

    // The API still answers the old slug with the post, under its new slug.
    const answer = await page.request.get(`/api/blog/posts/${encodeURIComponent(slug)}`);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { slug: string }).slug).toBe(renamed);

    // Gone again, so the blog's first page stays as the other journeys expect it.
    const token = await page.evaluate(() => localStorage.getItem("admin_token"));
    const removed = await page.request.delete(`/api/blog/posts/${encodeURIComponent(renamed)}`, {
      headers: { Authorization: `Bearer ${token}`, "X-API-Key": "chess-trainer-web" },
    });
    expect(removed.status()).toBe(204);
  };
}

test.describe("post addresses", () => {
  test(
    "in English: an Arabic title gets an Arabic address that opens, and a renamed slug's old address lands on the new one",
    journey("en"),
  );
  test(
    "in Arabic: an Arabic title gets an Arabic address that opens, and a renamed slug's old address lands on the new one",
    journey("ar"),
  );
});

/**
 * On a 390 px phone the settings are folded behind "Post settings": the admin unfolds them, gives the post the slug of
 * another post, folds them and saves. The server refuses it: the alert says so in the interface language, the settings
 * unfold again and the Slug field, marked invalid, has the focus.
 */
function takenOnPhone(language: "en" | "ar") {
  const T = TEXTS[language];
  return async ({ page }: { page: Page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_KEY,
      value: language,
    });
    const token = await adminToken(page.request);
    await signIn(page, token);
    const n = stamp();
    const headers = { Authorization: `Bearer ${token}` };
    const make = async (title: string) => {
      const created = await page.request.post("/api/blog/posts", {
        headers,
        data: { title, content: "<p>The rook belongs behind the passed pawn.</p>", published: false },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { slug: string }).slug;
    };
    const first = await make(`Rook behind the pawn ${n}`);
    const second = await make(`Rook in front ${n}`);

    await page.goto(`/admin/blog/edit/${second}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const toggle = page.getByRole("button", { name: T.admin.postSettings.toggle });
    const slugField = page.getByLabel(T.admin.editor.slugLabel, { exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(slugField).toBeHidden();
    await toggle.click();
    await expect(slugField).toHaveValue(second);
    await slugField.fill(first);
    await toggle.click();
    await expect(slugField).toBeHidden();

    await page.getByRole("button", { name: T.admin.editor.saveDraft, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: T.admin.postSettings.slugTaken })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(slugField).toBeVisible();
    await expect(slugField).toHaveAttribute("aria-invalid", "true");
    await expect(slugField).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${second}$`));

    for (const slug of [first, second]) {
      const removed = await page.request.delete(`/api/blog/posts/${slug}`, { headers });
      expect(removed.status()).toBe(204);
    }
  };
}

test.describe("a slug another post has, on a phone", () => {
  test("in English: the folded settings unfold and the Slug field takes the focus", takenOnPhone("en"));
  test("in Arabic: the folded settings unfold and the Slug field takes the focus", takenOnPhone("ar"));
});
