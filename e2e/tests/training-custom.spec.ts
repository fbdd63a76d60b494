import { expectAccessible } from "../axe";
import { inArabic, taskPosition } from "../puzzles";
import { type APIRequestContext, expect, type Page, test } from "../test";

/**
 * /training/custom (issue 39, "Custom sets"): a set of any mix, built in the form (a rating range, two themes that a
 * puzzle must both have, a phase; an opening tried and left), counted against the real library as it changes; an
 * impossible range refused; Copy link, and the copied address opened in a new page: the same form, and training it
 * gives a puzzle of the set. In English, then in Arabic. The address's reading and writing is custom-set.test.ts's;
 * the selection and the count on both databases are apps/server/src/positions/puzzle-set.test.ts's.
 */

interface Texts {
  link: string;
  heading: string;
  min: string;
  max: string;
  themes: [string, string];
  phase: string;
  opening: string;
  anyOpening: string;
  reversed: string;
  none: string;
  train: string;
  copy: string;
  copied: string;
  puzzle: string;
}

const ENGLISH: Texts = {
  link: "Custom set",
  heading: "Custom Set",
  min: "Lowest rating",
  max: "Highest rating",
  themes: ["Fork", "Pin"],
  phase: "Middle game",
  opening: "Opening",
  anyOpening: "Any opening",
  reversed: "The lowest rating (1700) is above the highest (1600): no puzzle can fall in this range.",
  none: "No puzzle matches this set. Widen the range or choose fewer themes.",
  train: "Train this set",
  copy: "Copy link",
  copied: "Link copied: whoever opens it gets this set.",
  puzzle: "This puzzle:",
};

const ARABIC: Texts = {
  link: "مجموعة مخصّصة",
  heading: "مجموعة مخصّصة",
  min: "أدنى تصنيف",
  max: "أعلى تصنيف",
  themes: ["الشوكة", "التثبيت"],
  phase: "وسط اللعب",
  opening: "الافتتاح",
  anyOpening: "أي افتتاح",
  reversed: "أدنى تصنيف (1700) أعلى من أعلى تصنيف (1600): لا يمكن أن يقع أي لغز في هذا النطاق.",
  none: "لا يطابق أي لغز هذه المجموعة. وسّع النطاق أو اختر موضوعات أقل.",
  train: "تدرّب على هذه المجموعة",
  copy: "انسخ الرابط",
  copied: "نُسخ الرابط: من يفتحه يحصل على هذه المجموعة.",
  puzzle: "هذا اللغز:",
};

/** The set the journey builds, as the page's address writes it. */
const SET_QUERY = "min=1200&max=1600&themes=fork%2Cpin&phase=middlegame";

const count = (page: Page) => page.locator("[data-slot=custom-set-count]");
const rangeInput = (page: Page, name: string) => page.getByRole("spinbutton", { name });
const themeChip = (page: Page, name: string) =>
  page.getByRole("toolbar").getByRole("button", { name, exact: true });

