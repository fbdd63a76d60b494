import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Chess } from "chess.js";
import { board, clickMove, feedback, firstMove, moveList, sanOf, singleMovePuzzle } from "./puzzles";
import { expect, type Page } from "./test";

/**
 * Around each puzzle (issue 39), as a player meets it once a puzzle is solved: the lichess game it came from, and
 * Analyse, which opens its position on the analysis board with the browser engine's three best lines. Each training
 * journey (English, Arabic) ends with it.
 */

const TEXTS = {
  en: {
    links: "Around this puzzle",
    analyse: "Analyse",
    game: "See the game on lichess",
    title: "Analysis Board",
    lines: "Engine lines",
    back: "Back to the puzzle",
  },
  ar: {
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
  await expect(panel).toHaveAttribute("data-status", "ready", { timeout: ENGINE_WAIT });
  const legal = new Chess(puzzle.fen).moves({ verbose: true });
  const lines = page.locator("[data-slot=engine-line]");
  await expect(lines).toHaveCount(Math.min(3, legal.length));
  await expect(lines.first()).toContainText(/[+−]\d+\.\d\d|#−?\d+|0\.00/);

  // A move played on the board (any legal one, here one that does not end the game): the lines follow it.
  const other = legal.find((candidate) => !candidate.san.includes("#") && candidate.lan !== move) ?? legal[0];
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

  // Back to the puzzle it came from.
  await page.getByRole("link", { name: texts.back }).click();
  await expect(page).toHaveURL(new RegExp(`/training/endgame\\?puzzle=${puzzle.id}`));
}
