import { en } from "../../packages/texts/src/en";
import { adminToken, signIn } from "../admin";
import { expectAccessibleOnce } from "../database";
import { expect, test } from "../test";

/**
 * Issue 37, post settings and scheduled publishing, in English: the admin opens a draft, writes its excerpt and SEO
 * title, uploads its featured image and schedules it a few seconds ahead in local time. Until then the post is not
 * public; the server (BLOG_SCHEDULE_INTERVAL_MS=2000 here) publishes it, and its page shows the featured image (full
 * width, at most 400 px high, the title as its alt text) with the SEO title and excerpt in its head.
 */

const editor = en.admin.editor;
const settings = en.admin.postSettings;

/** A 2×2 PNG: a real image the upload route decodes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * How far ahead the post is scheduled: enough to check it is hidden first (three requests, then the list's
 * Scheduled filter: about 2 s on a quiet machine, 5 s beside other work), well within the test's wait. Each second
 * here is a second the worker waits, in both projects (20 s took a third of this journey).
 */
const AHEAD_MS = 12_000;

test("English: settings and a scheduled post, published by the server at its time", async ({ page }) => {
  test.setTimeout(150_000);
  const token = await adminToken(page.request);
  const n = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const title = `Knight outposts ${n}`;
  const created = await page.request.post("/api/blog/posts", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      content: "<p>A knight on an outpost cannot be chased away by pawns.</p>",
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  await signIn(page, token);
  await page.goto(`/admin/blog/edit/${slug}`);
  await expect(page.getByPlaceholder(editor.titlePlaceholder)).toHaveValue(title);
  const panel = page.locator('[data-slot="post-settings"]');
  await expect(panel.getByRole("heading", { name: settings.heading })).toBeVisible();
  // Its first group is the post's address and language (Ghost's "Post URL"): the slug and the language select.
  const address = panel.getByRole("group").first();
  await expect(address).toHaveAccessibleName(settings.addressHeading);
  await expect(address.getByLabel(editor.slugLabel, { exact: true })).toHaveValue(slug);
  await expect(address.getByLabel(editor.languageLabel)).toHaveValue("en");

  await panel.getByLabel(settings.excerptLabel).fill("Why a knight on a hole is worth a rook.");
  await panel.getByLabel(settings.seoTitleLabel).fill(`Outposts for knights ${n}`);
  await panel.getByLabel(`${settings.featuredImageLabel}: ${settings.upload}`).setInputFiles({
    name: "outpost.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  const featured = panel.getByLabel(settings.featuredImageLabel, { exact: true });
  await expect(featured).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/);
  await expect(panel.locator('[data-slot="post-featured-image"] img')).toBeVisible();
  // The editor with its settings panel filled in has no serious axe violation.
  await expectAccessibleOnce(page);

  // A time in the past is refused with a clear message, before anything is sent.
  const when = panel.getByLabel(settings.publishAtLabel);
  await expect(panel.getByText(/In your local time \(.+\)/)).toBeVisible();
  await when.fill(await localTime(page, -60_000));
  await page.getByRole("button", { name: settings.schedule, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: settings.validation.publishAtPast })).toBeVisible();
  await expect(when).toHaveAttribute("aria-invalid", "true");
  // The field at fault takes the focus, ready to be corrected.
  await expect(when).toBeFocused();

  // Scheduled a few seconds ahead, in the admin's local time.
  const at = Date.now() + AHEAD_MS;
  await when.fill(await localTime(page, at - Date.now()));
  await page.getByRole("button", { name: settings.schedule, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText(en.admin.editorWork.toast.scheduled, { exact: true })).toBeVisible();

  // Nobody else sees it yet (the quick requests first), and the list's Scheduled filter has it.
  expect((await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/rss.xml")).text()).not.toContain(slug);
  await page.goto("/admin/blog?status=scheduled");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-status="scheduled"]')).toHaveText(en.admin.posts.table.scheduled);

  // The server publishes it at its time (checked every 2 s here).
  await expect
    .poll(async () => (await page.request.get(`/api/blog/posts/${slug}`)).status(), {
      timeout: AHEAD_MS + 25_000,
      intervals: [250],
    })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(at - 1000);

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`Outposts for knights ${n}`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Why a knight on a hole is worth a rook.",
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    `Outposts for knights ${n}`,
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/uploads\/[0-9a-f]{32}\.png$/,
  );
  const image = page.getByRole("img", { name: title, exact: true });
  await expect(image).toBeVisible();
  await expect(image).toHaveCSS("max-height", "400px");
  // Full width: as wide as the column it stands in.
  const [width, column] = await image.evaluate((img) => [
    img.getBoundingClientRect().width,
    img.parentElement?.clientWidth ?? -1,
  ]);
  expect(Math.round(width)).toBe(Math.round(column));
});

/** The browser's local date and time `offsetMs` from now, as a datetime-local input takes it (with seconds). */
function localTime(page: import("@playwright/test").Page, offsetMs: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const pad = (v: number) => String(v).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, offsetMs);
}
