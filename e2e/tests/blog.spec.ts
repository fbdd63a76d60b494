import { adminToken, signIn } from "../admin";
import { expectAccessible } from "../axe";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../test";

/**
 * The public blog and the admin's list of posts. One journey per language for readers: the index and a post as the
 * server renders them (their first reads in the page), then the pages reached inside the app (which load their reads
 * themselves), the tag filter and the search in the address, the posts of the page's language first with the others
 * marked and read in their own direction, and what a reader sees when a post is missing or the server fails. One
 * journey for the admin's list: two pages of posts, the search, deleting, failures and the list in Arabic. (The posts'
 * languages on the index and their pages were blog-language.spec.ts; the admin setting a post's language is in
 * admin-blog.spec.ts.)
 */

const LANGUAGE_KEY = "chesstrainer.language";

/** Seeded posts (apps/server/src/seed/posts.ts). */
const LUCENA = {
  slug: "lucena-position-how-to-build-a-bridge",
  title: "The Lucena Position: How to Build a Bridge",
};
const LEGAL = {
  slug: "legal-mate-when-the-queen-is-only-bait",
  title: "Légal's Mate: When the Queen Is Only Bait",
};
const PHILIDOR = {
  slug: "philidor-position-drawing-rook-endgames",
  title: "وضعية فيليدور: مفتاح التعادل في نهايات الرخ",
};

