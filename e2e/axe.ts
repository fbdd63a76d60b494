import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No serious or critical axe violation on the page as it stands (all of axe's rules run). Frames are checked as
 * elements of the page (a title, a name) but not entered: the site's only frames are YouTube's players, whose
 * content is not ours, and entering a frame that could not load (no network in CI) can hang axe's frame script
 * until the test times out.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).options({ iframes: false }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
