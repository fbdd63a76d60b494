import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type BrowserContext, expect, type Page } from "@playwright/test";

/** axe-core's script, as the browser runs it, kept where the page's own scripts do not look. */
const AXE_INSTALL = `${readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")}
window.__testAxe = window.axe;`;
/** The browser contexts whose new documents get axe at their start. */
const installed = new WeakSet<BrowserContext>();

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}
type AxeWindow = Window & {
  __testAxe?: {
    run(context: object, options: object): Promise<{ violations: AxeViolation[] }>;
  };
};

interface AxeCheck {
  /** A selector to check inside (default: the whole document). */
  root?: string;
  /** Selectors left out of the check (as Storybook's a11y addon leaves out its own elements). */
  exclude?: readonly string[];
  /** false leaves out the colour-contrast rule (the slowest on a board). */
  contrast?: boolean;
  /** These rules alone (e.g. the ones a colour decides, COLOUR_RULES). */
  only?: readonly string[];
  /** Rules switched off (a story's `a11y.config.rules`). */
  disabled?: readonly string[];
  /** Which violations count: serious and critical ones (default), or every one, minor included. */
  impacts?: "serious" | "all";
}

/**
 * The serious and critical axe violations in the page as it stands (every one with `impacts: "all"`), each as
 * `rule: help (targets)`. axe is put into the document once and run there for violations only.
 * (@axe-core/playwright's `analyze()` injects it again on every call, collects passes and incomplete results too, and
 * finishes each run in a new blank page.) Frames are not entered: the site's only frames are YouTube's players, whose
 * content is not ours, and entering a frame that could not load (no network in CI) can hang axe's frame script.
 * One round trip where axe is in the page already: the run itself says when it is not (then it is put in, and
 * into every later document of the page's context).
 */
export async function seriousViolations(page: Page, check: AxeCheck = {}): Promise<string[]> {
  const run = () =>
    page.evaluate(
      async ({ root, exclude = [], contrast = true, only, disabled = [], impacts = "serious" }) => {
        const axe = (window as AxeWindow).__testAxe;
        if (!axe) return null;
        const within = root ? document.querySelector(root) : document;
        if (!within) throw new Error(`nothing matches ${root}`);
        const context = exclude.length > 0 ? { include: [within], exclude: [...exclude] } : within;
        const off = [...disabled, ...(contrast ? [] : ["color-contrast"])];
        const result = await axe.run(context, {
          resultTypes: ["violations"],
          iframes: false,
          ...(only
            ? { runOnly: { type: "rule", values: only } }
            : { rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])) }),
        });
        return result.violations
          .filter((v) => impacts === "all" || v.impact === "serious" || v.impact === "critical")
          .map(
            (v) => `${v.id}: ${v.help}, ${v.impact} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
          );
      },
      check,
    );
  const found = await run();
  if (found) return found;
  await page.evaluate(AXE_INSTALL);
  // And into every document the page's context opens from now on, at its start: a script the browser runs
  // there is compiled once per renderer and costs about 15 ms a document, where sending axe's 560 kB through
  // `evaluate` and compiling it cost 400-450 ms each time (a quiet machine, 2026-11-30).
  if (!installed.has(page.context())) {
    installed.add(page.context());
    await page.context().addInitScript(AXE_INSTALL);
  }
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
