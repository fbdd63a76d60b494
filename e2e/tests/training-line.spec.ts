import { Chess } from "chess.js";
import { board, clickMove, feedback, moveList, type Puzzle, pauseClock, recordTexts } from "../puzzles";
import { type APIRequestContext, expect, type Page, test } from "../test";

/**
 * Along a puzzle's line: the hints of a later step are about the move due there, not the first one (puzzles found
 * through the API, never by fixed ids); and a move off the line that wins as well is no mistake (judged by the
 * browser's Stockfish). Each in English, then in Arabic after the page's language button (the same switch a
 * visitor's stored choice makes when a page loads): the texts follow on the same screen.
 *
 * Their axe checks are elsewhere: the training screen with the hint card open (training.spec.ts's journeys, in both
 * languages), the hint card's levels (packages/ui/src/hint-card/hint-card.stories.tsx), the feedback card's kinds
 * (packages/ui/src/feedback-card/feedback-card.stories.tsx: Good) and the training screen of the player's own
 * puzzles (my-games.spec.ts).
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
    explanation: "attacked twice",
    reset: "Reset",
    otherLanguage: /\(Arabic\)$/,
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
    explanation: "مهاجَم مرتين",
    reset: "إعادة الضبط",
    otherLanguage: /^English/,
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

const hintCard = (page: Page) => page.locator("[data-slot=hint-card]");

/** The page's language button, to Arabic: the whole page turns right to left in place. */
async function toArabic(page: Page) {
  await page.getByRole("button", { name: TEXTS.en.otherLanguage }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: TEXTS.ar.otherLanguage })).toBeVisible();
}

test("Hint at the second step opens on the move due now, at every level, in English and in Arabic", async ({
  page,
}) => {
  const texts = TEXTS.en;
  const puzzle = await longPuzzle(page.request);
  const [first, reply, second] = sanLine(puzzle) as [string, string, string];
  await page.goto("/training/endgame");
  await page.getByLabel(texts.puzzleLabel).fill(String(puzzle.id));
  await page.getByRole("button", { name: texts.go, exact: true }).click();
  await expect(board(page)).toHaveAttribute("data-fen", new Chess(puzzle.fen).fen());

  await clickMove(page, puzzle.solution[0] as string);
  await expect(moveList(page)).toHaveCount(2);
  await expect(page.locator("[data-slot=move-list]")).toContainText(reply);

  // Hint at the second step: every level is about the move due now, never the first one.
  const stored = (level: "subtle" | "moderate" | "explicit", language: "en" | "ar") =>
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
  await expect(hintCard(page)).not.toContainText(stored("moderate", "en"));
  await hintCard(page).getByRole("button", { name: texts.moreHelp }).click();
  for (const language of ["en", "ar"] as const) {
    const texts = TEXTS[language];
    if (language === "ar") await toArabic(page);
    await expect(hintCard(page)).toContainText(texts.levels[2]);
    await expect(hintCard(page).locator("p").filter({ hasText: second }).first()).toBeVisible();
    await expect(hintCard(page)).not.toContainText(stored("explicit", language));
    await expect(hintCard(page)).not.toContainText(`${first}:`);
    if (language === "ar") await expect(hintCard(page)).toContainText(/[\u0600-\u06FF]/);
    await expect(hintCard(page).getByRole("button", { name: texts.playMove(second) })).toBeVisible();
  }
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

test("Nxd5 instead of exd5 also wins: no mistake, the puzzle's line is shown, in English and in Arabic", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.clock.install();
  await page.goto("/training/my-games");
  await page.getByLabel(TEXTS.en.importSet).setInputFiles({
    name: "queen-twice.json",
    mimeType: "application/json",
    buffer: Buffer.from(queenTwiceSet()),
  });
  await page.getByRole("link", { name: TEXTS.en.train }).click();
  await expect(board(page)).toHaveAttribute("data-fen", QUEEN_TWICE);

  for (const language of ["en", "ar"] as const) {
    const texts = TEXTS[language];
    if (language === "ar") {
      await toArabic(page);
      await page.getByRole("button", { name: texts.reset, exact: true }).click();
      await expect(board(page)).toHaveAttribute("data-fen", QUEEN_TWICE);
    }
    // Nxd5 instead of the puzzle's exd5: the engine judges it first ('Checking your move…'), then it counts as
    // found. The browser's Stockfish loads on the first move off the line, then searches; with the page's clock
    // stopped neither can run out of time, so the verdict is the engine's whatever the machine's speed (both moves
    // leave White a queen up: within lichess's margin at any depth).
    const checking = await recordTexts(page, "[data-slot=feedback-checking]");
    await pauseClock(page);
    await clickMove(page, "c3d5");
    await expect(feedback(page)).toHaveAttribute("data-kind", "good", { timeout: 60_000 });
    expect(await checking()).toContain(texts.checking);
    await page.clock.resume();
    await expect(feedback(page)).toContainText(texts.alsoWins);
    await expect(feedback(page)).toContainText(texts.goodMove);
    // The puzzle's own line is then shown: exd5 on the board, and the puzzle is solved.
    await expect(board(page)).toHaveAttribute("data-fen", AFTER_EXD5);
    await expect(moveList(page)).toHaveText([/exd5/]);
    await expect(feedback(page)).toContainText(texts.explanation);
    if (language === "ar") break;

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
});
