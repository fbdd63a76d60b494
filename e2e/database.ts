import { expectAccessible } from "./axe";
import { type Page, test } from "./test";

/**
 * The `postgres` project (playwright.config.ts) walks every English admin journey a second time, against the server
 * on PostgreSQL (issue 37): every step that reads or writes through the server runs on both databases. What no
 * database can change, the page's markup checked by axe and its layout on a phone's screen (the same answers drawn
 * the same way), is checked in the `main` project's walk only.
 */
export function onPostgres(): boolean {
  return test.info().project.name === "postgres";
}

/** expectAccessible (e2e/axe.ts) in the `main` project's walk; on PostgreSQL the same page is not checked again. */
export async function expectAccessibleOnce(page: Page): Promise<void> {
  if (onPostgres()) return;
  await expectAccessible(page);
}
