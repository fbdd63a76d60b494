import { join } from "node:path";
import SQLite from "better-sqlite3";
import { readTestData } from "../../testdata/read.mjs";
import { ADMIN, signIn } from "../admin";
import { expect, test } from "../test";

/**
 * Capablanca–Clough, 1919, read from the repository's test data (not part of the seed, so its puzzle is new to the
 * database). Its 24th move gives a puzzle under lichess's only-move rule at the Quick budget; Capablanca–Jaffe,
 * used before, gives none since the generator follows that rule (its mate in 2 has a second move worth +6).
 */
function capablancaClough(): string {
  const file = readTestData("games/capablanca-1901-1941.pgn");
  const game = file
    .split(/\r?\n(?=\[Event )/)
    .find((text) => text.includes("Clough") && text.includes("1919"));
  if (!game)
    throw new Error("Capablanca–Clough 1919 is missing from testdata/games/capablanca-1901-1941.pgn");
  return game;
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

test.describe("admin game analysis", () => {
  // Stop/resume acts on every worker: keep it from pausing the upload test's job.
  test.describe.configure({ mode: "serial" });

  test("an admin logs in, uploads a PGN file and watches it become puzzles", async ({ page }) => {
    // The real engine analyses the game on one process: allow it its time. Beside the rest of the suite (three
    // browsers on two cores, each page rendered by the same server) one game took 85–100 s in this session's runs,
    // 45 s on a quiet machine.
    test.setTimeout(240_000);
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

    const before = (await (await page.request.get("/api/tactical-positions/stats")).json()).total_puzzles;
    await page.getByLabel("PGN file").setInputFiles({
      name: "capablanca-clough.pgn",
      mimeType: "application/x-chess-pgn",
      buffer: Buffer.from(capablancaClough()),
    });
    await page.getByLabel("Engine budget per move").selectOption({ label: "Quick (200,000 nodes)" });
    await page.getByRole("button", { name: "Upload and analyse" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Queued 1 game(s) from capablanca-clough.pgn" }),
    ).toBeVisible();

    const row = page.getByRole("row", { name: /capablanca-clough\.pgn/ });
    await expect(row.getByText("Done")).toBeVisible({ timeout: 180_000 });
    const panel = page.locator("[data-slot=analysis-status-panel]");
    await expect(panel.getByText("Games analysed")).toBeVisible();
    await expect(panel.locator("dd").nth(1)).toHaveText(/^[1-9]/);
    await expect(panel.locator("dd").nth(2)).toHaveText(/^[1-9]/);

    // The puzzles are real positions now: the API counts them.
    const after = (await (await page.request.get("/api/tactical-positions/stats")).json()).total_puzzles;
    expect(after).toBeGreaterThan(before);

    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "تحليل المباريات" })).toBeVisible();
    await expect(page.getByRole("row", { name: /capablanca-clough\.pgn/ }).getByText("اكتملت")).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the admin page always shows the analysis panel, and a lost connection to the analysis server", async ({
    page,
  }) => {
    await signIn(page);
    await page.route("**/api/analysis/status", (route) => route.fulfill({ status: 503 }));
    await page.goto("/admin/analysis");
    const panel = page.locator("[data-slot=analysis-status-panel]");
    await expect(panel.getByRole("alert")).toHaveText("Failed to connect to analysis server");
  });

  test("an admin retries a failed job, which resumes at its next game", async ({ page }) => {
    test.setTimeout(120_000);
    storeFailedJob("retried-miniatures.pgn");
    await page.goto("/admin/analysis");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/analysis$/);

    const row = page.getByRole("row", { name: /retried-miniatures\.pgn/ });
    await expect(row.getByText("Failed", { exact: true })).toBeVisible();
    await expect(row.getByText("1 / 2")).toBeVisible();
    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(row.getByText("فشلت")).toBeVisible();
    await expect(row.getByRole("button", { name: "أعد المحاولة: retried-miniatures.pgn" })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();

    await row.getByRole("button", { name: "Retry: retried-miniatures.pgn" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "retried-miniatures.pgn is queued again: its analysis resumes at game 2." }),
    ).toBeVisible();
    // The worker analyses the second game only, and the job is done: no Retry any more.
    await expect(row.getByText("Done")).toBeVisible({ timeout: 90_000 });
    await expect(row.getByText("2 / 2")).toBeVisible();
    await expect(row.getByRole("button")).toHaveCount(0);
  });

  test("stop and resume reach every worker", async ({ page }) => {
    await page.goto("/admin/analysis");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/analysis$/);
    await page.getByRole("button", { name: "Stop analysis" }).click();
    await expect(page.getByRole("button", { name: "Resume analysis" })).toBeVisible();
    await expect(page.getByText("Stopped")).toBeVisible();
    await page.getByRole("button", { name: "Resume analysis" }).click();
    await expect(page.getByRole("button", { name: "Stop analysis" })).toBeVisible();
    // Running or waiting for games, never "Stopped" beside a Stop button.
    await expect(page.getByText("Stopped", { exact: true })).toHaveCount(0);
  });

  for (const language of ["en", "ar"] as const) {
    test(`on a 390 px phone the page fits, the jobs as cards (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript(
        (value) => window.localStorage.setItem("chesstrainer.language", value),
        language,
      );
      await signIn(page);
      await page.goto("/admin/analysis");
      // The jobs the tests before queued, one card each.
      await expect(page.locator("[data-slot=analysis-job-card]").first()).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    });
  }
});
