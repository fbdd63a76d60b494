import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { adminToken, signIn } from "../admin";
import { expectAccessibleOnce } from "../database";
import { expect, type Locator, type Page, test } from "../test";

/**
 * "The admin's work is never lost", in English and in Arabic: leaving with unsaved changes asks first (Cancel, a
 * link, a reload), a draft the server has is saved by itself after a pause, a published post's changes wait in this
 * browser until Update and are offered back, a post changed elsewhere is not overwritten (by an autosave or by a
 * save), earlier versions can be restored from History, and every save says what it did in a toast.
 *
 * The English journey walks every step; the Arabic one proves the Arabic texts, the right-to-left page and that the
 * flow works in Arabic (the steps that show no text of their own, the browser's prompt on a reload and a new post's
 * local copy, are walked in English only). The pause before an autosave is the site's timer: the browser's clock is
 * moved past it (`page.clock`) rather than waited for, and the save indicator says when the autosave is done. Pages
 * are reached inside the app (Back, the list's links) as an admin does; a reload is used where it is what is tested.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const API = { "X-API-Key": "chess-trainer-web" };
/** The pause after the last change before an autosave runs (AUTOSAVE_DELAY_MS in packages/machines' post editor). */
const AUTOSAVE_DELAY_MS = 3000;

const TEXTS = { en, ar } as const;
type Texts = (typeof TEXTS)["en"];

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The stored post, as the admin reads it (drafts too). */
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

/** The editor's locators and the steps both journeys take, in the page's language. */
async function setUp(page: Page, language: "en" | "ar") {
  const T: Texts = TEXTS[language];
  const work = T.admin.editorWork;
  const editor = T.admin.editor;
  await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
    key: LANGUAGE_KEY,
    value: language,
  });
  // The site's timers run on a clock the test can move: the autosave's pause is skipped, not waited for.
  await page.clock.install();
  await signIn(page);
  const token = await adminToken(page.request);
  const headers = { ...API, Authorization: `Bearer ${token}` };

  const ui = {
    T,
    work,
    editor,
    token,
    headers,
    title: page.getByPlaceholder(editor.titlePlaceholder),
    body: page.getByRole("textbox", { name: editor.contentLabel }) as Locator,
    saveState: page.locator("[data-slot=save-indicator]"),
    toasts: page.getByRole("region", { name: work.toast.region.replace("{hotkey}", "F8") }),
    leaveDialog: page.getByRole("alertdialog", { name: work.leave.title }),
    offer: page.locator("[data-slot=local-copy-offer]"),
    offerPrefix: work.offer.message.split("{{time}}")[0] as string,
    /**
     * The pause after the last change passes (the browser's clock is moved past it, or it already ran while the test
     * went on) and the autosave is done: the indicator says what it did.
     */
    async pause(expected: string) {
      await page.clock.fastForward(AUTOSAVE_DELAY_MS);
      await expect(ui.saveState).toHaveText(expected);
    },
    /** A draft the server has, made through the API. */
    async createDraft(title: string) {
      const created = await page.request.post("/api/blog/posts", {
        headers,
        data: {
          title,
          content: "<p>The Lucena position, built step by step.</p>",
          tags: ["Endgame"],
          language,
          published: false,
        },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { slug: string }).slug;
    },
    /** Someone else saves the post meanwhile (another tab, another admin). */
    async savedElsewhere(slug: string, title: string) {
      const theirs = await page.request.put(`/api/blog/posts/${slug}`, {
        headers,
        data: { title, content: "<p>Saved in another tab.</p>", tags: [], language, published: false },
      });
      expect(theirs.status()).toBe(200);
    },
    /**
     * The list, after a save or a leave: the toast says what was done. Its heading is awaited, as an admin sees the
     * list before pressing Back: the address changes before the router draws the list, and a Back pressed in
     * between returns to the editor still on screen, changes and all.
     */
    async backOnTheList(toast?: string) {
      await expect(page).toHaveURL(/\/admin\/blog$/);
      await expect(page.getByRole("heading", { level: 1, name: T.admin.blogTitle })).toBeVisible();
      if (toast) await expect(ui.toasts).toContainText(toast);
    },
  };
  return ui;
}

