import { expectAccessible } from "../axe";
import { expect, test } from "../test";

/**
 * /training/my-games when the analysis finds no puzzle: the run says why, with the figures of the rule the analysis
 * really uses, and lists the games it analysed, in English and in Arabic. The Opera Game (Morphy against the Duke
 * of Brunswick and Count Isouard, Paris 1858) played as Black: Black was already worse before the moves that lost.
 */

const OPERA_GAME = `[Event "Paris"] [White "Paul Morphy"] [Black "Duke Karl / Count Isouard"] [Result "1-0"]
1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5
11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0`;
const LANGUAGE_KEY = "chesstrainer.language";

test.describe("a run of your games that finds no puzzle", () => {
  test("says why, with the rule's figures, and lists the game it analysed", async ({ page }) => {
    await page.goto("/training/my-games");
    await page.getByLabel("Your games (PGN)").fill(OPERA_GAME);
    await page.getByRole("button", { name: "Read the games" }).click();
    await expect(page.getByText("1 game read.")).toBeVisible();
    await page.getByLabel("Which player are you?").selectOption("Duke Karl / Count Isouard");
    await expect(page.getByLabel("Your side")).toHaveValue("black");
    await page.getByRole("button", { name: "Find my mistakes" }).click();
    const progress = page.locator("[data-slot=analysis-progress]");
    await expect(progress.getByRole("status")).toHaveText(
      "Analysis finished. Games analysed: 1. Puzzles found: 0.",
      { timeout: 60_000 },
    );

    const why = page.locator("[data-slot=my-games-no-puzzle]");
    await expect(why).toBeVisible();
    // Black's one move that met the rule (the generator's win-chance thresholds, said in its figures) left no
    // position with a single best move to make a puzzle of.
    await expect(why).toHaveText(
      "No puzzle this time: one of your moves took your winning chances from \u206835%\u2069 or more down to " +
        "\u206820%\u2069 or less, " +
        "but that position had no single best move to make a puzzle of (a puzzle needs one move clearly better " +
        "than every other).",
    );

    const games = page.getByRole("region", { name: "Games analysed" });
    await expect(games.getByRole("listitem")).toHaveCount(1);
    await expect(games.getByRole("listitem")).toContainText(
      // The players are isolated (U+2068 … U+2069), so names in either script keep their order.
      "Game 1: \u2068Paul Morphy – Duke Karl / Count Isouard\u2069 (you: Black).",
    );
    await expect(games.getByRole("listitem")).toContainText("Mistakes: 1, none with a single best move.");
    await expect(page.getByTestId("my-games-count")).toHaveText(
      "No puzzles yet. Analyse some of your games first.",
    );
    await expectAccessible(page);
  });

  test("in Arabic on a phone: the reason and the analysed game", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    await page.goto("/training/my-games");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByLabel("مبارياتك (PGN)").fill(OPERA_GAME);
    await page.getByRole("button", { name: "اقرأ المباريات" }).click();
    await page.getByLabel("أيّ اللاعبين أنت؟").selectOption("Duke Karl / Count Isouard");
    await page.getByRole("button", { name: "ابحث عن أخطائي" }).click();
    await expect(page.locator("[data-slot=analysis-progress]").getByRole("status")).toContainText(
      "اكتمل التحليل",
      { timeout: 60_000 },
    );
    const why = page.locator("[data-slot=my-games-no-puzzle]");
    await expect(why).toContainText("لم يُصنع لغز هذه المرة: أنزلت نقلةٌ واحدة من نقلاتك فرصَ فوزك من \u206835");
    await expect(why).toContainText("إلى \u206820");
    const games = page.getByRole("region", { name: "المباريات التي حُلِّلت" });
    await expect(games.getByRole("listitem")).toContainText("المباراة 1:");
    await expect(games.getByRole("listitem")).toContainText("(قطعك: الأسود)");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
