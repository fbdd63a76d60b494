import { readFile } from "node:fs/promises";
import { clickMove, inArabic } from "../puzzles";
import { expect, type Page, test } from "../test";

/**
 * The player's own repertoires (issue 40), kept in this browser. In English: build one by picking a starter line (the
 * Scotch Game's 4...Bc5), add the opponent's 1...c5 and the answer 2.c3 on the board (replacing an answer asks
 * first), drill both lines without a mistake (castling included), and export it: the downloaded PGN nests the new
 * branch. In Arabic: an illegal move refuses the import, naming the move; the PGN with a variation then imports as
 * a Black repertoire, and its main line is learnt with the player's comment.
 */

const status = (page: Page) => page.locator("[data-slot=repertoire-status]");
const editorStatus = (page: Page) => page.locator("[data-slot=repertoire-editor-status]");
const editorBoard = (page: Page) => page.locator("[data-slot=repertoire-editor-board]");

/** The Scotch Game's 4...Bc5 line (content/repertoires/scotch-game.pgn), White's moves. */
const CLASSICAL =
  "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 f8c5 d4c6 d8f6 d1d2 d7c6 b1c3 c8e6 c3a4 a8d8 f1d3 c5d4 e1g1 g8e7 c2c3"
    .split(" ")
    .filter((_, ply) => ply % 2 === 0);

test("my repertoires: pick a starter line, add a branch on the board, drill it, export the PGN", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto("/training/repertoire");
  await page.getByRole("button", { name: "New repertoire" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("My open games");
  await page.locator("[data-starter=scotch-game]").getByRole("button", { name: "4...Bc5" }).click();
  await page.getByRole("button", { name: "Create" }).click();

  // The editor: the picked line, then 1...c5 (the opponent's, a new branch) and 2.c3 (the answer) on the board.
  await expect(page).toHaveURL(/\/training\/repertoire\/mine\/[a-z0-9]+\?mode=edit$/);
  await expect(editorBoard(page)).toHaveAttribute("data-moves", "21");
  await page.getByRole("button", { name: "1.e4", exact: true }).click();
  await expect(editorStatus(page)).toContainText("Your opponent's move");
  await clickMove(page, "c7c5");
  await expect(editorStatus(page)).toContainText("1...c5");
  await clickMove(page, "c2c3");
  await expect(editorStatus(page)).toContainText("2.c3");
  await expect(editorBoard(page)).toHaveAttribute("data-moves", "23");
  // Another answer in the same position asks before replacing 2.c3; Keep leaves it.
  await page.getByRole("button", { name: "1...c5", exact: true }).click();
  await clickMove(page, "d2d4");
  await expect(page.getByRole("alertdialog")).toContainText("2.c3");
  await page.getByRole("button", { name: /Keep/ }).click();
  await expect(editorBoard(page)).toHaveAttribute("data-moves", "23");

  // Drill: both lines, the picked one first (castling on move 10), the new branch after it.
  await page.getByRole("link", { name: "Drill", exact: true }).click();
  await expect(page).toHaveURL(/\?mode=drill$/);
  for (const move of CLASSICAL) await clickMove(page, move);
  await clickMove(page, "e2e4");
  await clickMove(page, "c2c3");
  await expect(status(page)).toHaveText("Session complete: 2 of 2 lines played without a mistake.");

  // Export from the list: one game, the new branch nested as a variation.
  await page.getByRole("link", { name: "All repertoires" }).click();
  await expect(page.locator("[data-slot=my-repertoire-figures]")).toHaveText(
    "2 lines · Lines learnt: 2 of 2",
  );
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export PGN: My open games" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("my-open-games.pgn");
  const pgn = await readFile((await file.path()) as string, "utf8");
  expect(pgn).toContain('[Event "My open games"]');
  expect(pgn).toContain('[Repertoire "White"]');
  expect(pgn).toContain("( 1... c5 2. c3 )");
  expect(pgn).toContain("10. O-O");
});

test("my repertoires in Arabic: an illegal move refuses the import, a PGN with a variation imports and is learnt", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await inArabic(page);
  await page.goto("/training/repertoire");
  await page.getByRole("button", { name: "استيراد PGN" }).click();
  await page.getByRole("textbox", { name: "الاسم" }).fill("صقليّتي");
  await page.getByRole("radio", { name: "الأسود" }).click();
  const text = page.getByRole("textbox", { name: "أو الصق نص PGN" });
  await text.fill("1. e4 c5 2. Nf3 d6 3. Ke3 *");
  await page.getByRole("button", { name: "استورد" }).click();
  await expect(page.getByRole("alert")).toContainText("3.Ke3");
  await expect(page.getByRole("alert")).toContainText("لم يُستورد شيء");
  await expect(page.locator("[data-repertoire]")).toHaveCount(0);

  await text.fill("1. e4 c5 2. Nf3 {طوّر الحصان.} (2. c3 d5) 2... d6 *");
  await page.getByRole("button", { name: "استورد" }).click();
  await expect(page).toHaveURL(/\/training\/repertoire\/mine\/[a-z0-9]+\?mode=edit$/);
  await expect(page.locator("[data-slot=repertoire-branch]")).toHaveCount(1);

  // Learn the main line: the opponent's moves with Next, the player's on the board, the comment on the way.
  await page.getByRole("link", { name: "تعلّم", exact: true }).click();
  await expect(page).toHaveURL(/\?mode=learn$/);
  const next = page.getByRole("button", { name: "التالي" });
  await next.click();
  await clickMove(page, "c7c5");
  // 2.Nf3's comment shows while it is the move to play.
  await expect(page.locator("[data-slot=repertoire-idea]")).toContainText("طوّر الحصان.");
  await next.click();
  await clickMove(page, "d7d6");
  await expect(status(page)).toHaveText("تعلّمت هذا الخط. تمرّن عليه لتثبّته في ذاكرتك.");
  await page.getByRole("link", { name: "كل الذخائر" }).click();
  await expect(page.locator("[data-slot=my-repertoire-figures]")).toContainText("الخطوط المتعلَّمة: 1 من 2");
});
