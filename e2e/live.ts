import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page answers input: a server-rendered page shows its form before its script has hydrated it, and
 * what is typed or clicked before then is not seen by the app (the app marks `<html data-live>` once it is).
 */
export async function live(page: Page): Promise<void> {
  await expect(page.locator("html[data-live]")).toBeAttached();
}
