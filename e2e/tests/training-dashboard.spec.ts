import { readFileSync } from "node:fs";
import { expectAccessible } from "../axe";
import { clickMove, firstMove, singleMovePuzzle } from "../puzzles";
import { expect, type Page, type Response, test } from "../test";

/**
 * /training/dashboard (issue "Training screen, second version"): the player's figures from real training against the
 * real server, the charts' table alternatives, and the progress backup (export, reset, import) in English and Arabic.
 */

const LANGUAGE_KEY = "chesstrainer.language";

const taskPosition = (page: Page) => page.locator("[data-slot=task-panel-position]");
const dashboardRating = (page: Page) => page.getByTestId("dashboard-rating");
const outcome = (page: Page, name: "clean" | "helped" | "failed") =>
  page.locator(`[data-outcome=${name}] dd`);

/** A first-try result going out to the server (any puzzle). */
const isAttempt = (response: Response) =>
  response.request().method() === "POST" &&
  /^\/api\/tactical-positions\/\d+\/attempts$/.test(new URL(response.url()).pathname);

test.describe("the training dashboard", () => {
  test("shows real training's figures, and the progress survives an export, a reset and an import", async ({
    page,
    request,
  }) => {
    await page.goto("/training/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Your Training" })).toBeVisible();
    await expect(page).toHaveTitle(/^Your Training · /);
    await expect(page.getByText("Solve a few puzzles and your figures appear here.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start training" })).toHaveAttribute("href", "/training");
    await expect(page.getByRole("button", { name: "Export progress" })).toBeDisabled();

    // Train for real: one clean solve, then a hint on the next puzzle.
    const puzzle = await singleMovePuzzle(request, "middlegame");
    await page.goto("/training/middle-game");
    await page.getByLabel("Go to Puzzle by ID").fill(String(puzzle.id));
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(taskPosition(page)).toHaveText(`Puzzle #${puzzle.id}`);
    const win = page.waitForResponse(isAttempt);
    await clickMove(page, firstMove(puzzle));
    expect((await win).status()).toBe(200);
    await expect(page.locator("[data-slot=feedback-card]")).toBeVisible();

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(taskPosition(page)).not.toHaveText(`Puzzle #${puzzle.id}`);
    const loss = page.waitForResponse(isAttempt);
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    expect((await loss).status()).toBe(200);
    await expect(page.locator("[data-slot=rating-badge] [data-change=down]")).toBeVisible();
    const rating = (await page.getByTestId("rating-value").textContent()) ?? "";
    expect(rating).toMatch(/^\d,\d{3}\?$/);

    await page.goto("/training/dashboard");
    await expect(dashboardRating(page)).toHaveText(rating);
    await expect(page.getByText("Puzzles rated: 2")).toBeVisible();
    await expect(outcome(page, "clean")).toHaveText("1");
    await expect(outcome(page, "failed")).toHaveText("0");
    // The hinted puzzle waits for review, due a day later: nothing is due yet.
    await expect(page.getByTestId("dashboard-due")).toHaveText("0");
    await expect(page.getByRole("link", { name: "Play a streak" })).toHaveAttribute(
      "href",
      "/training/streak",
    );
    await expect(page.getByRole("link", { name: "Review now" })).toHaveAttribute("href", "/training/review");
    await expect(
      page.getByRole("img", { name: /^Rating over 2 puzzles, from [\d,]+ to [\d,]+$/ }),
    ).toBeVisible();
    await expect(page.locator("[data-slot=rating-chart]")).toHaveAttribute("data-ready", "true");

    const phases = page.locator("[data-slot=phase-accuracy]");
    await phases.getByText("Show as table").click();
    const phaseTable = phases.getByRole("table", { name: "Accuracy by game phase (clean first tries)" });
    await expect(phaseTable.getByRole("row")).toHaveCount(2);
    const middleGame = phaseTable.getByRole("row", { name: /Middle Game/ });
    await expect(middleGame.getByRole("cell")).toHaveText(["50%", "2"]);
    await expectAccessible(page);

    // Export: a dated JSON file with every record.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export progress" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^chess-trainer-progress-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const backup = JSON.parse(readFileSync(file, "utf8")) as {
      app: string;
      version: number;
      exportedAt: string;
      records: Record<string, string>;
    };
    expect(backup).toMatchObject({ app: "chess-trainer", version: 1 });
    expect(Number.isNaN(Date.parse(backup.exportedAt))).toBe(false);
    const ratingRecord = JSON.parse(backup.records["chesstrainer.rating"] ?? "{}") as { history?: unknown[] };
    expect(ratingRecord.history).toHaveLength(2);
    expect(backup.records["chesstrainer.progress.positions"]).toContain('"outcome":"clean"');

    // Reset everything, then bring it back from the file.
    await page.goto("/training");
    await page.getByRole("button", { name: "Reset all progress" }).click();
    await page.getByRole("button", { name: "Yes, reset everything" }).click();
    await expect(page.getByText("All progress has been reset.")).toBeVisible();
    await page.goto("/training/dashboard");
    await expect(page.getByText("Solve a few puzzles and your figures appear here.")).toBeVisible();

    await page.getByLabel("Import progress").setInputFiles(file);
    await expect(page.getByText(/^Replace the progress saved in this browser/)).toBeVisible();
    await page.getByRole("button", { name: "Yes, replace it" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Progress imported." })).toBeVisible();
    await expect(dashboardRating(page)).toHaveText(rating);
    await expect(outcome(page, "clean")).toHaveText("1");
    await expect(page.getByText("Puzzles rated: 2")).toBeVisible();
  });

  test("refuses a file that is not a progress backup, and a cancelled import changes nothing", async ({
    page,
  }) => {
    await page.goto("/training/dashboard");
    const input = page.getByLabel("Import progress");
    await input.setInputFiles({
      name: "notes.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ app: "another-app", records: {} })),
    });
    await expect(page.getByRole("alert")).toHaveText("This file is not a Chess Trainer progress file.");

    await input.setInputFiles({
      name: "backup.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(backupOf(sampleRating()))),
    });
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Solve a few puzzles and your figures appear here.")).toBeVisible();
  });

  test("in Arabic: the page's texts, and the charts mirrored right to left", async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.goto("/training/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "تدريبك" })).toBeVisible();
    await expect(page).toHaveTitle(/^تدريبك · /);
    await expect(page.getByText("حُلّ بعض الألغاز وستظهر أرقامك هنا.")).toBeVisible();

    await page.getByLabel("استورد التقدّم").setInputFiles({
      name: "chess-trainer-progress.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(backupOf(sampleRating()))),
    });
    await page.getByRole("button", { name: "نعم، استبدله" }).click();
    await expect(page.getByRole("status").filter({ hasText: "استُورد التقدّم" })).toBeVisible();

    await expect(page.getByRole("heading", { level: 2, name: "التقييم عبر الوقت" })).toBeVisible();
    await expect(page.getByTestId("dashboard-streak")).toHaveText(/^(4|٤)$/);
    const ratingChart = page.locator("[data-slot=rating-chart]");
    await expect(ratingChart).toHaveAttribute("dir", "rtl");
    await expect(ratingChart).toHaveAttribute("data-ready", "true");
    await expect(ratingChart.getByRole("img")).toHaveAttribute("aria-label", /^تطوّر التقييم/);
    const phases = page.locator("[data-slot=phase-accuracy]");
    await expect(phases.locator("[data-slot=accuracy-bars]")).toHaveAttribute("dir", "rtl");
    await phases.getByText("اعرض جدولًا").click();
    await expect(phases.getByRole("rowheader")).toHaveText(["الافتتاح", "وسط اللعب", "النهايات"]);
    // The themes by name in Arabic, the most played first (the phase and length tags left out).
    const themes = page.locator("[data-slot=theme-accuracy]");
    await themes.getByText("اعرض جدولًا").click();
    await expect(themes.getByRole("rowheader").first()).toHaveText("الشوكة");
    await expect(themes.getByRole("rowheader")).toHaveCount(2);
    await expectAccessible(page);
  });
});

/** A rating record with three results, one per phase, and a best streak of 4 (as parsePlayerRating reads it). */
function sampleRating() {
  const point = (
    puzzleId: number,
    result: "win" | "loss",
    rating: number,
    themes: string[],
    phase: string,
  ) => ({
    at: `2025-01-0${puzzleId - 100}T10:00:00.000Z`,
    puzzleId,
    puzzleRating: 1500,
    result,
    rating,
    deviation: 200,
    themes,
    phase,
  });
  return {
    rating: 1562,
    deviation: 180,
    volatility: 0.06,
    history: [
      point(101, "win", 1580, ["fork", "middlegame", "short"], "middlegame"),
      point(102, "loss", 1530, ["pin", "endgame"], "endgame"),
      point(103, "win", 1562, ["fork", "opening"], "opening"),
    ],
    rated: [101, 102, 103],
    seen: [],
    difficulty: "normal",
    order: "sequence",
    streakBest: 4,
  };
}

function backupOf(rating: object) {
  return {
    app: "chess-trainer",
    version: 1,
    exportedAt: "2025-01-04T10:00:00.000Z",
    records: { "chesstrainer.rating": JSON.stringify(rating) },
  };
}
