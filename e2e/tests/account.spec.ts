import { readFile } from "node:fs/promises";
import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { expectAccessible } from "../axe";
import { type Browser, expect, type Page, test } from "../test";

/**
 * Player accounts (issue 38) as a player meets them, one journey per language: English on a laptop (1366×768),
 * Arabic on a phone (390×844). Sign up (a common password refused in the reader's language first), the name in the
 * navigation, sign out, a wrong password, sign in again, the email changed and kept, the signed-in browsers (a
 * second one signed out from the list), sign out everywhere, the data exported as JSON, and the account deleted
 * behind its password. The English player also adds a passkey (Chromium's virtual authenticator) and signs in with
 * it, then removes it; a passkey needs a host name, not an IP address, so that journey opens the site as localhost. The reset link's
 * journey is the server's test (apps/server/src/players); the forms' states are their stories'
 * (packages/ui/src/account). Sign-up is limited per network (5 an hour): two sign-ups here.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const PASSWORD = "Lucena-and-Philidor-1851";
const NEW_EMAIL = "player@example.org";

const TEXTS = { en, ar } as const;
const SIZES = { en: { width: 1366, height: 768 }, ar: { width: 390, height: 844 } } as const;

/** A name no other run has taken: 3-20 letters, digits, _ or -. */
function uniqueName(language: "en" | "ar"): string {
  return `${language}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(
    0,
    20,
  );
}

/** The main navigation's account link: "Sign in", or the player's name. */
function accountLink(page: Page, T: typeof en) {
  return page.getByRole("navigation", { name: T.nav.label }).getByRole("link", {
    name: new RegExp(`^(${T.nav.signIn}|${T.nav.account.replace("{{username}}", ".+")})$`),
  });
}

/** Signs in from a browser of its own (another device), through the API as its page would. */
async function signInElsewhere(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });
  const answer = await context.request.post("/api/account/sign-in", {
    data: { username, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(answer.status()).toBe(200);
  return context;
}

/** The server's port (playwright.config.ts's). */
const PORT = Number(process.env.E2E_PORT ?? 4321);

for (const language of ["en", "ar"] as const) {
  const T = TEXTS[language];
  const A = T.account;

  test.describe(language === "en" ? "English, on a laptop" : "Arabic, on a phone", () => {
    // WebAuthn refuses an IP address as the relying party: the English journey, which uses a passkey, is on localhost.
    if (language === "en") test.use({ baseURL: `http://localhost:${PORT}` });

    test(`a player's account (${language}): sign up, sign out and in, email, browsers, sign out everywhere, export, delete`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(SIZES[language]);
      if (language === "ar") {
        await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
      }
      const username = uniqueName(language);
      const yourAccount = T.nav.account.replace("{{username}}", username);
      const heading = (name: string) => page.getByRole("heading", { level: 1, name });
      const field = (label: string) => page.getByLabel(label, { exact: true });

      // Signed out, the account page sends the visitor to sign in, and back after.
      await page.goto("/account");
      await expect(page).toHaveURL(/\/account\/sign-in\?next=%2Faccount$/);
      await expect(heading(A.signIn.title)).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await expect(accountLink(page, T)).toHaveAccessibleName(T.nav.signIn);
      await page.getByRole("main").getByRole("link", { name: A.signIn.signUp }).click();
      await expect(page).toHaveURL(/\/account\/sign-up\?next=%2Faccount$/);
      await expect(heading(A.signUp.title)).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${A.signUp.title} · `));

      // Sign up: the browser refuses a bad name first; the server refuses a common password, said in the page's language.
      await expect(field(A.fields.username)).toHaveAttribute("autocomplete", "username");
      await expect(field(A.fields.password)).toHaveAttribute("autocomplete", "new-password");
      await field(A.fields.username).fill("no spaces allowed");
      await field(A.fields.password).fill("1234567890");
      await page.getByRole("button", { name: A.signUp.submit }).click();
      await expect(field(A.fields.username)).toBeFocused();
      await expect(field(A.fields.username)).toHaveAccessibleDescription(A.errors.usernameFormat);
      await field(A.fields.username).fill(username);
      await page.getByRole("button", { name: A.signUp.submit }).click();
      await expect(field(A.fields.password)).toHaveAccessibleDescription(A.errors.passwordCommon);
      await expect(field(A.fields.password)).toBeFocused();
      await expectAccessible(page);
      // The show-password toggle shows what was typed.
      await page.getByRole("button", { name: A.fields.showPassword }).click();
      await expect(field(A.fields.password)).toHaveAttribute("type", "text");
      await field(A.fields.password).fill(PASSWORD);
      await page.getByRole("button", { name: A.signUp.submit }).click();

      // Signed up and in: back to the account page, the name in the navigation.
      await expect(page).toHaveURL(/\/account$/);
      await expect(heading(A.page.title)).toBeVisible();
      await expect(accountLink(page, T)).toHaveAccessibleName(yourAccount);
      await expect(accountLink(page, T)).toHaveAttribute("aria-current", "page");
      // The name itself on a laptop; on a phone, its first letter in a square (the name is read, not shown).
      if (language === "en") await expect(accountLink(page, T).getByText(username)).toBeVisible();
      else await expect(accountLink(page, T)).toContainText(username.slice(0, 1));
      await expect(page.locator("[data-slot=account-username]")).toHaveText(username);

      // Sign out: the sign-in page says so, the navigation offers to sign in.
      await page.getByRole("button", { name: A.page.signOut.button, exact: true }).click();
      await expect(page).toHaveURL(/\/account\/sign-in$/);
      await expect(page.getByText(A.notices.signedOut)).toBeVisible();
      await expect(accountLink(page, T)).toHaveAccessibleName(T.nav.signIn);

      // A wrong password names neither field; the right one signs in and goes on to the trainer.
      await field(A.fields.username).fill(username);
      await field(A.fields.password).fill("not-my-password-at-all");
      await field(A.fields.password).press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: A.errors.invalidCredentials })).toBeVisible();
      await expect(field(A.fields.username)).not.toHaveAttribute("aria-invalid");
      await field(A.fields.password).fill(PASSWORD);
      await field(A.fields.password).press("Enter");
      await expect(page).toHaveURL(/\/training$/);
      await expect(accountLink(page, T)).toHaveAccessibleName(yourAccount);

      // The account page by the navigation: change the email, and it is kept.
      await accountLink(page, T).click();
      await expect(page).toHaveURL(/\/account$/);
      const email = page.getByRole("textbox", { name: A.page.email.label });
      await expect(email).toHaveValue("");
      await email.fill("not an address");
      await page.getByRole("button", { name: A.page.email.save }).click();
      await expect(email).toHaveAccessibleDescription(A.errors.emailInvalid);
      await email.fill(NEW_EMAIL);
      await page.getByRole("button", { name: A.page.email.save }).click();
      await expect(page.getByRole("status").filter({ hasText: A.page.email.saved })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("textbox", { name: A.page.email.label })).toHaveValue(NEW_EMAIL);

      if (language === "en") {
        // A passkey of this device (Chromium's virtual authenticator: a platform one that verifies its user).
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("WebAuthn.enable");
        await cdp.send("WebAuthn.addVirtualAuthenticator", {
          options: {
            protocol: "ctap2",
            transport: "internal",
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        });
        const passkeys = page.locator("[data-slot=account-passkeys]");
        await expect(passkeys.getByText(A.passkeys.none)).toBeVisible();
        await passkeys.getByRole("button", { name: A.passkeys.add }).click();
        await expect(passkeys.getByRole("status")).toHaveText(A.passkeys.added);
        // Named after this browser (the test's Chrome says it runs on Windows).
        const chrome = new RegExp(
          A.page.sessions.device.replace("{{browser}}", "Chrome").replace("{{system}}", "\\w+"),
        );
        const list = passkeys.getByRole("list", { name: A.passkeys.caption });
        await expect(list.getByRole("listitem")).toHaveCount(1);
        await expect(list.getByRole("listitem")).toContainText(chrome);
        await expect(list.getByRole("listitem")).toContainText(A.passkeys.neverUsed);
      }

      // The signed-in browsers: this one, and a phone signed in meanwhile, which is signed out from the list.
      const phone = await signInElsewhere(browser, baseURL ?? "", username);
      await page.reload();
      const browsers = page.getByRole("list", { name: A.page.sessions.caption });
      await expect(browsers.getByRole("listitem")).toHaveCount(2);
      await expect(browsers.getByRole("listitem").first()).toContainText(A.page.sessions.current);
      const safari = A.page.sessions.device.replace("{{browser}}", "Safari").replace("{{system}}", "iOS");
      await expect(browsers.getByRole("listitem").nth(1)).toContainText(safari);
      await expectAccessible(page);
      await browsers.getByRole("button", { name: new RegExp(safari) }).click();
      await expect(page.getByRole("status").filter({ hasText: A.page.sessions.revoked })).toBeVisible();
      await expect(browsers.getByRole("listitem")).toHaveCount(1);
      expect((await (await phone.request.get("/api/account/session")).json()).account).toBeNull();
      await phone.close();

      // Sign out everywhere: this browser too.
      await page.getByRole("button", { name: A.page.signOut.everywhere }).click();
      await expect(page).toHaveURL(/\/account\/sign-in$/);
      await expect(page.getByText(A.notices.signedOutEverywhere)).toBeVisible();
      expect((await (await page.request.get("/api/account/session")).json()).account).toBeNull();

      // Signed in again (the account page sends there and back): with the passkey in English, the password in Arabic.
      await page.goto("/account");
      await expect(page).toHaveURL(/\/account\/sign-in\?next=%2Faccount$/);
      if (language === "en") {
        await page.getByRole("button", { name: A.passkeys.signIn }).click();
        await expect(page).toHaveURL(/\/account$/);
        await expect(
          page
            .locator("[data-slot=account-passkeys]")
            .getByText(A.passkeys.lastUsed.replace(" {{date}}", "")),
        ).toBeVisible();
        // Removed from the account page: the list says there is none, and it no longer signs in.
        const passkeys = page.locator("[data-slot=account-passkeys]");
        await passkeys
          .getByRole("button", { name: new RegExp(`^${A.passkeys.removeLabel.split(" {{name}}")[0]} `) })
          .click();
        await expect(passkeys.getByRole("status").filter({ hasText: A.passkeys.removed })).toBeVisible();
        await expect(passkeys.getByText(A.passkeys.none)).toBeVisible();
        expect((await (await page.request.get("/api/account/passkeys")).json()).passkeys).toEqual([]);
      } else {
        await field(A.fields.username).fill(username);
        await field(A.fields.password).fill(PASSWORD);
        await page.getByRole("button", { name: A.signIn.submit, exact: true }).click();
        await expect(page).toHaveURL(/\/account$/);
      }
      await expect(accountLink(page, T)).toHaveAccessibleName(yourAccount);
      // Export my data: a JSON file of the account, downloaded.
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: A.page.export.button }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.json$/);
      const exported = JSON.parse(await readFile(await file.path(), "utf8"));
      expect(exported.account).toMatchObject({ username, email: NEW_EMAIL });

      // The account is deleted behind its password.
      const deleteButton = page.getByRole("button", { name: A.page.delete.button });
      await deleteButton.click();
      const dialog = page.getByRole("alertdialog", { name: A.page.delete.dialogTitle });
      const confirmPassword = dialog.getByLabel(A.fields.password, { exact: true });
      await expect(confirmPassword).toBeFocused();
      await expectAccessible(page);
      await confirmPassword.fill("not-my-password-at-all");
      await dialog.getByRole("button", { name: A.page.delete.confirm }).click();
      await expect(confirmPassword).toHaveAccessibleDescription(A.errors.passwordWrong);
      await confirmPassword.fill(PASSWORD);
      await confirmPassword.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(page.getByText(A.notices.deleted)).toBeVisible();
      await expect(accountLink(page, T)).toHaveAccessibleName(T.nav.signIn);
      const again = await page.request.post("/api/account/sign-in", {
        data: { username, password: PASSWORD },
        headers: { origin: baseURL ?? "" },
      });
      expect(again.status()).toBe(401);
    });
  });
}

/**
 * A form sent before the page's scripts run (a player who types fast, a password manager that fills and sends, a
 * slow phone): the server-rendered sign-in form goes natively, and its password must never land in the address bar,
 * the history or a log. Without JavaScript, the page stays a script-less one throughout.
 */
test.describe("before the page's scripts run", () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ["en", "ar"] as const) {
    test(`a sign-in sent before the scripts run keeps the password out of the address (${language})`, async ({
      page,
      baseURL,
    }) => {
      const T = TEXTS[language];
      await page.setViewportSize(SIZES[language]);
      // The language the server renders in: the cookie the site's language switch keeps.
      await page
        .context()
        .addCookies([{ name: "chesstrainer_language", value: language, url: baseURL as string }]);
      await page.goto("/account/sign-in?next=%2Faccount");
      await expect(page.getByRole("heading", { level: 1, name: T.account.signIn.title })).toBeVisible();
      const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/account/sign-in");
      await page.getByLabel(T.account.fields.username, { exact: true }).fill("somebody");
      await page.getByLabel(T.account.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(T.account.fields.password, { exact: true }).press("Enter");
      // Sent as a POST (the password in its body), answered with the page again, where it was.
      expect((await sent).method()).toBe("POST");
      await expect(page).toHaveURL(`${baseURL}/account/sign-in?next=%2Faccount`);
      await expect(page.getByRole("heading", { level: 1, name: T.account.signIn.title })).toBeVisible();
      expect(page.url()).not.toContain(encodeURIComponent(PASSWORD));
      await expect(page.getByLabel(T.account.fields.password, { exact: true })).toHaveValue("");
    });
  }
});
