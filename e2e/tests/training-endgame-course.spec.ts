import { Chess } from "chess.js";
import { clickMove, inArabic } from "../puzzles";
import { expect, type Page, test } from "../test";

/**
 * The endgame course (issue 40) against Stockfish in the browser: win King and Queen against King (the last steps,
 * a mate in two whatever the engine defends), then let Lucena slip with a rook thrown away and see the feedback
 * name that move and draw the engine's better one on the board. In English, then in Arabic.
 */

const boardOf = (page: Page) => page.locator("[data-slot=endgame-board]");
const status = (page: Page) => page.locator("[data-slot=endgame-status]");
const LUCENA = "1K6/1P1k4/8/8/8/8/r7/2R5 w - - 0 1";

/** A move that mates now, or after which every reply allows a mate (mate in two); chess.js, a few thousand nodes. */
function matingMove(fen: string): string {
  const chess = new Chess(fen);
  const uci = (move: { from: string; to: string; promotion?: string }) =>
    `${move.from}${move.to}${move.promotion ?? ""}`;
  const mates = (position: Chess) =>
    position.moves({ verbose: true }).some((move) => {
      position.move(move);
      const mate = position.isCheckmate();
      position.undo();
      return mate;
    });
  const moves = chess.moves({ verbose: true });
  for (const move of moves) {
    chess.move(move);
    const mate = chess.isCheckmate();
    chess.undo();
    if (mate) return uci(move);
  }
  for (const move of moves) {
    chess.move(move);
    const replies = chess.moves({ verbose: true });
    const forced =
      replies.length > 0 &&
      replies.every((reply) => {
        chess.move(reply);
        const answer = mates(chess);
        chess.undo();
        return answer;
      });
    chess.undo();
    if (forced) return uci(move);
  }
  throw new Error(`no mate in two in ${fen}`);
}

async function winQueenEnding(page: Page, texts: { solved: string; title: string }) {
  await page.getByRole("link", { name: texts.title }).click();
  await expect(page).toHaveURL(/\/training\/endgame-course\/queen-mate-finish$/);
  const board = page.locator("[data-slot=board]");
  for (let move = 0; move < 3; move += 1) {
    await expect(status(page)).toHaveAttribute("data-tone", /info|success/);
    if ((await status(page).getAttribute("data-tone")) === "success") break;
    await expect(board).toHaveAttribute("data-interactive", "true", { timeout: 20_000 });
    await clickMove(page, matingMove((await board.getAttribute("data-fen")) ?? ""));
    // The move counts at once; then the engine answers (or the game is over).
    await expect(boardOf(page)).toHaveAttribute("data-moves", String(move + 1));
    await expect(boardOf(page)).toHaveAttribute("data-phase", /your-move|over/, { timeout: 20_000 });
  }
  await expect(status(page)).toHaveAttribute("data-tone", "success");
  await expect(status(page)).toHaveText(texts.solved);
}

async function slipLucena(
  page: Page,
  texts: { from: RegExp; hint: string; hintText: string; retry: string },
) {
  await page.goto("/training/endgame-course/lucena");
  await page.getByRole("button", { name: texts.hint }).click();
  await expect(page.locator("[data-slot=endgame-hint]")).toContainText(texts.hintText);
  const board = page.locator("[data-slot=board]");
  await expect(board).toHaveAttribute("data-interactive", "true", { timeout: 20_000 });
  // 1.Rc6?? lets the king take the rook: the win is gone.
  await clickMove(page, "c1c6");
  await expect(status(page)).toHaveAttribute("data-tone", "failure", { timeout: 20_000 });
  await expect(status(page)).toContainText(texts.from);
  await expect(status(page)).toContainText("Rc6");
  // The board goes back to the move: the better move is named and drawn.
  const better = (await boardOf(page).getAttribute("data-better")) ?? "";
  expect(better).toMatch(/^[a-h][1-8][a-h][1-8]/);
  const san = new Chess(LUCENA).move({ from: better.slice(0, 2), to: better.slice(2, 4) }).san;
  await expect(status(page)).toContainText(san);
  await expect(board).toHaveAttribute("data-fen", LUCENA);
  await expect(board.locator("svg line, svg path").first()).toBeAttached();
  // Retry starts again.
  await page.getByRole("button", { name: texts.retry }).click();
  await expect(board).toHaveAttribute("data-interactive", "true", { timeout: 20_000 });
  await expect(status(page)).toHaveAttribute("data-tone", "info");
  await expect(boardOf(page)).not.toHaveAttribute("data-better");
}

test("the endgame course in English: win King and Queen against King, let Lucena slip and see the better move", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/training");
  await page.locator("[data-slot=endgame-course-link]").click();
  await expect(page.getByRole("heading", { level: 1, name: "Endgame Course" })).toBeVisible();
  const mates = page.locator('[data-chapter="basic-mates"]');
  await expect(mates.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await winQueenEnding(page, {
    title: "The last steps with the queen",
    solved: "Checkmate. Position solved!",
  });
  await page.getByRole("link", { name: "All chapters" }).click();
  await expect(mates.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  await expect(mates).toContainText("1 of 11 solved");
  await slipLucena(page, {
    from: /With \u2066?Rc6\u2069? the result went from a (win|draw) to a (draw|loss)\./,
    hint: "Hint",
    hintText: "Build a bridge with your rook",
    retry: "Retry",
  });
});

test("the endgame course in Arabic: the same journey, right to left", async ({ page }) => {
  test.setTimeout(90_000);
  await inArabic(page);
  await page.goto("/training/endgame-course");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "دورة النهايات" })).toBeVisible();
  await winQueenEnding(page, {
    title: "الخطوات الأخيرة بالوزير",
    solved: "كش مات. حُلّت الوضعية!",
  });
  await page.getByRole("link", { name: "كل الفصول" }).click();
  await expect(page.locator('[data-chapter="basic-mates"]')).toContainText("حُلّت 1 من 11");
  await slipLucena(page, {
    from: /مع النقلة \u2066?Rc6\u2069? تغيّرت النتيجة من (فوز|تعادل) إلى (تعادل|خسارة)\./,
    hint: "تلميح",
    hintText: "ابنِ جسرًا برخك",
    retry: "أعد المحاولة",
  });
});
