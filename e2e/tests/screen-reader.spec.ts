import { Chess, type Move } from "chess.js";
import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { type BoardWords, moveWords, squareWords } from "../../packages/ui/src/accessible-board/speech";
import { expectAccessible } from "../axe";
import { inArabic, type Puzzle } from "../puzzles";
import { type APIRequestContext, expect, type Page, test } from "../test";

/**
 * The trainer's screen-reader mode (issue 42), as a blind player uses it: the skip link turns it on and puts the
 * focus on the board's grid; a puzzle is solved with the keyboard alone, finding the squares by their names; the
 * live region says the move in words, the opponent's reply and the success. Once in English (a line with a reply,
 * and an ARIA snapshot of the first rank), once shorter in Arabic.
 */

const COORDINATE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/** The puzzle's line as moves played from its position (coordinates and standard notation both read). */
function lineOf(position: Puzzle) {
  const chess = new Chess(position.fen);
  const line = position.solution.length > 0 ? position.solution : [position.correct_moves[0] ?? ""];
  return line.map((text) =>
    chess.move(
      COORDINATE.test(text)
        ? { from: text.slice(0, 2), to: text.slice(2, 4), promotion: text[4] ?? "q" }
        : text,
    ),
  );
}

/** A middle-game puzzle whose line has the given number of moves and no promotion. */
async function puzzleWith(request: APIRequestContext, plies: number): Promise<Puzzle> {
  const response = await request.get("/api/tactical-positions/phase/middlegame?per_page=200");
  const list = (await response.json()) as Puzzle[];
  const found = list.find((p) => {
    try {
      const line = lineOf(p);
      return line.length === plies && line.every((move) => !move.promotion);
    } catch {
      return false;
    }
  });
  if (!found) throw new Error(`no middle-game puzzle of ${plies} moves`);
  return found;
}

const grid = (page: Page) => page.locator("[data-slot=accessible-board] [role=grid]");
const said = (page: Page) => page.locator("[data-slot=screen-reader-announcements]");

/** Moves the grid's focus to a square with the arrow keys, as the board is seen, then presses Enter there. */
async function pressSquare(page: Page, target: string, words: BoardWords, piece: string | undefined) {
  const current = await page.evaluate(
    () => (document.activeElement as HTMLElement | null)?.dataset.square ?? "",
  );
  expect(current).toMatch(/^[a-h][1-8]$/);
  const black = (await grid(page).getAttribute("data-orientation")) === "black";
  const files = target.charCodeAt(0) - current.charCodeAt(0);
  const ranks = Number(target[1]) - Number(current[1]);
  const right = black ? -files : files;
  const up = black ? -ranks : ranks;
  for (let i = 0; i < Math.abs(right); i += 1)
    await page.keyboard.press(right > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(up); i += 1) await page.keyboard.press(up > 0 ? "ArrowUp" : "ArrowDown");
  // The square is found by its accessible name, as a screen reader says it.
  await expect(
    grid(page).getByRole("button", { name: squareWords(target, piece, words), exact: true }),
  ).toBeFocused();
  await page.keyboard.press("Enter");
}

/**
 * Plays the player's moves of the line in the grid, waiting for each reply; `heard` names what the live region must
 * say after each move of the line (the region keeps its last lines only, so each is checked as it comes).
 */
async function solve(page: Page, position: Puzzle, words: BoardWords, heard: (move: Move) => string) {
  const line = lineOf(position);
  const pieces = new Chess(position.fen);
  for (const [ply, move] of line.entries()) {
    if (ply % 2 === 0) {
      const piece = pieces.get(move.from as never);
      await pressSquare(
        page,
        move.from,
        words,
        piece ? `${piece.color}${piece.type.toUpperCase()}` : undefined,
      );
      const target = pieces.get(move.to as never);
      await pressSquare(
        page,
        move.to,
        words,
        target ? `${target.color}${target.type.toUpperCase()}` : undefined,
      );
    } else {
      // The opponent's reply is on the grid before the player's next move.
      await expect(grid(page).locator(`[data-square=${move.to}]`)).toHaveAttribute(
        "data-piece",
        `${move.color}${move.piece.toUpperCase()}`,
      );
    }
    pieces.move(move.san);
    await expect(said(page)).toContainText(heard(move));
  }
  return line;
}

