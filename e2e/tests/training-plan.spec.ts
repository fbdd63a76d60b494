import { expectAccessible } from "../axe";
import {
  inArabic,
  LANGUAGE_KEY,
  type Puzzle,
  taskPosition as puzzleShown,
  singleMovePuzzle,
  solveLine,
} from "../puzzles";
import { expect, type Locator, type Page, type Response, test } from "../test";

/**
 * Today's plan (issue 39), as a player meets it: a new visitor's "Find your level" on home, played on /training/plan
 * (each next puzzle asked at the target findLevelTarget moves to: up 400 after a clean solve, down 300 after a miss,
 * with a narrow deviation), the ring and the step filling on home; then, with a trained player's records seeded in
 * this browser (results on the two days before today, two review cards due), the due reviews, weak themes and new
 * puzzles with a streak of two days, a review step serving a card's puzzle and a weak-theme puzzle counted on its
 * step. The plan's arithmetic is packages/machines/src/coach/plan.test.ts's; the records' glue plan-figures.test.ts's.
 */

const TEXTS = {
  en: {
    plan: "Today's plan",
    findLevel: "Find your level",
    review: "Due reviews",
    weak: "Weak themes",
    fresh: "New puzzles",
    start: "Start",
    ring: (done: number, total: number) => `Today's plan: ${done} of ${total} done`,
    count: (done: number, total: number) => `${done} of ${total}`,
    step: (index: number, count: number, name: string, done: number, total: number) =>
      `Step ${index} of ${count}: ${name}, ${done} of ${total}`,
    noStreak: "No streak yet: finish today's plan to start one",
    streak: "2 days in a row Finish today's plan to keep it going.",
    hint: "Hint",
    next: "Next",
  },
  ar: {
    plan: "خطة اليوم",
    findLevel: "حدّد مستواك",
    review: "المراجعات المستحقة",
    weak: "موضوعات ضعفك",
    fresh: "ألغاز جديدة",
    start: "ابدأ",
    ring: (done: number, total: number) => `خطة اليوم: أنجزت ${done} من ${total}`,
    count: (done: number, total: number) => `${done} من ${total}`,
    step: (index: number, count: number, name: string, done: number, total: number) =>
      `الخطوة ${index} من ${count}: ${name}، ${done} من ${total}`,
    noStreak: "لا أيام متتالية بعد: أنجز خطة اليوم لتبدأ سلسلتك",
    streak: "يومان متتاليان أنجز خطة اليوم لتحافظ على سلسلتك.",
    hint: "تلميح",
    next: "التالي",
  },
} as const;

/** Arabic-Indic digits as Latin ones and grouping marks dropped: the figures read the same in either language. */
const plain = (text: string | null) =>
  (text ?? "")
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/(\d)[٬,](\d)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();

const plan = (page: Page) => page.locator("[data-slot=daily-plan]");
const stepItem = (page: Page, key: string) => plan(page).locator(`li[data-step=${key}]`);
const stepLine = (page: Page) => page.locator("[data-slot=plan-step]");
const hasText = async (locator: Locator, text: string) =>
  expect.poll(async () => plain(await locator.textContent())).toBe(text);
const ringLabel = async (page: Page, text: string) =>
  expect
    .poll(async () => plain(await plan(page).getByRole("progressbar").getAttribute("aria-label")))
    .toBe(text);

/**
 * The library's next puzzle, as the page asked for it (the answer that brought a puzzle: an ask that finds nothing
 * that close is asked again wider).
 */
const isNext = async (response: Response) =>
  response.request().method() === "GET" &&
  new URL(response.url()).pathname === "/api/tactical-positions/next" &&
  ((await response.json()) as { position: unknown }).position !== null;
type Served = Puzzle & { rating: number };
async function served(next: Promise<Response>) {
  const answer = await next;
  const asked = new URL(answer.url()).searchParams;
  const { position } = (await answer.json()) as { position: Served };
  return { asked, position };
}

