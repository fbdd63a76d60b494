import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { adminToken, signIn } from "../admin";
import { expectAccessible } from "../axe";
import { expect, type Locator, type Page, test } from "../test";

/**
 * "The admin's work is never lost", in English and in Arabic: leaving with unsaved changes asks first (Cancel, a
 * link, a reload), a draft the server has is saved by itself after a pause, a published post's changes wait in this
 * browser until Update and are offered back, a post changed elsewhere is not overwritten, earlier versions can be
 * restored from History, and every save says what it did in a toast.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const API = { "X-API-Key": "chess-trainer-web" };
/** An autosave comes 3 s after the last change; the server and the page answer well within the rest. */
const AUTOSAVE = { timeout: 15_000 };

const TEXTS = { en, ar } as const;
type Texts = (typeof TEXTS)["en"];

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The stored post, as the admin reads it (drafts too), and as a visitor does. */
async function stored(page: Page, token: string, slug: string) {
  const answer = await page.request.get(`/api/blog/posts/${slug}`, {
    headers: { ...API, Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { title: string; content: string; published: boolean; updated_at: string };
}

/** Lets the browser leave the page when it asks (`beforeunload`), as an admin who chose to would. */
function acceptLeaving(page: Page) {
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") void dialog.accept();
  });
}

function journey(language: "en" | "ar") {
  const T: Texts = TEXTS[language];
  const work = T.admin.editorWork;
  const editor = T.admin.editor;

  return async ({ page }: { page: Page }) => {
    test.setTimeout(240_000);
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_KEY,
      value: language,
    });
    await signIn(page);
    const token = await adminToken(page.request);
    const headers = { ...API, Authorization: `Bearer ${token}` };

    const title = page.getByPlaceholder(editor.titlePlaceholder);
    const body: Locator = page.getByRole("textbox", { name: editor.contentLabel });
    const saveState = page.locator("[data-slot=save-indicator]");
    const toasts = page.getByRole("region", { name: work.toast.region.replace("{hotkey}", "F8") });
    const leaveDialog = page.getByRole("alertdialog", { name: work.leave.title });
    const offer = page.locator("[data-slot=local-copy-offer]");
    const offerPrefix = work.offer.message.split("{{time}}")[0] as string;

    // A draft the server has.
    const firstTitle = unique(language === "en" ? "Rook endings" : "نهايات الرخ");
    const created = await page.request.post("/api/blog/posts", {
      headers,
      data: {
        title: firstTitle,
        content: "<p>The Lucena position, built step by step.</p>",
        tags: ["Endgame"],
        language,
        published: false,
      },
    });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const editPath = `/admin/blog/edit/${slug}`;

    // Nothing changed: the bar says Saved, and Cancel leaves at once.
    await page.goto(editPath);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(title).toHaveValue(firstTitle);
    await expect(saveState).toHaveText(work.saveState.saved);
    await expect(saveState).toHaveAttribute("role", "status");
    await expect(saveState).toHaveAttribute("aria-live", "polite");
    await page.getByRole("link", { name: editor.cancel }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(leaveDialog).toHaveCount(0);

    // A change: Not saved, and Cancel asks; Stay keeps the editor and the change.
    await page.goto(editPath);
    const secondTitle = `${firstTitle} II`;
    await title.fill(secondTitle);
    await expect(page.getByRole("status").filter({ hasText: work.saveState.notSaved })).toBeVisible();
    await page.getByRole("link", { name: editor.cancel }).click();
    await expect(leaveDialog).toBeVisible();
    await expect(leaveDialog).toHaveAccessibleDescription(work.leave.description);
    await expect(leaveDialog.getByRole("button", { name: work.leave.stay })).toBeFocused();
    await expectAccessible(page);
    await leaveDialog.getByRole("button", { name: work.leave.stay }).click();
    await expect(leaveDialog).toHaveCount(0);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(editPath);
    await expect(title).toHaveValue(secondTitle);

    // The pause: the draft is saved on the server by itself.
    await expect(saveState).toHaveText(work.saveState.saved, AUTOSAVE);
    expect((await stored(page, token, slug)).title).toBe(secondTitle);
    // Saved: nothing to lose, so a reload asks nothing (a prompt would hold the reload back).
    let prompts = 0;
    const countPrompt = () => {
      prompts++;
    };
    page.on("dialog", countPrompt);
    await page.reload();
    await expect(title).toHaveValue(secondTitle);
    page.off("dialog", countPrompt);
    expect(prompts).toBe(0);

    // A reload with unsaved changes: the browser asks first; staying keeps them, and they are saved after the pause.
    await body.locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(language === "en" ? " The rook builds a bridge." : " يبني الرخ جسرًا.");
    await expect(saveState).toHaveText(work.saveState.notSaved);
    const asked = page.waitForEvent("dialog");
    // Staying cancels the reload: it never ends, so it is given up after a while.
    const reloading = page.reload({ timeout: 4000 }).catch(() => null);
    const prompt = await asked;
    expect(prompt.type()).toBe("beforeunload");
    await prompt.dismiss();
    await reloading;
    await expect(body).toContainText(language === "en" ? "The rook builds a bridge." : "يبني الرخ جسرًا.");
    await expect(saveState).toHaveText(work.saveState.saved, AUTOSAVE);
    expect((await stored(page, token, slug)).content).toContain(
      language === "en" ? "The rook builds a bridge." : "يبني الرخ جسرًا.",
    );

    // History: the versions the saves made, newest first; the first one goes back into the editor, unsaved.
    await page.getByRole("button", { name: work.history.button }).click();
    const history = page.getByRole("dialog", { name: work.history.title });
    const versions = history.getByRole("list", { name: work.history.listLabel }).getByRole("listitem");
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText(work.history.current);
    await expectAccessible(page);
    await expect(versions.first()).toContainText(secondTitle);
    await expect(versions.last()).toContainText(firstTitle);
    // "The Lucena position, built step by step.": seven words.
    await expect(versions.last()).toContainText(language === "en" ? "7 words" : /(7|٧) كلمات/);
    await versions
      .last()
      .getByRole("button", { name: new RegExp(`^${work.history.restore}`) })
      .click();
    await expect(history).toHaveCount(0);
    await expect(title).toHaveValue(firstTitle);
    await expect(body).not.toContainText(language === "en" ? "The rook builds a bridge." : "يبني الرخ جسرًا.");
    await expect(toasts).toContainText(work.history.restored.split("{{time}}")[0] as string);
    await expect(saveState).toHaveText(work.saveState.saved, AUTOSAVE);
    expect((await stored(page, token, slug)).title).toBe(firstTitle);

    // Someone else saves meanwhile: the autosave does not overwrite it, says so, and keeps the changes here.
    const theirs = await page.request.put(`/api/blog/posts/${slug}`, {
      headers,
      data: {
        title: firstTitle,
        content: "<p>Saved in another tab.</p>",
        tags: [],
        language,
        published: false,
      },
    });
    expect(theirs.status()).toBe(200);
    const mine = `${firstTitle} (mine)`;
    await title.fill(mine);
    await expect(page.getByRole("alert")).toContainText(work.autosaveConflict, AUTOSAVE);
    await expect(saveState).toHaveText(work.saveState.savedLocally);
    expect((await stored(page, token, slug)).content).toContain("Saved in another tab.");
    // Reloaded (the browser asks; the admin leaves), the editor has the other version and offers the kept changes.
    acceptLeaving(page);
    await page.reload();
    await expect(body).toContainText("Saved in another tab.");
    await expect(offer).toContainText(offerPrefix);
    await expectAccessible(page);
    await offer.getByRole("button", { name: work.offer.restore }).click();
    await expect(offer).toHaveCount(0);
    await expect(title).toHaveValue(mine);
    await expect(body).toContainText("The Lucena position");
    await page.getByRole("button", { name: editor.saveDraft }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toasts).toContainText(work.toast.draftSaved);
    await expectAccessible(page);
    expect((await stored(page, token, slug)).title).toBe(mine);

    // Published.
    await page.goto(editPath);
    await page.getByRole("button", { name: editor.publish, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toasts).toContainText(work.toast.published);

    // A published post's changes stay in this browser until Update: nothing goes live on its own.
    await page.goto(editPath);
    const draftTitle = `${mine} — ${language === "en" ? "revised" : "منقّح"}`;
    await title.fill(draftTitle);
    await expect(saveState).toHaveText(work.saveState.savedLocally, AUTOSAVE);
    const visitor = await page.request.get(`/api/blog/posts/${slug}`);
    expect(((await visitor.json()) as { title: string }).title).toBe(mine);
    // Leaving by the admin's menu asks; leaving without saving drops them.
    await page
      .getByRole("navigation", { name: T.admin.nav.label })
      .getByRole("link", { name: T.admin.nav.posts })
      .click();
    await expect(leaveDialog).toBeVisible();
    await leaveDialog.getByRole("button", { name: work.leave.leave }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(editPath);
    await expect(title).toHaveValue(mine);
    await expect(offer).toHaveCount(0);
    // Changed again, and the tab closed and opened again: the change is offered back, then updated.
    await title.fill(draftTitle);
    await expect(saveState).toHaveText(work.saveState.savedLocally, AUTOSAVE);
    await page.goto("/admin/blog");
    await page.goto(editPath);
    await expect(title).toHaveValue(mine);
    await expect(offer).toContainText(offerPrefix);
    await offer.getByRole("button", { name: work.offer.restore }).click();
    await expect(title).toHaveValue(draftTitle);
    await expect(saveState).toHaveText(work.saveState.notSaved);
    await page.getByRole("button", { name: editor.update }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toasts).toContainText(work.toast.updated);
    expect(await stored(page, token, slug)).toMatchObject({ title: draftTitle, published: true });

    // Unpublished.
    await page.goto(editPath);
    await page.getByRole("button", { name: editor.unpublish }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toasts).toContainText(work.toast.unpublished);
    expect((await stored(page, token, slug)).published).toBe(false);

    // A new post: nothing typed, nothing asked; typed, kept in this browser until saved.
    await page.goto("/admin/blog/new");
    await expect(saveState).toHaveText("");
    await page.getByRole("link", { name: editor.cancel }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto("/admin/blog/new");
    const newTitle = unique(language === "en" ? "The Philidor position" : "وضعية فيليدور");
    await title.fill(newTitle);
    await body.click();
    await page.keyboard.type(language === "en" ? "Hold the third rank." : "احتفظ بالصف الثالث.");
    await expect(saveState).toHaveText(work.saveState.savedLocally, AUTOSAVE);
    await page.getByRole("button", { name: editor.saveDraft }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toasts).toContainText(work.toast.draftSaved);
    await page.goto("/admin/blog/new");
    await expect(title).toHaveValue("");
    await expect(offer).toHaveCount(0);
  };
}

test.describe("the admin's work is never lost", () => {
  test(
    "in English: leaving asks, drafts save themselves, published changes wait for Update, history restores, toasts confirm",
    journey("en"),
  );
  test(
    "in Arabic: leaving asks, drafts save themselves, published changes wait for Update, history restores, toasts confirm",
    journey("ar"),
  );
});
