import type { RacerRace } from "@ct/contract";
import { clickMove, inArabic, quietWrongMove } from "../puzzles";
import { expect, type Page, test } from "../test";

/**
 * Puzzle Racer (issue 41): two players in two browsers, one in English, one in Arabic on a phone's screen. The first
 * opens a race and the second joins by its link; the race runs live over the socket; each sees the other's points
 * on the track; the second's page is reloaded mid-race (its connection dropped) and takes its place again; at the
 * end (races last 25 s in this suite) both read the same results and meet again in the rematch's lobby.
 */
const race = (page: Page) => page.locator("[data-slot=racer-race]");
const run = (page: Page) => page.locator("[data-slot=racer-run]");
const lane = (page: Page, name: string) => page.locator(`[data-slot=racer-track] li[data-player="${name}"]`);

async function live(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-live]").waitFor({ state: "attached", timeout: 15_000 });
}

test("Puzzle Racer: a race by link between an English and an Arabic player, live progress, a reload mid-race, results and a rematch", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/training");
  await page.locator("[data-slot=racer-link]").click();
  await expect(page.getByRole("heading", { level: 1, name: "Puzzle Racer" })).toBeVisible();
  await page.getByLabel("Your name in the race").fill("Alice");
  await page.getByRole("button", { name: "Start a race" }).click();
  await expect(race(page)).toHaveAttribute("data-state", "lobby");
  const link = await page.locator("[data-slot=racer-lobby] input").inputValue();
  const path = new URL(link).pathname;
  // The address becomes the race's link (the router's navigation can land just after the lobby shows).
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole("button", { name: "Start the race" })).toBeDisabled();

  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  const guest = await phone.newPage();
  await inArabic(guest);
  await live(guest, path);
  await expect(guest.getByRole("heading", { level: 1, name: "سباق الألغاز" })).toBeVisible();
  await guest.getByLabel("اسمك في السباق").fill("Bob");
  await guest.getByRole("button", { name: "انضم إلى هذا السباق" }).click();
  await expect(race(guest)).toHaveAttribute("data-state", "lobby");
  await expect(guest.locator("[data-slot=racer-status]")).toHaveText("المنظِّم هو من يبدأ السباق.");

  // Alice sees Bob arrive, and starts.
  await expect(page.locator('[data-slot=racer-lobby] li[data-player="Bob"]')).toBeVisible();
  await page.getByRole("button", { name: "Start the race" }).click();
  await expect(race(guest)).toHaveAttribute("data-state", "countdown");
  await expect(race(page)).toHaveAttribute("data-state", "racing", { timeout: 10_000 });
  await expect(race(guest)).toHaveAttribute("data-state", "racing", { timeout: 10_000 });

  const read = await page.request.get(`/api/racer/races/${path.split("/").at(-1)}`);
  const { puzzles } = (await read.json()) as RacerRace;
  const first = puzzles?.[0];
  if (!first) throw new Error("no puzzles");

  // Alice solves the first puzzle; Bob's track shows her point.
  for (let ply = 0; ply < first.line.length; ply += 2) {
    await expect(run(page)).toHaveAttribute("data-ply", String(ply));
    await clickMove(page, first.line[ply] as string);
  }
  await expect(run(page)).toHaveAttribute("data-puzzle", "1");
  await expect(run(page)).toHaveAttribute("data-score", "1");
  await expect(lane(guest, "Alice")).toHaveAttribute("data-score", "1");

  // Bob misses his first puzzle and moves on to the second.
  await clickMove(guest, quietWrongMove({ fen: first.fen, solution: first.line, correct_moves: [] }));
  await expect(run(guest)).toHaveAttribute("data-puzzle", "1");
  await expect(run(guest)).toHaveAttribute("data-score", "0");

  // Bob's page is reloaded: the socket drops, the tab's token brings him back where he was.
  await guest.reload();
  await guest.locator("html[data-live]").waitFor({ state: "attached" });
  await expect(race(guest)).toHaveAttribute("data-state", "racing");
  await expect(run(guest)).toHaveAttribute("data-puzzle", "1");
  await expect(lane(guest, "Alice")).toHaveAttribute("data-score", "1");
  const second = puzzles?.[1];
  if (!second) throw new Error("no second puzzle");
  await clickMove(guest, second.line[0] as string);
  await expect(run(guest)).toHaveAttribute("data-ply", second.line.length > 1 ? "2" : "0");

  // The race ends (25 s here): both see the same results, Alice first; both ask for the rematch and meet in its lobby.
  const results = (p: Page) => p.locator("[data-slot=racer-results] tbody tr");
  await expect(race(page)).toHaveAttribute("data-state", "finished", { timeout: 30_000 });
  await expect(race(guest)).toHaveAttribute("data-state", "finished", { timeout: 10_000 });
  const table = async (p: Page) =>
    results(p).evaluateAll((rows) =>
      rows.map((row) => `${row.getAttribute("data-player")}:${row.getAttribute("data-score")}`),
    );
  expect(await table(page)).toEqual(await table(guest));
  await expect(results(page).first()).toHaveAttribute("data-player", "Alice");
  await page.getByRole("button", { name: "Rematch" }).click();
  await guest.getByRole("button", { name: "إعادة السباق" }).click();
  await expect(race(page)).toHaveAttribute("data-state", "lobby");
  await expect(race(guest)).toHaveAttribute("data-state", "lobby");
  // Both addresses move to the new race's link (each router's navigation can land just after its lobby shows).
  await expect.poll(() => new URL(page.url()).pathname).not.toBe(path);
  await expect.poll(() => new URL(guest.url()).pathname).toBe(new URL(page.url()).pathname);
  await expect(page.locator('[data-slot=racer-lobby] li[data-player="Bob"]')).toBeVisible();
  await phone.close();
});
