import { deflateSync } from "node:zlib";
import { slugify } from "../../packages/contract/src/blog-rules";
import { ar } from "../../packages/texts/src/ar";
import { adminToken, signIn } from "../admin";
import { expectAccessibleOnce, onPostgres } from "../database";
import { expect, type Locator, type Page, test } from "../test";

/** A position with few pieces (Lucena-like), typed as a short FEN: the editor completes the missing fields. */
const FEN = "1K1k4/1P6/8/8/8/8/r7/2R5";
const VIDEO_ID = "dQw4w9WgXcQ";
const LANGUAGE_KEY = "chesstrainer.language";
/** Tailwind's red-700, as Chromium computes it: the border of a refused field. */
const RED_700 = "oklch(0.505 0.213 27.518)";

// ---------------------------------------------------------------------------------------------------------------
// A real PNG, made here: 8 × 8 pixels (or the size asked) of one colour per call, so every upload is a different
// file.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(rgb: [number, number, number], width = 8, height = width): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function editorOf(page: Page): Locator {
  return page.getByRole("textbox", { name: "Post content" });
}

/** Pastes files and/or HTML into the editor the way a browser does: a paste event carrying a DataTransfer. */
async function paste(editor: Locator, data: { html?: string; text?: string; png?: Buffer }) {
  await editor.evaluate(
    (element, { html, text, bytes }) => {
      const transfer = new DataTransfer();
      if (html) transfer.setData("text/html", html);
      if (text) transfer.setData("text/plain", text);
      if (bytes) {
        transfer.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
      }
      element.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    { html: data.html, text: data.text, bytes: data.png ? [...data.png] : undefined },
  );
}

/** An image picked with Insert Image opens the image dialog once it is in: keep the default alt text, no caption. */
async function closeImageDialog(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Image details" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
}

async function insertDiagram(page: Page, fen: string) {
  await page.getByRole("button", { name: "Insert Chess Diagram" }).click();
  const dialog = page.getByRole("dialog", { name: "Insert Chess Diagram" });
  await dialog.getByPlaceholder("Enter FEN notation").fill(fen);
  await dialog.getByPlaceholder("Enter FEN notation").press("Enter");
  await expect(dialog).toBeHidden();
}

async function insertVideo(page: Page, url: string) {
  await page.getByRole("button", { name: "Insert YouTube Video" }).click();
  const dialog = page.getByRole("dialog", { name: "Insert YouTube Video" });
  await expect(dialog).toContainText("watch URL");
  await expect(dialog).toContainText("short URL");
  await dialog.getByPlaceholder("Enter YouTube URL").fill(url);
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toBeHidden();
}

/** Watches for any sign of injected script running: a dialog, a flag on window, a console message. */
function watchForScripts(page: Page) {
  const signs: string[] = [];
  page.on("dialog", (dialog) => {
    signs.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.text().includes("xss")) signs.push(`console: ${message.text()}`);
  });
  return {
    signs,
    async assertNone() {
      const flag = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      expect(flag).toBeUndefined();
      expect(signs).toEqual([]);
    },
  };
}

/**
 * Searches the admin list; the search lands in the address after a pause in typing, so the list is left only after
 * it did (a search landing later would take the admin back to the list).
 */
async function searchList(page: Page, field: Locator, text: string) {
  await field.fill(text);
  await expect(page).toHaveURL(/[?&]search=/);
}

/** The post's status beside the editor's heading. */
function statusOf(page: Page): Locator {
  return page.locator("[data-slot=post-status]");
}

