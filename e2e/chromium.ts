import type { LaunchOptions } from "@playwright/test";

/** Flags every Chromium here starts with, in the test suites and the benchmarks alike. */
const args = [
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
];

/**
 * The test suites' browser: Debian's chromium-headless-shell (Playwright cannot download its own browsers here), the
 * same Chromium as Debian's chromium package without the desktop browser around it; Playwright's own headless
 * Chromium is this build too. Measured on a machine of this kind, 30 page loads took 2.6 times less CPU than in
 * chromium's own headless mode, which runs the whole desktop browser (its browser process alone spent more than
 * every renderer). CHROMIUM_PATH overrides the location on machines that have it elsewhere.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  // Glyphs hinted as chromium hints them from Debian's font configuration (the shell reads none and hints fully
  // otherwise): the screenshots' baselines stay the same in either browser.
  args: [...args, "--font-render-hinting=slight"],
};

/**
 * The benchmarks' browser: Debian's chromium, the browser a player runs (Lighthouse needs it), so their figures
 * stay comparable from one commit to the next. CHROMIUM_BROWSER_PATH overrides its location.
 */
export const browserLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_BROWSER_PATH ?? "/usr/bin/chromium",
  args,
};
