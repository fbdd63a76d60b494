import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

/**
 * Visual regression + axe over the static Storybook build (`npm run build:storybook` first): every story in
 * English/LTR and Arabic/RTL. Baselines live in e2e/visual/__screenshots__; `npm run test:visual:update` rewrites
 * them on purpose.
 */
const port = Number(process.env.VISUAL_PORT ?? 6007);

export default defineConfig({
  testDir: "./visual",
  outputDir: "../test-results/visual",
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: "../test-results/visual.json" }]],
  expect: { toHaveScreenshot: { animations: "disabled", caret: "hide", maxDiffPixelRatio: 0 } },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 800, height: 600 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  },
  webServer: {
    command: `node scripts/serve-static.mjs storybook-static ${port}`,
    cwd: "..",
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
