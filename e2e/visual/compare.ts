import { createRequire } from "node:module";

/**
 * How a story's screenshot is compared with its baseline, in one place for the suite (playwright.visual.config.ts)
 * and for the test that proves a real change fails it (threshold.spec.ts).
 *
 * Pixelmatch, as Playwright runs it: a pixel counts as different when its colour moved more than `threshold` (a
 * YIQ distance, 0–1; 0.01 is about 2.6 levels of 255 in grey, well under any token change a person would see)
 * and it is not an anti-aliased edge pixel (pixelmatch recognises those and leaves them out). Up to
 * `maxDiffPixels` such pixels are tolerated: anti-aliasing noise on a glyph or a curve. Playwright's default
 * threshold, 0.2, let a grey move by about 37 levels pass unseen: the light field border darkened from #a1a1a1 to
 * #868686 would not have failed a single screenshot.
 */
export const SCREENSHOT_COMPARISON = { threshold: 0.01, maxDiffPixels: 8 } as const;

type Comparator = (
  actual: Buffer,
  expected: Buffer,
  options: { threshold?: number; maxDiffPixels?: number },
) => { errorMessage: string; diff?: Buffer } | null;

/**
 * Playwright's own PNG comparator, the one `toHaveScreenshot` calls (not a public API: playwright-core's internal
 * bundle exports it as `utils.getComparator`). Null when the images match within the options.
 */
export function comparePng(
  actual: Buffer,
  expected: Buffer,
  { maxDiffPixels }: { maxDiffPixels?: number } = {},
) {
  const require = createRequire(import.meta.url);
  const core = require("playwright-core/lib/coreBundle") as {
    utils: { getComparator(mimeType: string): Comparator };
  };
  return core.utils.getComparator("image/png")(actual, expected, {
    ...SCREENSHOT_COMPARISON,
    ...(maxDiffPixels ? { maxDiffPixels } : {}),
  });
}
