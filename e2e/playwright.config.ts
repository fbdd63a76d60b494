import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN } from "./admin";
import { chromiumLaunchOptions } from "./chromium";

/**
 * End-to-end suite: the built site served by the real server on a fresh SQLite database, driven in Chromium.
 * Run `npm run build` first (the test script does).
 */
const port = Number(process.env.E2E_PORT ?? 4321);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "ct-e2e-"));

export default defineConfig({
  testDir: "./tests",
  outputDir: "../test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: "../test-results/e2e.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
  },
  webServer: {
    command: "node --import tsx apps/server/src/main.ts",
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // One engine process: the browser and the server share two cores in CI.
      ENGINE_POOL_SIZE: "1",
    },
  },
});
