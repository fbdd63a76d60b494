import { expect, test } from "@playwright/test";
import { readTestData } from "../../testdata/read.mjs";
import { ADMIN } from "../admin";

/**
 * Capablanca–Jaffe, New York 1910, read from the repository's test data (not part of the seed, so its
 * puzzles are new to the database).
 */
function capablancaJaffe(): string {
  const file = readTestData("games/capablanca-1901-1941.pgn");
  const game = file
    .split(/\r?\n(?=\[Event )/)
    .find((text) => text.includes("Jaffe") && text.includes("1910"));
  if (!game) throw new Error("Capablanca–Jaffe 1910 is missing from testdata/games/capablanca-1901-1941.pgn");
  return game;
}

test.describe("admin game analysis", () => {
  // Stop/resume acts on every worker: keep it from pausing the upload test's job.
  test.describe.configure({ mode: "serial" });

  test("an admin logs in, uploads a PGN file and watches it become puzzles", async ({ page }) => {
    // The real engine analyses the game on one process: allow it its time.
    test.setTimeout(150_000);
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
      name: "capablanca-jaffe.pgn",
      mimeType: "application/x-chess-pgn",
      buffer: Buffer.from(capablancaJaffe()),
    });
    await page.getByLabel("Engine budget per move").selectOption({ label: "Quick (200,000 nodes)" });
    await page.getByRole("button", { name: "Upload and analyse" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Queued 1 game(s) from capablanca-jaffe.pgn" }),
    ).toBeVisible();

    const row = page.getByRole("row", { name: /capablanca-jaffe\.pgn/ });
    await expect(row.getByText("Done")).toBeVisible({ timeout: 90_000 });
    const panel = page.locator("[data-slot=analysis-status-panel]");
    await expect(panel.getByText("Games analysed")).toBeVisible();
    await expect(panel.locator("dd").nth(1)).toHaveText(/^[1-9]/);
    await expect(panel.locator("dd").nth(2)).toHaveText(/^[1-9]/);

    // The puzzles are real positions now: the API counts them.
    const after = (await (await page.request.get("/api/tactical-positions/stats")).json()).total_puzzles;
    expect(after).toBeGreaterThan(before);

    await page.getByRole("button", { name: /Arabic/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "تحليل المباريات" })).toBeVisible();
    await expect(page.getByRole("row", { name: /capablanca-jaffe\.pgn/ }).getByText("اكتملت")).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
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
  });
});
