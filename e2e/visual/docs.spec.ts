import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";

/**
 * The workbench's docs pages in the built Storybook (the suite's copy of storybook-static): the Markdown tables of
 * the MDX pages. Nothing is screenshotted here.
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

async function openDocs(page: Page, id: string, globals = "") {
  await page.goto(`/iframe.html?id=${id}&viewMode=docs${globals ? `&globals=${globals}` : ""}`);
  await expect(page.locator("#storybook-docs h1").first()).toBeVisible();
}

test("the build has the four docs pages", () => {
  expect(mdxPages.map((page) => page.title).sort()).toEqual([
    "Docs/Board",
    "Docs/Foundations",
    "Docs/Introduction",
    "Docs/Writing",
  ]);
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
