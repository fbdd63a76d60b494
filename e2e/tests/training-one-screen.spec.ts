import { Chess } from "chess.js";
import { expectAccessible } from "../axe";
import { expect, type Locator, type Page, test } from "../test";

/**
 * The training screen fits one screen (the issue "Training screen, second version", part "One screen"): on a
 * 1366×768 laptop the board, the task, the feedback and the Hint / Show Answer / Next buttons are all in view with
 * no scrolling; on a 390×844 phone the board starts near the top, the feedback sits right under it, Hint and Next
 * are in a bar fixed to the bottom of the screen, and the opening filter and Go to Puzzle by ID fold into a menu.
 * Measured with the elements' boxes, in English and in Arabic; the boxes are printed so they can be quoted.
 */

type Phase = "opening" | "middlegame" | "endgame";
const MODULES = [
  { id: "middle-game", phase: "middlegame" },
  { id: "endgame", phase: "endgame" },
  { id: "opening", phase: "opening" },
] as const satisfies readonly { id: string; phase: Phase }[];

interface Position {
  id: number;
  fen: string;
  correct_moves: string[];
  solution: string[];
}

const TEXTS = {
  en: {
    moduleTitle: {
      "middle-game": "Middle Game Strategy",
      endgame: "Endgame Essentials",
      opening: "Opening Repertoire",
    },
    hint: "Hint",
    showAnswer: "Show Answer",
    next: "Next",
    controls: "Training controls",
    tools: "Filters",
    filter: "Opening",
    order: "Puzzles",
    puzzleLabel: "Go to Puzzle by ID",
    go: "Go",
    mistake: "This move is not the best in this position. Try to find a stronger continuation.",
    puzzle: (id: number) => `Puzzle #${id}`,
  },
  ar: {
    moduleTitle: {
      "middle-game": "استراتيجية وسط اللعب",
      endgame: "أساسيات النهايات",
      opening: "ذخيرة الافتتاحات",
    },
    hint: "تلميح",
    showAnswer: "أظهر الحل",
    next: "التالي",
    controls: "أزرار التدريب",
    tools: "التصفية",
    filter: "الافتتاح",
    order: "الألغاز",
    puzzleLabel: "انتقل إلى لغز برقمه",
    go: "انتقال",
    mistake: "هذه ليست أفضل نقلة في هذه الوضعية. حاول أن تجد متابعة أقوى.",
    puzzle: (id: number) => `اللغز رقم ${id}`,
  },
} as const;
type Language = keyof typeof TEXTS;

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// ---- The page ---------------------------------------------------------------------------------------------------

const board = (page: Page) => page.locator("[data-slot=board]");
const task = (page: Page) => page.locator("[data-slot=task-panel]");
const feedback = (page: Page) => page.locator("[data-slot=feedback-card]");
const actionBar = (page: Page) => page.locator("[data-slot=action-bar]");
const controls = (page: Page, texts: (typeof TEXTS)[Language]) =>
  page.getByRole("group", { name: texts.controls });

type Box = { x: number; y: number; width: number; height: number };

/** The element's box in page coordinates (the viewport's, at the top of the page), rounded for printing. */
async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator}`);
  return {
    x: Math.round(box.x * 10) / 10,
    y: Math.round(box.y * 10) / 10,
    width: Math.round(box.width * 10) / 10,
    height: Math.round(box.height * 10) / 10,
  };
}

/** Fully inside the viewport: nothing cut at any edge, so nothing needs a scroll to be seen. */
function expectInside(name: string, box: Box, viewport: { width: number; height: number }) {
  expect(box.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${name} ends inside the viewport`).toBeLessThanOrEqual(viewport.height);
}

