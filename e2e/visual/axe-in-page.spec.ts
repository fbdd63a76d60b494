import { expect, test } from "@playwright/test";
import { COLOUR_RULES, seriousViolations } from "../axe";

const inStory = { root: "#storybook-root" };
const inStoryWithoutContrast = { ...inStory, contrast: false };

/**
 * The axe run the visual suite makes (e2e/axe.ts, in the story's root) still finds what @axe-core/playwright found: a low-contrast text
 * and a button without a name put into a story's root fail it, in a page where axe was already injected once.
 */
test("the in-page axe run reports contrast and name violations, with and without the contrast rule, and with the colour rules alone", async ({
  page,
}) => {
  await page.goto(
    "/iframe.html?id=basics-button--large&viewMode=story&globals=locale:en;direction:ltr;a11y.manual:!true",
  );
  await expect(page.locator("#storybook-root > *").first()).toBeVisible();
  expect(await seriousViolations(page, inStory)).toEqual([]);
  await page.evaluate(() => {
    const root = document.querySelector("#storybook-root");
    root?.insertAdjacentHTML(
      "beforeend",
      '<p style="color:#bbb;background:#fff">Faint text</p><button type="button"><svg width="10" height="10"></svg></button>',
    );
  });
  const all = await seriousViolations(page, inStory);
  expect(all.map((v) => v.split(":")[0]).sort()).toEqual(["button-name", "color-contrast"]);
  const withoutContrast = await seriousViolations(page, inStoryWithoutContrast);
  expect(withoutContrast.map((v) => v.split(":")[0])).toEqual(["button-name"]);
  // The dark mode's run: the rules a colour decides, and no other.
  const colours = await seriousViolations(page, { ...inStory, only: COLOUR_RULES });
  expect(colours.map((v) => v.split(":")[0])).toEqual(["color-contrast"]);
});
