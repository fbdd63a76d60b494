import { deflateSync } from "node:zlib";
import { ADMIN } from "../admin";
import { expectAccessible } from "../axe";
import { expect, type Locator, type Page, test } from "../test";

/** A position with few pieces (Lucena-like), typed as a short FEN: the editor completes the missing fields. */
const FEN = "1K1k4/1P6/8/8/8/8/r7/2R5";
const VIDEO_ID = "dQw4w9WgXcQ";
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

async function logIn(page: Page) {
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Opens an admin page, logging in on the way (the login page returns to it). */
async function openAsAdmin(page: Page, path: string) {
  await page.goto(path);
  await logIn(page);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, "\\/")}$`));
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

async function adminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("admin_token"));
  expect(token).toBeTruthy();
  return token ?? "";
}

/** The post's status beside the editor's heading. */
function statusOf(page: Page): Locator {
  return page.locator("[data-slot=post-status]");
}

/** Creates a post through the API with the admin token the page holds; answers its slug. */
async function createPost(page: Page, post: { title: string; content: string; published: boolean }) {
  const created = await page.request.post("/api/blog/posts", {
    headers: { Authorization: `Bearer ${await adminToken(page)}`, "X-API-Key": "chess-trainer-web" },
    data: { ...post, tags: [] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { slug: string }).slug;
}

/** What the server has stored, read with the admin token (drafts too). */
async function storedPost(page: Page, slug: string) {
  const answer = await page.request.get(`/api/blog/posts/${slug}`, {
    headers: { Authorization: `Bearer ${await adminToken(page)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { published: boolean; content: string; title: string };
}

// ---------------------------------------------------------------------------------------------------------------

