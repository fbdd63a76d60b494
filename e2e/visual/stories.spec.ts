import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: "story" | "docs";
}

const index = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../storybook-static/index.json"), "utf8"),
) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === "story");

/** Storybook's a11y addon runs axe in the page too; a second run must wait for it to finish. */
async function analyzeWhenIdle(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new AxeBuilder({ page }).include("#storybook-root").analyze();
    } catch (error) {
      if (attempt >= 20 || !String(error).includes("Axe is already running")) throw error;
      await page.waitForTimeout(250);
    }
  }
}

const modes = [
  { name: "en-ltr", globals: "locale:en;direction:ltr", lang: "en", dir: "ltr" },
  { name: "ar-rtl", globals: "locale:ar;direction:rtl", lang: "ar", dir: "rtl" },
] as const;

test("the Storybook build has stories", () => {
  expect(stories.length).toBeGreaterThan(10);
});

for (const story of stories) {
  for (const mode of modes) {
    test(`${story.title} / ${story.name} (${mode.name})`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`/iframe.html?id=${story.id}&viewMode=story&globals=${mode.globals}`);
      const root = page.locator("#storybook-root");
      await expect(root.locator(":scope > *").first()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", mode.dir);
      await expect(page.locator("html")).toHaveAttribute("lang", mode.lang);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      await expect(page).toHaveScreenshot(`${story.id}--${mode.name}.png`, { fullPage: true });

      const axe = await analyzeWhenIdle(page);
      const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}
