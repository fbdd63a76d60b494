import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Chess } from "chess.js";
import { expectAccessible } from "./axe";
import { board, clickMove, feedback, firstMove, moveList, sanOf, singleMovePuzzle } from "./puzzles";
import { expect, type Page } from "./test";

/**
 * Around each puzzle (issue 39), as a player meets it once a puzzle is solved: the lichess game it came from, and
 * Analyse, which opens its position on the analysis board with the browser engine's three best lines. Each training
 * journey (English, Arabic) ends with it.
 */

const TEXTS = {
  en: {
    importSet: "Import a set (JSON)",
    train: "Train these puzzles",
    gameMoves: "The game up to this position",
    links: "Around this puzzle",
    analyse: "Analyse",
    game: "See the game on lichess",
    title: "Analysis Board",
    lines: "Engine lines",
    back: "Back to the puzzle",
  },
  ar: {
    importSet: "استيراد مجموعة (JSON)",
    train: "تدرّب على هذه الألغاز",
    gameMoves: "المباراة حتى هذه الوضعية",
    links: "حول هذا اللغز",
    analyse: "حلِّل",
    game: "شاهد المباراة على lichess",
    title: "لوحة التحليل",
    lines: "خطوط المحرك",
    back: "العودة إلى اللغز",
  },
} as const;

const GAME_URL = "https://lichess.org/seIMDWkD/black#25";
/** The engine's first lines may take a while on a slow, busy machine: the test asks for them, not for speed. */
const ENGINE_WAIT = 60_000;

/** Gives a library puzzle the lichess game it came from, as the importer stores lichess's GameUrl. */
function setGameUrl(id: number, url: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is set by playwright.config.ts");
  const db = new SQLite(join(dataDir, "chess.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const row = db.prepare("select game_metadata from positions where id = ?").get(id) as
      | { game_metadata: string }
      | undefined;
    if (!row) throw new Error(`no position ${id}`);
    const metadata = { ...JSON.parse(row.game_metadata), game_url: url };
    db.prepare("update positions set game_metadata = ? where id = ?").run(JSON.stringify(metadata), id);
  } finally {
    db.close();
  }
}

export async function aroundPuzzleScenario(page: Page, language: "en" | "ar"): Promise<void> {
  const texts = TEXTS[language];
  const puzzle = await singleMovePuzzle(page.request, "endgame");
  setGameUrl(puzzle.id, GAME_URL);
  const address = `/training/endgame?puzzle=${puzzle.id}&order=sequence`;
  await page.goto(address);
  const move = firstMove(puzzle);
  await clickMove(page, move);

  // Once solved: Analyse, and the lichess game in a new tab, without the opener or the referrer.
  const links = feedback(page).getByRole("navigation", { name: texts.links });
  await expect(links).toBeVisible();
  const game = links.getByRole("link", { name: texts.game });
  await expect(game).toHaveAttribute("href", GAME_URL);
  await expect(game).toHaveAttribute("target", "_blank");
  await expect(game).toHaveAttribute("rel", "noopener noreferrer");

  // Analyse, from the keyboard: the puzzle's position on the analysis board, the engine's three best lines.
  await links.getByRole("link", { name: texts.analyse }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/analysis\?fen=/);
  await expect(page.getByRole("heading", { level: 1, name: texts.title })).toBeVisible();
  await expect(board(page)).toHaveAttribute("data-fen", puzzle.fen);
  const panel = page.locator("[data-slot=engine-lines]");
  if (language === "en") {
    // The engine's lines show no text of their own (their figures and moves read the same in Arabic): they are
    // walked in the English journey; the Arabic one reads the page's Arabic texts and goes back.
    await expect(panel).toHaveAttribute("data-status", "ready", { timeout: ENGINE_WAIT });
    const legal = new Chess(puzzle.fen).moves({ verbose: true });
    const lines = page.locator("[data-slot=engine-line]");
    await expect(lines).toHaveCount(Math.min(3, legal.length));
    await expect(lines.first()).toContainText(/[+−]\d+\.\d\d|#−?\d+|0\.00/);
    await expectAccessible(page);

    // A move played on the board (any legal one, here one that does not end the game): the lines follow it.
    const other =
      legal.find((candidate) => !candidate.san.includes("#") && candidate.lan !== move) ?? legal[0];
    if (!other) throw new Error("no legal move");
    await clickMove(page, other.lan);
    await expect(moveList(page)).toHaveCount(1);
    await expect(moveList(page).first()).toContainText(sanOf(puzzle.fen, other.lan));
    await expect(board(page)).not.toHaveAttribute("data-fen", puzzle.fen);
    await expect(panel).toHaveAttribute("data-status", /ready|over/, { timeout: ENGINE_WAIT });
    if ((await panel.getAttribute("data-status")) === "ready") {
      // The first line's Play button plays its first move.
      await lines.first().getByRole("button").click();
      await expect(moveList(page)).toHaveCount(2);
    }
  } else {
    // In Arabic: the panel's heading, and no serious axe violation on the page. (The lines' Arabic texts, their Play
    // buttons' names among them, are packages/ui/src/engine-lines/engine-lines.stories.tsx's Ready, in the visual
    // suite's Arabic mode.)
    await expect(panel.getByRole("heading", { name: texts.lines })).toBeVisible();
    await expectAccessible(page);
  }

  // Back to the puzzle it came from.
  await page.getByRole("link", { name: texts.back }).click();
  await expect(page).toHaveURL(new RegExp(`/training/endgame\\?puzzle=${puzzle.id}`));

  // A puzzle of the player's own game: the game's moves up to it head the notation list.
  await page.goto("/training/my-games");
  await page.getByLabel(texts.importSet).setInputFiles({
    name: "game.json",
    mimeType: "application/json",
    buffer: Buffer.from(gameSet()),
  });
  await page.getByRole("link", { name: texts.train }).click();
  const gameMoves = page.locator("[data-slot=game-moves]");
  await gameMoves.getByText(texts.gameMoves).click();
  await expect(gameMoves).toContainText("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4");
}

/**
 * A set of one puzzle of the player's own (My games' export format), after six moves of its game; its key is
 * `e2e-game-moves:6`. Also the set a player takes to another device (account-progress.spec.ts).
 */
export function gameSet(): string {
  const sans = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4"];
  const chess = new Chess();
  for (const san of sans) chess.move(san);
  const hint = { en: "The pawn on e5 has lost its defender.", ar: "فقد البيدق الذي على e5 حاميه." };
  const puzzle = {
    key: "e2e-game-moves:6",
    fen: chess.fen(),
    side: "white",
    ply: 6,
    solution: ["f3e5"],
    correctMoves: ["f3e5"],
    cp: 150,
    themes: ["hangingPiece"],
    phase: "opening",
    difficulty: 600,
    texts: {
      description_en: "White to move: win a pawn",
      description_ar: "الأبيض يلعب: اكسب بيدقًا",
      explanation_en: "Nxe5 wins the pawn the knight on c6 no longer defends.",
      explanation_ar: "Nxe5 يكسب البيدق الذي لم يعد الحصان على c6 يحميه.",
      hints: {
        subtle_en: hint.en,
        subtle_ar: hint.ar,
        moderate_en: hint.en,
        moderate_ar: hint.ar,
        explicit_en: "Play Nxe5.",
        explicit_ar: "العب Nxe5.",
      },
    },
    played: { san: "O-O", uci: "e1g1" },
    refutation: { reply: { uci: "d4f3", san: "Nxf3+" }, line: ["Nxf3+"] },
    gameSans: sans,
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