function longDate(iso: string, language: "en" | "ar"): string {
  return new Intl.DateTimeFormat(language, { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(iso),
  );
}

const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

/** The languages of the index's cards, in order (their titles' `lang`). */
async function cardLanguages(page: Page): Promise<string[]> {
  const cards = page.locator("[data-slot=post-card]");
  await expect(cards.first()).toBeVisible();
  return cards.locator("h2").evaluateAll((headings) => headings.map((h) => h.getAttribute("lang") ?? ""));
}

/**
 * Goes through the index's pages by its Next link until the post's card shows (other tests publish posts, which can
 * push a seeded post off the first page). A page's cards are in once the pages' bar marks it as the current one.
 */
async function findCard(
  page: Page,
  title: string,
  labels: { pages: string; next: string },
): Promise<Locator> {
  const found = card(page, title);
  const pages = page.getByRole("navigation", { name: labels.pages });
  for (let n = 1; n <= 10; n++) {
    await expect(page.locator("[data-slot=post-card]").first()).toBeVisible();
    if ((await found.count()) > 0) return found;
    const current = (await pages.locator("[aria-current=page]").textContent()) ?? "";
    await pages.getByRole("link", { name: labels.next }).click();
    await expect(pages.locator("[aria-current=page]")).not.toHaveText(current);
  }
  throw new Error(`no card for ${title}`);
}

test.describe("public blog", () => {
  test("English: a post and the index as the server renders them, then inside the app: filters, search, posts in either language, failures", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/blog/")) asked.push(`${url.pathname}${url.search}`);
    });
    const stored = await (await page.request.get(`/api/blog/posts/${LUCENA.slug}`)).json();

    // A post as the server renders it: its reads arrive in the page, no request for them. Author, long date, tags,
    // the diagram board and the YouTube player.
    await page.goto(`/blog/${LUCENA.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: LUCENA.title })).toBeVisible();
    await expect(page.locator("[data-slot=post-body]")).toContainText("The winning method is called");
    await expect(page.getByText("Author: Admin")).toBeVisible();
    await expect(page.locator("main time")).toHaveText(longDate(stored.published_date, "en"));
    const tags = page.getByRole("list", { name: "Tags" });
    await expect(tags.getByRole("link")).toHaveText(["Rook endgames", "Endgames", "Technique"]);
    // The diagram: a board that cannot be played on, white at the bottom, 400 px wide on a desktop.
    const board = page.getByRole("group", { name: "Chess diagram, White to move" });
    await expect(board).toBeVisible();
    await expect(board).not.toHaveAttribute("data-interactive", /.*/);
    await expect(board.locator("[data-piece]")).toHaveCount(5);
    const box = await board.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(400);
    const a1 = await board.locator("[data-square=a1]").boundingBox();
    const a8 = await board.locator("[data-square=a8]").boundingBox();
    expect(a1?.y ?? 0).toBeGreaterThan(a8?.y ?? 0);
    const player = page.locator("iframe[title='YouTube video']");
    await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/KhqslboBUug");
    await expect(player).toHaveAttribute("loading", "lazy");
    expect(asked).toEqual([]);

    // The index reached inside the app loads its reads itself: from the post's Back to the blog link.
    await page.getByRole("link", { name: "Back to the blog" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
    await expect(
      page.getByText(
        "Explore our collection of chess articles, tutorials, and insights to improve your game.",
      ),
    ).toBeVisible();
    const lucena = card(page, LUCENA.title);
    await expect(lucena).toBeVisible();
    expect(asked.sort()).toEqual(["/api/blog/posts?page=1&per_page=10&language_first=en", "/api/blog/tags"]);
    // Its seeded cards: a link to the post, the tags, the excerpt and the date.
    await expect(lucena.getByRole("link", { name: LUCENA.title })).toHaveAttribute(
      "href",
      `/blog/${LUCENA.slug}`,
    );
    await expect(lucena.getByRole("list", { name: "Tags" })).toContainText("Rook endgames");
    await expect(lucena.getByText(/Rook endgames are the endgames you will meet most often/)).toBeVisible();
    await expect(lucena.locator("time")).toHaveText(longDate(stored.published_date, "en"));

    // English posts first, then the Arabic ones, never mixed; an English one carries no badge, an Arabic one is
    // marked and reads right to left, on the index and on its page, in the English site.
    const languages = await cardLanguages(page);
    expect(languages[0]).toBe("en");
    expect(languages).toEqual([...languages].sort((a, b) => (a === b ? 0 : a === "en" ? -1 : 1)));
    await expect(lucena.locator("[data-slot=post-card-language]")).toHaveCount(0);
    const philidor = await findCard(page, PHILIDOR.title, { pages: "Blog pages", next: "Next" });
    await expect(philidor.locator("[data-slot=post-card-language]")).toHaveText("Arabic");
    await expect(philidor.getByRole("heading")).toHaveAttribute("lang", "ar");
    expect(await direction(philidor.getByRole("heading"))).toBe("rtl");
    await philidor.getByRole("link", { name: PHILIDOR.title }).click();
    const arabicTitle = page.getByRole("heading", { level: 1, name: PHILIDOR.title });
    await expect(arabicTitle).toHaveAttribute("lang", "ar");
    await expect(arabicTitle).toHaveAttribute("dir", "rtl");
    const body = page.locator("[data-slot=post-body]");
    await expect(body).toHaveAttribute("lang", "ar");
    expect(await direction(body)).toBe("rtl");
    expect(await direction(body.locator("p").first())).toBe("rtl");
    // The site around it stays English, left to right.
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expectAccessible(page);

    // The index fails to load: it says so, and Try again brings the posts.
    await page.route("**/api/blog/posts?*", (route) => route.fulfill({ status: 500 }));
    await page.getByRole("link", { name: "Back to the blog" }).first().click();
    await expect(page.getByRole("alert")).toContainText("Error Loading Posts");
    await page.unroute("**/api/blog/posts?*");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(lucena).toBeVisible();

    // The tag filter and the search live in the address (Back works).
    await page.getByLabel("Tag", { exact: true }).selectOption("Tactics");
    await expect(page).toHaveURL(/\/blog\?tag=Tactics$/);
    await expect(card(page, LEGAL.title)).toBeVisible();
    await expect(lucena).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(lucena).toBeVisible();
    await page.getByLabel("Search posts").fill("bridge");
    await expect(page).toHaveURL(/\/blog\?search=bridge$/);
    await expect(lucena).toBeVisible();
    await expect(card(page, LEGAL.title)).toHaveCount(0);
    // Arabic text is searched too.
    await page.getByLabel("Search posts").fill("فيليدور");
    await expect(card(page, PHILIDOR.title)).toBeVisible();
    await expect(lucena).toHaveCount(0);
    await page.getByLabel("Search posts").fill("no post says zyxwvut");
    await expect(page.getByText("No posts match your search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByLabel("Search posts")).toHaveValue("");
    await expect(lucena).toBeVisible();

    // A post that fails to load says so and can be retried; a card's link opens its page.
    await page.route(`**/api/blog/posts/${LUCENA.slug}`, (route) => route.fulfill({ status: 500 }));
    await lucena.getByRole("link", { name: LUCENA.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${LUCENA.slug}$`));
    await expect(page.getByRole("alert")).toHaveText("Error: Failed to fetch blog post");
    await page.unroute(`**/api/blog/posts/${LUCENA.slug}`);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: LUCENA.title })).toBeVisible();
    // A tag chip opens the index filtered by that tag.
    await tags.getByRole("link", { name: "Technique" }).click();
    await expect(page).toHaveURL(/\/blog\?tag=Technique$/);
    await expect(lucena).toBeVisible();

    // A shared address opens the same filtered list, rendered by the server with its reads (the tags too).
    asked.length = 0;
    await page.goto("/blog?search=bait");
    await expect(page.getByLabel("Search posts")).toHaveValue("bait");
    await expect(card(page, LEGAL.title)).toBeVisible();
    await expect(lucena).toHaveCount(0);
    await expect(
      page.getByLabel("Tag", { exact: true }).locator("option", { hasText: "Tactics" }),
    ).toHaveCount(1);
    expect(asked).toEqual([]);

    // An address that could be no post's (not a slug) says 'Post not found' (a slug no post has: shell.spec.ts's
    // English walk, with its 404 status).
    await page.goto("/blog/Not_A_Slug");
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
  });

  test("Arabic on a phone: texts, right to left, Arabic posts first and an English one marked and read left to right, the board left to right", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.goto("/blog");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "مدونة الشطرنج" })).toBeVisible();
    await expect(page.getByLabel("البحث في المقالات")).toBeVisible();
    const languages = await cardLanguages(page);
    expect(languages.slice(0, 2)).toEqual(["ar", "ar"]);
    expect(languages).toEqual([...languages].sort((a, b) => (a === b ? 0 : a === "ar" ? -1 : 1)));
    await expect(card(page, PHILIDOR.title).locator("[data-slot=post-card-language]")).toHaveCount(0);

    // An English post on the Arabic index: marked, its title and excerpt in English, left to right; nothing wider
    // than the phone.
    const lucena = await findCard(page, LUCENA.title, { pages: "صفحات المدونة", next: "التالي" });
    await expect(lucena.locator("[data-slot=post-card-language]")).toHaveText("بالإنجليزية");
    await expect(lucena.getByRole("heading")).toHaveAttribute("lang", "en");
    await expect(lucena.locator("p[dir=auto]")).toHaveAttribute("lang", "en");
    expect(await direction(lucena.getByRole("heading"))).toBe("ltr");
    expect(await direction(lucena.locator("p[dir=auto]"))).toBe("ltr");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // Its page: the post left to right in the right-to-left site.
    await lucena.getByRole("link", { name: LUCENA.title }).click();
    const title = page.getByRole("heading", { level: 1, name: LUCENA.title });
    await expect(title).toHaveAttribute("lang", "en");
    await expect(title).toHaveAttribute("dir", "ltr");
    const body = page.locator("[data-slot=post-body]");
    await expect(body).toHaveAttribute("lang", "en");
    expect(await direction(body)).toBe("ltr");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const back = page.getByRole("link", { name: "العودة إلى المدونة" }).first();
    await expect(back).toBeVisible();

    // An Arabic post, found by a search (posts the other tests publish meanwhile can push it off the first page): its
    // tags and excerpt in Arabic, right to left; its page with the author, the date in Arabic and a board that stays
    // left to right.
    await back.click();
    await page.getByLabel("البحث في المقالات").fill("فيليدور");
    const philidor = card(page, PHILIDOR.title);
    await expect(philidor.getByRole("list", { name: "الوسوم" })).toContainText("نهايات الرخ");
    expect(await direction(philidor.locator("p[dir=auto]"))).toBe("rtl");
    await philidor.getByRole("link", { name: PHILIDOR.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: PHILIDOR.title })).toBeVisible();
    await expect(page.getByText("الكاتب: Admin")).toBeVisible();
    const stored = await (await page.request.get(`/api/blog/posts/${PHILIDOR.slug}`)).json();
    await expect(page.locator("main time")).toHaveText(longDate(stored.published_date, "ar"));
    const board = page.getByRole("group", { name: "رقعة شطرنج، الدور على الأسود" });
    await expect(board).toHaveAttribute("dir", "ltr");
    const a1 = await board.locator("[data-square=a1]").boundingBox();
    const h1 = await board.locator("[data-square=h1]").boundingBox();
    expect(a1?.x ?? 0).toBeLessThan(h1?.x ?? 0);
    await expect(page.getByRole("link", { name: "العودة إلى المدونة" }).first()).toBeVisible();
  });

  // axe on the index and a post, in both languages, is in server-rendering.spec.ts with every other page.
});