test.describe("screen-reader mode", () => {
  test("English: the skip link, a line solved by keyboard in the grid, its announcements", async ({
    page,
    request,
  }) => {
    const words = en.board.screenReader.words as BoardWords;
    const position = await puzzleWith(request, 3);
    await page.goto(`/training/middle-game?puzzle=${position.id}&order=sequence`);
    await expect(page.locator("[data-slot=board]")).toBeVisible();

    const skip = page.getByRole("button", { name: en.board.screenReader.skipLink });
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(grid(page)).toBeVisible();
    await expect(page.locator("[data-slot=board]")).toHaveCount(0);
    await expect(grid(page)).toHaveAccessibleDescription(en.board.screenReader.instructions);
    await expect(grid(page).locator("[tabindex='0']")).toBeFocused();

    // The rank nearest the player, read from the left as the player sees it.
    const chess = new Chess(position.fen);
    const black = chess.turn() === "b";
    const rank = black ? 8 : 1;
    const files = black ? [..."hgfedcba"] : [..."abcdefgh"];
    const names = files.map((file) => {
      const piece = chess.get(`${file}${rank}` as never);
      return squareWords(
        `${file}${rank}`,
        piece ? `${piece.color}${piece.type.toUpperCase()}` : undefined,
        words,
      );
    });
    await expect(grid(page).getByRole("row").last()).toMatchAriaSnapshot(
      `- row "Rank ${rank}":\n${names.map((name) => `  - gridcell "${name}":\n    - button "${name}"`).join("\n")}`,
    );

    const line = await solve(page, position, words, (move) =>
      move.color === chess.turn()
        ? `You played ${moveWords(move.san, words)}.`
        : `Opponent played ${moveWords(move.san, words)}.`,
    );
    const last = moveWords(line.at(-1)?.san ?? "", words);
    await expect(said(page)).toContainText(en.training.feedback.correct);
    await expect(said(page)).toContainText("Explanation:");
    // The last move is read again on request.
    await page.keyboard.press("l");
    await expect(said(page)).toContainText(`Last move: ${last}`);

    // The mode is remembered: a reload shows the grid again, and it turns off from its button.
    await page.reload();
    await expect(grid(page)).toBeVisible();
    await page.getByRole("button", { name: en.board.screenReader.turnOff }).click();
    await expect(page.locator("[data-slot=board]")).toBeVisible();
  });

  test("Arabic: a one-move puzzle solved in the grid, announced in Arabic", async ({ page, request }) => {
    await inArabic(page);
    const words = ar.board.screenReader.words as BoardWords;
    const position = await puzzleWith(request, 1);
    await page.goto(`/training/middle-game?puzzle=${position.id}&order=sequence`);
    await expect(page.locator("[data-slot=board]")).toBeVisible();
    const skip = page.getByRole("button", { name: ar.board.screenReader.skipLink });
    await skip.focus();
    await page.keyboard.press("Enter");
    await expect(grid(page).locator("[tabindex='0']")).toBeFocused();
    await expect(grid(page)).toHaveAccessibleDescription(ar.board.screenReader.instructions);
    // The accessibility tree in Arabic: the rank nearest the player, its squares named in Arabic, read from the
    // player's left (the grid keeps the board's a→h order for White in a right-to-left page too).
    const chess = new Chess(position.fen);
    const black = chess.turn() === "b";
    const rank = black ? 8 : 1;
    const names = [...(black ? "hgfedcba" : "abcdefgh")].map((file) => {
      const piece = chess.get(`${file}${rank}` as never);
      return squareWords(
        `${file}${rank}`,
        piece ? `${piece.color}${piece.type.toUpperCase()}` : undefined,
        words,
      );
    });
    await expect(grid(page).getByRole("row").last()).toMatchAriaSnapshot(
      `- row "${ar.board.screenReader.rankName.replace("{rank}", String(rank))}":\n${names.map((name) => `  - gridcell "${name}":\n    - button "${name}"`).join("\n")}`,
    );
    await solve(page, position, words, (move) => `لعبتَ ${moveWords(move.san, words)}.`);
    await expect(said(page)).toContainText(ar.training.feedback.correct);
  });
});

/**
 * The mode on the other boards (issue 42: every interactive board), through the shared board they all use: Puzzle
 * Storm in English (a puzzle solved in the grid, the player's move, the reply and the verdict said), position setup's
 * practice in Arabic (both sides' moves are the player's, said in Arabic).
 */
