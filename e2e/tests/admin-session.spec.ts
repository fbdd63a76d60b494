import { ADMIN } from "../admin";
import { expectAccessibleOnce } from "../database";
import { expect, type Page, test } from "../test";

/**
 * The admin session never loses the admin's work: an active admin's token is refreshed before its 30 minutes run
 * out, an idle admin is warned two minutes before and may stay, and a session that ends anyway (idle, or a token
 * the server refuses on a list, a save or a load) sends the admin to a login page that says why and returns to the
 * same page, the editor with its unsaved fields. The browser's clock is moved with `page.clock`; the server's is
 * not (its tokens live 30 real minutes), so only the site's own timers are tested that way.
 */

const LANGUAGE_KEY = "chesstrainer.language";

const TEXTS = {
  en: {
    username: "Username",
    password: "Password",
    login: "Login",
    expired: "Your session has expired. Log in again to continue.",
    warning: "Your session will expire in 2 minutes",
    stay: "Stay signed in",
    logout: "Log out",
    title: "Enter title",
    content: "Post content",
    restored: "unsaved changes were kept",
    saveDraft: "Save as Draft",
    search: "Search posts",
    edit: "Edit",
  },
  ar: {
    username: "اسم المستخدم",
    password: "كلمة المرور",
    login: "دخول",
    expired: "انتهت جلستك. سجّل الدخول من جديد للمتابعة.",
    warning: "ستنتهي جلستك خلال دقيقتين",
    stay: "البقاء متصلًا",
    logout: "تسجيل الخروج",
    title: "أدخل العنوان",
    content: "محتوى المقال",
    restored: "احتفظنا بتعديلاتك غير المحفوظة",
    saveDraft: "حفظ كمسودة",
    search: "البحث في المقالات",
    edit: "تعديل",
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function logIn(page: Page, text: Texts) {
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel(text.username).fill(ADMIN.username);
  await page.getByLabel(text.password).fill(ADMIN.password);
  await page.getByRole("button", { name: text.login, exact: true }).click();
}

async function storedToken(page: Page): Promise<{ token: string | null; timestamp: number }> {
  return page.evaluate(() => ({
    token: localStorage.getItem("admin_token"),
    timestamp: Number(localStorage.getItem("admin_token_timestamp")),
  }));
}

/** Ends the page's session on the server, as a logout in another tab does; the page still holds the token. */
async function revokeOnServer(page: Page) {
  const { token } = await storedToken(page);
  expect(token).toBeTruthy();
  const answer = await page.request.post("/api/admin/logout", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await answer.json()).toEqual({ revoked: true });
}

/** The login page after a session that ended by itself: it says why. */
async function expectExpiredNotice(page: Page, text: Texts) {
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("status").filter({ hasText: text.expired })).toBeVisible();
}

/** A page's or a request's path, decoded (an Arabic title gives an Arabic slug, percent-encoded in addresses). */
function pathOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname);
}

function warningOf(page: Page, text: Texts) {
  return page.getByRole("alertdialog", { name: text.warning });
}

