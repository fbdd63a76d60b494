import { Chess } from "chess.js";
import { expectAccessible } from "../axe";
import { clickMove, type Puzzle } from "../puzzles";
import { type APIRequestContext, expect, type Page, test } from "../test";

/**
 * Along a puzzle's line: the hints of a later step are about the move due there, not the first one (puzzles found
 * through the API, never by fixed ids); and a move off the line that wins as well is no mistake (judged by the
 * browser's Stockfish).
 */

interface Stored extends Puzzle {
  hints: Record<`${"subtle" | "moderate" | "explicit"}_${"en" | "ar"}`, string | null>;
}

const TEXTS = {
  en: {
    puzzleLabel: "Go to Puzzle by ID",
    go: "Go",
    hint: "Hint",
    moreHelp: "More Help",
    levels: ["Hint 1 of 3", "Hint 2 of 3", "Hint 3 of 3"],
    playMove: (san: string) => `Play ${san}`,
    importSet: "Import a set (JSON)",
    train: "Train these puzzles",
    checking: "Checking your move…",
    alsoWins: "That also wins! Here is the line the puzzle had in mind.",
    goodMove: "Good move",
  },
  ar: {
    puzzleLabel: "انتقل إلى لغز برقمه",
    go: "انتقال",
    hint: "تلميح",
    moreHelp: "مساعدة إضافية",
    levels: ["التلميح 1 من 3", "التلميح 2 من 3", "التلميح 3 من 3"],
    playMove: (san: string) => `العب ${san}`,
    importSet: "استيراد مجموعة (JSON)",
    train: "تدرّب على هذه الألغاز",
    checking: "جارٍ فحص نقلتك…",
    alsoWins: "نقلتك تفوز أيضًا! وهذا هو الخط الذي قصده اللغز.",
    goodMove: "نقلة جيدة",
  },
} as const;

/** The standard notation of each move of the line, played from the puzzle's position. */
function sanLine(puzzle: Puzzle): string[] {
  const chess = new Chess(puzzle.fen);
  return puzzle.solution.map(
    (uci) => chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] ?? "q" }).san,
  );
}

/** An endgame puzzle of three moves or more whose second move of the player is another piece's than the first. */
async function longPuzzle(request: APIRequestContext): Promise<Stored> {
  const response = await request.get("/api/tactical-positions/phase/endgame?per_page=200");
  const list = (await response.json()) as Stored[];
  const found = list.find(
    (p) => p.solution.length >= 3 && p.solution[0]?.slice(0, 2) !== p.solution[2]?.slice(0, 2),
  );
  if (!found) throw new Error("no endgame puzzle of three moves or more");
  return found;
}

const LANGUAGE_KEY = "chesstrainer.language";

const hintCard = (page: Page) => page.locator("[data-slot=hint-card]");

async function hintsAtTheSecondStep(page: Page, language: keyof typeof TEXTS) {
  const texts = TEXTS[language];
  const puzzle = await longPuzzle(page.request);
  const [first, reply, second] = sanLine(puzzle) as [string, string, string];
  if (language === "ar")
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
  await page.goto("/training/endgame");
  await page.getByLabel(texts.puzzleLabel).fill(String(puzzle.id));
  await page.getByRole("button", { name: texts.go, exact: true }).click();
  await expect(page.locator("[data-slot=board]")).toHaveAttribute("data-fen", new Chess(puzzle.fen).fen());

  await clickMove(page, puzzle.solution[0] as string);
  await expect(page.locator("[data-slot=move-list] li")).toHaveCount(2);
  await expect(page.locator("[data-slot=move-list]")).toContainText(reply);

  // Hint at the second step: every level is about the move due now, never the first one.
  const stored = (level: "subtle" | "moderate" | "explicit") =>
    puzzle.hints[`${level}_${language}`] ?? puzzle.hints[`${level}_en`] ?? "";
  await page.getByRole("button", { name: texts.hint, exact: true }).click();
  await expect(hintCard(page)).toContainText(texts.levels[0]);
  await hintCard(page).getByRole("button", { name: texts.moreHelp }).click();
  await expect(hintCard(page)).toContainText(texts.levels[1]);
  await expect(hintCard(page).locator("[data-slot=hint-card-target]")).toContainText(
    puzzle.solution[2]?.slice(2, 4) as string,
  );
  // The moderate hint names the square the piece moves from: the second move's, not the first's.
  await expect(hintCard(page)).toContainText(puzzle.solution[2]?.slice(0, 2) as string);
  await expect(hintCard(page)).not.toContainText(stored("moderate"));
  await hintCard(page).getByRole("button", { name: texts.moreHelp }).click();
  await expect(hintCard(page)).toContainText(texts.levels[2]);
  const text = hintCard(page).locator("p").filter({ hasText: second }).first();
  await expect(text).toBeVisible();
  await expect(hintCard(page)).not.toContainText(stored("explicit"));
  await expect(hintCard(page)).not.toContainText(`${first}:`);
  if (language === "ar") await expect(hintCard(page)).toContainText(/[\u0600-\u06FF]/);
  await expect(hintCard(page).getByRole("button", { name: texts.playMove(second) })).toBeVisible();
  await expectAccessible(page);
}

