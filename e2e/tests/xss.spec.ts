import { XSS_PAYLOADS } from "../../apps/server/src/testing/xss-payloads";
import { adminToken, signIn } from "../admin";
import { pageSettled } from "../outside";
import { expect, type Page, test } from "../test";

/**
 * The XSS suite (issue 8): every payload of the known list goes through post content, titles and tags, chess-diagram
 * and video attributes, contact messages and the position editor's FEN field, and is then rendered in Chromium.
 * The pages carry a tripwire installed before any of their scripts: alert/confirm/prompt/print are replaced by
 * recorders, dialogs are recorded, and every Content-Security-Policy violation of a script, frame, object, base or
 * form directive counts as an attempt (the policy would block it, but a payload that gets far enough to be blocked
 * has already beaten the sanitiser). Navigation away from the site counts too.
 *
 * Runs in its own project after the others (playwright.config.ts): it publishes many posts at once.
 */

const API_HEADERS = (token: string) => ({
  Authorization: `Bearer ${token}`,
  "X-API-Key": "chess-trainer-web",
});
const marker = `xss${Date.now().toString(36)}`;

/** Installs the tripwire on every document the page loads; returns what it caught. */
async function tripwire(page: Page) {
  const caught: string[] = [];
  page.on("dialog", (dialog) => {
    caught.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("framenavigated", (frame) => {
    const url = frame.url();
    if (frame === page.mainFrame() && !url.startsWith("http://127.0.0.1") && url !== "about:blank")
      caught.push(`navigated to ${url}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __tripped: string[] }).__tripped = seen;
    for (const name of ["alert", "confirm", "prompt", "print"] as const)
      Object.defineProperty(window, name, {
        value: (...args: unknown[]) => {
          seen.push(`${name}(${args.join(",")})`);
          return null;
        },
      });
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        if (/^(script|object|frame|child|base|form)/.test(event.effectiveDirective))
          seen.push(`blocked by ${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`);
      },
      true,
    );
  });
  return {
    /**
     * Lets failed image loads, focus and animation events and queued violation reports fire (every image settled,
     * two rendered frames and a task after them), then asserts nothing ran or tried to.
     */
    async assertClean(where: string) {
      await pageSettled(page);
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
          ),
      );
      const tripped = await page.evaluate(() => (window as unknown as { __tripped: string[] }).__tripped);
      expect([...caught, ...tripped], where).toEqual([]);
    },
  };
}

/** The payloads in groups of about 6,000 characters (the longest alone), so each group fits one post or message. */
function groups(limit: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  // A payload holding a NUL is refused whole (400) by every route, so a digest holding one would store nothing: those
  // are tried one post each above, where being refused is as safe as being stored clean.
  for (const payload of XSS_PAYLOADS.filter((text) => !text.includes("\u0000"))) {
    if (current.length > 0 && size + payload.length > limit) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(payload);
    size += payload.length + 1;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** C0 controls other than tab and line breaks, and DEL: the contact route refuses them. */
function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code < 32 && ![9, 10, 13].includes(code)) || code === 127;
}

test("the list holds at least 100 payloads", () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
});

test.describe("posts", () => {
  // One worker creates the posts once and both tests read them.
  test.describe.configure({ mode: "serial" });
  const slugs: string[] = [];
  let digests: string[] = [];
  let token = "";

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    // One post per payload: the payload in the title, in a tag, in the text (so in the excerpt), as the FEN of a
    // diagram and as the address of a video.
    for (const [n, payload] of XSS_PAYLOADS.entries()) {
      const attribute = payload.replaceAll('"', "&quot;");
      const answer = await request.post("/api/blog/posts", {
        headers: API_HEADERS(token),
        data: {
          title: `${marker} ${n} ${payload}`.slice(0, 200),
          tags: [payload.slice(0, 40).trim() || "empty"],
          content:
            `<p>${marker} ${n} ${payload}</p><div data-type="chess-diagram" data-fen="${attribute}"></div>` +
            `<div data-type="youtube" data-src="${attribute}"></div>`,
          published: true,
        },
      });
      // Refused outright is as safe as stored clean (markup nested deeper than the server accepts is a 400).
      expect([201, 400], `payload ${n}`).toContain(answer.status());
      if (answer.status() === 201) slugs.push((await answer.json()).slug);
    }
    // And every payload in its raw form, several to a post, as the body of a few long posts.
    digests = [];
    for (const [n, group] of groups(6000).entries()) {
      const answer = await request.post("/api/blog/posts", {
        headers: API_HEADERS(token),
        data: { title: `${marker} digest ${n}`, tags: [], content: group.join("\n"), published: true },
      });
      expect([201, 400], `digest ${n}`).toContain(answer.status());
      if (answer.status() === 201) digests.push((await answer.json()).slug);
    }
    expect(slugs.length, "payload posts stored").toBeGreaterThanOrEqual(100);
    expect(digests.length, "digests stored").toBeGreaterThan(0);
    slugs.push(...digests);
  });

  test.afterAll(async ({ request }) => {
    for (const slug of slugs)
      await request.delete(`/api/blog/posts/${slug}`, { headers: API_HEADERS(token) });
  });

  test("titles, tags and excerpts on every page of the blog index and the admin list", async ({ page }) => {
    test.setTimeout(180_000);
    const wire = await tripwire(page);
    await signIn(page, token);
    const pages = Math.ceil(slugs.length / 10);
    // What shows: the admin list is a table on a wide screen, cards on a phone (the other is hidden).
    const titles = page.getByText(marker, { exact: false }).filter({ visible: true });

    // The public index keeps page and search in the address.
    for (let n = 1; n <= pages; n++) {
      await page.goto(`/blog?search=${marker}&page=${n}`);
      await expect(page.getByRole("article").first()).toContainText(marker);
      await wire.assertClean(`/blog page ${n}`);
    }

    // The admin list pages with its buttons.
    await page.goto("/admin/blog");
    // The search applies after a pause in typing; paging before it lands would be undone by it (back to page 1).
    const searched = page.waitForResponse(
      (response) => response.url().includes("/api/blog/posts") && response.url().includes(`search=${marker}`),
    );
    await page.getByRole("searchbox", { name: "Search posts" }).fill(marker);
    await searched;
    await expect(titles.first()).toBeVisible();
    for (let n = 1; n <= pages; n++) {
      await wire.assertClean(`/admin/blog page ${n}`);
      if (n === pages) break;
      const first = await titles.first().textContent();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(titles.first()).not.toHaveText(first ?? "");
    }
  });

  test("post pages and the editor render the stored bodies", async ({ page }) => {
    test.setTimeout(180_000);
    const wire = await tripwire(page);
    await signIn(page, token);
    for (const slug of digests) {
      await page.goto(`/blog/${slug}`);
      await expect(page.locator("[data-slot=post-body]")).toBeVisible();
      await wire.assertClean(`/blog/${slug}`);
      await page.goto(`/admin/blog/edit/${slug}`);
      await expect(page.getByRole("textbox", { name: "Post content" })).toBeVisible();
      await page.getByRole("tab", { name: "Preview" }).click();
      await wire.assertClean(`/admin/blog/edit/${slug}`);
    }
    // A sample of the one-payload posts: diagram and video blocks built from hostile attributes.
    for (const slug of slugs.filter((s, n) => !digests.includes(s) && n % 9 === 0)) {
      await page.goto(`/blog/${slug}`);
      await expect(page.getByRole("heading", { level: 1 }), slug).toContainText(marker, { timeout: 15_000 });
      await wire.assertClean(`/blog/${slug}`);
    }
  });
});

test("contact messages, as the admin reads them", async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  // Two messages carry every payload (the rate limit allows five per ten minutes and the contact tests use two).
  // Control characters are refused by the contact route (a 400), so they are taken out here.
  const bodies = groups(4900).map((group) => [...group.join("\n")].filter((c) => !isControl(c)).join(""));
  const halves = [bodies.filter((_, n) => n % 2 === 0), bodies.filter((_, n) => n % 2 === 1)];
  for (const [n, half] of halves.entries()) {
    const answer = await request.post("/api/email/contact", {
      data: {
        name: `<img src=x onerror=alert(${n})>`,
        email: "mallory@example.org",
        subject: `${marker} <script>alert(${n})</script>`,
        message: half.join("\n").slice(0, 5000),
        website: "",
        elapsed_ms: 60_000,
      },
    });
    expect(answer.status(), (await answer.text()).slice(0, 300)).toBeLessThan(300);
  }
  const wire = await tripwire(page);
  await signIn(page, token);
  await page.goto("/admin/messages");
  await expect(page.getByText(`${marker} <script>alert(0)</script>`)).toBeVisible();
  await wire.assertClean("/admin/messages");
});

test("the position editor's FEN field", async ({ page }) => {
  const wire = await tripwire(page);
  await page.goto("/position-setup");
  const field = page.getByRole("textbox", { name: "Load a FEN" });
  const load = page.getByRole("button", { name: "Load", exact: true });
  const position = page.getByRole("textbox", { name: "Position (FEN)" });
  const start = await position.inputValue();
  // The first payload as a visitor types it; the rest go in from inside the page, each as the field's input event
  // and a click on Load (React handles both as a person's), a frame apart: the same path for every payload at a
  // fraction of the cost of a round trip per keystroke.
  const [first, ...rest] = XSS_PAYLOADS;
  await field.fill(first ?? "");
  await load.click();
  await expect(page.getByText("Invalid FEN. Please check your input.")).toBeVisible();
  const loaded = await page.evaluate(async (payloads) => {
    const label = Array.from(document.querySelectorAll("label")).find((l) => l.textContent === "Load a FEN");
    const input = label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
    const button = input?.form?.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!input || !button) throw new Error("the Load a FEN field or its button is missing");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    let count = 0;
    for (const payload of payloads) {
      setValue?.call(input, payload);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      button.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // A text box drops line breaks from what it is given (as it does from what is typed or pasted).
      if (input.value !== payload.replace(/[\r\n]/g, ""))
        throw new Error(`the field did not take ${JSON.stringify(payload)}`);
      count++;
    }
    return count;
  }, rest);
  expect(loaded).toBe(rest.length);
  await expect(page.getByText("Invalid FEN. Please check your input.")).toBeVisible();
  // The message stays up from the first refusal on; what shows that every payload was refused is the board, which
  // still holds the position it started with.
  await expect(position).toHaveValue(start);
  expect(start).toMatch(/^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1$/);
  await wire.assertClean("/position-setup");
});
