import { Chess } from "chess.js";
import { expectAccessible } from "../axe";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../test";

/**
 * The trainer's board against the real server and its library: an under-promotion solved by mouse, drag, touch
 * and keyboard; a wrong move's refutation that the player's next move interrupts; the player's board settings.
 */

interface Position {
  id: number;
  fen: string;
  solution: string[];
  correct_moves: string[];
}

const TEXTS = {
  en: {
    language: "en",
    puzzleLabel: "Go to Puzzle by ID",
    go: "Go",
    loaded: (id: number) => `Loaded puzzle #${id}`,
    promotion: "Promote the pawn to",
    choices: ["Black queen", "Black knight", "Black rook", "Black bishop"],
    correct: "Excellent! This is the correct move. Click Next when you are ready to continue.",
    helped: "Solved, with help. Click Next when you are ready to continue.",
    mistake: "This move is not the best in this position. Try to find a stronger continuation.",
    showCoordinates: "Show coordinates",
    showLegalMoves: "Show legal moves",
  },
  ar: {
    language: "ar",
    puzzleLabel: "انتقل إلى لغز برقمه",
    go: "انتقال",
    loaded: (id: number) => `حُمّل اللغز رقم ${id}`,
    promotion: "رقِّ البيدق إلى",
    choices: ["وزير أسود", "حصان أسود", "رخ أسود", "فيل أسود"],
    correct: "ممتاز! هذه هي النقلة الصحيحة. اضغط «التالي» عندما تكون مستعدًا للمتابعة.",
    helped: "حُلّت بمساعدة. اضغط «التالي» عندما تكون مستعدًا للمتابعة.",
    mistake: "هذه ليست أفضل نقلة في هذه الوضعية. حاول أن تجد متابعة أقوى.",
    showCoordinates: "إظهار الإحداثيات",
    showLegalMoves: "إظهار النقلات القانونية",
  },
};
type Texts = (typeof TEXTS)["en"] | (typeof TEXTS)["ar"];

const LANGUAGE_KEY = "chesstrainer.language";

/**
 * The library's under-promotions (stored on first start): #9580, 54... d2 55. Kc3 d1=N+ (a knight, with check), and
 * the seed trap #23, 7... fxg1=N+ (Lasker's trap). The test checks they still are what it expects.
 */
const KNIGHT_LINE = { id: 9580, line: ["d3d2", "d4c3", "d2d1n"] };
const LASKER_TRAP = { id: 23, line: ["f2g1n"] };

