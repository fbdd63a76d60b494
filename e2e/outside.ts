import type { Page } from "@playwright/test";

/**
 * YouTube's player cannot load here (CI has no network): its frame ends on an error page, and Chromium then does
 * not always report the page's network as idle, so a wait for it hangs until the test times out (seen in the a11y
 * and XSS suites). A small stand-in page answers for the player instead; the embed itself (its address, title and
 * link) is still the site's own markup under test.
 */
export async function standInForYouTube(page: Page): Promise<void> {
  await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><html lang=en><title>Video</title><p>Video player</p></html>",
    }),
  );
}

/**
 * The page has finished loading what it shows: the load event, every image settled (loaded or failed, so an
 * `onerror` has fired; lazy ones are left out) and the fonts in. A condition on the page itself rather than Playwright's "network idle",
 * which does not always arrive on a page with a frame (the a11y and XSS suites timed out waiting for it).
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
