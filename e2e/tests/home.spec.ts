import { expectAccessible } from "../axe";
import { expect, type Page, test } from "../test";

const LANGUAGE_KEY = "chesstrainer.language";

interface Stats {
  total_puzzles: number;
  unique_openings: number;
  unique_themes: number;
}
interface PhaseCounts {
  counts: Record<"opening" | "middlegame" | "endgame", number>;
}

function preferArabic(page: Page) {
  return page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
}

/** Pieces on the board of a FEN: letters of its first field. */
function pieceCount(fen: string): number {
  return (fen.split(" ")[0] ?? "").replace(/[^a-zA-Z]/g, "").length;
}

const TEXTS = {
  en: {
    title: "Train like a master",
    start: "Start Training",
    counters: ["Training Positions", "Opening Lines", "Tactical Themes"],
    phases: { middlegame: "Middle Game", endgame: "Endgame", opening: "Opening" },
    count: (n: string) => `Positions: ${n}`,
    analysis: "Analysis status",
    sample: "Sample position",
    nav: "Main navigation",
    about: "About",
    openingsNote: "with positions, out of 29 named openings",
    aboutOpenings: "out of 29 named openings",
    oldAboutOpenings: "any of 29 openings",
  },
  ar: {
    title: "تدرّب كالأساتذة",
    start: "ابدأ التدريب",
    counters: ["وضعيات التدريب", "خطوط الافتتاح", "الموضوعات التكتيكية"],
    phases: { middlegame: "وسط اللعب", endgame: "النهايات", opening: "الافتتاح" },
    count: (n: string) => `عدد الوضعيات: ${n}`,
    analysis: "حالة التحليل",
    sample: "وضعية نموذجية",
    nav: "التنقل الرئيسي",
    about: "من نحن",
    openingsNote: "لها وضعيات، من أصل 29 افتتاحًا مسمًّى",
    aboutOpenings: "من أصل 29 افتتاحًا مسمًّى",
    oldAboutOpenings: "أيٍّ من 29 افتتاحًا",
  },
} as const;

/**
 * The home page in each language, then About: the openings counter counts the openings the library has positions
 * in, out of the 29 named openings (spec section 9) that About speaks of, and both say so.
 *
 * When the statistics fail, the phase cards and counters say so: resilience.spec.ts checks those messages on the
 * home page with the API refused and answering 502 (a 500 fails the client the same way: ky's HTTPError for any
 * status that is not ok).
 */
for (const language of ["en", "ar"] as const) {
  const text = TEXTS[language];
  const number = new Intl.NumberFormat(language);

  test(`home (${language}): headline, sample board, live counters, phase cards, analysis status; About's openings number`, async ({
    page,
  }) => {
    if (language === "ar") await preferArabic(page);
    // The server reads these as it renders the page; the page shows what the API says.
    const statsAnswer = page.request.get("/api/tactical-positions/stats");
    const countsAnswer = page.request.get("/api/tactical-positions/stats/phase-counts");
    // The analysis status the page itself reads once it is live.
    const analysisAnswer = page.waitForResponse("**/api/analysis/status");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();

    // The counters count up to the numbers of the statistics; the openings are some of the 29 named ones.
    const stats = (await (await statsAnswer).json()) as Stats;
    expect(stats.unique_openings).toBeGreaterThan(0);
    expect(stats.unique_openings).toBeLessThanOrEqual(29);
    const values = [stats.total_puzzles, stats.unique_openings, stats.unique_themes];
    const counters = page.locator("[data-slot=animated-counter]");
    await expect(counters).toHaveCount(3);
    for (const [index, label] of text.counters.entries()) {
      const counter = counters.nth(index);
      await expect(counter).toContainText(label);
      await expect(counter.locator("span[aria-hidden]")).toHaveText(number.format(values[index] ?? -1), {
        timeout: 5000,
      });
      await expect(counter).toHaveAttribute("data-state", "done");
    }
    await expect(page.getByTestId("home-openings-note")).toHaveText(text.openingsNote);

    const counts = (await (await countsAnswer).json()) as PhaseCounts;
    for (const [phase, moduleId] of [
      ["middlegame", "middle-game"],
      ["endgame", "endgame"],
      ["opening", "opening"],
    ] as const) {
      const card = page.locator("[data-slot=phase-card]").filter({ hasText: text.phases[phase] });
      await expect(card).toContainText(text.count(number.format(counts.counts[phase])));
      await expect(card.getByRole("link")).toHaveAttribute("href", `/training/${moduleId}`);
    }

    // The sample board is a real position: the first of the middle game, not the start position, not playable.
    const first = await (await page.request.get("/api/tactical-positions/phase/middlegame/first")).json();
    const board = page.getByRole("group", { name: text.sample });
    await expect(board).toHaveAttribute("data-slot", "board");
    await expect(board).not.toHaveAttribute("data-interactive", /.*/);
    await expect(board.locator("[data-piece]")).toHaveCount(pieceCount(first.fen));

    // The analysis panel only while analysis runs or once it has produced puzzles: never a "Stopped · 0 · Never"
    // for visitors (another test may have run an analysis on this server by now).
    const status = (await (await analysisAnswer).json()) as { isRunning: boolean; puzzlesGenerated: number };
    const panel = page.locator("[data-slot=analysis-status-panel]");
    if (status.isRunning || status.puzzlesGenerated > 0)
      await expect(panel.getByRole("heading", { name: text.analysis })).toBeVisible();
    else await expect(panel).toHaveCount(0);

    await expectAccessible(page);

    await page.getByRole("link", { name: text.start }).click();
    await expect(page).toHaveURL(/\/training$/);

    // About speaks of the same 29 named openings, in the words the counter's note uses.
    await page
      .getByRole("navigation", { name: text.nav })
      .getByRole("link", { name: text.about, exact: true })
      .click();
    const main = page.locator("main");
    await expect(main).toContainText(text.aboutOpenings);
    await expect(main).not.toContainText(text.oldAboutOpenings);
  });
}

test("home: the analysis panel appears once analysis has produced puzzles (polled every 5 seconds); a failure shows nothing", async ({
  page,
}) => {
  await page.clock.install();
  let calls = 0;
  let produced = false;
  // The real status, then the same with puzzles produced, as after an admin's upload.
  await page.route("**/api/analysis/status", async (route) => {
    calls += 1;
    if (!produced) return route.fulfill({ status: 503 });
    const real = await (await route.fetch()).json();
    return route.fulfill({ json: { ...real, gamesAnalyzed: 3, totalGamesAnalyzed: 3, puzzlesGenerated: 2 } });
  });
  const first = page.waitForResponse("**/api/analysis/status");
  await page.goto("/");
  await first;
  const panel = page.locator("[data-slot=analysis-status-panel]");
  await expect(page.locator("[data-slot=phase-card]").first()).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText("Failed to connect to analysis server")).toHaveCount(0);
  expect(calls).toBe(1);

  produced = true;
  const next = page.waitForResponse("**/api/analysis/status");
  await page.clock.fastForward(5000);
  await next;
  expect(calls).toBe(2);
  await expect(panel.getByText("Puzzles generated")).toBeVisible();
  await expect(panel).toContainText("2");
});
