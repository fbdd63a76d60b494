import { expectAccessible } from "../axe";
import { clickMove } from "../puzzles";
import { expect, test } from "../test";

/**
 * /training/my-games (issue 22): a visitor pastes their own game, says which player they were, and the browser
 * (Stockfish WASM and the shared generator in a Web Worker) turns their mistake into a puzzle they then train in the
 * training screen, with nothing sent to the server. Also in Arabic on a phone. The analysis runs in Web Workers
 * (checked here); how free that leaves the main thread is measured by `npm run bench:main-thread`.
 */

const GAME = `[White "Test Player"] [Black "Other"] 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 Nxh5 0-1`;
/** The position after 3...Nf6, White to move: 4. Qxf7# mates, 4. d3 lost the queen. */
const AFTER_NF6 = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const LANGUAGE_KEY = "chesstrainer.language";

test.describe("puzzles from your own games", () => {
  test("a pasted game becomes a puzzle of the player's mistake, trained in the training screen", async ({
    page,
  }) => {
    const apiCalls: string[] = [];
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/")) apiCalls.push(`${request.method()} ${path}`);
    });
    await page.goto("/training/my-games");
    await expect(page.getByRole("heading", { level: 1, name: "Puzzles From Your Games" })).toBeVisible();
    await expect(page).toHaveTitle(/^Puzzles From Your Games · /);
    await expect(page.getByTestId("my-games-count")).toHaveText(
      "No puzzles yet. Analyse some of your games first.",
    );

    await page.getByLabel("Your games (PGN)").fill(GAME);
    await page.getByRole("button", { name: "Read the games" }).click();
    await expect(page.getByText("1 game read.")).toBeVisible();
    const player = page.getByLabel("Which player are you?");
    // One game: either player may be the visitor, who chooses.
    await expect(player).toHaveValue("");
    await expect(page.getByRole("button", { name: "Find my mistakes" })).toBeDisabled();
    await expect(page.getByText("Choose your side in at least one game.")).toBeVisible();
    await expect(player.locator("option")).toHaveText([
      "Choose a side for each game below",
      "Other (1 game)",
      "Test Player (1 game)",
    ]);
    await expect(page.getByLabel("Your side")).toHaveValue("skip");
    await player.selectOption("Other");
    await expect(page.getByLabel("Your side")).toHaveValue("black");
    await player.selectOption("Test Player");
    await expect(page.getByLabel("Your side")).toHaveValue("white");
    await expect(page.getByText("1 game to analyse")).toBeVisible();

    const started = Date.now();
    await page.getByRole("button", { name: "Find my mistakes" }).click();
    const progress = page.locator("[data-slot=analysis-progress]");
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("progressbar", { name: "Games analysed" })).toBeVisible();
    await expect(progress.getByRole("status")).toHaveText(
      "Analysis finished. Games analysed: 1. Puzzles found: 1.",
      { timeout: 60_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    test.info().annotations.push({ type: "analysis seconds", description: seconds.toFixed(1) });
    // The games are read by a worker of the page, which runs Stockfish in a worker of its own: the engine and the
    // generator never run on the page's main thread.
    expect(workers.some((path) => /analysis\.worker/.test(path))).toBe(true);
    await expect(progress.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(page.getByTestId("my-games-count")).toHaveText("1 puzzle from your games");
    await expectAccessible(page);

    // Kept in this browser: a reload shows the set and the finished run.
    await page.reload();
    await expect(page.getByTestId("my-games-count")).toHaveText("1 puzzle from your games");

    await page.getByRole("link", { name: "Train these puzzles" }).click();
    await expect(page).toHaveURL(/\/training\/my-games\?train/);
    await expect(
      page.locator("[data-slot=title-bar]").getByRole("heading", { name: "My games" }),
    ).toBeVisible();
    await expect(page.locator("[data-slot=task-panel-position]")).toHaveText("Position 1 of 1");
    await expect(page.locator("[data-slot=fen-bar]")).toContainText(AFTER_NF6);
    await expect(page.locator("[data-slot=board]")).toHaveAttribute("data-orientation", "white");
    // Moves are isolated left to right inside the sentences (U+2066 … U+2069).
    const note = (await page.locator("[data-slot=game-note]").textContent())?.replace(/[\u2066-\u2069]/g, "");
    expect(note).toContain("In the game you played 4. d3.");
    expect(note).toContain("After d3, your opponent answers Nxh5 and wins a queen.");
    expect(note).toContain("The line: 4. d3? Nxh5");

    // A hint first (the board hint), then the mate.
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    await expect(page.locator("[data-slot=hint-card]")).toBeVisible();
    await clickMove(page, "h5f7");
    await expect(page.locator("[data-slot=feedback-card]")).toContainText("Solved, with help.");
    await expect(page.locator("[data-slot=feedback-card]")).toContainText(
      "The line 4. Qxf7# mates in one move.",
    );
    await expect(page.locator("[data-slot=fen-bar]")).toContainText(
      "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    );
    // Nothing of the set went to the server: no attempt was reported, no puzzle asked for.
    expect(apiCalls.filter((call) => /tactical-positions|library/.test(call))).toEqual([]);
    await expectAccessible(page);

    // Solved with help, its review card comes back (the wait is skipped here by moving its due time), read from
    // this browser's store like the set.
    await page.evaluate(() => {
      const cards = JSON.parse(localStorage.getItem("chesstrainer.coach.cards") ?? "[]") as { due: string }[];
      localStorage.setItem(
        "chesstrainer.coach.cards",
        JSON.stringify(cards.map((card) => ({ ...card, due: "2000-01-01T00:00:00.000Z" }))),
      );
    });
    await page.goto("/training/review");
    await expect(page.locator("[data-slot=fen-bar]")).toContainText(AFTER_NF6);
    await clickMove(page, "h5f7");
    await expect(page.locator("[data-slot=feedback-card]")).toContainText("Excellent");
    expect(apiCalls.filter((call) => /tactical-positions|library/.test(call))).toEqual([]);

    // The dashboard shows the set apart, with its phases and themes.
    await page.goto("/training/dashboard");
    const mine = page.locator("[data-slot=my-games-dashboard]");
    await expect(mine).toContainText("1 puzzle from your games");
    await expect(mine.locator("[data-slot=count-bars]").first()).toHaveAttribute("data-ready", "true");
    await mine.getByText("Show as table").first().click();
    const phases = mine.getByRole("table", { name: "Puzzles from your games by game phase" });
    await expect(phases.getByRole("row", { name: /Opening/ }).getByRole("cell")).toHaveText(["1"]);
  });

  test("in Arabic on a phone: paste, choose the player, train the puzzle", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.goto("/training/my-games");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "ألغاز من مبارياتك" })).toBeVisible();
    await page.getByLabel("مبارياتك (PGN)").fill(GAME);
    await page.getByRole("button", { name: "اقرأ المباريات" }).click();
    await expect(page.getByText("قُرئت مباراة واحدة.")).toBeVisible();
    await page.getByLabel("أيّ اللاعبين أنت؟").selectOption("Test Player");
    await page.getByRole("button", { name: "ابحث عن أخطائي" }).click();
    await expect(page.locator("[data-slot=analysis-progress]").getByRole("status")).toContainText(
      "اكتمل التحليل",
      { timeout: 60_000 },
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "تدرّب على هذه الألغاز" }).click();
    await expect(page.locator("[data-slot=fen-bar]")).toContainText(AFTER_NF6);
    await expect(page.locator("[data-slot=game-note]")).toContainText("في المباراة لعبتَ");
    await clickMove(page, "h5f7");
    await expect(page.locator("[data-slot=feedback-card]")).toBeVisible();
    await expect(page.locator("[data-slot=fen-bar]")).toContainText("r1bqkb1r/pppp1Qpp/");
  });

  test("a .pgn file with a bad game: reported and skipped; the set exports and imports", async ({ page }) => {
    await page.goto("/training/my-games");
    const text = `${GAME}\n\n[White "Test Player"] [Black "Someone"] 1. e4 e5 2. Ke3 *\n`;
    // Opened as a .pgn file: it is read at once, and its text shown in the box.
    await page.getByLabel("Open a PGN file").setInputFiles({
      name: "games.pgn",
      mimeType: "application/x-chess-pgn",
      buffer: Buffer.from(text),
    });
    await expect(page.getByText("1 game read.")).toBeVisible();
    await expect(page.getByLabel("Your games (PGN)")).toHaveValue(text);
    await page.getByLabel("Which player are you?").selectOption("Test Player");
    const problems = page.locator("[data-slot=my-games-problems]");
    await expect(problems).toContainText("1 game could not be read and is skipped:");
    await expect(problems).toContainText(
      /Game 2 \(\u2068Test Player – Someone\u2069\): \u2068illegal move "Ke3"/,
    );
    await page.getByRole("button", { name: "Find my mistakes" }).click();
    await expect(page.locator("[data-slot=analysis-progress]").getByRole("status")).toHaveText(
      "Analysis finished. Games analysed: 1. Puzzles found: 1.",
      { timeout: 60_000 },
    );

    const [json] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export JSON" }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^my-games-\d{4}-\d{2}-\d{2}\.json$/);
    const jsonPath = await json.path();
    const [pgn] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export PGN" }).click(),
    ]);
    const { readFileSync } = await import("node:fs");
    const pgnText = readFileSync(await pgn.path(), "utf8").replace(/\s+/g, " ");
    expect(pgnText).toContain(`[PuzzleFEN "${AFTER_NF6}"]`);
    expect(pgnText).toContain("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#");
    expect(pgnText).toContain("4. Qxf7# (4. d3? { Played in the game. } 4... Nxh5");

    // Another device: a fresh browser context, then the import.
    const other = await page.context().browser()?.newContext();
    if (!other) throw new Error("no browser");
    const fresh = await other.newPage();
    await fresh.goto("/training/my-games");
    await expect(fresh.getByTestId("my-games-count")).toHaveText(
      "No puzzles yet. Analyse some of your games first.",
    );
    await fresh.getByLabel("Import a set (JSON)").setInputFiles(jsonPath);
    await expect(fresh.getByText("1 new puzzle imported.")).toBeVisible();
    await expect(fresh.getByTestId("my-games-count")).toHaveText("1 puzzle from your games");
    await fresh.getByRole("link", { name: "Train these puzzles" }).click();
    await expect(fresh.locator("[data-slot=fen-bar]")).toContainText(AFTER_NF6);
    await other.close();
  });
  test("pause, resume, and a reload in the middle: the run goes on where it stopped", async ({ page }) => {
    // A long second game (50 moves: a Queen's Gambit, then quiet moves), so its analysis lasts long enough to be seen
    // running and to reload in the middle of: a 10-move game went from "0 of 2" to "2 of 2" between two looks.
    const second = `[White "Test Player"] [Black "Third"] 1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4 9. Bxc4 Nd5 10. Bxe7 Qxe7 11. h3 Ne5 12. b4 Ng4 13. Qc2 Qc7 14. Kf1 Ne5 15. Bd3 Nc4 16. Bf5 b6 17. Rg1 Bb7 18. Nh4 Rac8 19. Be4 h6 20. Ke2 Nf6 21. g3 Rb8 22. Qb2 Qe5 23. Bc2 Qa5 24. Ng6 Qf5 25. Na4 Rbd8 26. f4 Qe5 27. Ra1 Qc5 28. Rg2 Qe5 29. Nh4 Ba6 30. Nf5 Ng4 31. Qb1 Kh7 32. Qc1 f6 33. Qf1 Bc8 34. h4 Kh8 35. Rh2 a5 36. Bd3 Nd6 37. Rf2 Kg8 38. Rd1 Ne8 39. Bb1 b5 40. h5 Bb7 41. Bc2 Bc8 42. Kf3 Rd5 43. Rg2 Bb7 44. Ra1 Kh7 45. Nb2 Qd6 46. Rb1 Qd7 47. Qe1 Bc8 48. Rh2 Qf7 49. Rd2 c5 50. Nc4 Nc7 *`;
    await page.goto("/training/my-games");
    await page.getByLabel("Your games (PGN)").fill(`${GAME}\n\n${second}`);
    await page.getByRole("button", { name: "Read the games" }).click();
    // Test Player has both games: the one most frequent player is taken for the visitor.
    await expect(page.getByLabel("Which player are you?")).toHaveValue("Test Player");
    await expect(page.getByText("2 games to analyse")).toBeVisible();
    await page.getByRole("button", { name: "Find my mistakes" }).click();
    const progress = page.locator("[data-slot=analysis-progress]");
    await expect(progress).toHaveAttribute("data-state", "running");
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(progress).toHaveAttribute("data-state", "paused");
    await expect(progress.getByRole("status")).toHaveText("Paused. What is done is kept.");
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(progress).toHaveAttribute("data-state", "running");
    await expect(progress.locator("[data-slot=analysis-games]")).toHaveText("Games: 1 of 2", {
      timeout: 60_000,
    });
    // The tab is reloaded during the second game: the first game's puzzle is kept and the second is analysed.
    await page.reload();
    await expect(page.getByTestId("my-games-count")).toHaveText("1 puzzle from your games");
    await expect(progress.getByRole("status")).toContainText("Games analysed: 2.", { timeout: 90_000 });
    await expect(progress.locator("[data-slot=analysis-games]")).toHaveText("Games: 2 of 2");
  });
});
