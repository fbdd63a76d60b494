import { ADMIN, signIn } from "../admin";
import { expectAccessible, seriousViolations } from "../axe";
import { pageSettled, standInForYouTube } from "../outside";
import { expect, type Page, test } from "../test";

/**
 * Accessibility of every page (issue 8): axe with all its rules, in English and in Arabic, with no serious or
 * critical violation. The public pages are checked where server-rendering.spec.ts walks them (each page once per
 * language, after hydration, in the same visit); the admin pages here, one signed-in walk per language. Also: the
 * axe check itself, a keyboard-only walk through the admin login into the editor, and the navigation's menus open.
 * (The trainer's keyboard move and the editor's toolbar by keyboard are in training.spec.ts and admin-blog.spec.ts.)
 */

const LANGUAGE_KEY = "chesstrainer.language";
const LUCENA = "lucena-position-how-to-build-a-bridge";

const adminPages = [
  "/admin/blog",
  "/admin/blog/new",
  `/admin/blog/edit/${LUCENA}`,
  "/admin/analysis",
  "/admin/messages",
];

/** The page as a visitor sees it once its data arrived: its main heading shown and everything it shows loaded. */
async function settled(page: Page, path: string) {
  await standInForYouTube(page);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await pageSettled(page);
  await expect(page.getByText(/^(Loading|جارٍ)/)).toHaveCount(0);
}

for (const language of ["en", "ar"] as const) {
  test(`every admin page has no serious axe violation (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_KEY,
      value: language,
    });
    await signIn(page);
    for (const path of adminPages) {
      await settled(page, path);
      await expect(page.locator("html"), path).toHaveAttribute("lang", language);
      await expect(page.locator("html"), path).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

test("the axe check reports what it must: a missing alt, a nameless button, text too faint to read", async ({
  page,
}) => {
  await page.setContent(
    `<html lang="en"><head><title>t</title></head><body><main><h1>Check</h1>
     <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
     <button></button>
     <p style="color:#bbb;background:#fff">faint text</p></main></body></html>`,
  );
  const found = (await seriousViolations(page)).map((violation) => violation.split(":")[0]);
  expect(found).toEqual(expect.arrayContaining(["image-alt", "button-name", "color-contrast"]));
  expect((await seriousViolations(page, { contrast: false })).join()).not.toContain("color-contrast");
});

test("keyboard only: log in, open the editor, write a title and go back to the list, leaving it unsaved", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  const username = page.getByLabel("Username");
  // Tab from the top of the page (skip link, navigation) until the username field has the focus.
  for (
    let presses = 0;
    presses < 30 && !(await username.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(username).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/blog$/);

  const create = page.getByRole("link", { name: "Create New Post" });
  await expect(create).toBeVisible();
  for (
    let presses = 0;
    presses < 40 && !(await create.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(create).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  const title = page.getByPlaceholder("Enter title");
  for (
    let presses = 0;
    presses < 40 && !(await title.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(title).toBeFocused();
  await page.keyboard.type("Written without a mouse");
  await expect(title).toHaveValue("Written without a mouse");

  const cancel = page.getByRole("button", { name: "Cancel" }).or(page.getByRole("link", { name: "Cancel" }));
  for (
    let presses = 0;
    presses < 40 && !(await cancel.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press("Shift+Tab");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  // The title is not saved: leaving asks first, with the focus on Stay; Escape stays, Tab reaches Leave.
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(leave.getByRole("button", { name: "Stay" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(leave).toHaveCount(0);
  await expect(title).toHaveValue("Written without a mouse");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(leave.getByRole("button", { name: "Stay" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(leave.getByRole("button", { name: "Leave without saving" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

for (const language of ["en", "ar"] as const) {
  test(`the navigation's Tools menu and narrow-screen menu, open (${language}), have no serious axe violation`, async ({
    page,
  }) => {
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_KEY,
      value: language,
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await settled(page, "/notation");
    await page.getByRole("button", { name: language === "en" ? "Tools" : "الأدوات" }).click();
    await expect(page.locator("[data-slot=nav-bar-dropdown]")).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: language === "en" ? "Menu" : "القائمة" }).click();
    await expect(page.locator("[data-slot=nav-bar-panel]")).toBeVisible();
    await expectAccessible(page);
  });
}
