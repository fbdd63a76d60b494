import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Chess } from "chess.js";
import { readTestData } from "../../testdata/read.mjs";
import { ADMIN } from "../admin";
import { expect, test } from "../test";

/**
 * The end of Capablanca–Clough, 1919, read from the repository's test data (not part of the seed, so its puzzle is
 * new to the database): its last three moves from the position before them (a PGN with SetUp and FEN). Its 24th move
 * gives a puzzle under lichess's only-move rule at the Quick budget (Capablanca–Jaffe, used before, gives none since
 * the generator follows that rule: its mate in 2 has a second move worth +6). The whole game, 48 positions, took
 * 45 s of the one engine process on a quiet machine and twice that beside the suite; these four find the same puzzle
 * (that whole real games become puzzles is proven by apps/server/src/analysis/generator.test.ts and the worker's
 * runs in analysis.test.ts and shutdown.test.ts).
 */
function capablancaCloughFinish(): string {
  const file = readTestData("games/capablanca-1901-1941.pgn");
  const game = file
    .split(/\r?\n(?=\[Event )/)
    .find((text) => text.includes("Clough") && text.includes("1919"));
  if (!game)
    throw new Error("Capablanca–Clough 1919 is missing from testdata/games/capablanca-1901-1941.pgn");
  const whole = new Chess();
  whole.loadPgn(game);
  const moves = whole.history();
  const start = new Chess();
  for (const move of moves.slice(0, -3)) start.move(move);
  const finish = new Chess(start.fen());
  for (const move of moves.slice(-3)) finish.move(move);
  finish.setHeader("Event", "Bradford sim");
  finish.setHeader("White", "Capablanca, Jose Raul");
  finish.setHeader("Black", "Clough");
  finish.setHeader("Result", "0-1");
  return finish.pgn();
}

/** Two miniatures (Legal's mate and the Blackburne Shilling trap, both played in many real games). */
const MINIATURES = `[Event "Legal's mate"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0

[Event "Blackburne Shilling trap"]
[White "?"]
[Black "?"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1`;

/**
 * A job as a worker leaves it when it fails in its second game (its engine crashed, say): written straight into
 * the server's SQLite database, as nothing a visitor can do makes a job fail.
 */
function storeFailedJob(name: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is set by playwright.config.ts");
  const db = new SQLite(join(dataDir, "chess.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const at = new Date().toISOString();
    db.prepare(
      `insert into analysis_jobs (name, pgn, status, total_games, next_game, games_analyzed, puzzles, problems,
         nodes, worker, lease_until, created_at, updated_at, finished_at)
       values (?, ?, 'failed', 2, 1, 1, 0, '[]', 10000, null, null, ?, ?, ?)`,
    ).run(name, MINIATURES, at, at, at);
  } finally {
    db.close();
  }
}

test("admin game analysis: a wrong password refused, a PGN file becomes puzzles, a failed job retried, stop and resume, a lost connection said, in English and Arabic, on a phone too", async ({
  page,
}) => {
  // The real engine analyses the games on one process: allow it its time beside the rest of the suite.
  test.setTimeout(240_000);
  storeFailedJob("retried-miniatures.pgn");

  // The login form: a wrong password is refused, the right one opens the page asked for.
  await page.goto("/admin/analysis");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/analysis$/);
  await expect(page.getByRole("heading", { level: 1, name: "Game Analysis" })).toBeVisible();

  // A job that failed in its second game, in English and in Arabic.
  const retried = page.getByRole("row", { name: /retried-miniatures\.pgn/ });
  await expect(retried.getByText("Failed", { exact: true })).toBeVisible();
  await expect(retried.getByText("1 / 2")).toBeVisible();
  await page.getByRole("button", { name: /Arabic/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "تحليل المباريات" })).toBeVisible();
  await expect(retried.getByText("فشلت")).toBeVisible();
  await expect(retried.getByRole("button", { name: "أعد المحاولة: retried-miniatures.pgn" })).toBeVisible();
  // The file picker speaks the interface's language, not the browser's ("Choose File", "No file chosen").
  const picker = page.locator("[data-slot=analysis-file]");
  await expect(picker).toHaveText(/^اختر ملفًا\s*لم تختر ملفًا$/);
  await expect(picker).not.toContainText(/Choose|chosen/);
  await page.getByRole("button", { name: "English" }).click();
  await expect(picker).toHaveText(/^Choose a file\s*No file chosen$/);

  // A PGN file uploaded at the Quick budget.
  const before = (await (await page.request.get("/api/tactical-positions/stats")).json()).total_puzzles;
  // By keyboard: Tab reaches the picker (its focus ring shows around our button), Space opens the browser's chooser,
  // and the chosen file's name shows beside the button.
  await page.getByRole("heading", { name: "Analyse games" }).click();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("PGN file")).toBeFocused();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles({
    name: "capablanca-clough.pgn",
    mimeType: "application/x-chess-pgn",
    buffer: Buffer.from(capablancaCloughFinish()),
  });
  await expect(picker).toContainText("capablanca-clough.pgn");
  await page.getByLabel("Engine budget per move").selectOption({ label: "Quick (200,000 nodes)" });
  await page.getByRole("button", { name: "Upload and analyse" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Queued 1 game(s) from capablanca-clough.pgn" }),
  ).toBeVisible();

  // Retried meanwhile, the failed job is queued again at its next game.
  await retried.getByRole("button", { name: "Retry: retried-miniatures.pgn" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "retried-miniatures.pgn is queued again: its analysis resumes at game 2." }),
  ).toBeVisible();

  // The upload becomes puzzles: the job is done, the panel counts games and puzzles, and the API counts them.
  const uploaded = page.getByRole("row", { name: /capablanca-clough\.pgn/ });
  await expect(uploaded.getByText("Done")).toBeVisible({ timeout: 180_000 });
  const panel = page.locator("[data-slot=analysis-status-panel]");
  await expect(panel.getByText("Games analysed")).toBeVisible();
  await expect(panel.locator("dd").nth(1)).toHaveText(/^[1-9]/);
  await expect(panel.locator("dd").nth(2)).toHaveText(/^[1-9]/);
  const after = (await (await page.request.get("/api/tactical-positions/stats")).json()).total_puzzles;
  expect(after).toBeGreaterThan(before);

  // The worker analyses the retried job's second game only, and it is done: no Retry any more.
  await expect(retried.getByText("Done")).toBeVisible({ timeout: 90_000 });
  await expect(retried.getByText("2 / 2")).toBeVisible();
  await expect(retried.getByRole("button")).toHaveCount(0);

  // Stop and resume reach every worker: running or waiting for games, never "Stopped" beside a Stop button.
  await page.getByRole("button", { name: "Stop analysis" }).click();
  await expect(page.getByRole("button", { name: "Resume analysis" })).toBeVisible();
  await expect(page.getByText("Stopped")).toBeVisible();
  await page.getByRole("button", { name: "Resume analysis" }).click();
  await expect(page.getByRole("button", { name: "Stop analysis" })).toBeVisible();
  await expect(page.getByText("Stopped", { exact: true })).toHaveCount(0);

  // On a 390 px phone the page fits, the jobs as cards, in either language.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect(page.locator("[data-slot=analysis-job-card]").first()).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  expect(await overflow()).toBe(0);
  await page.getByRole("button", { name: /Arabic/ }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("[data-slot=analysis-job-card]").first()).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  expect(await overflow()).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole("row", { name: /capablanca-clough\.pgn/ }).getByText("اكتملت")).toBeVisible();
  await page.getByRole("button", { name: "English" }).click();

  // The page always shows the analysis panel: with the analysis server lost, the panel says so.
  await page.route("**/api/analysis/status", (route) => route.fulfill({ status: 503 }));
  const adminNav = page.getByRole("navigation", { name: "Admin area" });
  await adminNav.getByRole("link", { name: "Messages" }).click();
  await adminNav.getByRole("link", { name: "Game Analysis" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Failed to connect to analysis server");
  await page.unroute("**/api/analysis/status");

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
