import type { APIRequestContext } from "@playwright/test";
import { adminToken, signIn } from "../admin";
import { onPostgres } from "../database";
import { expect, type Locator, type Page, test } from "../test";

/**
 * What a Ghost admin expects of the post list: filters by status and by tag kept in the address (reload, Back and a
 * copied link give the same list), bulk Publish, Unpublish and Delete with a status message, and cards on a phone.
 * One journey in English, one in Arabic; each works on posts of its own (a marker in their titles and tags).
 */

const LANGUAGE_KEY = "chesstrainer.language";
const CLIENT_KEY = { "X-API-Key": "chess-trainer-web" };

/** Letters only: the search matches words anywhere in a title, so a digit in the marker would match others. */
const newMarker = () =>
  `alist${[...Array(12)].map(() => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

async function createPosts(
  request: APIRequestContext,
  posts: { title: string; tags: string[]; published: boolean }[],
): Promise<string[]> {
  const token = await adminToken(request);
  const slugs: string[] = [];
  // One at a time: the list is newest first, so the order of creation is the order of the list, reversed.
  for (const post of posts) {
    const answer = await request.post("/api/blog/posts", {
      headers: { ...CLIENT_KEY, Authorization: `Bearer ${token}` },
      data: { ...post, content: `<p>${post.title}: a post of the admin list's journey.</p>` },
    });
    expect(answer.status()).toBe(201);
    slugs.push(((await answer.json()) as { slug: string }).slug);
  }
  return slugs;
}

/** The titles the list shows, in order (the table's rows, or the cards on a phone). */
async function titles(page: Page): Promise<string[]> {
  const table = page.getByRole("table");
  if (await table.isVisible()) return table.getByRole("rowheader").allTextContents();
  return page.locator("[data-slot=posts-cards] > li > div:first-child > p").allTextContents();
}

async function expectTitles(page: Page, expected: string[]) {
  await expect.poll(() => titles(page)).toEqual(expected);
}

/** The address's query, as a plain object. */
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