// ---------------------------------------------------------------------------------------------------------------

async function createPost(
  request: APIRequestContext,
  token: string,
  post: { title: string; published: boolean; tags?: string[] },
): Promise<string> {
  const answer = await request.post("/api/blog/posts", {
    headers: { Authorization: `Bearer ${token}`, "X-API-Key": "chess-trainer-web" },
    data: { content: `<p>${post.title}: a post written by the end-to-end test.</p>`, tags: [], ...post },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()).slug;
}

test.describe("admin blog list", () => {
  let token = "";
  let created: string[] = [];

  test.beforeEach(async ({ request }) => {
    token = await adminToken(request);
    created = [];
  });

  test.afterEach(async ({ request }) => {
    for (const slug of created)
      await request.delete(`/api/blog/posts/${slug}`, {
        headers: { Authorization: `Bearer ${token}`, "X-API-Key": "chess-trainer-web" },
      });
  });

  /** Letters only: the search matches words anywhere in a title, so a digit in the marker would match "1". */
  const newMarker = () =>
    `hlist${[...Array(12)].map(() => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

  test("drafts and published posts over two pages, the search back to page 1, failures said, delete asks first, the list in Arabic", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Eleven posts carrying the marker: more than one page of ten. The oldest is published and has no tags.
    const marker = newMarker();
    for (const post of [
      { title: `${marker} published`, published: true },
      ...Array.from({ length: 10 }, (_, n) => ({ title: `${marker} draft ${n + 1}`, published: false })),
    ])
      created.push(await createPost(request, token, post));
    await signIn(page, token);
    await page.goto("/admin/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create New Post" })).toHaveAttribute(
      "href",
      "/admin/blog/new",
    );
    const table = page.getByRole("table");
    // The spec's columns, with the selection's checkboxes first and the tags.
    await expect(table.getByRole("columnheader")).toHaveText([
      "Select",
      "Title",
      "Author",
      "Status",
      "Tags",
      "Published Date",
      "Actions",
    ]);

    // The list fails to load: a banner says so, and Try again loads it.
    const search = page.getByPlaceholder("Search posts...");
    await page.route("**/api/blog/posts?*", (route) => route.fulfill({ status: 500 }));
    await search.fill(marker);
    await expect(page.getByRole("alert")).toContainText("Failed to fetch blog posts");
    await page.unroute("**/api/blog/posts?*");
    const searched = page.waitForResponse(
      (r) => r.url().includes("/api/blog/posts?") && new URL(r.url()).searchParams.get("search") === marker,
    );
    await page.getByRole("button", { name: "Try again" }).click();
    await searched;
    await expect(table.getByRole("row")).toHaveCount(11); // header + ten
    const pages = page.getByRole("navigation", { name: "Post list pages" });
    await expect(pages.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    const draft = table.getByRole("row", { name: new RegExp(`${marker} draft 10`) });
    await expect(draft.getByText("Draft", { exact: true })).toBeVisible();
    await expect(draft.getByRole("cell").nth(4)).toHaveText("-");
    await expect(draft.getByRole("link", { name: `Edit: ${marker} draft 10` })).toHaveAttribute(
      "href",
      new RegExp(`^/admin/blog/edit/${marker}-draft-10`),
    );

    // Page 2 holds the oldest one, the published post.
    await pages.getByRole("button", { name: "Next" }).click();
    await expect(pages.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const published = table.getByRole("row", { name: new RegExp(`${marker} published`) });
    await expect(published.getByText("Published", { exact: true })).toBeVisible();
    await expect(published.getByRole("cell").nth(4)).not.toHaveText("-");
    await expect(table.getByRole("row")).toHaveCount(2);

    // Changing the search text resets the page to 1: "draft 1" and "draft 10" are both on it.
    const firstPage = page.waitForRequest(
      (r) => r.url().includes("/api/blog/posts?") && new URL(r.url()).searchParams.get("page") === "1",
    );
    await search.fill(`${marker} draft 1`);
    await firstPage;
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row", { name: new RegExp(`${marker} draft 10`) })).toBeVisible();

    // A delete the server fails: 'Failed to delete the post', and the post stays.
    await search.fill(marker);
    const row = (n: number) => table.getByRole("row", { name: new RegExp(`${marker} draft ${n}\\b`) });
    await expect(row(5)).toBeVisible();
    await page.route("**/api/blog/posts/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500 }) : route.continue(),
    );
    await row(5)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to delete the post");
    await expect(row(5)).toBeVisible();
    await page.unroute("**/api/blog/posts/*");

    // Delete asks first: cancelling keeps the post; confirming removes it, says so and reloads the list.
    await row(3)
      .getByRole("button", { name: `Delete: ${marker} draft 3` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this post?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(3)).toBeVisible();
    await row(3)
      .getByRole("button", { name: `Delete: ${marker} draft 3` })
      .click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${marker} draft 3` })).toBeVisible();
    await expect(row(3)).toHaveCount(0);
    expect((await page.request.get(`/api/blog/posts/${created[3]}`)).status()).toBe(404);
    await expect(row(4)).toBeVisible();

    // The list in Arabic.
    await page.getByRole("button", { name: "العربية (Arabic)" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "مقالات المدونة" })).toBeVisible();
    await expect(page.getByRole("link", { name: "إنشاء مقال جديد" })).toBeVisible();
    await expect(row(5).getByText("مسودة", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "English" }).click();

    // The published post shows on the public blog with the fallback tag; the drafts do not.
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Blog", exact: true })
      .click();
    // The admin list has a "Search posts" field too: the blog's page must be the one on view first (the address
    // changes before the router has drawn the new page).
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
    await page.getByLabel("Search posts").fill(marker);
    const publicCard = card(page, `${marker} published`);
    await expect(publicCard.getByRole("list", { name: "Tags" })).toHaveText("Chess");
    await expect(card(page, `${marker} draft 1`)).toHaveCount(0);
  });
});