/** What the server has stored, read with the admin token (drafts too); a visitor's read without it. */
async function storedPost(page: Page, token: string, slug: string) {
  const answer = await page.request.get(`/api/blog/posts/${slug}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { published: boolean; content: string; title: string; language: string };
}

async function visitorStatus(page: Page, slug: string): Promise<number> {
  return (await page.request.get(`/api/blog/posts/${slug}`)).status();
}

const naturalWidth = (image: Locator) =>
  image.evaluate((element) => (element as HTMLImageElement).naturalWidth);

/**
 * The post's two images as shown: the small one (120 × 80) at its own size, the wide one (800 × 100) never
 * stretched (its shape kept: eight times as wide as high).
 */
async function expectImagesAtTheirSize(images: Locator) {
  await expect(images).toHaveCount(2);
  const widths: number[] = [];
  for (const image of await images.all()) {
    await expect.poll(() => naturalWidth(image)).toBeGreaterThan(0);
    const natural = await naturalWidth(image);
    widths.push(natural);
    const box = await image.boundingBox();
    const shown = { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
    if (natural === 120) expect(shown).toEqual({ width: 120, height: 80 });
    else expect(Math.round(shown.width / (shown.height || 1))).toBe(8);
  }
  expect(widths.sort((a, b) => a - b)).toEqual([120, 800]);
}

/** The YouTube block's link to the video, under its player. */
async function expectWatchLinkUnderPlayer(within: Locator, name: string) {
  const link = within.getByRole("link", { name });
  await expect(link).toHaveAttribute("href", `https://www.youtube.com/watch?v=${VIDEO_ID}`);
  await expect(link).toHaveAttribute("target", "_blank");
  const player = within.locator(`iframe[src*="${VIDEO_ID}"]`);
  await expect(player).toBeVisible();
  // Both boxes read in one go, so a scroll between two reads cannot move one of them.
  const gap = await link.evaluate(
    (element, frame) => element.getBoundingClientRect().top - (frame?.getBoundingClientRect().bottom ?? 0),
    await player.elementHandle(),
  );
  expect(gap).toBeGreaterThanOrEqual(-1);
}

// ---------------------------------------------------------------------------------------------------------------
// Proven elsewhere, so not again here:
// - A session that expired (a stored token 31 minutes old) sends the admin to login and back to the page: the guard
//   clearing a stale session is shell.spec.ts's English walk and admin-session.test.ts in packages/machines ("clears
//   a stored session older than 30 minutes without asking the server"); the login page returning to the editor with
//   its unsaved fields is admin-session.spec.ts (both journeys).
// - A token revoked while writing: admin-session.spec.ts's Arabic journey (a save refused for the token, the login,
//   the editor again with the changed title) and post-editor.test.ts ("a save the server refuses for the token ends
//   the session with the fields kept").
// - A post changed elsewhere is not overwritten by Save as Draft: admin-editor-work.spec.ts (after the autosave's
//   conflict, a save is refused the same way) and post-editor.test.ts ("shows the server's validation messages and a
//   conflict").
// - Script sent straight to the API never runs: xss.spec.ts renders every payload's stored post on its page and in the
//   editor (edit and preview), and apps/server/src/blog/sanitize.test.ts cleans 177 payloads. Pasted into the
//   editor, it is proven here.
// - The toolbar's every button in order, the arrow keys, Home and End in both directions, one tab stop, and the
//   insert and link dialogs (empty value, Escape, the focus back on the opener, Remove link): the EditorToolbar and
//   InsertDialog stories' play functions (packages/ui/src/editor-toolbar, packages/ui/src/insert-dialog); how the
//   post editor completes, refuses and edits links: post-editor.test.ts ("post editor: links").
// - axe on the editor in edit mode with a diagram and a video, in both languages: a11y.spec.ts's admin walks (the
//   Lucena post's editor).

test.describe("admin blog editor", () => {
  test("an admin writes a post with a tag, a diagram, a video and two images, publishes, finds, edits, unpublishes and deletes it", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const title = unique("Rook endings the bridge");
    const slug = slugOf(title);
    await signIn(page);
    const token = await adminToken(page.request);

    await page.goto("/admin/blog/new");
    await expect(page.getByRole("heading", { level: 1, name: "New Blog Post" })).toBeVisible();
    // A new post is a draft until it is published.
    await expect(statusOf(page)).toHaveText("Status: Draft");
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save as Draft" })).toBeVisible();

    // Nothing typed: the editor says what is missing, in order, on the field that lacks it; a message goes as soon as
    // its field is valid, in edit and in preview.
    const titleField = page.getByPlaceholder("Enter title");
    const editor = editorOf(page);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Title is required/);
    await expect(titleField).toHaveAttribute("aria-invalid", "true");
    await expect(titleField).toHaveCSS("border-color", RED_700);
    await page.getByRole("tab", { name: "Preview" }).click();
    await titleField.fill(title);
    await expect(page.getByRole("alert")).not.toContainText("Title is required");
    await expect(titleField).not.toHaveAttribute("aria-invalid", "true");
    await expect(titleField).not.toHaveCSS("border-color", RED_700);
    // The save was asked for: what still stands in its way shows, on the content.
    await expect(page.getByRole("alert")).toContainText("Content is required");
    await page.getByRole("tab", { name: "Edit" }).click();
    await expect(editor).toHaveAttribute("aria-invalid", "true");

    await page.getByPlaceholder("Add tags (press Enter)").fill("  Endgame ");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
    await page.getByPlaceholder("Add tags (press Enter)").fill("endgame");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
    // A tag the post has already, in any case, is refused with a message saying so.
    await expect(page.getByText("“endgame” is already a tag of this post.")).toBeVisible();
    const chips = page.getByRole("list", { name: "Tags" }).getByRole("listitem");
    await expect(chips).toHaveText(["Endgame"]);
    await expect(page.getByRole("button", { name: "Remove tag Endgame" })).toBeVisible();

    await expect(editor).toHaveCSS("min-height", "300px");
    await editor.click();
    await page.keyboard.type("Bu");
    // The validator's message (too short) replaces it while typing, and goes once the text is long enough. The
    // direction each paragraph carries (dir="auto") is not counted (blogContentLength).
    await expect(page.getByRole("alert")).toContainText("Content must be at least 10 characters long");
    await expect(editor).not.toHaveAttribute("aria-invalid", "true");
    await page.keyboard.type("ilding a bridge is the winning method in the Lucena position.");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.keyboard.press("Enter");

    await insertDiagram(page, FEN);
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    // A short URL with a start time: the block embeds the video and links to it on YouTube, under the player.
    await insertVideo(page, `https://youtu.be/${VIDEO_ID}?t=42`);
    await expect(editor.locator(`iframe[src*="${VIDEO_ID}"]`)).toHaveCount(1);
    await expectWatchLinkUnderPlayer(editor, "Watch on YouTube");

    // An image by the file picker (small: shown at its own size)...
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert Image" }).click();
    await (await chooser).setFiles({
      name: "small.png",
      mimeType: "image/png",
      buffer: png([120, 80, 40], 120, 80),
    });
    await closeImageDialog(page);
    const images = editor.locator('img[alt="Uploaded image"]');
    await expect(images).toHaveCount(1);
    // ...and one by pasting it (wider than a phone's column).
    await editor.click();
    await page.keyboard.press("End");
    await paste(editor, { png: png([238, 238, 210], 800, 100) });
    await expect(images).toHaveCount(2);
    // Every block is still there: a new one never replaces the one inserted before it.
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(editor.locator(`iframe[src*="${VIDEO_ID}"]`)).toHaveCount(1);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("src", /^\/uploads\/[^/]+\.(png|webp|jpe?g)$/);
    }
    await expectImagesAtTheirSize(images);

    // Preview shows the post as readers will see it; it is accessible, as is the editor with a dialog open.
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    await expect(preview.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(
      preview.locator(`iframe[src="https://www.youtube-nocookie.com/embed/${VIDEO_ID}"]`),
    ).toHaveCount(1);
    await expectImagesAtTheirSize(preview.getByRole("img", { name: "Uploaded image" }));
    await expectAccessibleOnce(page);
    await page.getByRole("tab", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Insert YouTube Video" }).click();
    await expect(page.getByRole("dialog", { name: "Insert YouTube Video" })).toBeVisible();
    await expectAccessibleOnce(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Draft");
    // A draft is not public.
    expect(await visitorStatus(page, slug)).toBe(404);

    // Edit: the draft loads into the editor, shown as a draft (no Update, no Unpublish); Publish publishes it.
    await row.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
    await expect(statusOf(page)).toHaveText("Status: Draft");
    await expect(statusOf(page)).toHaveAttribute("data-status", "draft");
    await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
    await expect(titleField).toHaveValue(title);
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Endgame"]);
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(images).toHaveCount(2);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(row).toContainText("Published");

    // Readers find it on /blog and read it on /blog/{slug}.
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Blog", exact: true })
      .click();
    // The admin list links the same title to the editor: the blog's page must be the one on view first (the
    // address changes before the router has drawn the new page).
    await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
    await page
      .getByRole("link", { name: new RegExp(title) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const body = page.locator("[data-slot=post-body]");
    await expect(body).toContainText("Building a bridge is the winning method");
    await expect(body.locator("[data-slot=chess-diagram][data-valid=true]")).toHaveCount(1);
    await expect(
      body.locator(`iframe[src="https://www.youtube-nocookie.com/embed/${VIDEO_ID}"]`),
    ).toHaveCount(1);
    await expectWatchLinkUnderPlayer(body, "Watch on YouTube");
    await expectImagesAtTheirSize(body.getByRole("img", { name: "Uploaded image" }));
    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(body.getByRole("link", { name: "شاهد على يوتيوب" })).toHaveAttribute(
      "href",
      `https://www.youtube.com/watch?v=${VIDEO_ID}`,
    );
    await page.getByRole("button", { name: "English" }).click();

    // Search finds it, for readers and in the admin list.
    await page.getByRole("link", { name: "Back to the blog" }).first().click();
    await page.getByLabel("Search posts").fill("winning method in the Lucena");
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
    await page.goto("/admin/blog");
    await searchList(page, page.getByPlaceholder("Search posts..."), title);
    await expect(row).toBeVisible();

    // Edit again: now shown as published; a new paragraph, then Update keeps it published.
    await row.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(statusOf(page)).toHaveText("Status: Published");
    await expect(statusOf(page)).toHaveAttribute("data-status", "published");
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save as Draft" })).toHaveCount(0);
    // On a phone, the wide image is scaled down to fit the editor's column (a layout: checked in the main project's
    // walk only, e2e/database.ts).
    if (!onPostgres()) {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => naturalWidth(images.first())).toBeGreaterThan(0);
      const wide = images.nth((await naturalWidth(images.first())) === 800 ? 0 : 1);
      await expect.poll(() => naturalWidth(wide)).toBe(800);
      const editorBox = await editor.boundingBox();
      const wideBox = await wide.boundingBox();
      expect(wideBox?.width ?? 0).toBeLessThanOrEqual((editorBox?.width ?? 0) - 32);
      expect(Math.round((wideBox?.width ?? 0) / (wideBox?.height ?? 1))).toBe(8);
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await editor.locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" The rook shields the king from checks.");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    // The list drawn (the address changes first): a Back pressed before returns to the editor still on screen.
    await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
    const live = await page.request.get(`/api/blog/posts/${slug}`);
    expect(live.status()).toBe(200);
    expect(((await live.json()) as { content: string }).content).toContain(
      "The rook shields the king from checks.",
    );

    // Unpublish saves it as a draft, with the change made meanwhile.
    await page.goBack();
    await expect(statusOf(page)).toHaveText("Status: Published");
    await titleField.fill(`${title} (withdrawn)`);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("row", { name: new RegExp(`${title} \\(withdrawn\\)`) })).toContainText(
      "Draft",
    );
    expect(await visitorStatus(page, slug)).toBe(404);
    expect(await storedPost(page, token, slug)).toMatchObject({
      published: false,
      title: `${title} (withdrawn)`,
    });

    // In Arabic: the draft's status and both its actions.
    await page.goBack();
    await expect(statusOf(page)).toHaveText("Status: Draft");
    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(statusOf(page)).toHaveText("الحالة: مسودة");
    await expect(page.getByRole("button", { name: "حفظ كمسودة" })).toBeVisible();
    await expect(page.getByRole("button", { name: "نشر", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();

    // Delete it from the list.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await searchList(page, page.getByPlaceholder("Search posts..."), title);
    await page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("button", { name: /^Delete: / })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this post?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    const gone = await page.request.get(`/api/blog/posts/${slug}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(404);
  });

  test("by keyboard and toolbar: the tab order, bold, a diagram, links, undo and redo, a heading, a list, a quote and pasted script reach the post", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const watch = watchForScripts(page);
    await signIn(page);
    const token = await adminToken(page.request);
    await page.goto("/admin/blog/new");
    const title = unique("Formats");
    const titleField = page.getByPlaceholder("Enter title");
    await titleField.fill(title);
    const editor = editorOf(page);
    // Nothing in the body yet: nothing to undo or redo.
    const undo = page.getByRole("button", { name: "Undo" });
    const redo = page.getByRole("button", { name: "Redo" });
    await expect(undo).toBeDisabled();
    await expect(redo).toBeDisabled();

    // The post's language, in the settings panel's "Address and language" with the slug, starts as the interface's;
    // Arabic turns its fields right to left.
    const language = page
      .locator('[data-slot="post-settings"]')
      .getByRole("group", { name: "Address and language" })
      .getByLabel("Language of the post");
    await expect(language).toHaveValue("en");
    await expect(language.locator("option")).toHaveText(["English", "Arabic"]);
    await language.selectOption("ar");
    await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("dir", "rtl");
    await expect(editor).toHaveAttribute("dir", "rtl");
    await language.selectOption("en");
    await expect(editor).toHaveAttribute("dir", "ltr");

    // From the title, Tab goes through the tags and the modes to the toolbar: one tab stop. The slug and the language
    // come after the post, in its settings.
    await titleField.focus();
    await page.keyboard.press("Tab");
    await expect(page.getByPlaceholder("Add tags (press Enter)")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tab", { name: "Edit" })).toBeFocused();
    await page.keyboard.press("Tab");
    const bold = page.getByRole("button", { name: "Bold" });
    await expect(bold).toBeFocused();
    // Enter on Bold: the editor has the focus, and what is typed is bold.
    await page.keyboard.press("Enter");
    await expect(editor).toBeFocused();
    await page.keyboard.type("Strong words");
    await expect(editor.locator("strong")).toHaveText("Strong words");
    await expect(bold).toHaveAttribute("aria-pressed", "true");

    // Back to the toolbar (it remembers Bold), along it with the arrow keys, Home and End. Each step waits for the
    // focus to arrive: the toolbar moves it just after the key press.
    await page.keyboard.press("Shift+Tab");
    await expect(bold).toBeFocused();
    const steps: [string, string][] = [
      ["ArrowRight", "Italic"],
      ["End", "Insert YouTube Video"],
      // Something was typed: Undo is the first button now.
      ["Home", "Undo"],
      ["ArrowLeft", "Insert YouTube Video"],
      ["ArrowLeft", "Insert Chess Diagram"],
    ];
    for (const [key, name] of steps) {
      await page.keyboard.press(key);
      await expect(page.getByRole("button", { name, exact: true })).toBeFocused();
    }
    await expect(page.getByRole("toolbar").locator("button[tabindex='0']")).toHaveCount(1);
    // A diagram by keyboard: its dialog has the focus, Enter on nothing inserts nothing, then the FEN goes in and the
    // focus returns to the editor.
    await page.keyboard.press("Enter");
    const diagramDialog = page.getByRole("dialog", { name: "Insert Chess Diagram" });
    await expect(diagramDialog.getByPlaceholder("Enter FEN notation")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(diagramDialog).toBeVisible();
    await page.keyboard.type(FEN);
    await page.keyboard.press("Enter");
    await expect(diagramDialog).toBeHidden();
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(editor).toBeFocused();
    // Escape closes the video dialog without inserting; the focus returns to the toolbar.
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "Insert Chess Diagram" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    const video = page.getByRole("button", { name: "Insert YouTube Video" });
    await expect(video).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.type(`https://youtu.be/${VIDEO_ID}`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(video).toBeFocused();
    await expect(editor.locator("iframe")).toHaveCount(0);

    // A selection becomes a link; an address that is not a link is refused with a reason.
    await editor.press("Control+End");
    await page.keyboard.type("Practise on lichess");
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    for (let i = 0; i < "lichess".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    const linkButton = page.getByRole("button", { name: "Link", exact: true });
    await linkButton.click();
    const insertLink = page.getByRole("dialog", { name: "Insert Link" });
    const address = insertLink.getByLabel("Link address");
    await expect(insertLink.getByRole("button", { name: "Remove link" })).toHaveCount(0);
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await expect(address).toHaveAccessibleDescription(
      "Enter a web address (https://…), an email address or a path on this site (/…)",
    );
    await address.fill("lichess.org");
    await address.press("Enter");
    await expect(insertLink).toBeHidden();
    await expect(editor).toBeFocused();
    const lichess = editor.getByRole("link", { name: "lichess" });
    await expect(lichess).toHaveAttribute("href", "https://lichess.org");
    // On the link, the button is highlighted and Ctrl+K opens it for editing.
    await lichess.click();
    await expect(linkButton).toHaveAttribute("data-active", "true");
    await page.keyboard.press("Control+k");
    const editLink = page.getByRole("dialog", { name: "Edit Link" });
    await expect(editLink.getByLabel("Link address")).toHaveValue("https://lichess.org");
    await editLink.getByLabel("Link address").fill("https://lichess.org/study");
    await editLink.getByRole("button", { name: "Apply" }).click();
    await expect(lichess).toHaveAttribute("href", "https://lichess.org/study");
    // Remove link keeps the text.
    await lichess.click();
    await linkButton.click();
    await editLink.getByRole("button", { name: "Remove link" }).click();
    await expect(editor.getByRole("link")).toHaveCount(0);
    await expect(editor).toContainText("Practise on lichess");

    // With nothing selected, the address itself is inserted as the link; a path on this site and an email work.
    await page.keyboard.press("End");
    await page.keyboard.type(" or here: ");
    await linkButton.click();
    await address.fill("/training");
    await address.press("Enter");
    await expect(editor.getByRole("link", { name: "/training" })).toHaveAttribute("href", "/training");
    // Typing on after it does not extend the link.
    await page.keyboard.type(" today");
    await expect(editor.getByRole("link", { name: "/training" })).toHaveText("/training");
    await page.keyboard.type(", write to ");
    await page.keyboard.press("Control+k");
    await address.fill("coach@example.com");
    await address.press("Enter");
    await expect(editor.getByRole("link", { name: "coach@example.com" })).toHaveAttribute(
      "href",
      "mailto:coach@example.com",
    );

    // Undo and redo, the third heading level, a numbered list and a quote.
    await expect(undo).toBeEnabled();
    await expect(redo).toBeDisabled();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Key squares");
    const heading3 = page.getByRole("button", { name: "Heading 3" });
    await heading3.click();
    await expect(editor.locator("h3")).toHaveText("Key squares");
    await expect(heading3).toHaveAttribute("aria-pressed", "true");
    await undo.click();
    await expect(editor.locator("h3")).toHaveCount(0);
    await expect(redo).toBeEnabled();
    await redo.click();
    await expect(editor.locator("h3")).toHaveText("Key squares");
    await expect(redo).toBeDisabled();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Numbered List" }).click();
    await page.keyboard.type("Take the opposition");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Outflank");
    await expect(editor.locator("ol > li")).toHaveText(["Take the opposition", "Outflank"]);
    await expect(page.getByRole("button", { name: "Numbered List" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Quote" }).click();
    await page.keyboard.type("The king is a strong piece.");
    await expect(editor.locator("blockquote")).toHaveText("The king is a strong piece.");
    await expect(page.getByRole("button", { name: "Quote" })).toHaveAttribute("aria-pressed", "true");

    // Script pasted as HTML into the editor never runs: not in the editor, the preview or the post.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await paste(editor, {
      html:
        '<p>Opening traps explained for club players.</p><img src="x" onerror="window.__xss=1;console.log(\'xss\')">' +
        '<script>window.__xss=2</script><svg onload="window.__xss=3"></svg>' +
        '<a href="javascript:window.__xss=4">tricky link</a>' +
        '<iframe src="https://evil.example/embed"></iframe><div data-type="youtube" data-src="javascript:alert(\'xss\')"></div>',
      text: "Opening traps explained for club players.",
    });
    await expect(editor).toContainText("Opening traps explained");
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preview" })).toContainText("Opening traps explained");
    await page.getByRole("tab", { name: "Edit" }).click();
    await watch.assertNone();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const stored = await storedPost(page, token, slugOf(title));
    expect(stored.content).toContain('<a href="/training" rel="noopener noreferrer">/training</a>');
    expect(stored.content).toContain('<a href="mailto:coach@example.com" rel="noopener noreferrer">');
    expect(stored.content).not.toMatch(/onerror|onload|<script|javascript:|evil\.example/i);

    await page.goto(`/blog/${slugOf(title)}`);
    const body = page.locator("[data-slot=post-body]");
    await expect(body.locator("strong")).toHaveText("Strong words");
    await expect(body.locator("[data-slot=chess-diagram][data-valid=true]")).toHaveCount(1);
    await expect(body.getByRole("link", { name: "/training" })).toHaveAttribute("href", "/training");
    await expect(body.getByRole("link", { name: "coach@example.com" })).toHaveAttribute(
      "href",
      "mailto:coach@example.com",
    );
    await expect(body.getByRole("heading", { level: 3, name: "Key squares" })).toBeVisible();
    await expect(body.locator("ol > li")).toHaveText(["Take the opposition", "Outflank"]);
    await expect(body.locator("blockquote").first()).toContainText("The king is a strong piece.");
    await expect(body).toContainText("Opening traps explained");
    await expect(body.locator("[onerror], [onload], script")).toHaveCount(0);
    await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
    await expect(body.locator("iframe")).toHaveCount(0);
    await watch.assertNone();
  });

  test("Arabic: the editor's texts, right to left, a new post in Arabic with an Arabic address, kept on editing", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await signIn(page);
    const token = await adminToken(page.request);
    await page.goto("/admin/blog/new");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "مقال جديد" })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "التنسيق" })).toBeVisible();
    // The Arabic interface starts a new post in Arabic: its fields run right to left. The language is in the settings
    // panel's "الرابط واللغة", with the slug.
    const language = page
      .locator('[data-slot="post-settings"]')
      .getByRole("group", { name: "الرابط واللغة" })
      .getByLabel("لغة المقال");
    await expect(language).toHaveValue("ar");
    await expect(language.locator("option")).toHaveText(["الإنجليزية", "العربية"]);
    const titleField = page.getByPlaceholder(ar.admin.editor.titlePlaceholder);
    await expect(titleField).toHaveAttribute("dir", "rtl");
    const editor = page.getByRole("textbox", { name: "محتوى المقال" });
    await expect(editor).toHaveAttribute("dir", "rtl");
    const id = `t${Date.now().toString(36)}`;
    const arabicTitle = `درس في نهايات البيادق ${id}`;
    await titleField.fill(arabicTitle);
    await editor.click();
    await page.keyboard.type("الملك النشيط نصف الفوز في نهايات البيادق.");

    // The link dialog in Arabic, accessible.
    await page.getByRole("button", { name: "رابط", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "إدراج رابط" })).toBeVisible();
    await expectAccessibleOnce(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Right to left, the arrow keys follow the reading order: the left arrow goes to the next button.
    await page.getByRole("button", { name: "غامق" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("button", { name: "مائل" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("button", { name: "إدراج فيديو يوتيوب" })).toBeFocused();

    // Saved: an Arabic title gives an Arabic slug (its letters kept, percent-encoded in the address), and the post is
    // stored in Arabic.
    await page.getByRole("button", { name: "حفظ كمسودة" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const slug = encodeURIComponent(slugify(arabicTitle));
    expect(await storedPost(page, token, slug)).toMatchObject({ title: arabicTitle, language: "ar" });

    // Editing keeps the language, and shows the draft's status and its actions in Arabic.
    await searchList(page, page.getByLabel("البحث في المقالات"), id);
    await page.getByRole("link", { name: `تعديل: ${arabicTitle}` }).click();
    await expect(titleField).toHaveValue(arabicTitle);
    await expect(page.getByRole("heading", { level: 1, name: "تعديل المقال" })).toBeVisible();
    await expect(language).toHaveValue("ar");
    await expect(statusOf(page)).toHaveText("الحالة: مسودة");
    await expect(page.getByRole("button", { name: "نشر", exact: true })).toBeVisible();
    // Saved as a draft again, with a change: it stays a draft.
    await titleField.fill(`${arabicTitle} (٢)`);
    await page.getByRole("button", { name: "حفظ كمسودة" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    expect(await storedPost(page, token, slug)).toMatchObject({
      title: `${arabicTitle} (٢)`,
      language: "ar",
      published: false,
    });
    expect(await visitorStatus(page, slug)).toBe(404);
  });
});