for (const language of ["en", "ar"] as const) {
  test(`today's plan (${language}): a new visitor finds their level, the ring and the step filling; a trained player's reviews, weak themes and new puzzles with a streak`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    if (language === "ar") await inArabic(page);
    // The coach's draw among the weak themes lands on the weakest (pin), whose puzzles the library has.
    await page.addInitScript(() => {
      Math.random = () => 0.1;
    });

    // A new visitor: home's plan starts with Find your level, 10 puzzles, then 5 new ones (15 minutes at 60 s each).
    await page.goto("/");
    await expect(plan(page).getByRole("heading", { name: texts.plan })).toBeVisible();
    await expect(plan(page).getByRole("listitem")).toHaveCount(2);
    await hasText(stepItem(page, "findLevel").locator("[data-slot=plan-step-name]"), texts.findLevel);
    await expect(stepItem(page, "findLevel")).toHaveAttribute("data-state", "current");
    await hasText(stepItem(page, "new").locator("[data-slot=plan-step-name]"), texts.fresh);
    await ringLabel(page, texts.ring(0, 15));
    await hasText(plan(page).locator("[data-slot=plan-streak]"), texts.noStreak);
    await expectAccessible(page);

    // Its first puzzle is asked at 1500 with a narrow deviation.
    let next = page.waitForResponse(isNext);
    await stepItem(page, "findLevel").getByRole("link").click();
    await expect(page).toHaveURL(/\/training\/plan\?step=find-level$/);
    let puzzle = await served(next);
    expect(puzzle.asked.get("rating")).toBe("1500");
    expect(puzzle.asked.get("deviation")).toBe("80");
    await expect(puzzleShown(page)).toHaveText(new RegExp(`${puzzle.position.id}$`));
    await hasText(stepLine(page), texts.step(1, 2, texts.findLevel, 0, 10));

    // A clean solve: the step counts it, and the next puzzle is asked 400 above the one solved.
    await solveLine(page, puzzle.position);
    await hasText(stepLine(page), texts.step(1, 2, texts.findLevel, 1, 10));
    next = page.waitForResponse(isNext);
    await page.getByRole("button", { name: texts.next, exact: true }).click();
    const first = puzzle.position;
    puzzle = await served(next);
    expect(Number(puzzle.asked.get("rating"))).toBe(Math.min(3000, first.rating + 400));
    await expect(puzzleShown(page)).not.toHaveText(new RegExp(`${first.id}$`));

    // A hint makes it a miss: the next puzzle is asked 300 below this one.
    await page.getByRole("button", { name: texts.hint, exact: true }).click();
    await hasText(stepLine(page), texts.step(1, 2, texts.findLevel, 2, 10));
    next = page.waitForResponse(isNext);
    await page.getByRole("button", { name: texts.next, exact: true }).click();
    const second = puzzle.position;
    puzzle = await served(next);
    expect(Number(puzzle.asked.get("rating"))).toBe(Math.max(400, second.rating - 300));

    // Home: the ring and the step have moved. The plan holds 15 minutes at the player's usual solve time: the clean
    // solve took seconds (10 s at the least), so today's plan grows to its most, 40 puzzles.
    await page.goto("/");
    await ringLabel(page, texts.ring(2, 40));
    await hasText(stepItem(page, "findLevel").locator("[data-slot=plan-step-count]"), texts.count(2, 10));

    // A trained player's records: 32 results on the two days before today (pins and skewers missed, forks solved),
    // and two review cards made three days ago, due yesterday.
    const cards = [await singleMovePuzzle(request, "middlegame"), await singleMovePuzzle(request, "endgame")];
    await page.evaluate(
      ({ ids, languageKey, language }) => {
        const midnight = new Date();
        midnight.setHours(0, 0, 0, 0);
        const day = 86_400_000;
        const results: [string, string, "win" | "loss"][] = [
          ...[0, 1, 2, 3, 4, 5].map((i): [string, string, "win" | "loss"] => [
            "pin",
            "middlegame",
            i < 4 ? "loss" : "win",
          ]),
          ...[0, 1, 2, 3, 4].map((i): [string, string, "win" | "loss"] => [
            "skewer",
            "endgame",
            i < 3 ? "loss" : "win",
          ]),
          ...Array.from({ length: 21 }, (): [string, string, "win" | "loss"] => ["fork", "opening", "win"]),
        ];
        // Sixteen results at noon two days ago, sixteen at noon yesterday (a minute apart).
        const history = results.map(([theme, phase, result], index) => ({
          at: new Date(midnight.getTime() - (index < 16 ? 1.5 : 0.5) * day + index * 60_000).toISOString(),
          puzzleId: 900_000 + index,
          puzzleRating: 1500,
          result,
          rating: 1540,
          deviation: 90,
          themes: [theme, phase],
          phase,
        }));
        const created = new Date(midnight.getTime() - 3 * day).toISOString();
        const card = (puzzleId: number) => ({
          puzzleId,
          due: new Date(midnight.getTime() - 0.5 * day).toISOString(),
          stability: 1,
          difficulty: 5,
          scheduledDays: 1,
          learningSteps: 0,
          reps: 1,
          lapses: 0,
          state: "review",
          lastReview: created,
          created,
          source: "failed",
          theme: null,
          rating: 1500,
          log: [{ at: created, grade: "again", served: "position" }],
        });
        localStorage.clear();
        if (language === "ar") localStorage.setItem(languageKey, "ar");
        localStorage.setItem(
          "chesstrainer.rating",
          JSON.stringify({
            rating: 1540,
            deviation: 90,
            volatility: 0.06,
            history,
            rated: history.map((point) => point.puzzleId),
            seen: [],
            difficulty: "normal",
            order: "sequence",
            streakBest: 0,
          }),
        );
        localStorage.setItem("chesstrainer.coach.cards", JSON.stringify(ids.map(card)));
      },
      { ids: cards.map((card) => card.id), languageKey: LANGUAGE_KEY, language },
    );
    await page.goto("/");
    // Two reviews, five weak-theme puzzles and eight new ones; two days in a row, today's still to do.
    await expect(plan(page).getByRole("listitem")).toHaveCount(3);
    expect(
      await plan(page)
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => item.dataset.step)),
    ).toEqual(["review", "weak", "new"]);
    await hasText(stepItem(page, "review").locator("[data-slot=plan-step-count]"), texts.count(0, 2));
    await expect(stepItem(page, "review")).toHaveAttribute("data-state", "current");
    await hasText(stepItem(page, "weak").locator("[data-slot=plan-step-count]"), texts.count(0, 5));
    await hasText(stepItem(page, "new").locator("[data-slot=plan-step-count]"), texts.count(0, 8));
    await ringLabel(page, texts.ring(0, 15));
    await hasText(plan(page).locator("[data-slot=plan-streak]"), texts.streak);
    await expect(plan(page).locator("[data-slot=plan-streak]")).toHaveAttribute("data-days", "2");

    // The reviews' step serves the longest-waiting card's own puzzle.
    await stepItem(page, "review").getByRole("link").click();
    await expect(page).toHaveURL(/\/training\/plan\?step=review$/);
    await expect(puzzleShown(page)).toHaveText(new RegExp(`${cards[0]?.id}$`));
    await hasText(stepLine(page), texts.step(1, 3, texts.review, 0, 2));

    // The weak themes' step (its own link on home): a pin at the player's level, counted once solved.
    await page.goto("/");
    next = page.waitForResponse(isNext);
    await stepItem(page, "weak").getByRole("link").click();
    await expect(page).toHaveURL(/\/training\/plan\?step=weak$/);
    puzzle = await served(next);
    expect(puzzle.asked.get("themes")).toBe("pin");
    expect(puzzle.asked.get("rating")).toBe("1540");
    await expect(puzzleShown(page)).toHaveText(new RegExp(`${puzzle.position.id}$`));
    await hasText(stepLine(page), texts.step(2, 3, texts.weak, 0, 5));
    await expectAccessible(page);
    await solveLine(page, puzzle.position);
    await hasText(stepLine(page), texts.step(2, 3, texts.weak, 1, 5));

    // Home: one done; the quick solve makes the day 40 puzzles again (2 reviews, 5 weak, 33 new).
    await page.goto("/");
    await ringLabel(page, texts.ring(1, 40));
    await hasText(stepItem(page, "weak").locator("[data-slot=plan-step-count]"), texts.count(1, 5));
    await hasText(stepItem(page, "new").locator("[data-slot=plan-step-count]"), texts.count(0, 33));
    await expect(stepItem(page, "review")).toHaveAttribute("data-state", "current");
    // The two days done stay done at the size their plans had (15), though today's is 40 now.
    await hasText(plan(page).locator("[data-slot=plan-streak]"), texts.streak);

    // The dashboard shows the same plan.
    await page.goto("/training/dashboard");
    await ringLabel(page, texts.ring(1, 40));
    await hasText(stepItem(page, "weak").locator("[data-slot=plan-step-count]"), texts.count(1, 5));
    await hasText(stepItem(page, "new").locator("[data-slot=plan-step-count]"), texts.count(0, 33));
    await hasText(plan(page).locator("[data-slot=plan-streak]"), texts.streak);
  });
}
