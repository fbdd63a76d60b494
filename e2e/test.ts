import { test as base, type Page, type Response } from "@playwright/test";

export * from "@playwright/test";

/**
 * The suite's `test`: a page opened with `goto` or `reload` is handed back once the app answers input. The server
 * renders each page, so its buttons and fields are on view before the script has hydrated them, and a click or a key
 * before then reaches no handler (the app marks `<html data-live>` when it is hydrated). Documents that are not the
 * app (an API answer, an image) and pages opened without JavaScript are handed back at once.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForLiveOnLoad(page);
    interceptFileChoosers(page);
    await use(page);
  },
});

/**
 * Asks the browser to hand every file chooser of the page to the test, from the page's start. Playwright asks for
 * that only when a `filechooser` listener is added and does not wait for the browser's answer, so a
 * `waitForEvent("filechooser")` just before the key or click that opens the chooser can reach the browser after it:
 * the browser then cancels the chooser itself and the test waits for good (the analysis journey waited out its
 * 4 minutes so on a clean clone, 2026-11-30). A listener from the start closes that race; the tests still wait
 * for the chooser with `page.waitForEvent("filechooser")`.
 */
function interceptFileChoosers(page: Page): void {
  page.on("filechooser", () => {});
}

function waitForLiveOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => untilLive(page, await goto(...args));
  page.reload = async (...args) => untilLive(page, await reload(...args));
}

async function untilLive(page: Page, response: Response | null): Promise<Response | null> {
  const type = response?.headers()["content-type"] ?? "";
  if (response && type.startsWith("text/html")) {
    await page.locator("html[data-live]").waitFor({ state: "attached", timeout: 15_000 });
  }
  return response;
}
