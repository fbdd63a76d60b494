import { deflateSync } from "node:zlib";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ADMIN } from "../admin";
import { expectAccessible } from "../axe";

/** A position with few pieces (Lucena-like), typed as a short FEN: the editor completes the missing fields. */
const FEN = "1K1k4/1P6/8/8/8/8/r7/2R5";
const VIDEO_ID = "dQw4w9WgXcQ";

// ---------------------------------------------------------------------------------------------------------------
// A real PNG, made here: 8 × 8 pixels of one colour per call, so every upload is a different file.

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

function png(rgb: [number, number, number], size = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
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
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();

    // Nothing typed: the editor says what is missing, in order.
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toContainText("Title is required");
    await page.getByPlaceholder("Enter title").fill(title);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("alert")).toContainText("Content is required");

    await page.getByPlaceholder("Add tags (press Enter)").fill("  Endgame ");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
    await page.getByPlaceholder("Add tags (press Enter)").fill("Endgame");
    await page.getByPlaceholder("Add tags (press Enter)").press("Enter");
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

    // An image by the file picker...
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Insert Image" }).click();
    await (await chooser).setFiles({ name: "board.png", mimeType: "image/png", buffer: png([31, 81, 48]) });
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

    // Edit: the post loads into the editor; Update publishes it.
    await page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("link", { name: `Edit: ${title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
    await expect(page.getByPlaceholder("Enter title")).toHaveValue(title);
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Endgame"]);
    await expect(editorOf(page).locator("[data-slot=chess-diagram]")).toHaveCount(1);
    await expect(editorOf(page).locator('img[alt="Uploaded image"]')).toHaveCount(2);
    await page.getByRole("button", { name: "Update" }).click();
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

    // Edit again: a new paragraph, then Update.
    await page.goto(`/admin/blog/edit/${slug}`);
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
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toContainText("changed by someone else since you opened it");
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${slug}$`));
    await expect(page.getByRole("button", { name: "Update" })).toBeEnabled();
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
    await page.getByRole("button", { name: "Publish" }).click();
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
    await page.getByRole("button", { name: "English" }).click();
  });

  test("the toolbar and the dialogs work from the keyboard", async ({ page }) => {
    await openAsAdmin(page, "/admin/blog/new");
    await page.getByPlaceholder("Enter title").focus();
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

    // Back to the toolbar (it remembers Bold), along it with the arrow keys to Insert Chess Diagram.
    await page.keyboard.press("Shift+Tab");
    await expect(bold).toBeFocused();
    // Each step waits for the focus to arrive: the toolbar moves it just after the key press.
    for (const name of ["Italic", "Heading 2", "Bullet List", "Insert Image", "Insert Chess Diagram"]) {
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("button", { name, exact: true })).toBeFocused();
    }
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
});
