import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { SCREENSHOT_COMPARISON } from "./visual/compare";

/**
 * Visual regression + axe over the static Storybook build: every story in English/LTR, Arabic/RTL and dark
 * (English/LTR). `visual/global-setup.ts` builds Storybook first when the build is missing or older than its
 * sources, and serves it on a free port of its own. Baselines live in e2e/visual/__screenshots__;
 * `npm run test:visual:update` rewrites the ones that changed, on purpose. A failure's expected, actual and diff
 * images are side by side in the HTML report, test-results/visual-report/index.html.
 */
export default defineConfig({
  testDir: "./visual",
  outputDir: "../test-results/visual",
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  globalSetup: "./visual/global-setup.ts",
  fullyParallel: true,
  // Three workers on two cores, each driving one Chromium: with two, the cores were idle about a fifth of the stage
  // (a worker waits for its screenshot's frame, its story's fonts and timers), and a third fills that time
  // (2026-11-30, fast class: 254 s -> 223 s for the 1,088 tests; the cores idle about 5 %).
  workers: Number(process.env.VISUAL_WORKERS ?? 3),
  retries: 0,
  forbidOnly: true,
  reporter: [
    [process.env.CI ? "dot" : "list"],
    ["json", { outputFile: "../test-results/visual.json" }],
    ["html", { outputFolder: "../test-results/visual-report", open: "never" }],
  ],
  expect: { toHaveScreenshot: { animations: "disabled", caret: "hide", ...SCREENSHOT_COMPARISON } },
  use: {
    // Set by the global setup before the workers start (they read this file again).
    baseURL: process.env.VISUAL_BASE_URL,
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 800, height: 600 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  },
});