test.describe("screen-reader mode on the other boards", () => {
  /** Presses a square of the grid from the keyboard (the focus put on it, as the arrow keys would). */
  async function pressGridSquare(page: Page, name: string) {
    const button = grid(page).locator(`[data-square=${name}]`);
    await button.focus();
    await page.keyboard.press("Enter");
  }

  /** Plays a coordinate move in the grid, choosing the piece (with the keyboard) when it promotes. */
  async function gridMove(page: Page, uci: string) {
    await pressGridSquare(page, uci.slice(0, 2));
    await pressGridSquare(page, uci.slice(2, 4));
    if (uci.length === 5) {
      const choice = page.locator(`[data-slot=accessible-promotion] [data-piece=${uci[4]}]`);
      await choice.focus();
      await page.keyboard.press("Enter");
    }
  }

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("chesstrainer.screenReader", "1"));
  });

  test("English: Puzzle Storm's first puzzle solved in the grid, its moves and verdict said", async ({
    page,
  }) => {
    const words = en.board.screenReader.words as BoardWords;
    const loaded = page.waitForResponse((response) => response.url().endsWith("/api/storm/run"));
    await page.goto("/training/storm");
    const { puzzles } = (await (await loaded).json()) as {
      puzzles: { id: number; fen: string; solution: string[] }[];
    };
    await page.getByRole("button", { name: "Start", exact: true }).click();
    const puzzle = puzzles[0];
    if (!puzzle) throw new Error("no puzzle");
    await expect(grid(page)).toBeVisible();
    await expect(page.locator("[data-slot=board]")).toHaveCount(0);
    await expect(grid(page)).toHaveAccessibleDescription(en.board.screenReader.instructions);
    const side = puzzle.fen.split(" ")[1] === "b" ? "Black" : "White";
    await expect(said(page)).toContainText(`You play ${side}`);
    const chess = new Chess(puzzle.fen);
    for (const [ply, uci] of puzzle.solution.entries()) {
      const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] ?? "q" });
      const spoken = moveWords(move.san, words);
      if (ply % 2 === 0) {
        await gridMove(page, uci);
        await expect(said(page)).toContainText(`You played ${spoken}.`);
      } else {
        await expect(said(page)).toContainText(`Opponent played ${spoken}.`);
      }
    }
    await expect(said(page)).toContainText(en.board.screenReader.page.solved);
    await expect(page.locator("[data-slot=storm-run]")).toHaveAttribute("data-index", "1");
  });

  test("English: a Storm move that solves its puzzle before the board's chess rules have arrived is said when they do", async ({
    page,
  }) => {
    const words = en.board.screenReader.words as BoardWords;
    // The run starts with a puzzle one move solves: Storm sets the next puzzle at once, so the move can only be said
    // from the position it was played in.
    await page.route("**/api/storm/run", async (route) => {
      const response = await route.fetch();
      const run = (await response.json()) as { puzzles: { solution: string[] }[] };
      const single = run.puzzles.findIndex((puzzle) => puzzle.solution.length === 1);
      expect(single, "a puzzle of one move in the run").toBeGreaterThanOrEqual(0);
      run.puzzles.unshift(...run.puzzles.splice(single, 1));
      await route.fulfill({ response, json: run });
    });
    // chess.js for the boards arrives only after that move, as it can on a slow phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/board-chess-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const loaded = page.waitForResponse((response) => response.url().endsWith("/api/storm/run"));
    await page.goto("/training/storm");
    const { puzzles } = (await (await loaded).json()) as { puzzles: { fen: string; solution: string[] }[] };
    const puzzle = puzzles[0];
    const uci = puzzle?.solution[0];
    if (!puzzle || !uci) throw new Error("no puzzle");
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await expect(grid(page)).toBeVisible();
    await gridMove(page, uci);
    await expect(page.locator("[data-slot=storm-run]")).toHaveAttribute("data-index", "1");
    release();
    const move = new Chess(puzzle.fen).move({
      from: uci.slice(0, 2),
      to: uci.slice(2, 4),
      promotion: uci[4] ?? "q",
    });
    await expect(said(page)).toContainText(`You played ${moveWords(move.san, words)}.`);
  });

  test("Arabic: position setup's practice played in the grid, both sides' moves said in Arabic", async ({
    page,
  }) => {
    await inArabic(page);
    const words = ar.board.screenReader.words as BoardWords;
    await page.goto("/position-setup");
    await page.getByRole("button", { name: ar.positionSetup.practise.action }).click();
    await expect(grid(page)).toBeVisible();
    await expect(grid(page)).toHaveAccessibleDescription(ar.board.screenReader.instructions);
    await gridMove(page, "e2e4");
    await expect(said(page)).toContainText(`لعبتَ ${moveWords("e4", words)}.`);
    await gridMove(page, "e7e5");
    await expect(said(page)).toContainText(`لعبتَ ${moveWords("e5", words)}.`);
    await expect(grid(page).locator("[data-square=e5]")).toHaveAttribute("data-piece", "bP");
    // The last move read on request, in Arabic.
    await grid(page).locator("[data-square=e5]").focus();
    await page.keyboard.press("l");
    await expect(said(page)).toContainText(
      ar.board.screenReader.lastMove.replace("{move}", moveWords("e5", words)),
    );
    // The keys' disclosure open (its key names left to right in the Arabic sentence): no serious axe violation.
    await page.getByText(ar.board.screenReader.instructionsTitle, { exact: true }).click();
    await expect(
      page.locator("[data-slot=accessible-board-instructions] kbd[dir=ltr]").first(),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
