import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/** axe-core's script, as the browser runs it. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}
type AxeWindow = Window & {
  __testAxe?: {
    run(context: Element | Document, options: object): Promise<{ violations: AxeViolation[] }>;
  };
};

/**
 * The serious and critical axe violations in the page as it stands, each as `rule: help (targets)`. axe is put
 * into the document once and run there for violations only. (@axe-core/playwright's `analyze()` injects it again
 * on every call, collects passes and incomplete results too, and finishes each run in a new blank page.) Frames are
 * not entered: the site's only frames are YouTube's players, whose content is not ours, and entering a frame that
 * could not load (no network in CI) can hang axe's frame script.
 * - `root`: a selector to check inside (default: the whole document);
 * - `contrast: false` leaves out the colour-contrast rule (the slowest on a board).
 */
export async function seriousViolations(
  page: Page,
  { root, contrast = true }: { root?: string; contrast?: boolean } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).__testAxe)))) {
    await page.evaluate(`${AXE_SOURCE}\nwindow.__testAxe = window.axe;`);
  }
  return page.evaluate(
    async ({ root, contrast }) => {
      const axe = (window as AxeWindow).__testAxe;
      if (!axe) throw new Error("axe is not in the page");
      const context = root ? document.querySelector(root) : document;
      if (!context) throw new Error(`nothing matches ${root}`);
      const result = await axe.run(context, {
        resultTypes: ["violations"],
        iframes: false,
        rules: contrast ? {} : { "color-contrast": { enabled: false } },
      });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    },
    { root, contrast },
  );
}

/** No serious or critical axe violation on the page as it stands (all of axe's rules run). */
export async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}
