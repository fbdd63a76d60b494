import { expectAccessible } from "../axe";
import { expect, type Locator, type Page, test } from "../test";

/**
 * The position editor at /position-setup (spec sections 2 and 5): building a position with the palette, every
 * validation message, loading a pasted FEN, copying the FEN, and "Practise from here". Placing and removing pieces
 * by keyboard and by drag (between squares, off the board, from the palette) and the drag's texts for screen readers
 * in both languages are the PositionEditor's stories (Keyboard, Drag*, Drag Texts), which the visual suite plays in
 * every mode; the page's FEN follows the editor's changes in the first journey here.
 */

const LANGUAGE_KEY = "chesstrainer.language";

const MESSAGES = {
  kings: "Invalid position: Each side must have exactly one king.",
  fen: "Invalid FEN. Please check your input.",
  board: "Invalid chess position. Please check the board.",
};

const editor = (page: Page) => page.getByRole("application", { name: "Board editor" });
const square = (board: Locator, name: string) => board.locator(`[data-square="${name}"]`);
const validation = (page: Page) => page.getByTestId("setup-validation");
const fenBox = (page: Page) => page.getByRole("textbox", { name: "Position (FEN)" });

/** The accessible name of the piece on a square of a board, or null when it is empty. */
async function pieceOn(board: Locator, name: string): Promise<string | null> {
  const piece = square(board, name).locator("[role=img]");
  return (await piece.count()) === 0 ? null : await piece.getAttribute("aria-label");
}

