import { ar } from "../../packages/texts/src/ar";
import { en } from "../../packages/texts/src/en";
import { gameSet } from "../around-puzzle";
import { clickMove, firstMove, type Puzzle, singleMovePuzzle } from "../puzzles";
import { type BrowserContext, expect, type Page, type Response, test } from "../test";

/**
 * The trainer's progress following a signed-in player (issue 38), one journey per language: English on a laptop
 * (1366×768), Arabic on a phone (390×844). A player signs up (through the API from the page: the form is
 * account.spec.ts's journey) and trains: a clean solve and a hint, each result sent to the account, whose rating the
 * screens then show. The laptop imports a My games set (one puzzle of the player's own game, from its exported JSON:
 * no analysis to wait for), which goes to the account whole. A second browser signed in as the player shows the same
 * rating, results and review (its clock two days on, so the hinted puzzle is due) and the same set, on the dashboard
 * and to train, without importing it. A browser that trained without an account signs in, is offered to add its
 * progress, and adds it: the account holds all three results, and the offer does not come back. Offline, the laptop
 * trains on: the result waits in the outbox and reaches the server once when the network is back. Issue 40: the
 * laptop learns a Scotch Game line; the visitor had drilled the other and passed an endgame exercise (stored
 * records), added with the rest; the phone's dashboard shows both lines and the exercise. Sign out
 * everywhere: the account's records and set leave every browser as it next hears of it. Sign-up is limited per
 * network (5 an hour): one sign-up per journey, two here.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const PASSWORD = "Philidor-position-1777";
const TEXTS = { en, ar } as const;
const SIZES = { en: { width: 1366, height: 768 }, ar: { width: 390, height: 844 } } as const;
const DAY = 24 * 60 * 60 * 1000;
const RATING_KEY = "chesstrainer.rating";
/** The Scotch Game's second line (4...Bc5), in plies: the laptop learns it with Next. */
const SCOTCH_BC5_PLIES = 21;
/** The Scotch Game's names (its opening-list entry) and its first line's, as the dashboard shows them. */
const SCOTCH = { en: "Scotch Game", ar: "اللعبة الاسكتلندية" } as const;
const MIESES = { en: "4...Nf6, Mieses", ar: "4...Nf6، ميزس" } as const;
/** A visitor's repertoire records: the Scotch's first line learnt and drilled cleanly. */
const SCOTCH_RECORDS = {
  version: 1,
  lines: {
    "scotch-game/0": {
      learnt: "2026-11-27T10:00:00.000Z",
      drilled: "2026-11-27T10:05:00.000Z",
      clean: true,
      drills: 1,
    },
  },
  cards: {},
};

interface Snapshot {
  records: Record<string, string>;
  events: number;
}
interface RatingRecord {
  rating: number;
  history: { puzzleId: number; result: string }[];
}