test.describe("the admin's work is never lost", () => {
  test("in English: leaving asks, drafts save themselves, published changes wait for Update, history restores, toasts confirm", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const ui = await setUp(page, "en");
    const { work, editor, title, body, saveState, toasts, leaveDialog, offer, token } = ui;

    // A draft the server has.
    const firstTitle = unique("Rook endings");
    const slug = await ui.createDraft(firstTitle);
    const editPath = `/admin/blog/edit/${slug}`;

    // Nothing changed: the bar says Saved, and Cancel leaves at once.
    await page.goto(editPath);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(title).toHaveValue(firstTitle);
    await expect(saveState).toHaveText(work.saveState.saved);
    await expect(saveState).toHaveAttribute("role", "status");
    await expect(saveState).toHaveAttribute("aria-live", "polite");
    await page.getByRole("link", { name: editor.cancel }).click();
    await ui.backOnTheList();
    await expect(leaveDialog).toHaveCount(0);

    // A change: Not saved, and Cancel asks; Stay keeps the editor and the change.
    await page.goBack();
    const secondTitle = `${firstTitle} II`;
    await title.fill(secondTitle);
    await expect(page.getByRole("status").filter({ hasText: work.saveState.notSaved })).toBeVisible();
    await page.getByRole("link", { name: editor.cancel }).click();
    await expect(leaveDialog).toBeVisible();
    await expect(leaveDialog).toHaveAccessibleDescription(work.leave.description);
    await expect(leaveDialog.getByRole("button", { name: work.leave.stay })).toBeFocused();
    await expectAccessibleOnce(page);
    await leaveDialog.getByRole("button", { name: work.leave.stay }).click();
    await expect(leaveDialog).toHaveCount(0);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(editPath);
    await expect(title).toHaveValue(secondTitle);

    // The pause: the draft is saved on the server by itself.
    await ui.pause(work.saveState.saved);
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
    await page.keyboard.type(" The rook builds a bridge.");
    await expect(saveState).toHaveText(work.saveState.notSaved);
    const asked = page.waitForEvent("dialog");
    // Asked by the page itself: staying cancels the reload, and the call returns once the prompt is answered.
    const reloading = page.evaluate(() => window.location.reload());
    const prompt = await asked;
    expect(prompt.type()).toBe("beforeunload");
    await prompt.dismiss();
    await reloading;
    await expect(body).toContainText("The rook builds a bridge.");
    await ui.pause(work.saveState.saved);
    expect((await stored(page, token, slug)).content).toContain("The rook builds a bridge.");

    // History: the versions the saves made, newest first; the first one goes back into the editor, unsaved.
    await page.getByRole("button", { name: work.history.button }).click();
    const history = page.getByRole("dialog", { name: work.history.title });
    const versions = history.getByRole("list", { name: work.history.listLabel }).getByRole("listitem");
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText(work.history.current);
    await expectAccessibleOnce(page);
    await expect(versions.first()).toContainText(secondTitle);
    await expect(versions.last()).toContainText(firstTitle);
    // "The Lucena position, built step by step.": seven words.
    await expect(versions.last()).toContainText("7 words");
    await versions
      .last()
      .getByRole("button", { name: new RegExp(`^${work.history.restore}`) })
      .click();
    await expect(history).toHaveCount(0);
    await expect(title).toHaveValue(firstTitle);
    await expect(body).not.toContainText("The rook builds a bridge.");
    await expect(toasts).toContainText(work.history.restored.split("{{time}}")[0] as string);
    await ui.pause(work.saveState.saved);
    expect((await stored(page, token, slug)).title).toBe(firstTitle);

    // Someone else saves meanwhile: the autosave does not overwrite it, says so, and keeps the changes here.
    await ui.savedElsewhere(slug, firstTitle);
    const mine = `${firstTitle} (mine)`;
    await title.fill(mine);
    await ui.pause(work.saveState.savedLocally);
    await expect(page.getByRole("alert")).toContainText(work.autosaveConflict);
    expect((await stored(page, token, slug)).content).toContain("Saved in another tab.");
    // Nor does Save as Draft: the server refuses the version the editor loaded, and the editor stays with the changes.
    await page.getByRole("button", { name: editor.saveDraft }).click();
    await expect(page.getByRole("alert")).toContainText(editor.errors.conflict);
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(editPath);
    await expect(page.getByRole("button", { name: editor.saveDraft })).toBeEnabled();
    await expect(title).toHaveValue(mine);
    expect((await stored(page, token, slug)).content).toContain("Saved in another tab.");
    // Reloaded (the browser asks; the admin leaves), the editor has the other version and offers the kept changes.
    acceptLeaving(page);
    await page.reload();
    await expect(body).toContainText("Saved in another tab.");
    await expect(offer).toContainText(ui.offerPrefix);
    await expectAccessibleOnce(page);
    await offer.getByRole("button", { name: work.offer.restore }).click();
    await expect(offer).toHaveCount(0);
    await expect(title).toHaveValue(mine);
    await expect(body).toContainText("The Lucena position");
    await page.getByRole("button", { name: editor.saveDraft }).click();
    await ui.backOnTheList(work.toast.draftSaved);
    await expectAccessibleOnce(page);
    expect((await stored(page, token, slug)).title).toBe(mine);

    // Published.
    await page.goBack();
    await expect(title).toHaveValue(mine);
    await page.getByRole("button", { name: editor.publish, exact: true }).click();
    await ui.backOnTheList(work.toast.published);

    // A published post's changes stay in this browser until Update: nothing goes live on its own.
    await page.goBack();
    await expect(title).toHaveValue(mine);
    const draftTitle = `${mine} — revised`;
    await title.fill(draftTitle);
    await ui.pause(work.saveState.savedLocally);
    const visitor = await page.request.get(`/api/blog/posts/${slug}`);
    expect(((await visitor.json()) as { title: string }).title).toBe(mine);
    // Leaving by the admin's menu asks; leaving without saving drops them.
    await page
      .getByRole("navigation", { name: ui.T.admin.nav.label })
      .getByRole("link", { name: ui.T.admin.nav.posts })
      .click();
    await expect(leaveDialog).toBeVisible();
    await leaveDialog.getByRole("button", { name: work.leave.leave }).click();
    await ui.backOnTheList();
    await page.goBack();
    await expect(title).toHaveValue(mine);
    await expect(offer).toHaveCount(0);
    // Changed again, and the tab closed and opened again (a reload: the browser asks, the admin leaves): the change is
    // offered back, then updated.
    await title.fill(draftTitle);
    await ui.pause(work.saveState.savedLocally);
    await page.reload();
    await expect(title).toHaveValue(mine);
    await expect(offer).toContainText(ui.offerPrefix);
    await offer.getByRole("button", { name: work.offer.restore }).click();
    await expect(title).toHaveValue(draftTitle);
    await expect(saveState).toHaveText(work.saveState.notSaved);
    await page.getByRole("button", { name: editor.update }).click();
    await ui.backOnTheList(work.toast.updated);
    expect(await stored(page, token, slug)).toMatchObject({ title: draftTitle, published: true });

    // Unpublished.
    await page.goBack();
    await expect(title).toHaveValue(draftTitle);
    await page.getByRole("button", { name: editor.unpublish }).click();
    await ui.backOnTheList(work.toast.unpublished);
    expect((await stored(page, token, slug)).published).toBe(false);

    // A new post: nothing typed, nothing asked; typed, kept in this browser until saved.
    const create = page.getByRole("link", { name: ui.T.admin.posts.create });
    await create.click();
    await expect(title).toHaveValue("");
    await expect(saveState).toHaveText("");
    await page.getByRole("link", { name: editor.cancel }).click();
    await ui.backOnTheList();
    await create.click();
    const newTitle = unique("The Philidor position");
    await title.fill(newTitle);
    await body.click();
    await page.keyboard.type("Hold the third rank.");
    await ui.pause(work.saveState.savedLocally);
    await page.getByRole("button", { name: editor.saveDraft }).click();
    await ui.backOnTheList(work.toast.draftSaved);
    await create.click();
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await expect(title).toHaveValue("");
    await expect(offer).toHaveCount(0);
  });

  test("in Arabic: the same work kept, right to left, in Arabic words", async ({ page }) => {
    test.setTimeout(180_000);
    const ui = await setUp(page, "ar");
    const { work, editor, title, body, saveState, toasts, leaveDialog, offer, token } = ui;

    const firstTitle = unique("نهايات الرخ");
    const slug = await ui.createDraft(firstTitle);
    const editPath = `/admin/blog/edit/${slug}`;

    await page.goto(editPath);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(title).toHaveValue(firstTitle);
    await expect(saveState).toHaveText(work.saveState.saved);

    // A change: Cancel asks, in Arabic; Stay keeps it; the pause saves it.
    const secondTitle = `${firstTitle} ٢`;
    await title.fill(secondTitle);
    await expect(saveState).toHaveText(work.saveState.notSaved);
    await page.getByRole("link", { name: editor.cancel }).click();
    await expect(leaveDialog).toBeVisible();
    await expect(leaveDialog).toHaveAccessibleDescription(work.leave.description);
    await expect(leaveDialog.getByRole("button", { name: work.leave.stay })).toBeFocused();
    await expectAccessibleOnce(page);
    await leaveDialog.getByRole("button", { name: work.leave.stay }).click();
    await expect(leaveDialog).toHaveCount(0);
    await ui.pause(work.saveState.saved);
    expect((await stored(page, token, slug)).title).toBe(secondTitle);

    // History in Arabic: the first version, its words counted in Arabic, restored with a toast.
    await page.getByRole("button", { name: work.history.button }).click();
    const history = page.getByRole("dialog", { name: work.history.title });
    const versions = history.getByRole("list", { name: work.history.listLabel }).getByRole("listitem");
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText(work.history.current);
    await expect(versions.last()).toContainText(/(7|٧) كلمات/);
    await expectAccessibleOnce(page);
    await versions
      .last()
      .getByRole("button", { name: new RegExp(`^${work.history.restore}`) })
      .click();
    await expect(title).toHaveValue(firstTitle);
    await expect(toasts).toContainText(work.history.restored.split("{{time}}")[0] as string);
    await ui.pause(work.saveState.saved);

    // Changed elsewhere: the autosave says so in Arabic and keeps the change; after a reload it is offered back.
    await ui.savedElsewhere(slug, firstTitle);
    const mine = `${firstTitle} (تعديلي)`;
    await title.fill(mine);
    await ui.pause(work.saveState.savedLocally);
    await expect(page.getByRole("alert")).toContainText(work.autosaveConflict);
    acceptLeaving(page);
    await page.reload();
    await expect(body).toContainText("Saved in another tab.");
    await expect(offer).toContainText(ui.offerPrefix);
    await expectAccessibleOnce(page);
    await offer.getByRole("button", { name: work.offer.restore }).click();
    await expect(title).toHaveValue(mine);
    await page.getByRole("button", { name: editor.saveDraft }).click();
    await ui.backOnTheList(work.toast.draftSaved);
    expect((await stored(page, token, slug)).title).toBe(mine);

    // Published, then a change kept in this browser that the admin's menu asks about before dropping it.
    await page.goBack();
    await expect(title).toHaveValue(mine);
    await page.getByRole("button", { name: editor.publish, exact: true }).click();
    await ui.backOnTheList(work.toast.published);
    await page.goBack();
    await title.fill(`${mine} — منقّح`);
    await ui.pause(work.saveState.savedLocally);
    await page
      .getByRole("navigation", { name: ui.T.admin.nav.label })
      .getByRole("link", { name: ui.T.admin.nav.posts })
      .click();
    await leaveDialog.getByRole("button", { name: work.leave.leave }).click();
    await ui.backOnTheList();

    // Updated, then unpublished.
    await page.goBack();
    await expect(title).toHaveValue(mine);
    await expect(offer).toHaveCount(0);
    const updated = `${mine} — منقّح`;
    await title.fill(updated);
    await page.getByRole("button", { name: editor.update }).click();
    await ui.backOnTheList(work.toast.updated);
    await page.goBack();
    await expect(title).toHaveValue(updated);
    await page.getByRole("button", { name: editor.unpublish }).click();
    await ui.backOnTheList(work.toast.unpublished);
    expect(await stored(page, token, slug)).toMatchObject({ title: updated, published: false });
  });
});
