import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** The admin account the end-to-end server is started with (playwright.config.ts passes it as ADMIN_*). */
export const ADMIN = { username: "e2e-admin", password: "e2e-admin-password-1234" } as const;

/** Logs in through the API and returns the access token. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post("/api/admin/login", { data: ADMIN });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** Stores an admin session the way the site does, so admin pages open without the login form. */
export async function signIn(page: Page, token?: string): Promise<void> {
  const value = token ?? (await adminToken(page.request));
  await page.addInitScript((stored) => {
    // Not in embedded frames (a YouTube player's error page has no storage).
    if (window.top !== window) return;
    localStorage.setItem("admin_token", stored);
    localStorage.setItem("admin_token_timestamp", String(Date.now()));
  }, value);
}
