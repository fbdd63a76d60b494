import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { ADMIN, signIn } from "../admin";
import { expectAccessible, seriousViolations } from "../axe";
import { pageSettled } from "../outside";
import { expect, type Locator, type Page, test } from "../test";

/**
 * Accessibility of every page (issue 8): axe with all its rules, in English and in Arabic, with no serious or
 * critical violation. The public pages are checked where server-rendering.spec.ts walks them (each page once per
 * language, after hydration, in the same visit); the admin pages here, one signed-in walk per language by the
 * admin's links, which ends with the navigation's menus open. Also: the axe check itself, and a keyboard-only walk
 * through the admin login into the editor.
 * (The trainer's keyboard move and the editor's toolbar by keyboard are in training.spec.ts and admin-blog.spec.ts.)
 */

const LANGUAGE_KEY = "chesstrainer.language";
const LUCENA = "lucena-position-how-to-build-a-bridge";

/** The page as a visitor sees it once its data arrived: everything it shows loaded, nothing loading any more. */
async function settled(page: Page, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await pageSettled(page);
  await expect(page.getByText(/^(Loading|جارٍ)/)).toHaveCount(0);
}

/**
 * Every admin page (the list, a new post, a post's editor with its diagram and video, the analysis, the messages),
 * reached as an admin does, by the admin's links, then the navigation's Tools menu and narrow-screen menu open on a
 * tool's page: no serious axe violation, the page in the language and its direction.
 */
for (const language of ["en", "ar"] as const) {
  test(`every admin page and the navigation's menus, open, have no serious axe violation (${language})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const T = language === "en" ? en : ar;
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_KEY,
      value: language,
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    const check = async (path: string, heading: string) => {
      await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(path);
      await settled(page, heading);
      await expect(page.locator("html"), path).toHaveAttribute("lang", language);
      await expect(page.locator("html"), path).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      expect(await seriousViolations(page), path).toEqual([]);
    };
    const adminLink = (name: string) =>
      page.getByRole("navigation", { name: T.admin.nav.label }).getByRole("link", { name });

    await page.goto("/admin/blog");
    await check("/admin/blog", T.admin.blogTitle);
    await page.getByRole("link", { name: T.admin.posts.create }).click();
    await check("/admin/blog/new", T.admin.newPost);
    await adminLink(T.admin.nav.posts).click();
    await page.getByLabel(T.admin.posts.searchLabel).fill("Lucena");
    // The search lands in the address after a pause in typing: the list is left once it did.
    await expect(page).toHaveURL(/\?search=Lucena$/);
    await page
      .getByRole("link", { name: new RegExp(`^${T.admin.posts.table.edit}: The Lucena Position`) })
      .click();
    await check(`/admin/blog/edit/${LUCENA}`, T.admin.editPost);
    await adminLink(T.admin.nav.analysis).click();
    await check("/admin/analysis", T.analysis.title);
    await adminLink(T.admin.nav.messages).click();
    await check("/admin/messages", T.admin.messages.title);

    // The navigation's Tools menu open on a tool's page (that tool the current one), then, on a narrow screen, its
    // menu open.
    const tools = page.getByRole("button", { name: T.nav.tools });
    await tools.click();
    await page.locator("[data-slot=nav-bar-dropdown]").getByRole("link", { name: T.nav.notation }).click();
    await expect(page).toHaveURL(/\/notation$/);
    await settled(page, T.notation.title);
    await tools.click();
    await expect(page.locator("[data-slot=nav-bar-dropdown]")).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-slot=nav-bar-dropdown]")).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: T.nav.menu }).click();
    await expect(page.locator("[data-slot=nav-bar-panel]")).toBeVisible();
    await expectAccessible(page);
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

/**
 * Presses `key` until `target` has the focus (at most `max` times), as a keyboard user moves to it. The element is
 * found once and asked after each press whether it has the focus.
 */
async function pressUntilFocused(page: Page, target: Locator, key: "Tab" | "Shift+Tab", max: number) {
  const element = await target.elementHandle();
  for (
    let presses = 0;
    presses < max && !(await element?.evaluate((el) => el === document.activeElement));
    presses++
  )
    await page.keyboard.press(key);
  await element?.dispose();
  await expect(target).toBeFocused();
}

test("keyboard only: log in, open the editor, write a title and go back to the list, leaving it unsaved", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  const username = page.getByLabel("Username");
  // Tab from the top of the page (skip link, navigation) until the username field has the focus.
  await pressUntilFocused(page, username, "Tab", 30);
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/blog$/);

  const create = page.getByRole("link", { name: "Create New Post" });
  await expect(create).toBeVisible();
  await pressUntilFocused(page, create, "Tab", 40);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  const title = page.getByPlaceholder("Enter title");
  await pressUntilFocused(page, title, "Tab", 40);
  await page.keyboard.type("Written without a mouse");
  await expect(title).toHaveValue("Written without a mouse");

  const cancel = page.getByRole("button", { name: "Cancel" }).or(page.getByRole("link", { name: "Cancel" }));
  await pressUntilFocused(page, cancel, "Shift+Tab", 40);
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
