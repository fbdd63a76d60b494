import { clickMove, inArabic } from "../puzzles";
import { expect, type Page, test } from "../test";

/**
 * The Opening Repertoire (issue 40) as a learner meets it: from the module list to the Scotch Game, Learn its main
 * line (the first move on the board, the rest with Next, the key moves' ideas shown), then Drill it with one deliberate
 * mistake: the repertoire move and its idea are shown, and the line comes back later in the same session, where a clean
 * play ends it. Progress is kept in the browser. In English, then in Arabic.
 */

/** The Scotch Game's main line (content/repertoires/scotch-game.pgn), White's moves and Black's replies. */
const LINE =
  "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6 d4c6 b7c6 e4e5 d8e7 d1e2 f6d5 c2c4 c8a6 b2b3 g7g6 f2f4".split(" ");
const WHITE_MOVES = LINE.filter((_, ply) => ply % 2 === 0);

interface Texts {
  moduleLink: string;
  title: string;
  learn: string;
  learnFirst: string;
  next: string;
  idea: string;
  learnt: string;
  drillLine: string;
  wrong: string;
  later: string;
  continue: string;
  remaining: string;
  done: string;
  progress: string;
}

const EN: Texts = {
  moduleLink: "Opening lines: learn and drill a repertoire",
  title: "Opening Repertoire",
  learn: "Learn Scotch Game",
  learnFirst: "Your move: play \u2066e4\u2069 on the board, or press Next.",
  next: "Next",
  idea: "Open the centre at once.",
  learnt: "Line learnt. Drill it to fix it in memory.",
  drillLine: "Drill this line",
  wrong: "\u2066Bc4\u2069 is not your repertoire move. The repertoire plays \u2066d4\u2069.",
  later: "This line comes back later in this session.",
  continue: "Continue",
  remaining: "Lines left in this session: 1",
  done: "Session complete: 1 of 2 lines played without a mistake.",
  progress: "Lines learnt: 1 of 2",
};

const AR: Texts = {
  moduleLink: "خطوط الافتتاح: تعلّم ذخيرتك وتمرّن عليها",
  title: "ذخيرة الافتتاحات",
  learn: "تعلّم اللعبة الاسكتلندية",
  learnFirst: "دورك: العب \u2066e4\u2069 على الرقعة، أو اضغط «التالي».",
  next: "التالي",
  idea: "فتح المركز فورًا.",
  learnt: "تعلّمت هذا الخط. تمرّن عليه لتثبّته في ذاكرتك.",
  drillLine: "تمرّن على هذا الخط",
  wrong: "النقلة \u2066Bc4\u2069 ليست نقلة ذخيرتك. نقلة الذخيرة هي \u2066d4\u2069.",
  later: "سيعود هذا الخط لاحقًا في هذه الجلسة.",
  continue: "تابع",
  remaining: "الخطوط الباقية في هذه الجلسة: 1",
  done: "انتهت الجلسة: 1 من 2 بلا خطأ.",
  progress: "الخطوط المتعلَّمة: 1 من 2",
};

const status = (page: Page) => page.locator("[data-slot=repertoire-status]");
const trainerBoard = (page: Page) => page.locator("[data-slot=repertoire-board]");

async function journey(page: Page, texts: Texts) {
  await page.goto("/training");
  await page.getByRole("link", { name: texts.moduleLink }).click();
  await expect(page).toHaveURL(/\/training\/repertoire$/);
  await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();

  // Learn: the first move on the board, the others with Next; the key moves' ideas on the way. The list is drawn
  // again once the openings' line counts are read (a press that starts on a link and ends on its redrawn copy is no
  // click: seen once in CI's Arabic run), so the press waits for the counts.
  await expect(page.locator("[data-opening=scotch-game] [data-slot=repertoire-progress]")).toHaveText(/\S/);
  await page.getByRole("link", { name: texts.learn }).click();
  await expect(page).toHaveURL(/\/training\/repertoire\/scotch-game\?mode=learn$/);
  await expect(status(page)).toHaveText(texts.learnFirst);
  await clickMove(page, "e2e4");
  await expect(trainerBoard(page)).toHaveAttribute("data-played", "1");
  const next = page.getByRole("button", { name: texts.next });
  for (let ply = 1; ply < LINE.length; ply += 1) {
    await next.click();
    await expect(trainerBoard(page)).toHaveAttribute("data-played", String(ply + 1));
    // 3.d4's idea shows while it is the move to play.
    if (ply === 3) await expect(page.locator("[data-slot=repertoire-idea]")).toContainText(texts.idea);
  }
  await expect(status(page)).toHaveText(texts.learnt);
  await page.getByRole("button", { name: texts.drillLine }).click();
  await expect(page).toHaveURL(/\/training\/repertoire\/scotch-game\?mode=drill&line=0$/);

  // Drill: two right moves, then 3.Bc4?: the repertoire's 3.d4 and its idea are shown.
  await clickMove(page, "e2e4");
  await clickMove(page, "g1f3");
  await clickMove(page, "f1c4");
  await expect(status(page)).toHaveAttribute("data-tone", "failure");
  await expect(status(page)).toContainText(texts.wrong);
  await expect(status(page)).toContainText(texts.later);
  await expect(page.locator("[data-slot=repertoire-idea]")).toContainText(texts.idea);
  await page.getByRole("button", { name: texts.continue }).click();
  for (const move of WHITE_MOVES.slice(3)) await clickMove(page, move);

  // The line comes back in the same session, from its first move; played cleanly it ends the session.
  await expect(trainerBoard(page)).toHaveAttribute("data-results", "scotch-game/0:missed");
  await expect(trainerBoard(page)).toHaveAttribute("data-played", "0");
  await expect(page.locator("[data-slot=repertoire-remaining]")).toHaveText(texts.remaining);
  for (const move of WHITE_MOVES) await clickMove(page, move);
  await expect(status(page)).toHaveAttribute("data-tone", "success");
  await expect(status(page)).toHaveText(texts.done);
  await expect(trainerBoard(page)).toHaveAttribute(
    "data-results",
    "scotch-game/0:missed scotch-game/0:clean",
  );

  // The list shows the line learnt, kept in this browser.
  await page.getByRole("link", { name: texts.title === EN.title ? "All openings" : "كل الافتتاحات" }).click();
  await expect(page.locator("[data-opening=scotch-game] [data-slot=repertoire-progress]")).toContainText(
    texts.progress,
  );
}

test("the opening repertoire: learn the Scotch Game's main line, drill it with a mistake that comes back later in the session", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await journey(page, EN);
});

test("the opening repertoire in Arabic: learn and drill a line, the mistake's repertoire move and idea, the line again", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await inArabic(page);
  await journey(page, AR);
});
