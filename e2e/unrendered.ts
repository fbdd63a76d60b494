import type { Page } from "@playwright/test";

/**
 * The server renders public pages with their first API reads (issue 21), so a page it sends needs no API call to
 * show them. Tests of how the browser loads those reads itself (as it does on every page reached inside the app, and
 * on a page whose server rendering failed, which the server then sends unrendered) take the page's documents
 * unrendered, the way the server's fallback sends them.
 */
export async function unrendered(page: Page): Promise<void> {
  await page.route("**/*", async (route) => {
    // The site's own pages only (a post's YouTube player is a document too).
    const request = route.request();
    if (request.resourceType() !== "document" || request.frame().parentFrame()) return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="router-data">[\s\S]*?<\/script>/,
      '<div id="root"></div>',
    );
    return route.fulfill({ response, body });
  });
}