/** Chooses a palette piece (or the eraser) by clicking it, as a player does. */
async function choose(page: Page, tool: string) {
  const radio = page.getByRole("radio", { name: tool, exact: true });
  await page.locator("[data-slot=position-editor-palette] label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

async function place(page: Page, tool: string, ...squares: string[]) {
  await choose(page, tool);
  for (const name of squares) await square(editor(page), name).click();
}

async function loadFen(page: Page, fen: string) {
  await page.getByRole("textbox", { name: "Load a FEN" }).fill(fen);
  await page.getByRole("button", { name: "Load", exact: true }).click();
}

test.describe("position setup", () => {
  test("build a position with the palette, copy its FEN and practise from it", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/position-setup");
    await expect(page.getByRole("heading", { level: 1, name: "Position Setup" })).toBeVisible();
    // The editor opens on the start position.
    await expect(fenBox(page)).toHaveValue("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    await expect(validation(page)).toHaveText("Legal position: White to move.");

    await page.getByRole("button", { name: "Clear Board" }).click();
    await expect(fenBox(page)).toHaveValue("8/8/8/8/8/8/8/8 w - - 0 1");
    await expect(validation(page)).toHaveText(MESSAGES.kings);
    await expect(page.getByRole("button", { name: "Practise from here" })).toBeDisabled();

    await place(page, "White king", "e1");
    await place(page, "White rook", "h1", "a1");
    await place(page, "Black king", "e8");
    await place(page, "Black pawn", "b7");
    await expect(await pieceOn(editor(page), "h1")).toBe("White rook");
    // Castling rights follow the board: white's are possible (king and rooks at home), black's are not.
    await expect(page.getByRole("checkbox", { name: "White kingside (O-O)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Black kingside (O-O)" })).toBeDisabled();
    await page.getByRole("checkbox", { name: "White queenside (O-O-O)" }).uncheck();
    await expect(validation(page)).toHaveText("Legal position: White to move.");
    const fen = "4k3/1p6/8/8/8/8/8/R3K2R w K - 0 1";
    await expect(fenBox(page)).toHaveValue(fen);

    // Copy FEN puts it on the clipboard.
    await page.getByRole("button", { name: "Copy FEN" }).click();
    await expect(page.getByTestId("current-position").getByRole("status").last()).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fen);
    // The preview shows the same position.
    const preview = page.getByRole("group", { name: "Preview of the current position, White to move" });
    await expect.poll(() => pieceOn(preview, "a1")).toBe("White rook");

    // Practise from here: legal moves only, the move list, Undo, Back to editor.
    await page.getByRole("button", { name: "Practise from here" }).click();
    await expect(page.getByRole("heading", { name: "Practise the position" })).toBeFocused();
    const board = page.getByRole("application", { name: "Practice board, White to move" });
    await square(board, "e1").click();
    await square(board, "e3").click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid move" })).toHaveText(
      "Invalid move. Please try a different move.",
    );
    // Castling kingside is legal.
    await square(board, "e1").click();
    await square(board, "g1").click();
    const moves = page.locator("[data-slot=move-list]");
    await expect(moves.getByRole("listitem")).toHaveText(["1. O-O"]);
    await expect(page.getByTestId("practice-status")).toHaveText("Black to move.");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid move" })).toHaveCount(0);
    const blackBoard = page.getByRole("application", { name: "Practice board, Black to move" });
    await square(blackBoard, "b7").click();
    await square(blackBoard, "b5").click();
    await expect(moves.getByRole("listitem")).toHaveText(["1. O-O", "b5"]);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(moves.getByRole("listitem")).toHaveText(["1. O-O"]);
    await expect(page.getByRole("textbox", { name: "Position (FEN)" })).toHaveValue(
      "4k3/1p6/8/8/8/8/8/R4RK1 b - - 1 1",
    );

    await page.getByRole("button", { name: "Back to editor" }).click();
    await expect(page.getByRole("button", { name: "Practise from here" })).toBeFocused();
    await expect(fenBox(page)).toHaveValue(fen);
  });

  test("every validation message", async ({ page }) => {
    await page.goto("/position-setup");

    // Two white kings.
    await place(page, "White king", "d4");
    await expect(validation(page)).toHaveText(MESSAGES.kings);
    await page.getByRole("button", { name: "Start Position" }).click();
    await expect(validation(page)).toHaveText("Legal position: White to move.");

    // No black king.
    await place(page, "Eraser", "e8");
    await expect(validation(page)).toHaveText(MESSAGES.kings);
    await page.getByRole("button", { name: "Start Position" }).click();

    // A pawn on the last rank.
    await place(page, "White pawn", "a8");
    await expect(validation(page)).toHaveText(
      "Pawns cannot stand on the first or last rank. Move or remove the pawns on a8.",
    );
    await expect(page.getByRole("button", { name: "Practise from here" })).toBeDisabled();

    // A malformed FEN.
    await loadFen(page, "this is not a position");
    await expect(page.locator("[data-slot=fen-input-error]")).toHaveText(MESSAGES.fen);
    await expect(page.getByRole("textbox", { name: "Load a FEN" })).toHaveAttribute("aria-invalid", "true");
    await loadFen(page, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    await expect(page.locator("[data-slot=fen-input-error]")).toHaveText(MESSAGES.fen);

    // The side not to move in check: the queen on e2 attacks the black king while white is to move.
    await loadFen(page, "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1");
    await expect(page.locator("[data-slot=fen-input-error]")).toHaveText("");
    await expect(validation(page)).toHaveText(
      "The side not to move cannot be in check: Black is in check, but it is White's move. Change the side to move or the position.",
    );
    await page.getByRole("radio", { name: "Black", exact: true }).check();
    await expect(validation(page)).toHaveText("Legal position: Black to move.");

    // A bad board: the en passant square is kept, and refused once its pawn is gone.
    await loadFen(page, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    await expect(fenBox(page)).toHaveValue("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1");
    await expect(page.getByRole("combobox", { name: "En passant square" })).toHaveValue("d6");
    await expect(validation(page)).toHaveText("Legal position: White to move.");
    await place(page, "Eraser", "d5");
    await expect(validation(page)).toHaveText(MESSAGES.board);
    // More pawns than a side can have.
    await loadFen(page, "4k3/8/8/8/PPPPPPPP/P7/8/4K3 w - - 0 1");
    await expect(validation(page)).toHaveText(MESSAGES.board);
  });

  test("a short FEN is completed with the defaults", async ({ page }) => {
    await page.goto("/position-setup");
    await loadFen(page, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
    await expect(fenBox(page)).toHaveValue("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    await expect(page.locator("[data-slot=fen-input-note]")).toHaveText(
      "Position loaded. The missing fields were completed with the defaults: KQkq - 0 1.",
    );
    await expect(page.getByRole("radio", { name: "Black", exact: true })).toBeChecked();
    await expect(await pieceOn(editor(page), "e4")).toBe("White pawn");

    // Only the board: white to move; castling rights the board does not allow are left out, and said so.
    await loadFen(page, "4k3/8/8/8/8/8/8/4K2R");
    await expect(fenBox(page)).toHaveValue("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    await expect(page.locator("[data-slot=fen-input-note]")).toHaveText(
      "Position loaded. The missing fields were completed with the defaults: w KQkq - 0 1. Castling rights the board does not allow were left out: Qkq.",
    );
  });

  test("Arabic: right to left, with the board left to right", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.goto("/position-setup");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "إعداد الوضعية" })).toBeVisible();
    const board = page.getByRole("application", { name: "محرر الرقعة" });
    await expect(board).toHaveAttribute("dir", "ltr");
    // The pieces' drag-and-drop description for screen readers is Arabic, and dnd-kit's English is nowhere on the
    // page (the drag itself and its Arabic announcement: the editor's Arabic Drag Texts story).
    await expect(page.locator("#dnd-position-editor")).toHaveText(
      "اسحب قطعةً من لوحة القطع إلى مربع لوضعها، أو من مربع إلى آخر لنقلها، أو إلى خارج الرقعة لإزالتها.",
    );
    expect(await page.locator("body").evaluate((body) => body.textContent)).not.toMatch(/draggable/i);
    const a1 = await square(board, "a1").boundingBox();
    const h1 = await square(board, "h1").boundingBox();
    expect(a1 && h1 && a1.x < h1.x).toBe(true);
    // The side panel sits to the left of the board in a right-to-left page.
    const panel = await page.getByTestId("current-position").boundingBox();
    const boardBox = await board.boundingBox();
    expect(panel && boardBox && panel.x < boardBox.x).toBe(true);

    await page.getByRole("button", { name: "مسح الرقعة" }).click();
    await expect(validation(page)).toHaveText("وضعية غير صالحة: يجب أن يكون لكل طرف ملك واحد بالضبط.");
    await choose(page, "ملك أبيض");
    await square(board, "e1").click();
    await choose(page, "ملك أسود");
    await square(board, "e8").click();
    await choose(page, "رخ أبيض");
    await square(board, "a1").click();
    await expect(validation(page)).toHaveText("وضعية قانونية: الدور على الأبيض.");
    await page.getByRole("textbox", { name: "تحميل ترميز FEN" }).fill("garbage");
    await page.getByRole("button", { name: "تحميل", exact: true }).click();
    await expect(page.locator("[data-slot=fen-input-error]")).toHaveText(
      "ترميز FEN غير صالح. يرجى التحقق من المدخلات.",
    );
    await expectAccessible(page);

    await page.getByRole("button", { name: "تدرّب من هذه الوضعية" }).click();
    await expect(page.getByRole("application", { name: "رقعة التدريب، الدور على الأبيض" })).toBeVisible();
    await expectAccessible(page);
  });

  test("at 1366×768 the whole board and its palette are in the window", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/position-setup");
    for (const part of [editor(page), page.locator("[data-slot=position-editor-palette]")]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBeLessThanOrEqual(768);
    }
  });

  for (const width of [1366, 390]) {
    test(`the whole FEN is readable in the side panel at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/position-setup");
      const fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 1";
      await loadFen(page, fen);
      const box = fenBox(page);
      await expect(box).toHaveValue(fen);
      // Nothing cut off: the field shows its whole text, with no scrolling either way.
      const overflow = await box.evaluate((field) => ({
        x: field.scrollWidth - field.clientWidth,
        y: field.scrollHeight - field.clientHeight,
      }));
      expect(overflow.x).toBeLessThanOrEqual(0);
      expect(overflow.y).toBeLessThanOrEqual(1);
      // And it stays inside its panel.
      const panel = await page.getByTestId("current-position").boundingBox();
      const field = await box.boundingBox();
      expect(field && panel && field.x >= panel.x && field.x + field.width <= panel.x + panel.width).toBe(
        true,
      );
    });
  }

  test("no serious axe violations in the editor and the practice board", async ({ page }) => {
    // Three full axe passes, on a machine shared with other work.
    test.slow();
    await page.goto("/position-setup");
    await expect(editor(page)).toBeVisible();
    await expectAccessible(page);
    await place(page, "White king", "d4");
    await expect(validation(page)).toHaveText(MESSAGES.kings);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Start Position" }).click();
    await page.getByRole("button", { name: "Practise from here" }).click();
    const board = page.getByRole("application", { name: "Practice board, White to move" });
    await square(board, "e2").click();
    await square(board, "e4").click();
    await expect(page.locator("[data-slot=move-list]").getByRole("listitem")).toHaveText(["1. e4"]);
    await expectAccessible(page);
  });
});