async function position(request: APIRequestContext, id: number): Promise<Position> {
  const response = await request.get(`/api/tactical-positions/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Position;
}

const board = (page: Page): Locator => page.locator("[data-slot=board]");
const square = (page: Page, name: string): Locator => board(page).locator(`[data-square="${name}"]`);
const feedback = (page: Page) => page.locator("[data-slot=feedback-card]");
const moveList = (page: Page) => page.locator("[data-slot=move-list] li");
const picker = (page: Page, texts: Texts) => page.getByRole("group", { name: texts.promotion });

/** Opens a puzzle of a module by its id with the trainer's "Go to Puzzle by ID" box, in the texts' language. */
async function openPuzzle(page: Page, texts: Texts, module: string, id: number) {
  if (texts.language === "ar")
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
  await page.goto(`/training/${module}`);
  // On a phone the box is among the trainer's tools, folded under a button.
  await expect(board(page)).toBeVisible();
  const tools = page.locator("[data-slot=training-tools-toggle]");
  if (await tools.isVisible()) await tools.click();
  await page.getByLabel(texts.puzzleLabel).fill(String(id));
  await page.getByRole("button", { name: texts.go, exact: true }).click();
  // (On a phone the tools fold away again, with the message.)
  await expect(page.getByText(texts.loaded(id))).toBeAttached();
  await expect(board(page)).toHaveAttribute("data-interactive", "true");
}

/** Drags the piece on one square to another with the mouse. */
async function dragMove(page: Page, from: string, to: string) {
  // The piece at rest on its square (a new puzzle's position slides in): a drag that starts mid-slide picks nothing.
  const piece = square(page, from).locator("[role=img][aria-label]");
  await expect(async () => {
    const [on, at] = await Promise.all([piece.boundingBox(), square(page, from).boundingBox()]);
    expect(on && at && Math.abs(on.x + on.width / 2 - (at.x + at.width / 2)) < 2).toBe(true);
    expect(on && at && Math.abs(on.y + on.height / 2 - (at.y + at.height / 2)) < 2).toBe(true);
  }).toPass({ intervals: [100, 250, 500] });
  const a = await square(page, from).boundingBox();
  const b = await square(page, to).boundingBox();
  if (!a || !b) throw new Error("squares not on view");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Moves the board's keyboard focus to a square with the arrow keys, reading where it is from its live region. */
async function keyTo(page: Page, target: string) {
  const status = board(page).locator("[data-slot=board-status]");
  const announced = async () => ((await status.textContent()) ?? "").split(",")[0]?.trim() ?? "";
  // After another announcement (a cancelled choice), one step makes the board say where its focus is.
  if (!/^[a-h][1-8]$/.test(await announced())) {
    await page.keyboard.press("ArrowLeft");
    await expect(status).toHaveText(/^[a-h][1-8],/);
  }
  const current = await announced();
  if (!/^[a-h][1-8]$/.test(current)) throw new Error(`the board announced "${current}"`);
  const black = (await board(page).getAttribute("data-orientation")) === "black";
  const files = target.charCodeAt(0) - current.charCodeAt(0);
  const ranks = Number(target[1]) - Number(current[1]);
  const right = black ? -files : files;
  const up = black ? -ranks : ranks;
  for (let i = 0; i < Math.abs(right); i += 1)
    await page.keyboard.press(right > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(up); i += 1) await page.keyboard.press(up > 0 ? "ArrowUp" : "ArrowDown");
  await expect(status).toContainText(target);
}

test.describe("promotion: the player chooses the piece", () => {
  test("an under-promotion to a knight, by drag and by click, in English", async ({ page }) => {
    const texts = TEXTS.en;
    const puzzle = await position(page.request, KNIGHT_LINE.id);
    expect(puzzle.solution).toEqual(KNIGHT_LINE.line);
    await openPuzzle(page, texts, "endgame", KNIGHT_LINE.id);
    await expect(board(page)).toHaveAttribute("data-orientation", "black");

    await dragMove(page, "d3", "d2");
    // The opponent's reply, Kc3; then the pawn goes to d1 and the board asks which piece it becomes.
    await expect(moveList(page)).toHaveCount(2);
    await expect(board(page)).toHaveAttribute("data-interactive", "true");
    await square(page, "d2").click();
    await square(page, "d1").click();
    const choices = picker(page, texts).getByRole("button");
    await expect(choices.nth(0)).toHaveAccessibleName(texts.choices[0] ?? "");
    await expect(choices.nth(0)).toBeFocused();
    expect(await Promise.all([0, 1, 2, 3].map((i) => choices.nth(i).getAttribute("aria-label")))).toEqual(
      texts.choices,
    );
    // Over the promotion square: the board is seen from Black's side, so d1 is on the top row and the queen on it.
    const queenBox = await choices.nth(0).boundingBox();
    const d1 = await square(page, "d1").boundingBox();
    expect(queenBox && d1 && Math.abs(queenBox.y - d1.y) < 2 && Math.abs(queenBox.x - d1.x) < 2).toBe(true);
    await expectAccessible(page);
    // A press on the dimmed board cancels the move: nothing is played, the pawn is back on d2.
    const h8 = await square(page, "h8").boundingBox();
    if (!h8) throw new Error("h8 not on view");
    await page.mouse.click(h8.x + h8.width / 2, h8.y + h8.height / 2);
    await expect(picker(page, texts)).toHaveCount(0);
    await expect(feedback(page)).not.toContainText(texts.mistake);
    await expect(moveList(page)).toHaveCount(2);

    await square(page, "d2").click();
    await square(page, "d1").click();
    await picker(page, texts)
      .getByRole("button", { name: texts.choices[1] ?? "" })
      .click();
    await expect(feedback(page)).toContainText(texts.correct);
    await expect(moveList(page).nth(2)).toContainText("d1=N+");
  });

  test("an under-promotion to a knight from the keyboard, in Arabic", async ({ page }) => {
    const texts = TEXTS.ar;
    const puzzle = await position(page.request, LASKER_TRAP.id);
    expect(puzzle.solution).toEqual(LASKER_TRAP.line);
    await openPuzzle(page, texts, "opening", LASKER_TRAP.id);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    await board(page).focus();
    await keyTo(page, "f2");
    await page.keyboard.press("Enter");
    await keyTo(page, "g1");
    await page.keyboard.press("Enter");
    const choices = picker(page, texts).getByRole("button");
    await expect(choices.nth(0)).toBeFocused();
    await expect(choices.nth(0)).toHaveAccessibleName(texts.choices[0] ?? "");
    await expectAccessible(page);
    // Escape cancels the move and gives the board its focus back.
    await page.keyboard.press("Escape");
    await expect(picker(page, texts)).toHaveCount(0);
    await expect(board(page)).toBeFocused();
    await expect(moveList(page)).toHaveCount(0);

    await keyTo(page, "f2");
    await page.keyboard.press("Enter");
    await keyTo(page, "g1");
    await page.keyboard.press("Enter");
    await expect(choices.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(choices.nth(1)).toBeFocused();
    await expect(choices.nth(1)).toHaveAccessibleName(texts.choices[1] ?? "");
    await page.keyboard.press("Enter");
    await expect(feedback(page)).toContainText(texts.correct);
    await expect(moveList(page).nth(0)).toContainText("fxg1=N+");
  });
});

test.describe("promotion on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("an under-promotion to a knight by touch, in Arabic", async ({ page }) => {
    const texts = TEXTS.ar;
    await openPuzzle(page, texts, "endgame", KNIGHT_LINE.id);
    await square(page, "d3").tap();
    await square(page, "d2").tap();
    await expect(moveList(page)).toHaveCount(2);
    await expect(board(page)).toHaveAttribute("data-interactive", "true");
    await square(page, "d2").tap();
    await square(page, "d1").tap();
    await picker(page, texts)
      .getByRole("button", { name: texts.choices[1] ?? "" })
      .tap();
    await expect(feedback(page)).toContainText(texts.correct);
    await expect(moveList(page).nth(2)).toContainText("d1=N+");
  });
});

/** A one-move puzzle of the opening module and a quiet wrong move in it. */
async function oneMovePuzzle(request: APIRequestContext): Promise<{ puzzle: Position; right: string }> {
  const response = await request.get("/api/tactical-positions/phase/opening?per_page=200");
  const list = (await response.json()) as Position[];
  const puzzle = list.find(
    (p) => p.solution.length === 1 && /^[a-h][1-8][a-h][1-8]$/.test(p.solution[0] ?? ""),
  );
  if (!puzzle) throw new Error("no one-move puzzle in the opening module");
  return { puzzle, right: puzzle.solution[0] ?? "" };
}

for (const language of ["en", "ar"] as const) {
  test(`a wrong move's refutation gives way to the player's next move at once (${language})`, async ({
    page,
  }) => {
    const texts = TEXTS[language];
    const { puzzle, right } = await oneMovePuzzle(page.request);
    await openPuzzle(page, texts, "opening", puzzle.id);
    const before = await board(page).getAttribute("data-fen");
    // A wrong move: a quiet legal move of another piece than the right one's.
    const correct = new Set([...puzzle.correct_moves, ...puzzle.solution]);
    const wrong = new Chess(puzzle.fen)
      .moves({ verbose: true })
      .find(
        (m) =>
          m.from !== right.slice(0, 2) &&
          !correct.has(`${m.from}${m.to}`) &&
          !correct.has(m.san) &&
          !m.promotion &&
          !m.san.includes("#"),
      );
    if (!wrong) throw new Error(`no wrong move in ${puzzle.fen}`);
    await square(page, wrong.from).click();
    await square(page, wrong.to).click();
    await expect(feedback(page)).toContainText(texts.mistake);
    // The wrong move (and then the engine's reply) is on the board, and the board takes moves meanwhile.
    await expect(board(page)).toHaveAttribute("data-mistake", /^(move|reply)$/);
    await expect(board(page)).not.toHaveAttribute("data-fen", before ?? "");
    await expect(board(page)).toHaveAttribute("data-interactive", "true");
    // The player's click ends the replay at once, and the click-click is the move.
    await square(page, right.slice(0, 2)).click();
    await expect(board(page)).not.toHaveAttribute("data-mistake", /./, { timeout: 1_000 });
    await expect(board(page)).toHaveAttribute("data-fen", before ?? "");
    await square(page, right.slice(2, 4)).click();
    await expect(feedback(page)).toContainText(texts.helped);
    await expect(moveList(page)).toHaveCount(1);
  });
}

test("the trainer's board follows the player's board settings", async ({ page }) => {
  const texts = TEXTS.en;
  await page.goto("/move-highlighting");
  await page.getByRole("switch", { name: texts.showCoordinates }).click();
  await page.getByRole("switch", { name: texts.showLegalMoves }).click();
  await expect(page.getByRole("switch", { name: texts.showCoordinates })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  const { puzzle, right } = await oneMovePuzzle(page.request);
  await openPuzzle(page, texts, "opening", puzzle.id);
  // No coordinates on the edge squares, and no dots on a picked-up piece's targets.
  await expect(square(page, "a1")).not.toContainText(/[a-h1-8]/);
  await expect(square(page, "h8")).not.toContainText(/[a-h1-8]/);
  await square(page, right.slice(0, 2)).click();
  const target = square(page, right.slice(2, 4)).locator(":scope > div").first();
  await expect(square(page, right.slice(0, 2)).locator(":scope > div").first()).toHaveAttribute(
    "style",
    /255, 255, 0, 0\.65/,
  );
  await expect(target).not.toHaveAttribute("style", /radial-gradient/);
  // Back on the demo page, the switches are as the player left them.
  await page.goto("/move-highlighting");
  await expect(page.getByRole("switch", { name: texts.showCoordinates })).toHaveAttribute(
    "aria-checked",
    "false",
  );
});