async function expectInView(page: Page, control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test.describe("the admin's post list", () => {
  test("English: filters in the address, bulk publish, unpublish and delete, cards on a phone", async ({
    page,
    request,
  }) => {
    const marker = newMarker();
    const kingWalk = `${marker} kingwalk`;
    const study = `${marker} study`;
    const [alpha, bravo, charlie, delta, echo] = [
      `${marker} alpha`,
      `${marker} bravo`,
      `${marker} charlie`,
      `${marker} delta`,
      `${marker} echo`,
    ] as const;
    const slugs = await createPosts(request, [
      { title: alpha, tags: [kingWalk], published: false },
      { title: bravo, tags: [kingWalk], published: false },
      { title: charlie, tags: [kingWalk, study], published: false },
      { title: delta, tags: [study], published: true },
      { title: echo, tags: [study], published: false },
    ]);
    await signIn(page);
    await page.goto("/admin/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();

    // The search, then Drafts, then the tag: each in the address.
    await page.getByLabel("Search posts").fill(marker);
    await expect(page).toHaveURL(new RegExp(`\\?search=${marker}$`));
    await expectTitles(page, [echo, delta, charlie, bravo, alpha]);
    await page.getByLabel("Status").selectOption({ label: "Drafts" });
    await expect.poll(() => queryOf(page)).toEqual({ search: marker, status: "draft" });
    await expectTitles(page, [echo, charlie, bravo, alpha]);
    await page.getByLabel("Tag", { exact: true }).selectOption(kingWalk);
    await expect.poll(() => queryOf(page)).toEqual({ search: marker, status: "draft", tag: kingWalk });
    await expectTitles(page, [charlie, bravo, alpha]);
    await expect(
      page.getByRole("row", { name: new RegExp(charlie) }).getByRole("list", { name: "Tags" }),
    ).toHaveText([kingWalk, study].join(""));

    // A reload shows the same list, the filters as they were.
    await page.reload();
    await expectTitles(page, [charlie, bravo, alpha]);
    await expect(page.getByLabel("Search posts")).toHaveValue(marker);
    await expect(page.getByLabel("Status")).toHaveValue("draft");
    await expect(page.getByLabel("Tag", { exact: true })).toHaveValue(kingWalk);

    // Select all on this page, then Publish: a status message, and the list reloads (no drafts left with the tag).
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await expect(page.getByText("3 posts selected")).toBeVisible();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 posts published." })).toBeVisible();
    await expect(page.getByText("No posts match these filters.")).toBeVisible();
    for (const slug of slugs.slice(0, 3)) {
      expect((await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(200);
    }

    // Back: the list before the tag was chosen; the drafts there now.
    await page.goBack();
    await expect.poll(() => queryOf(page)).toEqual({ search: marker, status: "draft" });
    await expectTitles(page, [echo]);
    await expect(page.getByLabel("Tag", { exact: true })).toHaveValue("");

    // A copied link: the published posts with the tag, in a page of its own.
    const link = `/admin/blog?search=${marker}&status=published&tag=${encodeURIComponent(kingWalk)}`;
    const copied = await page.context().newPage();
    await copied.goto(link);
    await expectTitles(copied, [charlie, bravo, alpha]);
    await expect(copied.getByLabel("Status")).toHaveValue("published");

    // Two chosen by hand, then Unpublish: the other stays published.
    await copied.getByRole("checkbox", { name: `Select: ${alpha}` }).check();
    await copied.getByRole("checkbox", { name: `Select: ${bravo}` }).check();
    await expect(copied.getByRole("checkbox", { name: "Select all on this page" })).not.toBeChecked();
    await copied.getByRole("button", { name: "Unpublish" }).click();
    await expect(copied.getByRole("status").filter({ hasText: "2 posts unpublished." })).toBeVisible();
    await expectTitles(copied, [charlie]);
    expect((await copied.request.get(`/api/blog/posts/${slugs[0]}`)).status()).toBe(404);
    await copied.close();

    // Every status, the tag: delete all three after a confirmation that says how many.
    await page.goto(`/admin/blog?search=${marker}&tag=${encodeURIComponent(kingWalk)}`);
    await expect(page.getByLabel("Status")).toHaveValue("all");
    // The two drafts again, changed last (at one moment), come first.
    await expectTitles(page, [bravo, alpha, charlie]);
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete 3 posts?" });
    await expect(dialog).toContainText("The 3 selected posts will be removed for good");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expectTitles(page, [bravo, alpha, charlie]);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .getByRole("alertdialog", { name: "Delete 3 posts?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "3 posts deleted." })).toBeVisible();
    await expect(page.getByText("No posts match these filters.")).toBeVisible();
    for (const slug of slugs.slice(0, 3)) {
      expect((await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);
    }

    // On a phone the list is cards, everything in reach without scrolling sideways (a layout: the main project's
    // walk; on PostgreSQL the same answers are drawn the same way).
    if (!onPostgres()) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/admin/blog?search=${marker}`);
      await expect(page.getByRole("table")).toBeHidden();
      await expectTitles(page, [echo, delta]);
      await expectNoSidewaysScroll(page);
      const card = page.locator("[data-slot=posts-cards] > li").filter({ hasText: delta });
      await expect(card.getByText("Published", { exact: true })).toBeVisible();
      await expect(card.locator("time")).toBeVisible();
      await expect(card.getByRole("list", { name: "Tags" })).toHaveText(study);
      await expectInView(page, card.getByRole("link", { name: `Edit: ${delta}` }));
      await expectInView(page, card.getByRole("button", { name: `Delete: ${delta}` }));
      await expectInView(page, card.getByRole("checkbox", { name: `Select: ${delta}` }));
      // Back at a laptop's width, the table again.
      await page.setViewportSize({ width: 1366, height: 800 });
      await expect(page.getByRole("table")).toBeVisible();
      await expect(page.locator("[data-slot=posts-cards]")).toBeHidden();
    }
    expect(slugs.slice(3)).toHaveLength(2);
  });

  test("Arabic: the filters, a bulk publish and a bulk delete, in Arabic words and plural forms", async ({
    page,
    request,
  }) => {
    const marker = newMarker();
    const tag = `${marker} وسم`;
    const [first, second, third] = [`${marker} أول`, `${marker} ثان`, `${marker} ثالث`] as const;
    const slugs = await createPosts(request, [
      { title: first, tags: [tag], published: false },
      { title: second, tags: [tag], published: false },
      { title: third, tags: [], published: true },
    ]);
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await signIn(page);
    await page.goto(`/admin/blog?search=${marker}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "مقالات المدونة" })).toBeVisible();
    await expectTitles(page, [third, second, first]);

    await page.getByLabel("الحالة").selectOption({ label: "المسودات" });
    await page.getByLabel("الوسم", { exact: true }).selectOption(tag);
    await expect.poll(() => queryOf(page)).toEqual({ search: marker, status: "draft", tag });
    await expectTitles(page, [second, first]);
    await page.reload();
    await expectTitles(page, [second, first]);
    await expect(page.getByLabel("الحالة")).toHaveValue("draft");

    await page.getByRole("checkbox", { name: "تحديد كل مقالات هذه الصفحة" }).check();
    await expect(page.getByText("مقالان محددان")).toBeVisible();
    await page.getByRole("button", { name: "نشر", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "نُشر مقالان." })).toBeVisible();
    await expect(page.getByText("لا توجد مقالات تطابق هذه التصفية.")).toBeVisible();

    await page.goBack();
    await page.goBack();
    await expect.poll(() => queryOf(page)).toEqual({ search: marker });
    await expectTitles(page, [second, first, third]);
    // Counts in the page's digits, as the browser writes them in Arabic.
    const three = await page.evaluate(() => (3).toLocaleString("ar"));
    await page.getByRole("checkbox", { name: "تحديد كل مقالات هذه الصفحة" }).check();
    await expect(page.getByText(`${three} مقالات محددة`)).toBeVisible();
    await page.getByRole("button", { name: "حذف", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: `حذف ${three} مقالات؟` });
    await expect(dialog).toContainText(`ستُحذف المقالات المحددة (${three}) نهائيًا`);
    await dialog.getByRole("button", { name: "حذف" }).click();
    await expect(page.getByRole("status").filter({ hasText: `حُذفت ${three} مقالات.` })).toBeVisible();
    await expect(page.getByText("لا توجد مقالات تطابق بحثك.")).toBeVisible();
    for (const slug of slugs) expect((await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);
  });
});