test.describe("admin session", () => {
  test("English: an active admin outlives the token's 30 minutes; an idle one is warned, stays, then expires and logs in back to the unsaved post", async ({
    page,
  }) => {
    const text = TEXTS.en;
    const title = unique("Kept across the expiry");
    await page.clock.install();
    await page.goto("/admin/blog/new");
    await logIn(page, text);
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await page.getByPlaceholder(text.title).fill(title);
    await page.getByRole("textbox", { name: text.content }).click();
    await page.keyboard.type("The Vancura defence holds rook and pawn against rook.");
    const first = await storedToken(page);

    // 20 minutes after login the admin has been active: the token is refreshed and stored with its time.
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/admin/refresh"));
    await page.clock.fastForward("20:00");
    expect((await refreshed).status()).toBe(200);
    // The stored time tells the refresh, not the token: the server signs with its own clock, which the page's
    // fast-forward does not move, so a refresh in the same second as the login signs the same claims again.
    await expect.poll(async () => (await storedToken(page)).timestamp).not.toBe(first.timestamp);
    const second = await storedToken(page);
    expect(second.timestamp - first.timestamp).toBeGreaterThanOrEqual(20 * 60_000);

    // Past the first token's 30 minutes: still in the editor, no warning.
    await page.clock.fastForward("15:00");
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await expect(warningOf(page, text)).toHaveCount(0);

    // Idle since the refresh: the warning comes 28 minutes after it, announced, "Stay signed in" in focus.
    await page.clock.fastForward("13:00");
    const warning = warningOf(page, text);
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAccessibleDescription(/unsaved changes in the editor are kept/);
    await expect(warning.getByRole("button", { name: text.stay })).toBeFocused();
    await expectAccessibleOnce(page);
    const stayed = page.waitForResponse((r) => r.url().endsWith("/api/admin/refresh"));
    await page.keyboard.press("Enter");
    expect((await stayed).status()).toBe(200);
    await expect(warning).toBeHidden();
    await expect(page.getByPlaceholder(text.title)).toHaveValue(title);

    // Idle again: warned, then logged out; the login page says why and returns to the post with its fields.
    await page.clock.fastForward("28:00");
    await expect(warningOf(page, text)).toBeVisible();
    await page.clock.fastForward("02:00");
    await expectExpiredNotice(page, text);
    expect((await storedToken(page)).token).toBeNull();
    await logIn(page, text);
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await expect(page.getByRole("status").filter({ hasText: text.restored })).toBeVisible();
    await expect(page.getByPlaceholder(text.title)).toHaveValue(title);
    await expect(page.getByRole("textbox", { name: text.content })).toContainText("The Vancura defence");
  });

  test("Arabic on a phone: a refused token on the list, on a save and on a load sends the admin to login and back; the warning's Log out works from the keyboard", async ({
    page,
  }) => {
    const text = TEXTS.ar;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.clock.install();
    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/login$/);
    // A first visit is no expiry: no notice.
    await expect(page.getByRole("status").filter({ hasText: text.expired })).toHaveCount(0);
    // The list's first answer comes before the token is revoked below: a list still loading then is refused too, and
    // the admin is on the login page before the search is typed.
    const listed = page.waitForResponse((r) => r.url().includes("/api/blog/posts?"));
    await logIn(page, text);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    expect((await listed).status()).toBe(200);
    await expect(page.getByLabel(text.search)).toBeEnabled();

    // A draft to work on, made with the page's token.
    const draftTitle = unique("مسودة الجلسة");
    const { token } = await storedToken(page);
    const created = await page.request.post("/api/blog/posts", {
      headers: { Authorization: `Bearer ${token}`, "X-API-Key": "chess-trainer-web" },
      data: {
        title: draftTitle,
        content: "<p>Rook behind the passed pawn, always.</p>",
        tags: [],
        published: false,
      },
    });
    expect(created.status()).toBe(201);
    const slug = ((await created.json()) as { slug: string }).slug;

    // A stale list: the server refuses the token with a 401 (not the visitor's list without drafts), and the admin
    // lands on the login page, which says why, then back on the list with the draft.
    await revokeOnServer(page);
    const refusedList = page.waitForResponse((r) => r.url().includes("/api/blog/posts?"));
    await page.getByLabel(text.search).fill(draftTitle);
    expect((await refusedList).status()).toBe(401);
    await expectExpiredNotice(page, text);
    await logIn(page, text);
    // Back on the list (with its search, when the list keeps it in its address).
    await expect(page).toHaveURL(/\/admin\/blog(\?.*)?$/);
    await page.getByLabel(text.search).fill(draftTitle);
    const edit = page.getByRole("link", { name: `${text.edit}: ${draftTitle}` });
    await expect(edit).toBeVisible();

    // A load refused: the draft's editor opens (inside the app) with a token revoked meanwhile.
    await revokeOnServer(page);
    const refusedLoad = page.waitForResponse((r) => pathOf(r.url()) === `/api/blog/posts/${slug}`);
    await edit.click();
    expect((await refusedLoad).status()).toBe(401);
    await expectExpiredNotice(page, text);
    await logIn(page, text);
    await expect(page).toHaveURL((url) => pathOf(url.href) === `/admin/blog/edit/${slug}`);
    await expect(page.getByPlaceholder(text.title)).toHaveValue(draftTitle);

    // A save refused: the changed title survives the login.
    const changed = `${draftTitle} (معدّل)`;
    await page.getByPlaceholder(text.title).fill(changed);
    await revokeOnServer(page);
    await page.getByRole("button", { name: text.saveDraft }).click();
    await expectExpiredNotice(page, text);
    await logIn(page, text);
    await expect(page).toHaveURL((url) => pathOf(url.href) === `/admin/blog/edit/${slug}`);
    await expect(page.getByRole("status").filter({ hasText: text.restored })).toBeVisible();
    await expect(page.getByPlaceholder(text.title)).toHaveValue(changed);

    // Idle: the warning, in Arabic, and its Log out from the keyboard (Tab from "Stay signed in").
    await page.clock.fastForward("28:00");
    const warning = warningOf(page, text);
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("button", { name: text.stay })).toBeFocused();
    await expectAccessibleOnce(page);
    await page.keyboard.press("Tab");
    await expect(warning.getByRole("button", { name: text.logout })).toBeFocused();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith("/api/admin/logout"));
    await page.keyboard.press("Enter");
    await loggedOut;
    await expect(page).toHaveURL(/\/admin\/login$/);
    // A logout the admin chose is no expiry: no notice.
    await expect(page.getByRole("status").filter({ hasText: text.expired })).toHaveCount(0);
    // The unsaved title is kept for the next login all the same.
    await logIn(page, text);
    await expect(page.getByPlaceholder(text.title)).toHaveValue(changed);
  });
});
