import type { LaunchOptions } from "@playwright/test";

/**
 * Playwright cannot download its own browsers here: every suite drives Debian's chromium. CHROMIUM_PATH overrides
 * the location on machines that have it elsewhere.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // Every host but this machine fails to resolve at once, as it does in CI (which has no network): a page's
    // outside requests (YouTube's player) end quickly and the same way everywhere, instead of waiting on DNS.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
  ],
};
