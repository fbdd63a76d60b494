import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { comparePng, SCREENSHOT_COMPARISON } from "./compare";

/**
 * The suite's comparison (compare.ts) against a real change: the Large button story, shot as the suite shoots it,
 * matches its committed baseline; with one colour token moved a little (the brand green by about four levels of
 * 255, a change few people would notice) the same comparison fails. Neither writes a baseline, so
 * `--update-snapshots` cannot change what they prove.
 */
const STORY = "basics-button--large";
const BASELINE = readFileSync(join(import.meta.dirname, `__screenshots__/${STORY}--en-ltr.png`));

async function shoot(page: Page, token?: { name: string; value: string }) {
  await page.goto(
    `/iframe.html?id=${STORY}&viewMode=story&globals=locale:en;direction:ltr;a11y.manual:!true`,
  );
  await expect(page.locator("#storybook-root > *").first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (token)
    await page.evaluate(({ name, value }) => document.documentElement.style.setProperty(name, value), token);
  return page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
}

test("the comparison threshold is small and documented", () => {
  expect(SCREENSHOT_COMPARISON.threshold).toBeLessThanOrEqual(0.02);
  expect(SCREENSHOT_COMPARISON.maxDiffPixels).toBeLessThanOrEqual(10);
});

test("a story shot again matches its baseline", async ({ page }) => {
  expect(comparePng(await shoot(page), BASELINE)).toBeNull();
});

test("one colour token changed a little fails the comparison", async ({ page }) => {
  const result = comparePng(await shoot(page, { name: "--brand", value: "#215533" }), BASELINE);
  expect(result?.errorMessage).toMatch(/pixels .* are different/);
});