async function openModule(page: Page, module: (typeof MODULES)[number], language: Language) {
  await page.goto(`/training/${module.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: TEXTS[language].moduleTitle[module.id] }),
  ).toBeVisible();
  await expect(board(page)).toBeVisible();
  await expect(page.locator("[data-slot=task-panel-position]")).not.toBeEmpty();
  // The board is sized once the fonts have set the header's height.
  await page.evaluate(() => document.fonts.ready);
}

/** A legal move that is not correct, preferring a quiet one that neither mates nor promotes. */
function wrongMove(position: Position): string {
  const chess = new Chess(position.fen);
  const san = (move: string) => {
    const coordinate = /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(move);
    return new Chess(position.fen).move(
      coordinate ? { from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] } : move,
    ).san;
  };
  const correct = new Set([...position.correct_moves, ...position.solution.slice(0, 1)].map(san));
  const moves = chess.moves({ verbose: true }).filter((m) => !correct.has(m.san));
  const quiet = moves.find((m) => !m.san.includes("#") && !m.promotion) ?? moves[0];
  if (!quiet) throw new Error(`no wrong move in ${position.fen}`);
  return `${quiet.from}${quiet.to}`;
}

/** Plays a wrong move on the first position of the module and waits for the whole mistake card (its refutation). */
async function playWrongMove(page: Page, phase: Phase, texts: (typeof TEXTS)[Language]) {
  const position = (await (
    await page.request.get(`/api/tactical-positions/phase/${phase}/first`)
  ).json()) as Position;
  const move = wrongMove(position);
  await board(page)
    .locator(`[data-square="${move.slice(0, 2)}"]`)
    .click();
  await board(page)
    .locator(`[data-square="${move.slice(2, 4)}"]`)
    .click();
  await expect(feedback(page)).toContainText(texts.mistake);
  await expect(feedback(page).locator("[data-slot=refutation]")).toHaveAttribute(
    "data-state",
    /^(done|failed)$/,
    {
      timeout: 30_000,
    },
  );
}

// ---- Tests --------------------------------------------------------------------------------------------------------

for (const language of ["en", "ar"] as const) {
  const texts = TEXTS[language];

  test.describe(`one screen at 1366×768 (${language})`, () => {
    test.use({ viewport: LAPTOP });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        (value) => window.localStorage.setItem("chesstrainer.language", value),
        language,
      );
    });

    test("the board, the task, the feedback and Hint / Show Answer / Next are in view without scrolling", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      for (const module of MODULES) {
        await openModule(page, module, language);
        const group = controls(page, texts);
        const boxes: Record<string, Box> = {
          board: await boxOf(board(page)),
          task: await boxOf(task(page)),
          hint: await boxOf(group.getByRole("button", { name: texts.hint, exact: true })),
          showAnswer: await boxOf(group.getByRole("button", { name: texts.showAnswer, exact: true })),
          next: await boxOf(group.getByRole("button", { name: texts.next, exact: true })),
        };
        // The wrong move's card, refutation included, is the feedback at its usual largest.
        if (module.id === "middle-game") {
          await playWrongMove(page, module.phase, texts);
          boxes.feedback = await boxOf(feedback(page));
          boxes.board = await boxOf(board(page));
        }
        console.log(`[one-screen] 1366x768 ${language} /training/${module.id} ${JSON.stringify(boxes)}`);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        for (const [name, box] of Object.entries(boxes)) expectInside(name, box, LAPTOP);
        // The board takes the height the screen gives it, and the panel sits beside it (before it, right to left).
        const board_ = boxes.board as Box;
        const task_ = boxes.task as Box;
        expect(board_.width).toBe(board_.height);
        expect(board_.height).toBeGreaterThanOrEqual(480);
        if (language === "en") expect(task_.x).toBeGreaterThanOrEqual(board_.x + board_.width);
        else expect(task_.x + task_.width).toBeLessThanOrEqual(board_.x);
        // The filter and Go to Puzzle by ID stay on the page (no menu to open on a wide screen).
        await expect(page.getByRole("button", { name: texts.tools, exact: true })).toBeHidden();
        await expect(page.getByLabel(texts.filter, { exact: true })).toBeVisible();
        await expect(page.getByLabel(texts.puzzleLabel)).toBeVisible();
      }
    });
  });

  test.describe(`one screen at 390×844 (${language})`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        (value) => window.localStorage.setItem("chesstrainer.language", value),
        language,
      );
    });

    test("the board starts near the top, the feedback is under it, Hint and Next stay in a bar at the bottom", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const module = MODULES[0];
      await openModule(page, module, language);
      const header = await boxOf(page.locator("[data-slot=nav-bar]"));
      const bar = actionBar(page);
      const group = controls(page, texts);
      const hint = group.getByRole("button", { name: texts.hint, exact: true });
      const next = group.getByRole("button", { name: texts.next, exact: true });
      const showAnswer = group.getByRole("button", { name: texts.showAnswer, exact: true });

      await playWrongMove(page, module.phase, texts);
      const boxes = {
        header: header,
        board: await boxOf(board(page)),
        feedback: await boxOf(feedback(page)),
        bar: await boxOf(bar),
        hint: await boxOf(hint),
        showAnswer: await boxOf(showAnswer),
        next: await boxOf(next),
        task: await boxOf(task(page)),
      };
      console.log(`[one-screen] 390x844 ${language} /training/${module.id} ${JSON.stringify(boxes)}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // The board: under the site's header, near the top, as wide as the screen allows, whole.
      expect(boxes.board.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(boxes.board.y).toBeLessThanOrEqual(200);
      expect(boxes.board.width).toBeGreaterThanOrEqual(PHONE.width - 40);
      expectInside("board", boxes.board, PHONE);
      // The feedback right under the board, above the action bar.
      expect(boxes.feedback.y).toBeGreaterThanOrEqual(boxes.board.y + boxes.board.height);
      expect(boxes.feedback.y - (boxes.board.y + boxes.board.height)).toBeLessThanOrEqual(24);
      expect(boxes.feedback.y + boxes.feedback.height).toBeLessThanOrEqual(boxes.bar.y);
      // The bar at the bottom of the screen with Hint, Show Answer and Next in it.
      expectInside("action bar", boxes.bar, PHONE);
      expect(boxes.bar.y + boxes.bar.height).toBeGreaterThanOrEqual(PHONE.height - 1);
      for (const name of ["hint", "showAnswer", "next"] as const) {
        expectInside(name, boxes[name], PHONE);
        expect(boxes[name].y).toBeGreaterThanOrEqual(boxes.bar.y);
      }

      // Its buttons work: Hint shows the hint card under the feedback, scrolled into view above the bar.
      await hint.click();
      const hintCard = page.locator("[data-slot=hint-card]");
      await expect(hintCard).toBeVisible();
      await expect
        .poll(async () => {
          const card = await boxOf(hintCard);
          return card.y >= 0 && card.y + card.height <= (await boxOf(bar)).y;
        })
        .toBe(true);
      console.log(
        `[one-screen] 390x844 ${language} hint card after Hint ${JSON.stringify(await boxOf(hintCard))}`,
      );

      // The bar stays at the bottom of the screen while the page scrolls.
      await page.evaluate(() => window.scrollBy(0, 600));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const scrolled = await boxOf(bar);
      expect(scrolled.y + scrolled.height).toBeGreaterThanOrEqual(PHONE.height - 1);
      expectInside("action bar after scrolling", scrolled, PHONE);
    });

    test("the opening filter and Go to Puzzle by ID fold into a menu that opens with the keyboard", async ({
      page,
    }) => {
      await openModule(page, MODULES[2], language);
      const toggle = page.getByRole("button", { name: texts.tools, exact: true });
      const filter = page.getByLabel(texts.filter, { exact: true });
      const puzzleId = page.getByLabel(texts.puzzleLabel);
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(filter).toBeHidden();
      await expect(puzzleId).toBeHidden();

      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await expect(menu).toBeVisible();
      await expect(filter).toBeVisible();
      await expect(puzzleId).toBeVisible();
      await expect(page.getByRole("button", { name: texts.go, exact: true })).toBeVisible();
      const boxes = {
        toggle: await boxOf(toggle),
        menu: await boxOf(menu),
        filter: await boxOf(filter),
        puzzleId: await boxOf(puzzleId),
      };
      console.log(`[one-screen] 390x844 ${language} menu open ${JSON.stringify(boxes)}`);
      for (const [name, box] of Object.entries(boxes)) expectInside(name, box, PHONE);
      // The menu's fields come next in the tab order: how puzzles come, then the opening filter.
      await page.keyboard.press("Tab");
      await expect(page.getByLabel(texts.order, { exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(filter).toBeFocused();
      await expectAccessible(page);
      await toggle.press("Space");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(filter).toBeHidden();

      // Go to Puzzle by ID from the menu loads the puzzle and folds the menu away, so the board shows again.
      const position = (await (
        await page.request.get("/api/tactical-positions/phase/opening/first")
      ).json()) as Position;
      await toggle.click();
      await puzzleId.fill(String(position.id));
      await page.getByRole("button", { name: texts.go, exact: true }).click();
      await expect(page.locator("[data-slot=task-panel-position]")).toHaveText(texts.puzzle(position.id));
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(puzzleId).toBeHidden();
      await expect(board(page)).toBeInViewport({ ratio: 1 });
    });
  });
}
