import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";

/**
 * The workbench's docs pages in the built Storybook (the suite's copy of storybook-static): where Storybook opens,
 * the Markdown tables of the MDX pages, and the docs staying English and left to right whatever the toolbar's
 * locale. Nothing is screenshotted here.
 */
const ROOT = join(import.meta.dirname, "../..");
const build = process.env.VISUAL_STORYBOOK_DIR ?? join(ROOT, "storybook-static");
const index = JSON.parse(readFileSync(join(build, "index.json"), "utf8")) as {
  entries: Record<string, { id: string; title: string; type: "story" | "docs"; importPath: string }>;
};
const mdxPages = Object.values(index.entries).filter(
  (entry) => entry.type === "docs" && entry.importPath.endsWith(".mdx"),
);

/** The delimiter row under a GitHub-flavoured table's header (`| --- | ---: |`): one per table. */
const TABLE_DELIMITER = /^\|(\s*:?-{3,}:?\s*\|)+\s*$/gm;
const ARABIC = "locale:ar;direction:rtl;a11y.manual:!true";

type ChannelWindow = Window & {
  __STORYBOOK_ADDONS_CHANNEL__?: {
    emit(event: string, payload: unknown): void;
    on(event: string, listener: (payload: unknown) => void): void;
    off(event: string, listener: (payload: unknown) => void): void;
  };
};

async function openDocs(page: Page, id: string, globals = "") {
  await page.goto(`/iframe.html?id=${id}&viewMode=docs${globals ? `&globals=${globals}` : ""}`);
  await expect(page.locator("#storybook-docs h1").first()).toBeVisible();
}

const direction = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).direction);

test("the build has the four docs pages", () => {
  expect(mdxPages.map((page) => page.title).sort()).toEqual([
    "Docs/Board",
    "Docs/Foundations",
    "Docs/Introduction",
    "Docs/Writing",
  ]);
});

test("Storybook opens on the Introduction", async ({ page }) => {
  await page.goto("/");
  // The first page of the run: Storybook's manager starts cold (13 s beside the other worker on two cores).
  await expect(page).toHaveURL(/[?&]path=\/docs\/docs-introduction--docs\b/, { timeout: 30_000 });
});

for (const entry of mdxPages) {
  test(`${entry.title}: every Markdown table is a table`, async ({ page }) => {
    const source = readFileSync(join(ROOT, entry.importPath), "utf8");
    const tables = source.match(TABLE_DELIMITER)?.length ?? 0;
    await openDocs(page, entry.id);
    const docs = page.locator("#storybook-docs");
    await expect(docs.locator("table")).toHaveCount(tables);
    // No table left as text: its delimiter row shown in a paragraph, as before remark-gfm.
    expect(await docs.innerText()).not.toMatch(/\|\s*:?-{3,}/);
  });
}

const componentPages = Object.values(index.entries).filter(
  (entry) => entry.type === "docs" && !entry.importPath.endsWith(".mdx"),
);

/**
 * What a component's docs page says before its stories: the description's first paragraph, and the items of the
 * list under a paragraph that reads only `Do` or `Don't` (Markdown's `**Do**` and a list, from the component's doc
 * comment or the stories' docs description).
 */
function guidance(page: Page) {
  return page.locator("#storybook-docs").evaluate((docs) => {
    const paragraphs = Array.from(docs.querySelectorAll("p"));
    const list = (heading: string) => {
      const title = paragraphs.find((p) => p.textContent?.trim() === heading);
      const next = title?.nextElementSibling;
      return next?.tagName === "UL" ? next.querySelectorAll("li").length : 0;
    };
    const description = paragraphs.find((p) => !p.closest(".docs-story"))?.textContent?.trim() ?? "";
    return {
      description: description.length,
      dos: list("Do"),
      donts: list("Don't"),
      stories: docs.querySelectorAll(".docs-story").length,
    };
  });
}

/**
 * Shows another docs entry in the preview already loaded, as the manager does when the sidebar's entry is chosen
 * (a `goto` per page reloaded Storybook's whole preview: about 2 s a page here, 205 s for the component pages), and
 * waits for Storybook's own event that the docs page rendered.
 */
async function switchDocs(page: Page, id: string) {
  await page.evaluate(
    (docsId) =>
      new Promise<void>((resolve, reject) => {
        const channel = (window as ChannelWindow).__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) throw new Error("Storybook's preview is not ready");
        const timer = setTimeout(() => reject(new Error(`${docsId} did not render within 30 s`)), 30_000);
        const rendered = (id: unknown) => {
          if (id !== docsId) return;
          clearTimeout(timer);
          channel.off("docsRendered", rendered);
          resolve();
        };
        channel.on("docsRendered", rendered);
        channel.emit("setCurrentStory", { storyId: docsId, viewMode: "docs" });
      }),
    id,
  );
}

/** The component pages in four parts, so the suite's workers share them. */
const PARTS = 4;
for (let part = 0; part < PARTS; part++) {
  const entries = componentPages.filter((_, index) => index % PARTS === part);
  test(`every component's docs page says what it is for, lists Do and Don't, and shows its stories live (part ${part + 1} of ${PARTS})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    expect(componentPages.length).toBeGreaterThan(50);
    const lacking: string[] = [];
    for (const [index, entry] of entries.entries()) {
      if (index === 0) await openDocs(page, entry.id);
      else await switchDocs(page, entry.id);
      await expect(page.locator("#storybook-docs h1").first()).toHaveText(entry.title.split("/").pop() ?? "");
      await expect(page.locator("#storybook-docs .docs-story").first()).toBeVisible();
      const found = await guidance(page);
      if (found.description < 40 || found.dos === 0 || found.donts === 0 || found.stories === 0)
        lacking.push(`${entry.title}: ${JSON.stringify(found)}`);
    }
    expect(lacking).toEqual([]);
  });
}

test("in Arabic, a component's docs page stays English and left to right; only its stories turn", async ({
  page,
}) => {
  await openDocs(page, "basics-button--docs", ARABIC);
  // Each story block of the page (they render one after another) holds the decorator's Arabic wrapper.
  const blocks = page.locator("#storybook-docs .docs-story");
  const stories = page.locator('#storybook-docs .docs-story [lang="ar"][dir="rtl"]');
  await expect(blocks).not.toHaveCount(0);
  await expect(stories).toHaveCount(await blocks.count());
  expect(await direction(page, '#storybook-docs .docs-story [lang="ar"]')).toBe("rtl");
  await expect(page.locator("html")).not.toHaveAttribute("dir", "rtl");
  expect(await direction(page, "#storybook-docs h1")).toBe("ltr");
  expect(await direction(page, "#storybook-docs p")).toBe("ltr");
  expect(await direction(page, "#storybook-docs table")).toBe("ltr");
});

test("a docs page opened after an Arabic story is left to right", async ({ page }) => {
  await page.goto(`/iframe.html?id=admin-taginput--arabic&viewMode=story&globals=${ARABIC}`);
  await expect(page.locator("#storybook-root > *").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // As the manager does when the sidebar's Introduction is chosen: the same preview, another entry.
  await page.evaluate(() =>
    (window as ChannelWindow).__STORYBOOK_ADDONS_CHANNEL__?.emit("setCurrentStory", {
      storyId: "docs-introduction--docs",
      viewMode: "docs",
    }),
  );
  await expect(page.locator("#storybook-docs h1")).toHaveText("The chess trainer's design system");
  expect(await direction(page, "#storybook-docs h1")).toBe("ltr");
  expect(await direction(page, "#storybook-docs p")).toBe("ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
