import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/** axe-core's script, the one @axe-core/playwright injects. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeWindow = Window & {
  __visualAxe?: {
    run(
      context: Element | null,
      options: object,
    ): Promise<{ violations: { id: string; impact?: string | null; help: string }[] }>;
  };
};

/**
 * The serious and critical axe violations inside the story's root. axe is put into the page once per document and
 * run there, reporting violations only. (@axe-core/playwright's `analyze()` injected axe afresh on every call, ran
 * it frame by frame and finished each run in a new blank page: about a third of a dark story's time.) Frames are
 * not entered, as in the end-to-end suite: the only ones are YouTube's players, which cannot load offline.
 */
export async function seriousViolations(page: Page, contrast: boolean): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).__visualAxe)))) {
    await page.evaluate(`${AXE_SOURCE}\nwindow.__visualAxe = window.axe;`);
  }
  return page.evaluate(async (withContrast) => {
    const axe = (window as AxeWindow).__visualAxe;
    if (!axe) throw new Error("axe is not in the page");
    const result = await axe.run(document.querySelector("#storybook-root"), {
      resultTypes: ["violations"],
      iframes: false,
      rules: withContrast ? {} : { "color-contrast": { enabled: false } },
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help}`);
  }, contrast);
}
