import type { Page } from "@playwright/test";

/**
 * The page has finished loading what it shows: the load event, every image settled (loaded or failed, so an
 * `onerror` has fired; lazy ones are left out) and the fonts in. A condition on the page itself rather than
 * Playwright's "network idle", which does not always arrive on a page with a frame: YouTube's player cannot load
 * here (the suites' Chromium resolves no outside host, as CI has no network, see chromium.ts), so its frame fails at
 * once and the page's load event follows. No route stands in for it: a route turns the page's HTTP cache off, and
 * every page the walks load would then fetch and compile its scripts afresh (the first-visit walks took 70 s
 * instead of 56 s each).
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () =>
      // A lazy image out of view does not load until scrolled to; it is left out, as a network wait left it.
      Array.from(document.images).every((image) => image.complete || image.loading === "lazy") &&
      document.fonts.status === "loaded",
  );
}