test.describe("hints along a puzzle's line", () => {
  test("Hint at the second step opens on the move due now (English)", async ({ page }) => {
    await hintsAtTheSecondStep(page, "en");
  });

  test("Hint at the second step opens on the move due now (Arabic)", async ({ page }) => {
    await hintsAtTheSecondStep(page, "ar");
  });
});

/**
 * A position with two winning moves: Black's queen on d5 can be taken by the e-pawn (the puzzle's answer) or by the
 * knight. It is brought in as a set of the player's own puzzles (an export file of /training/my-games), which stays
 * in this browser and changes nothing on the server that other tests count.
 */
const QUEEN_TWICE = "r1b1kbnr/pppp1ppp/2n5/3q4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4";
const AFTER_EXD5 = "r1b1kbnr/pppp1ppp/2n5/3P4/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 4";

function queenTwiceSet(): string {
  const hints = {
    subtle_en: "Black's queen stands where you can take it.",
    subtle_ar: "وزير الأسود في مكان يمكنك أخذه فيه.",
    moderate_en: "Your pawn on e4 takes on d5.",
    moderate_ar: "بيدقك الذي على e4 يأخذ على d5.",
    explicit_en: "Play exd5: it wins the queen.",
    explicit_ar: "العب exd5: تكسب بها الوزير.",
  };
  const puzzle = {
    key: "e2e-queen-twice:6",
    fen: QUEEN_TWICE,
    side: "white",
    ply: 6,
    solution: ["e4d5"],
    correctMoves: ["e4d5"],
    cp: 1072,
    themes: ["hangingPiece"],
    phase: "opening",
    difficulty: 600,
    texts: {
      description_en: "White to move: win material",
      description_ar: "الأبيض يلعب: كسب المادة",
      explanation_en: "The queen on d5 is attacked twice and defended by nothing.",
      explanation_ar: "الوزير على d5 مهاجَم مرتين ولا يحميه شيء.",
      hints,
    },
    played: { san: "a3", uci: "a2a3" },
    refutation: { reply: { uci: "d5a5", san: "Qa5" }, line: ["Qa5"] },
    gameSans: [],
    startFen: QUEEN_TWICE,
    game: {
      white: "Test Player",
      black: "Other",
      whiteElo: null,
      blackElo: null,
      event: null,
      date: null,
      result: "*",
      opening: null,
      eco: null,
    },
    createdAt: "2026-11-28T00:00:00.000Z",
  };
  return JSON.stringify({
    format: "chess-trainer-my-games",
    version: 1,
    exportedAt: "2026-11-28T00:00:00.000Z",
    puzzles: [puzzle],
  });
}

async function alternativeWin(page: Page, language: keyof typeof TEXTS) {
  const texts = TEXTS[language];
  if (language === "ar")
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
  await page.goto("/training/my-games");
  await page.getByLabel(texts.importSet).setInputFiles({
    name: "queen-twice.json",
    mimeType: "application/json",
    buffer: Buffer.from(queenTwiceSet()),
  });
  await page.getByRole("link", { name: texts.train }).click();
  const board = page.locator("[data-slot=board]");
  await expect(board).toHaveAttribute("data-fen", QUEEN_TWICE);

  // Nxd5 instead of the puzzle's exd5: the engine judges it first, then it counts as found.
  await clickMove(page, "c3d5");
  await expect(page.locator("[data-slot=feedback-checking]")).toHaveText(texts.checking);
  const feedback = page.locator("[data-slot=feedback-card]");
  // The browser's Stockfish loads on this first move off the line, then searches about a second.
  await expect(feedback).toContainText(texts.alsoWins, { timeout: 30_000 });
  await expect(feedback).toHaveAttribute("data-kind", "good");
  await expect(feedback).toContainText(texts.goodMove);
  // The puzzle's own line is then shown: exd5 on the board, and the puzzle is solved.
  await expect(board).toHaveAttribute("data-fen", AFTER_EXD5);
  await expect(page.locator("[data-slot=move-list] li")).toHaveText([/exd5/]);
  await expect(feedback).toContainText(language === "ar" ? "مهاجَم مرتين" : "attacked twice");
  await expectAccessible(page);

  // Not a failure: the visit's records hold one correct move and the puzzle solved cleanly.
  const read = (key: string) =>
    page.evaluate(
      (k) => JSON.parse(window.localStorage.getItem(k) ?? "null"),
      `chesstrainer.progress.${key}`,
    );
  const session = await read("session");
  expect(session.moves.map((m: { evaluation: string; move: string }) => [m.move, m.evaluation])).toEqual([
    ["c3d5", "best"],
  ]);
  expect(await read("positions")).toEqual([
    expect.objectContaining({ correctMoves: 1, mistakes: 0, completed: true, outcome: "clean" }),
  ]);
}

test.describe("a move off the line that wins as well", () => {
  test("Nxd5 instead of exd5 also wins: no mistake, the puzzle's line is shown (English)", async ({
    page,
  }) => {
    await alternativeWin(page, "en");
  });

  test("Nxd5 instead of exd5 also wins: no mistake, the puzzle's line is shown (Arabic)", async ({
    page,
  }) => {
    await alternativeWin(page, "ar");
  });
});
