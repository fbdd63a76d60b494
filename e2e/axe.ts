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
 * - `contrast: false` leaves out the colour-contrast rule (the slowest on a board);
 * - `only`: these rules alone (e.g. the ones a colour decides, COLOUR_RULES).
 * One round trip where axe is in the page already: the run itself says when it is not (then it is put in).
 */
export async function seriousViolations(
  page: Page,
  { root, contrast = true, only }: { root?: string; contrast?: boolean; only?: readonly string[] } = {},
): Promise<string[]> {
  const run = () =>
    page.evaluate(
      async ({ root, contrast, only }) => {
        const axe = (window as AxeWindow).__testAxe;
        if (!axe) return null;
        const context = root ? document.querySelector(root) : document;
        if (!context) throw new Error(`nothing matches ${root}`);
        const result = await axe.run(context, {
          resultTypes: ["violations"],
          iframes: false,
          ...(only
            ? { runOnly: { type: "rule", values: only } }
            : { rules: contrast ? {} : { "color-contrast": { enabled: false } } }),
        });
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      },
      { root, contrast, only },
    );
  const found = await run();
  if (found) return found;
  await page.evaluate(`${AXE_SOURCE}\nwindow.__testAxe = window.axe;`);
  const again = await run();
  if (!again) throw new Error("axe is not in the page");
  return again;
}

/**
 * The rules of axe that a colour decides: text contrast, and a link told from its text by colour alone. The only ones
 * whose result can change with the theme when the document does not.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/** No serious or critical axe violation on the page as it stands (all of axe's rules run). */
export async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}