/** What the library says the set holds. */
async function libraryCount(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/tactical-positions/count?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

/** The form shows the set of SET_QUERY (a new page opened on its address, or the page that built it). */
async function expectTheSet(page: Page, texts: Texts, matching: number) {
  await expect(rangeInput(page, texts.min)).toHaveValue("1200");
  await expect(rangeInput(page, texts.max)).toHaveValue("1600");
  for (const theme of texts.themes)
    await expect(themeChip(page, theme)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("radio", { name: texts.phase })).toBeChecked();
  await expect(page.getByRole("combobox", { name: texts.opening })).toHaveValue("");
  await expect(count(page).locator("[data-count]")).toHaveAttribute("data-count", String(matching));
}

async function journey(page: Page, request: APIRequestContext, texts: Texts) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/training");
  await page.locator("[data-slot=custom-set-link]").click();
  await expect(page).toHaveURL(/\/training\/custom$/);
  await expect(page.getByRole("heading", { level: 1, name: texts.heading })).toBeVisible();
  await expect(count(page).locator("[data-count]")).toHaveAttribute(
    "data-count",
    String(await libraryCount(request, "")),
  );

  // The range: an impossible one is refused, saying why; the set cannot be trained.
  await rangeInput(page, texts.max).fill("1600");
  await rangeInput(page, texts.min).fill("1700");
  // Said under the range, and in the bar with the Train button, kept in view at the bottom while the form scrolls.
  await expect(rangeInput(page, texts.min)).toHaveAccessibleDescription(texts.reversed);
  await expect(rangeInput(page, texts.min)).toHaveAttribute("aria-invalid", "true");
  await expect(count(page)).toHaveText(texts.reversed);
  await expect(page.getByRole("button", { name: texts.train })).toBeDisabled();
  await rangeInput(page, texts.min).fill("1200");
  await expect(page.getByText(texts.reversed)).toHaveCount(0);

  // Two themes (a puzzle must have both) and a phase; the count follows each change.
  const inRange = await libraryCount(request, "min=1200&max=1600");
  await expect(count(page).locator("[data-count]")).toHaveAttribute("data-count", String(inRange));
  for (const theme of texts.themes) await themeChip(page, theme).click();
  await page.getByRole("radio", { name: texts.phase }).click();
  const matching = await libraryCount(request, SET_QUERY);
  expect(matching).toBeGreaterThan(0);
  expect(matching).toBeLessThan(inRange);
  await expect(count(page)).toContainText(String(matching));
  await expectTheSet(page, texts, matching);
  await expect(page).toHaveURL(`/training/custom?${SET_QUERY}`);

  // An opening narrows it further: the openings offered are the middle game's, with their counts (few puzzles of
  // the library name one). Here it narrows the set to nothing, which cannot be trained; then any opening again.
  const opening = page.getByRole("combobox", { name: texts.opening });
  const named = opening.locator("option").nth(1);
  await expect(named).toHaveText(/\(\d+\)$/);
  const name = (await named.getAttribute("value")) ?? "";
  await opening.selectOption(name);
  const narrowed = await libraryCount(request, `${SET_QUERY}&opening=${encodeURIComponent(name)}`);
  await expect(count(page).locator("[data-count]")).toHaveAttribute("data-count", String(narrowed));
  if (narrowed === 0) {
    await expect(count(page)).toHaveText(texts.none);
    await expect(page.getByRole("button", { name: texts.train })).toBeDisabled();
  }
  await opening.selectOption({ label: texts.anyOpening });
  await expectTheSet(page, texts, matching);
  await expectAccessible(page);

  // Copy link: the set's address, which a new page opens with the same form.
  await page.getByRole("button", { name: texts.copy }).click();
  await expect(page.getByText(texts.copied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname + new URL(link).search).toBe(`/training/custom?${SET_QUERY}`);

  const shared = await page.context().newPage();
  await shared.goto(link);
  await shared.locator("html[data-live]").waitFor({ state: "attached" });
  await expectTheSet(shared, texts, matching);

  // Trained: the first puzzle is of the set, its rating and the set's themes shown above the board.
  await shared.getByRole("button", { name: texts.train }).click();
  await expect(shared).toHaveURL(`/training/custom?${SET_QUERY}&train`);
  const line = shared.locator("[data-slot=custom-set-puzzle]");
  await expect(line).toBeVisible();
  await expect(line).toContainText(texts.puzzle);
  for (const theme of texts.themes) await expect(line).toContainText(theme);
  const rating = Number(await line.getAttribute("data-rating"));
  expect(rating).toBeGreaterThanOrEqual(1200);
  expect(rating).toBeLessThanOrEqual(1600);
  await expect(line).toContainText(String(rating).replace(/(\d)(\d{3})$/, "$1,$2"));
  const id = Number((await taskPosition(shared).textContent())?.match(/\d+/)?.[0]);
  const puzzle = (await (await request.get(`/api/tactical-positions/${id}`)).json()) as {
    rating: number;
    themes: string[];
    game_phase: string;
  };
  expect(puzzle.rating).toBe(rating);
  expect(puzzle.themes).toEqual(expect.arrayContaining(["fork", "pin"]));
  expect(puzzle.game_phase).toBe("middlegame");
  await shared.close();
}

test("a custom set: built in the form with its count, an impossible range refused, its copied link opening the same form, and its first puzzle of the set", async ({
  page,
  request,
}) => {
  await journey(page, request, ENGLISH);
});

test("Arabic: a custom set built, shared by its link and trained", async ({ page, request }) => {
  await inArabic(page);
  await journey(page, request, ARABIC);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});