test.describe("admin blog editor", () => {
  test("an admin writes a post with a tag, a diagram, a video and two images, publishes, finds, edits and deletes it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = unique("Rook endings the bridge");
    const slug = slugOf(title);

    await openAsAdmin(page, "/admin/blog/new");
    await expect(page.getByRole("heading", { level: 1, name: "New Blog Post" })).toBeVisible();
    // A new post is a draft until it is published.
    await expect(statusOf(page)).toHaveText("Status: Draft");
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save as Draft" })).toBeVisible();

    // Nothing typed: the editor says what is missing, in order.
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toContainText("Title is required");
    await page.getByPlaceholder("Enter title").fill(title);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toContainText("Content is required");

    await page.getByPlaceholder("Add tags (press Enter)").fill("  Endgame ");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
    await page.getByPlaceholder("Add tags (press Enter)").fill("endgame");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
    // A tag the post has already, in any case, is refused with a message saying so.
    await expect(page.getByText("“endgame” is already a tag of this post.")).toBeVisible();
    const chips = page.getByRole("list", { name: "Tags" }).getByRole("listitem");
    await expect(chips).toHaveText(["Endgame"]);
    await expect(page.getByRole("button", { name: "Remove tag Endgame" })).toBeVisible();

    const editor = editorOf(page);
    await expect(editor).toHaveCSS("min-height", "300px");
    await editor.click();
    await page.keyboard.type("Building a bridge is the winning method in the Lucena position.");
    await page.keyboard.press("Enter");

    await insertDiagram(page, FEN);
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await insertVideo(page, `https://www.youtube.com/watch?v=${VIDEO_ID}`);
    await expect(editor.locator(`iframe[src*="${VIDEO_ID}"]`)).toHaveCount(1);
    // Once there is content, 'Content is required' is gone.
    await expect(page.getByRole("alert")).toHaveCount(0);

    // An image by the file picker...
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert Image" }).click();
    await (await chooser).setFiles({ name: "board.png", mimeType: "image/png", buffer: png([31, 81, 48]) });
    await closeImageDialog(page);
    const images = editor.locator('img[alt="Uploaded image"]');
    await expect(images).toHaveCount(1);
    // ...and one by pasting it.
    await editor.click();
    await page.keyboard.press("End");
    await paste(editor, { png: png([238, 238, 210]) });
    await expect(images).toHaveCount(2);
    // Every block is still there: a new one never replaces the one inserted before it.
    await expect(editor.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(editor.locator(`iframe[src*="${VIDEO_ID}"]`)).toHaveCount(1);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("src", /^\/uploads\/[^/]+\.(png|webp|jpe?g)$/);
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }

    // Preview shows the post as readers will see it.
    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByRole("tabpanel", { name: "Preview" });
    await expect(preview.locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(
      preview.locator(`iframe[src="https://www.youtube-nocookie.com/embed/${VIDEO_ID}"]`),
    ).toHaveCount(1);
    await page.getByRole("tab", { name: "Edit" }).click();

    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Draft");

    // A draft is not public.
    expect((await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);

    // Edit: the draft loads into the editor, shown as a draft; Publish publishes it.
    await page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("link", { name: `Edit: ${title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
    await expect(statusOf(page)).toHaveText("Status: Draft");
    await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
    await expect(page.getByPlaceholder("Enter title")).toHaveValue(title);
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Endgame"]);
    await expect(editorOf(page).locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(editorOf(page).locator('img[alt="Uploaded image"]')).toHaveCount(2);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Published");

    // Readers find it on /blog and read it on /blog/{slug}.
    await page.goto("/blog");
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
    await expect(body.locator("img")).toHaveCount(2);

    // Search finds it, in the admin list and for readers.
    await page.goto("/admin/blog");
    await page.getByPlaceholder("Search posts...").fill(title);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
    await page.goto("/blog");
    await page.getByLabel("Search posts").fill("winning method in the Lucena");
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();

    // Edit again: now shown as published; a new paragraph, then Update keeps it published.
    await page.goto(`/admin/blog/edit/${slug}`);
    await expect(statusOf(page)).toHaveText("Status: Published");
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
    await editorOf(page).locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" The rook shields the king from checks.");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blog/${slug}`);
    await expect(page.locator("[data-slot=post-body]")).toContainText(
      "The rook shields the king from checks.",
    );

    // Delete it from the list.
    await page.goto("/admin/blog");
    await page.getByPlaceholder("Search posts...").fill(title);
    await page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("button", { name: `Delete: ${title}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this post?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    await page.goto(`/blog/${slug}`);
    await expect(page.getByText("Post not found")).toBeVisible();
  });

  test("a post changed elsewhere since it was opened is not overwritten", async ({ page }) => {
    const title = unique("Two editors");
    await openAsAdmin(page, "/admin/blog/new");
    const headers = { Authorization: `Bearer ${await adminToken(page)}`, "X-API-Key": "chess-trainer-web" };
    const created = await page.request.post("/api/blog/posts", {
      headers,
      data: { title, content: "<p>The first version of this post.</p>", tags: [], published: false },
    });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };

    await page.goto(`/admin/blog/edit/${slug}`);
    await expect(editorOf(page)).toContainText("The first version");
    // Someone else saves first.
    const other = await page.request.put(`/api/blog/posts/${slug}`, {
      headers,
      data: { title, content: "<p>The second version, saved elsewhere.</p>", tags: [], published: false },
    });
    expect(other.status()).toBe(200);

    await page.getByPlaceholder("Enter title").fill(`${title} (mine)`);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toContainText("changed by someone else since you opened it");
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${slug}$`));
    await expect(page.getByRole("button", { name: "Save as Draft" })).toBeEnabled();
    const stored = await (await page.request.get(`/api/blog/posts/${slug}`, { headers })).json();
    expect(stored.content).toContain("The second version");
  });

  test("script in a post never runs: pasted into the editor or sent straight to the API", async ({
    page,
  }) => {
    const watch = watchForScripts(page);
    const payload =
      '<p>Opening traps explained for club players.</p><img src="x" onerror="window.__xss=1;console.log(\'xss\')">' +
      '<script>window.__xss=2</script><svg onload="window.__xss=3"></svg>' +
      '<a href="javascript:window.__xss=4">tricky link</a>' +
      '<iframe src="https://evil.example/embed"></iframe><div data-type="youtube" data-src="javascript:alert(\'xss\')"></div>';

    // Pasted as HTML into the editor, previewed and saved.
    const pastedTitle = unique("Pasted payload");
    await openAsAdmin(page, "/admin/blog/new");
    await page.getByPlaceholder("Enter title").fill(pastedTitle);
    await editorOf(page).click();
    await paste(editorOf(page), { html: payload, text: "Opening traps explained for club players." });
    await expect(editorOf(page)).toContainText("Opening traps explained");
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preview" })).toContainText("Opening traps explained");
    await page.getByRole("tab", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blog/${slugOf(pastedTitle)}`);
    await expect(page.locator("[data-slot=post-body]")).toContainText("Opening traps explained");
    await watch.assertNone();

    // Sent directly through the API with the admin's token, then read by a visitor.
    const token = await adminToken(page);
    const directTitle = unique("Direct payload");
    const created = await page.request.post("/api/blog/posts", {
      headers: { Authorization: `Bearer ${token}`, "X-API-Key": "chess-trainer-web" },
      data: { title: directTitle, content: payload, tags: ["Security"], published: true },
    });
    expect(created.status()).toBe(201);
    const stored = (await created.json()) as { slug: string; content: string };
    expect(stored.content).not.toMatch(/onerror|onload|<script|javascript:|evil\.example/i);
    await page.goto(`/blog/${stored.slug}`);
    const body = page.locator("[data-slot=post-body]");
    await expect(body).toContainText("Opening traps explained");
    await expect(body.locator("[onerror], [onload], script")).toHaveCount(0);
    await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
    await expect(body.locator("iframe")).toHaveCount(0);
    // And again in the editor, where the stored HTML is loaded into the document.
    await page.goto(`/admin/blog/edit/${stored.slug}`);
    await expect(editorOf(page)).toContainText("Opening traps explained");
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preview" })).toContainText("Opening traps explained");
    await watch.assertNone();
  });

  test("an expired session sends the admin to login and back to the editor", async ({ page }) => {
    await openAsAdmin(page, "/admin/blog/new");
    await expect(page.getByRole("heading", { level: 1, name: "New Blog Post" })).toBeVisible();

    // The stored session is 31 minutes old: the guard refuses it on the next visit.
    await page.evaluate(() =>
      localStorage.setItem("admin_token_timestamp", String(Date.now() - 31 * 60 * 1000)),
    );
    await page.reload();
    await logIn(page);
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "New Blog Post" })).toBeVisible();
  });

  test("a token revoked while writing: login, then the editor again with the unsaved text", async ({
    page,
  }) => {
    const title = unique("Revoked while writing");
    await openAsAdmin(page, "/admin/blog/new");
    await page.getByPlaceholder("Enter title").fill(title);
    await editorOf(page).click();
    await page.keyboard.type("The Philidor position holds the draw with accurate defence.");

    // Revoked on the server (as a logout elsewhere does); the page still has it.
    const token = await adminToken(page);
    const revoked = await page.request.post("/api/admin/logout", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBe(true);

    await page.getByRole("button", { name: "Save as Draft" }).click();
    await logIn(page);
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await expect(page.getByRole("status").filter({ hasText: "unsaved changes were kept" })).toBeVisible();
    await expect(page.getByPlaceholder("Enter title")).toHaveValue(title);
    await expect(editorOf(page)).toContainText("The Philidor position holds the draw");
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Draft");
  });

  test("the editor is accessible in English and in Arabic, in edit and preview modes and with a dialog open", async ({
    page,
  }) => {
    await openAsAdmin(page, "/admin/blog/new");
    await page.getByPlaceholder("Enter title").fill("Accessible editor");
    await page.getByPlaceholder("Add tags (press Enter)").fill("Endgame");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
    await editorOf(page).click();
    await page.keyboard.type("A short paragraph before the diagram.");
    await insertDiagram(page, FEN);
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Preview" }).click();
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Insert YouTube Video" }).click();
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "مقال جديد" })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "التنسيق" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "محتوى المقال" })).toContainText("A short paragraph");
    await expectAccessible(page);
    // The link dialog too, in Arabic.
    await page.getByRole("button", { name: "رابط", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "إدراج رابط" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    // Right to left, the arrow keys follow the reading order: the left arrow goes to the next button.
    await page.getByRole("button", { name: "غامق" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("button", { name: "مائل" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("button", { name: "إدراج فيديو يوتيوب" })).toBeFocused();
    await page.getByRole("button", { name: "English" }).click();
  });

  test("the toolbar and the dialogs work from the keyboard", async ({ page }) => {
    await openAsAdmin(page, "/admin/blog/new");
    await page.getByPlaceholder("Enter title").focus();
    await page.keyboard.press("Tab"); // the post's slug
    await expect(page.getByLabel("Slug", { exact: true })).toBeFocused();
    await page.keyboard.press("Tab"); // the post's language
    await expect(page.getByLabel("Language of the post")).toBeFocused();
    await page.keyboard.press("Tab"); // tags
    await page.keyboard.press("Tab"); // Edit / Preview tabs
    await expect(page.getByRole("tab", { name: "Edit" })).toBeFocused();
    await page.keyboard.press("Tab"); // the toolbar: one tab stop
    const bold = page.getByRole("button", { name: "Bold" });
    await expect(bold).toBeFocused();
    await page.keyboard.press("Enter");
    const editor = editorOf(page);
    await expect(editor).toBeFocused();
    await page.keyboard.type("Strong words");
    await expect(editor.locator("strong")).toHaveText("Strong words");
    await expect(bold).toHaveAttribute("aria-pressed", "true");

    // Back to the toolbar (it remembers Bold), along it with the arrow keys, Home and End.
    await page.keyboard.press("Shift+Tab");
    await expect(bold).toBeFocused();
    // Each step waits for the focus to arrive: the toolbar moves it just after the key press.
    const steps: [string, string][] = [
      ["ArrowRight", "Italic"],
      ["ArrowRight", "Link"],
      ["ArrowRight", "Heading 2"],
      ["ArrowRight", "Heading 3"],
      ["ArrowRight", "Bullet List"],
      ["ArrowRight", "Numbered List"],
      ["ArrowRight", "Quote"],
      ["ArrowRight", "Code Block"],
      ["ArrowRight", "Horizontal Rule"],
      ["ArrowRight", "Table"],
      ["ArrowRight", "Insert Image"],
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
    // One tab stop: the toolbar's buttons are not tab stops besides the current one.
    await expect(page.getByRole("toolbar").locator("button[tabindex='0']")).toHaveCount(1);
    await page.keyboard.press("Enter");
    const diagramDialog = page.getByRole("dialog", { name: "Insert Chess Diagram" });
    await expect(diagramDialog.getByPlaceholder("Enter FEN notation")).toBeFocused();
    // Enter on an empty value inserts nothing.
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
  });

  test("editing keeps the post's state: a draft stays a draft until Publish, a published post stays published until Unpublish", async ({
    page,
  }) => {
    await openAsAdmin(page, "/admin/blog/new");
    const title = unique("State kept");
    const slug = await createPost(page, {
      title,
      content: "<p>A draft about the opposition.</p>",
      published: false,
    });
    const visitorStatus = async () => (await page.request.get(`/api/blog/posts/${slug}`)).status();

    // A draft: shown as one, saved as one.
    await page.goto(`/admin/blog/edit/${slug}`);
    await expect(statusOf(page)).toHaveText("Status: Draft");
    await expect(statusOf(page)).toHaveAttribute("data-status", "draft");
    await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
    await editorOf(page).locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Kings face each other.");
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    expect(await storedPost(page, slug)).toMatchObject({ published: false });
    expect((await storedPost(page, slug)).content).toContain("Kings face each other.");
    expect(await visitorStatus()).toBe(404);

    // Publish publishes it.
    await page.goto(`/admin/blog/edit/${slug}`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    expect(await visitorStatus()).toBe(200);

    // Published: shown as such; Update keeps it published.
    await page.goto(`/admin/blog/edit/${slug}`);
    await expect(statusOf(page)).toHaveText("Status: Published");
    await expect(statusOf(page)).toHaveAttribute("data-status", "published");
    await expect(page.getByRole("button", { name: "Save as Draft" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
    await page.getByPlaceholder("Enter title").fill(`${title} (updated)`);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    expect(await storedPost(page, slug)).toMatchObject({ published: true, title: `${title} (updated)` });

    // Unpublish saves it as a draft, with the change made meanwhile.
    await page.goto(`/admin/blog/edit/${slug}`);
    await page.getByPlaceholder("Enter title").fill(`${title} (withdrawn)`);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("row", { name: new RegExp(`${title} \\(withdrawn\\)`) })).toContainText(
      "Draft",
    );
    expect(await visitorStatus()).toBe(404);

    // In Arabic: the status and both actions.
    await page.goto(`/admin/blog/edit/${slug}`);
    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(statusOf(page)).toHaveText("الحالة: مسودة");
    await expect(page.getByRole("button", { name: "حفظ كمسودة" })).toBeVisible();
    await expect(page.getByRole("button", { name: "نشر", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
  });

  test("a validation message goes as soon as its field is valid, in edit and in preview", async ({
    page,
  }) => {
    await openAsAdmin(page, "/admin/blog/new");
    const titleField = page.getByPlaceholder("Enter title");
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Title is required/);
    await expect(titleField).toHaveAttribute("aria-invalid", "true");
    await expect(titleField).toHaveCSS("border-color", RED_700);

    // Filled in while the preview shows: the title's message and red border go at once.
    await page.getByRole("tab", { name: "Preview" }).click();
    await titleField.fill("Opposition basics");
    await expect(page.getByRole("alert")).not.toContainText("Title is required");
    await expect(titleField).not.toHaveAttribute("aria-invalid", "true");
    await expect(titleField).not.toHaveCSS("border-color", RED_700);
    // The save was asked for: what still stands in its way shows, on the content.
    await expect(page.getByRole("alert")).toContainText("Content is required");
    await page.getByRole("tab", { name: "Edit" }).click();
    await expect(editorOf(page)).toHaveAttribute("aria-invalid", "true");

    await editorOf(page).click();
    await page.keyboard.type("Hi");
    // The validator's message (too short) replaces it while typing, and goes once the text is long enough. The
    // direction each paragraph carries (dir="auto") is not counted (blogContentLength).
    await expect(page.getByRole("alert")).toContainText("Content must be at least 10 characters long");
    await expect(editorOf(page)).not.toHaveAttribute("aria-invalid", "true");
    await page.keyboard.type(", here are lines on the opposition.");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("an image shows at its own size in the editor and the preview, as on the post", async ({ page }) => {
    await openAsAdmin(page, "/admin/blog/new");
    const title = unique("Small image");
    await page.getByPlaceholder("Enter title").fill(title);
    await editorOf(page).click();
    await page.keyboard.type("A small diagram image below.");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert Image" }).click();
    await (await chooser).setFiles({
      name: "small.png",
      mimeType: "image/png",
      buffer: png([120, 80, 40], 120, 80),
    });
    await closeImageDialog(page);
    const size = async (image: Locator) => {
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(120);
      const box = await image.boundingBox();
      return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
    };
    const inEditor = editorOf(page).locator('img[alt="Uploaded image"]');
    expect(await size(inEditor)).toEqual({ width: 120, height: 80 });

    await page.getByRole("tab", { name: "Preview" }).click();
    const inPreview = page
      .getByRole("tabpanel", { name: "Preview" })
      .getByRole("img", { name: "Uploaded image" });
    expect(await size(inPreview)).toEqual({ width: 120, height: 80 });
    await page.getByRole("tab", { name: "Edit" }).click();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blog/${slugOf(title)}`);
    const onPost = page.locator("[data-slot=post-body]").getByRole("img", { name: "Uploaded image" });
    expect(await size(onPost)).toEqual({ width: 120, height: 80 });

    // Phone width: a wider image than the column is scaled down to fit, in the editor as on the post.
    await page.setViewportSize({ width: 390, height: 844 });
    const wideTitle = unique("Wide image");
    await page.goto("/admin/blog/new");
    await page.getByPlaceholder("Enter title").fill(wideTitle);
    await editorOf(page).click();
    await page.keyboard.type("A wide image below.");
    const wideChooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert Image" }).click();
    await (await wideChooser).setFiles({
      name: "wide.png",
      mimeType: "image/png",
      buffer: png([9, 9, 9], 800, 100),
    });
    await closeImageDialog(page);
    const wide = editorOf(page).locator('img[alt="Uploaded image"]');
    await expect.poll(() => wide.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(800);
    const editorBox = await editorOf(page).boundingBox();
    const wideBox = await wide.boundingBox();
    expect(wideBox?.width ?? 0).toBeLessThanOrEqual((editorBox?.width ?? 0) - 32);
    expect(Math.round((wideBox?.width ?? 0) / (wideBox?.height ?? 1))).toBe(8);
  });

  test("a video block links to the video on YouTube under the player, in the editor and on the post", async ({
    page,
  }) => {
    await openAsAdmin(page, "/admin/blog/new");
    const title = unique("Video link");
    await page.getByPlaceholder("Enter title").fill(title);
    await editorOf(page).click();
    await page.keyboard.type("Watch the endgame lecture.");
    await page.keyboard.press("Enter");
    await insertVideo(page, `https://youtu.be/${VIDEO_ID}?t=42`);
    const watchUrl = `https://www.youtube.com/watch?v=${VIDEO_ID}`;

    const inEditor = editorOf(page).getByRole("link", { name: "Watch on YouTube" });
    await expect(inEditor).toHaveAttribute("href", watchUrl);
    await expect(inEditor).toHaveAttribute("target", "_blank");
    // Both boxes read in one go, so a scroll between two reads cannot move one of them.
    const player = editorOf(page).locator(`iframe[src*="${VIDEO_ID}"]`);
    await expect(player).toBeVisible();
    const gap = await inEditor.evaluate(
      (link, frame) => {
        return link.getBoundingClientRect().top - (frame?.getBoundingClientRect().bottom ?? 0);
      },
      await player.elementHandle(),
    );
    expect(gap).toBeGreaterThanOrEqual(-1);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blog/${slugOf(title)}`);
    const body = page.locator("[data-slot=post-body]");
    await expect(body.getByRole("link", { name: "Watch on YouTube" })).toHaveAttribute("href", watchUrl);

    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(body.getByRole("link", { name: "شاهد على يوتيوب" })).toHaveAttribute("href", watchUrl);
    await page.getByRole("button", { name: "English" }).click();
  });

  /** A new post with a unique title and a line typed into its body; the caret stays at the end. */
  async function newPostWithText(page: Page, text: string) {
    await openAsAdmin(page, "/admin/blog/new");
    const title = unique("Links");
    await page.getByPlaceholder("Enter title").fill(title);
    const editor = editorOf(page);
    await editor.click();
    await page.keyboard.type(text);
    return { editor, title };
  }

  test("the toolbar makes a selection a link, refuses a bad address, edits it with Ctrl+K and removes it", async ({
    page,
  }) => {
    const { editor } = await newPostWithText(page, "Practise on lichess");
    for (let i = 0; i < "lichess".length; i++) await page.keyboard.press("Shift+ArrowLeft");

    // A selection becomes a link; an address that is not a link is refused with a reason.
    await page.getByRole("button", { name: "Link", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Insert Link" });
    await expect(dialog.getByRole("button", { name: "Remove link" })).toHaveCount(0);
    await dialog.getByLabel("Link address").fill("javascript:alert(1)");
    await dialog.getByLabel("Link address").press("Enter");
    await expect(dialog.getByLabel("Link address")).toHaveAccessibleDescription(
      "Enter a web address (https://…), an email address or a path on this site (/…)",
    );
    await dialog.getByLabel("Link address").fill("lichess.org");
    await dialog.getByLabel("Link address").press("Enter");
    await expect(dialog).toBeHidden();
    await expect(editor).toBeFocused();
    await expect(editor.getByRole("link", { name: "lichess" })).toHaveAttribute(
      "href",
      "https://lichess.org",
    );

    // On the link, the button is highlighted and Ctrl+K opens it for editing.
    await editor.getByRole("link", { name: "lichess" }).click();
    await expect(page.getByRole("button", { name: "Link", exact: true })).toHaveAttribute(
      "data-active",
      "true",
    );
    await page.keyboard.press("Control+k");
    const edit = page.getByRole("dialog", { name: "Edit Link" });
    await expect(edit.getByLabel("Link address")).toHaveValue("https://lichess.org");
    await edit.getByLabel("Link address").fill("https://lichess.org/study");
    await edit.getByRole("button", { name: "Apply" }).click();
    await expect(editor.getByRole("link", { name: "lichess" })).toHaveAttribute(
      "href",
      "https://lichess.org/study",
    );

    // Remove link keeps the text.
    await editor.getByRole("link", { name: "lichess" }).click();
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Edit Link" })
      .getByRole("button", { name: "Remove link" })
      .click();
    await expect(editor.getByRole("link")).toHaveCount(0);
    await expect(editor).toContainText("Practise on lichess");
  });

  test("with nothing selected the address is the link; a path and an email survive publishing", async ({
    page,
  }) => {
    // With nothing selected, the address itself is inserted as the link; a path on this site and an email work.
    const { editor, title } = await newPostWithText(page, "Practise on lichess or here: ");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByRole("dialog", { name: "Insert Link" }).getByLabel("Link address").fill("/training");
    await page.getByRole("dialog", { name: "Insert Link" }).getByLabel("Link address").press("Enter");
    await expect(editor.getByRole("link", { name: "/training" })).toHaveAttribute("href", "/training");
    // Typing on after it does not extend the link.
    await page.keyboard.type(" today");
    await expect(editor.getByRole("link", { name: "/training" })).toHaveText("/training");
    await page.keyboard.type(", write to ");
    await page.keyboard.press("Control+k");
    await page
      .getByRole("dialog", { name: "Insert Link" })
      .getByLabel("Link address")
      .fill("coach@example.com");
    await page.getByRole("dialog", { name: "Insert Link" }).getByLabel("Link address").press("Enter");
    await expect(editor.getByRole("link", { name: "coach@example.com" })).toHaveAttribute(
      "href",
      "mailto:coach@example.com",
    );

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const stored = await storedPost(page, slugOf(title));
    expect(stored.content).toContain('<a href="/training" rel="noopener noreferrer">/training</a>');
    expect(stored.content).toContain('<a href="mailto:coach@example.com" rel="noopener noreferrer">');
    await page.goto(`/blog/${slugOf(title)}`);
    const body = page.locator("[data-slot=post-body]");
    await expect(body.getByRole("link", { name: "/training" })).toHaveAttribute("href", "/training");
    await expect(body.getByRole("link", { name: "coach@example.com" })).toHaveAttribute(
      "href",
      "mailto:coach@example.com",
    );
  });

  test("the toolbar's undo, redo, third heading level, numbered list and quote", async ({ page }) => {
    await openAsAdmin(page, "/admin/blog/new");
    const title = unique("Formats");
    await page.getByPlaceholder("Enter title").fill(title);
    const undo = page.getByRole("button", { name: "Undo" });
    const redo = page.getByRole("button", { name: "Redo" });
    // Nothing to undo or redo yet.
    await expect(undo).toBeDisabled();
    await expect(redo).toBeDisabled();

    const editor = editorOf(page);
    await editor.click();
    await page.keyboard.type("Key squares");
    await expect(undo).toBeEnabled();
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

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(`/blog/${slugOf(title)}`);
    const body = page.locator("[data-slot=post-body]");
    await expect(body.getByRole("heading", { level: 3, name: "Key squares" })).toBeVisible();
    await expect(body.locator("ol > li")).toHaveText(["Take the opposition", "Outflank"]);
    await expect(body.locator("blockquote")).toHaveText("The king is a strong piece.");
  });
});