/** A name no other run has taken: 3-20 letters, digits, _ or -. */
function uniqueName(language: "en" | "ar"): string {
  return `p${language}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(
    0,
    20,
  );
}

/** A call to the account API from the page, as its scripts make them (the page's cookie and Origin). */
async function api<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "content-type": "application/json", accept: "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

const progressOf = async (page: Page) => (await api<Snapshot>(page, "GET", "/api/account/progress")).body;
const ratingOf = (snapshot: Snapshot) => JSON.parse(snapshot.records[RATING_KEY] ?? "{}") as RatingRecord;

/** The next POST of progress events that carries a result on the puzzle, answered. */
function resultSent(page: Page, id: number): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname === "/api/account/events" &&
      (response.request().postData() ?? "").includes(`"id":${id},`) &&
      (response.request().postData() ?? "").includes('"type":"result"'),
  );
}

/** A puzzle by its address (training/puzzle-address.ts), on the board once it is shown. */
async function openPuzzle(page: Page, puzzle: Puzzle) {
  await page.goto(`/training/middle-game?puzzle=${puzzle.id}`);
  await expect(page.locator("[data-slot=board]")).toHaveAttribute("data-fen", puzzle.fen);
}

/** A browser of its own (another device), in the journey's language and size. */
async function device(
  browser: import("@playwright/test").Browser,
  baseURL: string,
  language: "en" | "ar",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: SIZES[language], reducedMotion: "reduce" });
  if (language === "ar")
    await context.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
  return { context, page: await context.newPage() };
}

/** Four middle-game puzzles of one move (a clean solve is one click). */
async function fourPuzzles(request: import("@playwright/test").APIRequestContext): Promise<Puzzle[]> {
  const response = await request.get("/api/tactical-positions/phase/middlegame?per_page=200");
  const list = (await response.json()) as Puzzle[];
  const found = list.filter((p) => p.solution.length <= 1);
  if (found.length < 4) throw new Error("not enough one-move puzzles");
  const first = await singleMovePuzzle(request, "middlegame");
  return [first, ...found.filter((p) => p.id !== first.id)].slice(0, 4);
}

for (const language of ["en", "ar"] as const) {
  const T = TEXTS[language];
  /** A number as the page may write it: Arabic may write Arabic-Indic digits. */
  const digits = (n: number) => `(${n}|${String(n).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)] ?? d)})`;
  /** A count as the page writes it. */
  const count = (n: number) => new RegExp(`^${digits(n)}$`);
  /** "2 of 10" as the plan writes a step's count. */
  const of = (done: number, total: number) =>
    new RegExp(
      `^${T.plan.count.replace("{{done, number}}", digits(done)).replace("{{total, number}}", digits(total))}$`,
    );
  const rated = (n: number) =>
    new RegExp(`^${T.dashboard.rating.rated.replace("{{count, number}}", digits(n))}$`);

  test(`a player's progress follows them (${language}): two browsers, a merge, the offline queue, sign out everywhere`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error("no baseURL");
    await page.setViewportSize(SIZES[language]);
    if (language === "ar")
      await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    const [clean, hinted, anonymous, offline] = (await fourPuzzles(request)) as [
      Puzzle,
      Puzzle,
      Puzzle,
      Puzzle,
    ];
    const username = uniqueName(language);
    const owner = username.toLowerCase();
    // Two steps are mechanics with no text of their own, walked in English only: a line learnt with Next (its Arabic
    // texts are training-repertoire.spec.ts's Arabic journey) and the offline queue (no text at all). The Arabic
    // journey keeps every text the account shows: the sign-up's name, the results, the merge's offer, the dashboard's
    // courses, sign out everywhere.
    const english = language === "en";

    // Sign up from the page; the next page load knows the player.
    await page.goto("/training");
    expect((await api(page, "POST", "/api/account/sign-up", { username, password: PASSWORD })).status).toBe(
      201,
    );
    await openPuzzle(page, clean);
    await expect(
      page.getByRole("navigation", { name: T.nav.label }).getByRole("link", {
        name: T.nav.account.replace("{{username}}", username),
      }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("chesstrainer.sync.owner"))).toBe(owner);

    // A clean solve, then a hint on another puzzle: each result goes to the account.
    const win = resultSent(page, clean.id);
    await clickMove(page, firstMove(clean));
    expect((await win).status()).toBe(200);
    await openPuzzle(page, hinted);
    const loss = resultSent(page, hinted.id);
    await page.getByRole("button", { name: T.training.controls.hint, exact: true }).click();
    expect((await loss).status()).toBe(200);
    const server = ratingOf(await progressOf(page));
    expect(server.history.map((point) => [point.puzzleId, point.result])).toEqual([
      [clean.id, "win"],
      [hinted.id, "loss"],
    ]);
    // The screens show the server's records: the rating is the account's.
    await expect
      .poll(async () =>
        JSON.parse((await page.evaluate((key) => localStorage.getItem(key), RATING_KEY)) ?? "{}"),
      )
      .toEqual(expect.objectContaining({ rating: server.rating }));
    await page.goto("/training/dashboard");
    await expect(page.getByText(rated(2))).toBeVisible();
    const shownRating = (await page.getByTestId("dashboard-rating").textContent()) ?? "";
    expect(shownRating).toMatch(/\d/);

    // The laptop imports a My games set of one puzzle: the set goes to the account whole.
    const set = gameSet();
    const [mine] = (JSON.parse(set) as { puzzles: { key: string; fen: string }[] }).puzzles as [
      { key: string; fen: string },
    ];
    await page.goto("/training/my-games");
    const setStored = page.waitForResponse(
      (response) =>
        response.request().method() === "PUT" &&
        new URL(response.url()).pathname === "/api/account/documents/my-games/set" &&
        (response.request().postData() ?? "").includes(mine.key),
    );
    await page.getByLabel(T.myGames.transfer.import).setInputFiles({
      name: "my-games.json",
      mimeType: "application/json",
      buffer: Buffer.from(set),
    });
    await expect(page.getByText(T.myGames.transfer.imported_one)).toBeVisible();
    await expect(page.getByTestId("my-games-count")).toHaveText(T.myGames.set.count_one);
    expect((await setStored).status()).toBe(200);

    // The laptop learns the Scotch Game's 4...Bc5 (Next through its moves): the repertoire's progress goes to the
    // account as the page saves it.
    if (english) {
      await page.goto("/training/repertoire/scotch-game?mode=learn&line=1");
      const learnt = page.waitForResponse(
        (response) =>
          response.request().method() === "PUT" &&
          new URL(response.url()).pathname === "/api/account/documents/repertoire/progress",
      );
      const board = page.locator("[data-slot=repertoire-board]");
      for (let ply = 1; ply <= SCOTCH_BC5_PLIES; ply += 1) {
        await page.getByRole("button", { name: T.repertoire.next, exact: true }).click();
        await expect(board).toHaveAttribute("data-played", String(ply));
      }
      await expect(page.locator("[data-slot=repertoire-status]")).toHaveText(T.repertoire.learnStep.done);
      expect((await learnt).status()).toBe(200);
    }

    // A second browser signed in as the player, two days on: the same rating and results, the hinted puzzle due.
    const phone = await device(browser, baseURL, language);
    await phone.page.clock.install({ time: Date.now() + 2 * DAY });
    await phone.page.goto("/");
    expect(
      (await api(phone.page, "POST", "/api/account/sign-in", { username, password: PASSWORD })).status,
    ).toBe(200);
    await phone.page.goto("/training/dashboard");
    await expect(phone.page.getByTestId("dashboard-rating")).toHaveText(shownRating);
    await expect(phone.page.getByText(rated(2))).toBeVisible();
    await expect(phone.page.locator("[data-outcome=clean] dd")).toHaveText(count(1));
    await expect(phone.page.getByTestId("dashboard-due")).toHaveText(count(1));
    // Today's plan there is made of the account's records too (issue 39): its two results on the way to Find your
    // level, and the card of the hinted puzzle to review.
    const planStep = (step: string) =>
      phone.page.locator(`[data-slot=daily-plan] li[data-step=${step}] [data-slot=plan-step-count]`);
    await expect(planStep("findLevel")).toHaveText(of(2, 10));
    await expect(planStep("review")).toHaveText(of(0, 1));
    // The laptop's set too, nothing imported here: on the dashboard (it came after the page opened), then to train.
    await expect(phone.page.locator("[data-slot=my-games-dashboard]")).toContainText(
      T.myGames.dashboard.count_one,
    );
    await phone.page.goto("/training/my-games");
    await expect(phone.page.getByTestId("my-games-count")).toHaveText(T.myGames.set.count_one);
    await phone.page.getByRole("link", { name: T.myGames.set.train }).click();
    await expect(phone.page.locator("[data-slot=fen-bar]")).toContainText(mine.fen);

    // A browser that trained without an account signs in: it is offered to add its progress, and adds it.
    const visitor = await device(browser, baseURL, language);
    const attempt = visitor.page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/tactical-positions/${anonymous.id}/attempts`,
    );
    await openPuzzle(visitor.page, anonymous);
    await clickMove(visitor.page, firstMove(anonymous));
    expect((await attempt).status()).toBe(200);
    // It had also learnt and drilled the Scotch Game's main line and passed an endgame exercise, in this browser only.
    await visitor.page.evaluate(
      ({ repertoire }) => {
        localStorage.setItem("chesstrainer.repertoire", repertoire);
        localStorage.setItem("ct.endgame-course.v1", JSON.stringify(["queen-mate-finish"]));
      },
      { repertoire: JSON.stringify(SCOTCH_RECORDS) },
    );
    expect(
      (await api(visitor.page, "POST", "/api/account/sign-in", { username, password: PASSWORD })).status,
    ).toBe(200);
    await visitor.page.goto("/training");
    const offer = visitor.page.getByRole("region", { name: T.sync.offer.title });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(T.sync.offer.add);
    const merged = visitor.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/account/events" &&
        (response.request().postData() ?? "").includes('"type":"merge"'),
    );
    const courseStored = ["repertoire/progress", "endgame-course/progress"].map((name) =>
      visitor.page.waitForResponse(
        (response) =>
          response.request().method() === "PUT" &&
          new URL(response.url()).pathname === `/api/account/documents/${name}`,
      ),
    );
    await offer.getByRole("button", { name: T.sync.offer.add }).click();
    expect((await merged).status()).toBe(200);
    for (const stored of courseStored) expect((await stored).status()).toBe(200);
    await expect(offer).toBeHidden();
    const afterMerge = ratingOf(await progressOf(visitor.page));
    expect(afterMerge.history.map((point) => point.puzzleId).sort()).toEqual(
      [clean.id, hinted.id, anonymous.id].sort(),
    );
    await visitor.page.goto("/training/dashboard");
    await expect(visitor.page.getByText(rated(3))).toBeVisible();
    // Asked once: a reload offers nothing more.
    await visitor.page.reload();
    await expect(visitor.page.getByText(rated(3))).toBeVisible();
    await expect(offer).toHaveCount(0);

    // Offline, the laptop trains on: the result waits in the outbox, then reaches the server once.
    if (english) {
      await openPuzzle(page, offline);
      await page.context().setOffline(true);
      const failed = page.waitForEvent(
        "requestfailed",
        (request) => new URL(request.url()).pathname === "/api/account/events",
      );
      await clickMove(page, firstMove(offline));
      await expect(page.locator("[data-slot=feedback-card]")).toBeVisible();
      await failed;
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? "", `chesstrainer.outbox.${owner}`))
        .toContain(`"id":${offline.id},`);
      const sent = resultSent(page, offline.id);
      await page.context().setOffline(false);
      expect((await sent).status()).toBe(200);
      await expect
        .poll(() => page.evaluate((key) => localStorage.getItem(key), `chesstrainer.outbox.${owner}`))
        .toBeNull();
      const exported = await api<{ progress: { events: { type: string; puzzle?: { id: number } }[] } }>(
        page,
        "GET",
        "/api/account/export",
      );
      const results = exported.body.progress.events.filter((event) => event.type === "result");
      expect(results.filter((event) => event.puzzle?.id === offline.id)).toHaveLength(1);
    }
    const resultCount = english ? 4 : 3;
    expect(ratingOf(await progressOf(page)).history).toHaveLength(resultCount);
    await phone.page.goto("/training/dashboard");
    await expect(phone.page.getByText(rated(resultCount))).toBeVisible();
    // The visitor's drilled line and endgame exercise, added to the account, and (in English) the laptop's learnt
    // line (the server merged both into one record), on the phone's dashboard.
    const courses = phone.page.locator("[data-slot=course-progress]");
    await expect(courses.getByRole("heading", { name: T.courseProgress.title })).toBeVisible();
    const scotch = courses.locator('[data-opening="scotch-game"]');
    await expect(scotch.locator('[data-line="scotch-game/0"]')).toHaveAttribute("data-status", "drilled");
    // Its moves are isolated left to right inside the name (LRI … PDI).
    await expect(scotch.locator('[data-line="scotch-game/0"]')).toContainText(
      new RegExp(`4\\.\\.\\.Nf6\u2069?${MIESES[language].slice("4...Nf6".length)}`),
    );
    if (english)
      await expect(scotch.locator('[data-line="scotch-game/1"]')).toHaveAttribute("data-status", "learnt");
    await expect(
      scotch.getByRole("link", {
        name: T.courseProgress.repertoire.drillOpening.replace("{{opening}}", SCOTCH[language]),
      }),
    ).toHaveAttribute("href", "/training/repertoire/scotch-game?mode=drill");
    const mates = courses.locator('[data-chapter="basic-mates"]');
    await expect(mates.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    await expect(courses.locator('[data-chapter="rook-endings"]').getByRole("progressbar")).toHaveAttribute(
      "aria-valuenow",
      "0",
    );

    // Sign out everywhere: the account's records and set leave every browser as it next hears of it.
    await page.goto("/account");
    await page.getByRole("button", { name: T.account.page.signOut.everywhere }).click();
    await expect(page).toHaveURL(/\/account\/sign-in$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("chesstrainer.sync.owner"))).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), RATING_KEY)).toBeNull();
    for (const other of [phone, visitor]) {
      await other.page.goto("/training/dashboard");
      await expect
        .poll(() => other.page.evaluate(() => localStorage.getItem("chesstrainer.sync.owner")))
        .toBeNull();
      expect(await other.page.evaluate((key) => localStorage.getItem(key), RATING_KEY)).toBeNull();
      await expect(other.page.getByText(T.dashboard.empty)).toBeVisible();
      // The account's repertoire progress left too (the phone had none of its own).
      if (other === phone)
        await expect(other.page.locator("[data-slot=repertoire-progress-empty]")).toBeVisible();
      await expect(other.page.locator("[data-slot=my-games-dashboard]")).toHaveCount(0);
      await other.context.close();
    }
  });
}
