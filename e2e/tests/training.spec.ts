import { Chess } from "chess.js";
import { aroundPuzzleScenario } from "../around-puzzle";
import { expectAccessible } from "../axe";
import {
  advanceClock,
  board,
  clickMove,
  feedback,
  firstMove,
  inArabic,
  keyTo,
  mateInOnePuzzle,
  moveList,
  type Puzzle,
  pauseClock,
  quietWrongMove,
  sanOf,
  square,
  taskPosition,
} from "../puzzles";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../test";

/**
 * The training screens against the real server and its seeded positions, as journeys: one page that goes through a
 * feature the way a player does (links and buttons, not new page loads), in English, and once in Arabic for its
 * texts, its right-to-left layout and that the flow works there. Positions are found through the API in each test
 * (never by fixed ids), so the tests hold for any seed content.
 *
 * Proven elsewhere, and so not here: the module's load error with Retry and the module list's failure
 * (resilience.spec.ts, the refused connection's walk: its "training module" and "training modules" screens), the
 * loading screen (resilience.spec.ts, the slow server's step "a training module shows 'Loading Training Module'"),
 * and an unknown module's 404 and title (shell.spec.ts).
 */

type Phase = "opening" | "middlegame" | "endgame";
const MODULE_OF: Record<Phase, string> = {
  opening: "opening",
  middlegame: "middle-game",
  endgame: "endgame",
};

interface Position extends Puzzle {
  sequence_number: number;
  description_en: string;
  description_ar: string | null;
  explanation_en: string;
  explanation_ar: string | null;
  game_phase: Phase;
  hints: Record<`${"subtle" | "moderate" | "explicit"}_${"en" | "ar"}`, string | null>;
  game_metadata: { opening: string | null };
}

// ---- The API, as the tests see it -------------------------------------------------------------------------------

async function phasePositions(request: APIRequestContext, phase: Phase): Promise<Position[]> {
  const response = await request.get(`/api/tactical-positions/phase/${phase}?per_page=200`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Position[];
}

/** How many positions a phase has (the screen counts them the same way; the lists above are the first 200). */
async function phaseTotal(request: APIRequestContext, phase: Phase): Promise<number> {
  const response = await request.get("/api/tactical-positions/stats/phase-counts");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { counts: Record<Phase, number> }).counts[phase];
}

async function firstOf(request: APIRequestContext, phase: Phase): Promise<Position> {
  return (await (await request.get(`/api/tactical-positions/phase/${phase}/first`)).json()) as Position;
}

const isSingleMove = (p: Position) => p.solution.length <= 1;

/** A square the piece on `from` cannot reach (an illegal move for it). */
function illegalTarget(position: Puzzle, from: string): string {
  const targets = new Set(
    new Chess(position.fen).moves({ square: from as never, verbose: true }).map((m) => m.to as string),
  );
  for (const file of "abcdefgh")
    for (const rank of "12345678") {
      const square = `${file}${rank}`;
      const piece = new Chess(position.fen).get(square as never);
      if (square !== from && !targets.has(square) && !piece) return square;
    }
  throw new Error("no illegal target");
}

/** The position after a move in coordinate form. */
function fenAfter(fen: string, move: string): string {
  const chess = new Chess(fen);
  chess.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] ?? "q" });
  return chess.fen();
}

const sideToMove = (fen: string) => (fen.split(" ")[1] === "b" ? "black" : "white");

// ---- The page ---------------------------------------------------------------------------------------------------

const hintCard = (page: Page) => page.locator("[data-slot=hint-card]");
const titleBar = (page: Page) => page.locator("[data-slot=title-bar]");
const record = (page: Page) => page.locator("[data-testid=position-record]");
const refutation = (page: Page) => feedback(page).locator("[data-slot=refutation]");

async function goToPuzzle(page: Page, id: number, texts: Texts) {
  await page.getByLabel(texts.puzzleLabel).fill(String(id));
  await page.getByRole("button", { name: texts.go, exact: true }).click();
}

/** The local progress records (spec sections 3 and 4). */
function readProgress(page: Page, key: string) {
  return page.evaluate(
    (k) => JSON.parse(window.localStorage.getItem(k) ?? "null"),
    `chesstrainer.progress.${key}`,
  );
}

/** From a training screen to the module list, by its title bar's link. */
async function backToModules(page: Page, texts: Texts) {
  await page.getByRole("link", { name: texts.backToModules }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole("heading", { level: 1, name: texts.modulesTitle })).toBeVisible();
}

/** From the module list to a module, by its card's Start link. */
/** Plays a move by typing it in the move box beside the board (issue 42). */
async function typeMove(page: Page, label: string, text: string) {
  const box = page.getByRole("combobox", { name: label });
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press("Enter");
}

/** The text with its digits written as Arabic-Indic digits, as an Arabic keyboard types them. */
function toArabicDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
}

async function startModule(page: Page, texts: Texts, phase: Phase) {
  await page.getByRole("link", { name: texts.start(texts.moduleTitle[phase]), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/training/${MODULE_OF[phase]}(\\?|$)`));
  await expect(page.getByRole("heading", { level: 1, name: texts.moduleTitle[phase] })).toBeVisible();
  await expect(taskPosition(page)).not.toBeEmpty();
}

// ---- Texts in both languages (the spec's English; the site's Arabic) --------------------------------------------

const TEXTS = {
  en: {
    modulesTitle: "Training Modules",
    moduleTitle: {
      opening: "Opening Repertoire",
      middlegame: "Middle Game Strategy",
      endgame: "Endgame Essentials",
    },
    puzzleLabel: "Go to Puzzle by ID",
    go: "Go",
    backToModules: "Back to Modules",
    start: (title: string) => `Start ${title}`,
    positions: (n: number) => `Positions: ${en(n)}`,
    loaded: (id: number) => `Loaded puzzle #${id}`,
    notFound: "Puzzle not found.",
    invalidId: "Please enter a valid numeric ID.",
    position: (n: number, m: number) => `Position ${en(n)} of ${en(m)}`,
    puzzle: (id: number) => `Puzzle #${id}`,
    correct: "Excellent! This is the correct move. Click Next when you are ready to continue.",
    helped: "Solved, with help. Click Next when you are ready to continue.",
    solvedWithHelp: "Solved with help",
    continue: "Correct! Now find the next move.",
    mistake: "This move is not the best in this position. Try to find a stronger continuation.",
    answer: "This is the correct move.",
    whyNot: "Why not my move?",
    refutation: /your opponent|The engine could not analyse this move here\./,
    hint: "Hint",
    moreHelp: "More Help",
    levels: ["Hint 1 of 3", "Hint 2 of 3", "Hint 3 of 3"],
    playMove: (san: string) => `Play ${san}`,
    previous: "Previous",
    next: "Next",
    complete: "Complete",
    showAnswer: "Show Answer",
    reset: "Reset",
    filter: "Opening",
    allOpenings: "All Openings",
    clearFilter: "Clear Filter",
    noPositions: "No positions found for this opening",
    copyFen: "Copy FEN",
    copied: "Copied",
    solved: "Solved",
    solvedOf: (n: number, m: number) => `${en(n)} of ${en(m)} solved`,
    resetAll: "Reset all progress",
    resetConfirm: "Yes, reset everything",
    resetDone: "All progress has been reset.",
    completed: "Completed",
    sicilian: "Sicilian Defense",
    openingComplete: (n: number) => `all ${en(n)} positions done`,
    lastReached: (n: number) => `this is the last of its ${en(n)} positions`,
    solvedCount: (n: number) => `Solved: ${n}`,
    sessionNone: "This visit: no puzzle finished yet",
    session: (clean: number, helped: number, failed: number) => {
      const n = clean + helped + failed;
      return `This visit: ${en(n)} ${n === 1 ? "puzzle" : "puzzles"} · clean ${en(clean)} · with help ${en(helped)} · answer shown ${en(failed)}`;
    },
    order: "Puzzles",
    inOrder: "In order",
    atMyLevel: "At my level",
    moveBox: "Type a move",
  },
  ar: {
    modulesTitle: "وحدات التدريب",
    moduleTitle: {
      opening: "ذخيرة الافتتاحات",
      middlegame: "استراتيجية وسط اللعب",
      endgame: "أساسيات النهايات",
    },
    puzzleLabel: "انتقل إلى لغز برقمه",
    moveBox: "اكتب نقلة",
    go: "انتقال",
    backToModules: "العودة إلى الوحدات",
    start: (title: string) => `ابدأ ${title}`,
    positions: (n: number) => `عدد الوضعيات: ${ar(n)}`,
    loaded: (id: number) => `حُمّل اللغز رقم ${id}`,
    notFound: "اللغز غير موجود.",
    invalidId: "يرجى إدخال رقم تعريف صحيح.",
    position: (n: number, m: number) => `الوضعية ${ar(n)} من ${ar(m)}`,
    puzzle: (id: number) => `اللغز رقم ${id}`,
    correct: "ممتاز! هذه هي النقلة الصحيحة. اضغط «التالي» عندما تكون مستعدًا للمتابعة.",
    helped: "حُلّت بمساعدة. اضغط «التالي» عندما تكون مستعدًا للمتابعة.",
    solvedWithHelp: "حُلّت بمساعدة",
    continue: "صحيح! والآن ابحث عن النقلة التالية.",
    mistake: "هذه ليست أفضل نقلة في هذه الوضعية. حاول أن تجد متابعة أقوى.",
    answer: "هذه هي النقلة الصحيحة.",
    whyNot: "لماذا ليست نقلتي؟",
    refutation: /خصمك|تعذّر على المحرّك تحليل هذه النقلة هنا\./,
    hint: "تلميح",
    moreHelp: "مساعدة إضافية",
    levels: ["التلميح 1 من 3", "التلميح 2 من 3", "التلميح 3 من 3"],
    playMove: (san: string) => `العب ${san}`,
    previous: "السابق",
    next: "التالي",
    complete: "إنهاء",
    showAnswer: "أظهر الحل",
    reset: "إعادة الضبط",
    filter: "الافتتاح",
    allOpenings: "جميع الافتتاحات",
    clearFilter: "مسح التصفية",
    noPositions: "لا توجد وضعيات لهذا الافتتاح",
    copyFen: "انسخ FEN",
    copied: "نُسخ",
    solved: "محلولة",
    solvedOf: (n: number, m: number) => `حُلّت ${ar(n)} من ${ar(m)}`,
    resetAll: "إعادة ضبط كل التقدّم",
    resetConfirm: "نعم، أعد ضبط كل شيء",
    resetDone: "أُعيد ضبط كل التقدّم.",
    completed: "مكتملة",
    sicilian: "الدفاع الصقلي",
    openingComplete: (n: number) => (n === 2 ? "أنهيت وضعيتيه كلتيهما" : `أنهيت وضعياته الـ${ar(n)} كلها`),
    lastReached: (n: number) => (n === 2 ? "هذه الثانية والأخيرة من وضعيتيه" : `هذه آخر وضعياته الـ${ar(n)}`),
    solvedCount: (n: number) => `المحلولة: ${ar(n)}`,
    sessionNone: "في هذه الزيارة: لم تُنهِ أي لغز بعد",
    session: (clean: number, helped: number, failed: number) => {
      const n = clean + helped + failed;
      // Arabic counts with six plural forms; these tests finish one or two puzzles.
      const puzzles = n === 1 ? "لغز واحد" : n === 2 ? "لغزان" : `${ar(n)} ألغاز`;
      return `في هذه الزيارة: ${puzzles} · دون أخطاء ${ar(clean)} · بمساعدة ${ar(helped)} · بعرض الحل ${ar(failed)}`;
    },
    order: "الألغاز",
    inOrder: "بالترتيب",
    atMyLevel: "على قدر مستواي",
  },
};
type Texts = (typeof TEXTS)["en"] | (typeof TEXTS)["ar"];

function en(n: number): string {
  return n.toLocaleString("en");
}

function ar(n: number): string {
  return new Intl.NumberFormat("ar").format(n);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// ---- Parts of the journeys ----------------------------------------------------------------------------------------

/** Go by ID to a mate in one (a move that does not mate is a mistake whatever the engine finds), and its board. */
async function openMateInOne(page: Page, texts: Texts): Promise<{ puzzle: Puzzle; before: string }> {
  const puzzle = await mateInOnePuzzle(page.request, "opening");
  await expect(titleBar(page)).toContainText(texts.sessionNone);
  await goToPuzzle(page, puzzle.id, texts);
  await expect(page.getByText(texts.loaded(puzzle.id))).toBeVisible();
  await expect(taskPosition(page)).toHaveText(texts.puzzle(puzzle.id));
  // Board orientation follows the side to move; the board stays left to right in both languages.
  await expect(board(page)).toHaveAttribute("data-orientation", sideToMove(puzzle.fen));
  await expect(board(page)).toHaveAttribute("dir", "ltr");
  await expect(board(page)).toHaveAttribute("data-interactive", "true");
  return { puzzle, before: (await board(page).getAttribute("data-fen")) ?? "" };
}

/**
 * A wrong move with the page's clock stopped (e2e/puzzles.ts, pauseClock): the mistake's card and the engine's
 * refutation, while the move stays on the board and the board takes moves. Leaves the clock stopped.
 */
async function playWrongMove(page: Page, texts: Texts, wrong: string, before: string) {
  await pauseClock(page);
  await clickMove(page, wrong);
  // The engine judges the move first (it loads on the first move off the line): a bound on a hang, not a speed.
  await expect(feedback(page)).toContainText(texts.mistake, { timeout: 60_000 });
  await expect(board(page)).toHaveAttribute("data-mistake", "move");
  await expect(board(page)).toHaveAttribute("data-fen", fenAfter(before, wrong));
  await expect(board(page)).toHaveAttribute("data-interactive", "true");
  await expect(refutation(page)).toContainText(texts.whyNot);
  // Stockfish in a Web Worker answers (or the fallback shows when it cannot run); with the clock stopped neither
  // its load nor its search can run out of time, so this waits for its answer however slow the machine.
  await expect(refutation(page)).toHaveAttribute("data-state", /^(done|failed)$/, { timeout: 60_000 });
  await expect(refutation(page)).toContainText(texts.refutation);
}

/**
 * English: a solve after two mistakes. The first plays out whole (the wrong move, the engine's reply on it with a
 * red arrow, both taken back); the player's press cuts the second short. Then the visit's records.
 */
async function solveAfterMistakes(page: Page, texts: Texts, puzzle: Puzzle, before: string) {
  const right = firstMove(puzzle);
  const wrong = quietWrongMove(puzzle);
  // A click on a square the piece cannot reach only puts the piece down: no card, no try counted.
  await clickMove(page, `${right.slice(0, 2)}${illegalTarget(puzzle, right.slice(0, 2))}`);
  await expect(feedback(page)).toHaveCount(0);

  await playWrongMove(page, texts, wrong, before);
  if ((await refutation(page).getAttribute("data-state")) === "done") {
    // The reply is played on the wrong move, with a red arrow (after 700 ms of the page's time).
    await advanceClock(page, 700, () =>
      expect(board(page)).toHaveAttribute("data-mistake", "reply", { timeout: 1000 }),
    );
    await expect(board(page)).not.toHaveAttribute("data-fen", fenAfter(before, wrong));
  }
  // Then both are taken back: the position stays for another try, and the move list stays empty.
  await advanceClock(page, 1800, () =>
    expect(board(page)).not.toHaveAttribute("data-mistake", /./, { timeout: 1000 }),
  );
  await expect(board(page)).toHaveAttribute("data-interactive", "true");
  await expect(board(page)).toHaveAttribute("data-fen", before);
  await expect(moveList(page)).toHaveCount(0);
  await page.clock.resume();

  // A hint meanwhile changes none of the records below. (The screen with the mistake's card and the hint card open
  // is checked with axe in the Arabic journey; in English, the training screen of the player's own puzzles with the
  // hint card and feedback in my-games.spec.ts, and the cards themselves in their stories.)
  await page.getByRole("button", { name: texts.hint, exact: true }).click();
  await expect(hintCard(page)).toBeVisible();

  await cutShortAndSolve(page, texts, puzzle, before);
  await expect(feedback(page)).not.toContainText(texts.correct);
  await expect(moveList(page)).toHaveText([new RegExp(escapeRegExp(sanOf(puzzle.fen, right)))]);
  await expect(record(page)).toContainText(texts.solved);
  await expect(record(page)).toContainText(texts.solvedWithHelp);
  // The visit counts the puzzle, not its three moves.
  await expect(titleBar(page)).toContainText(texts.session(0, 1, 0));

  // The local records (spec sections 3 and 4): the visit's session holds the three moves, the position is completed.
  const session = await readProgress(page, "session");
  expect(session).toMatchObject({ scenarioId: "opening-training", endTime: null });
  expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(
    session.moves.map((m: { evaluation: string; positionId: string }) => [m.positionId, m.evaluation]),
  ).toEqual([
    [String(puzzle.id), "mistake"],
    [String(puzzle.id), "mistake"],
    [String(puzzle.id), "best"],
  ]);
  expect(await readProgress(page, "positions")).toEqual([
    expect.objectContaining({
      positionId: String(puzzle.id),
      attempts: 3,
      correctMoves: 1,
      mistakes: 2,
      completed: true,
      outcome: "helped",
    }),
  ]);
  return session.id as string;
}

/**
 * A wrong move's replay gives way to the player's next move at once: with the page's clock stopped, only the press
 * on the right move's piece can end it; that press picks the piece up, and the next one plays the move. Solved after
 * a mistake is solved with help, never "Excellent".
 */
async function cutShortAndSolve(page: Page, texts: Texts, puzzle: Puzzle, before: string) {
  const right = firstMove(puzzle);
  await playWrongMove(page, texts, quietWrongMove(puzzle), before);
  await square(page, right.slice(0, 2)).click();
  await expect(board(page)).not.toHaveAttribute("data-mistake", /./);
  await expect(board(page)).toHaveAttribute("data-fen", before);
  await page.clock.resume();
  await square(page, right.slice(2, 4)).click();
  await expect(feedback(page)).toContainText(texts.helped);
  await expect(moveList(page)).toHaveCount(1);
}

/**
 * Local progress survives a reload: the title bar counts it, the puzzle shows its solved mark. Leaving the page ended
 * the session into the scenario progress; the new visit has a session of its own.
 */
async function progressAcrossReload(page: Page, texts: Texts, puzzle: Puzzle, sessionId: string) {
  const total = await phaseTotal(page.request, "opening");
  await page.reload();
  expect(await readProgress(page, "scenarios")).toEqual([
    expect.objectContaining({ scenarioId: "opening-training", positionsCompleted: 1 }),
  ]);
  await expect(titleBar(page)).toContainText(texts.solvedOf(1, total));
  // The trainer's route loads on demand; its new session is written once it has mounted.
  await expect.poll(async () => (await readProgress(page, "session"))?.id).toMatch(/^[0-9a-f-]{36}$/);
  expect((await readProgress(page, "session")).id).not.toBe(sessionId);
  await goToPuzzle(page, puzzle.id, texts);
  await expect(record(page)).toContainText(texts.solved);
}

/** The module list shows the solved puzzle until all progress is reset (after a confirmation). */
async function resetAll(page: Page, texts: Texts) {
  const card = page.locator("[data-slot=module-card][data-module=opening]");
  await expect(card).toContainText(texts.solvedCount(1));
  await page.getByRole("button", { name: texts.resetAll }).click();
  await page.getByRole("button", { name: texts.resetConfirm }).click();
  await expect(page.getByText(texts.resetDone)).toBeVisible();
  await expect(card).not.toContainText(texts.solvedCount(1));
  await expect(page.getByRole("button", { name: texts.resetAll })).toBeDisabled();
}

/** Hint → More Help → More Help (explicit), then the suggested move plays; Copy FEN. */
async function hintScenario(page: Page, texts: Texts, language: "en" | "ar", position: Position) {
  const hint = (level: "subtle" | "moderate" | "explicit") =>
    (language === "ar" ? position.hints[`${level}_ar`] : null) ?? position.hints[`${level}_en`] ?? "";
  await page.getByRole("button", { name: texts.hint, exact: true }).click();
  await expect(hintCard(page)).toContainText(texts.levels[0] as string);
  await expect(hintCard(page)).toContainText(hint("subtle"));
  await expect(page.getByRole("button", { name: texts.hint, exact: true })).toBeDisabled();

  const move = firstMove(position);
  await hintCard(page).getByRole("button", { name: texts.moreHelp }).click();
  await expect(hintCard(page)).toContainText(texts.levels[1] as string);
  await expect(hintCard(page)).toContainText(hint("moderate"));
  await expect(hintCard(page).locator("[data-slot=hint-card-target]")).toContainText(move.slice(2, 4));

  await hintCard(page).getByRole("button", { name: texts.moreHelp }).click();
  await expect(hintCard(page)).toContainText(texts.levels[2] as string);
  await expect(hintCard(page)).toContainText(hint("explicit"));
  await expect(hintCard(page).getByRole("button", { name: texts.moreHelp })).toHaveCount(0);

  const san = sanOf(position.fen, move);
  await hintCard(page)
    .getByRole("button", { name: texts.playMove(san) })
    .click();
  // Playing the suggested move shows the answer: the puzzle counts as failed, not solved.
  await expect(feedback(page)).toContainText(texts.answer);
  await expect(moveList(page).first()).toContainText(san);

  // A multi-move line answers first; then Copy FEN puts the board's current position on the clipboard.
  if (!isSingleMove(position)) await expect(moveList(page)).toHaveCount(2);
  await page.getByRole("button", { name: texts.copyFen }).click();
  await expect(page.locator("[data-slot=fen-bar] [role=status]")).toHaveText(texts.copied);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.locator("[data-slot=fen-bar] textarea").inputValue());
  expect(copied).not.toBe(position.fen);
}

/** The filter's openings as the page lists them: value (the English name) and label (in the page's language). */
async function filterOptions(filter: Locator): Promise<Map<string, string>> {
  const options = await filter
    .locator("option")
    .evaluateAll((nodes) =>
      nodes.map((node) => [(node as HTMLOptionElement).value, node.textContent ?? ""] as const),
    );
  return new Map(options.filter(([value]) => value !== ""));
}

/**
 * On the opening module: the opening filter, Show Answer, Reset, Previous, Next to the end, and Complete of the
 * filtered set only.
 */
async function filterScenario(page: Page, texts: Texts) {
  const total = await phaseTotal(page.request, "opening");
  const { openings } = (await (
    await page.request.get("/api/tactical-positions/phase/opening/openings")
  ).json()) as {
    openings: { name: string; count: number }[];
  };

  // All Openings and only the openings this module has, each with its count, named in the page's language.
  const filter = page.getByLabel(texts.filter, { exact: true });
  await expect(filter.locator("option")).toHaveCount(openings.length + 1);
  await expect(filter.locator("option").first()).toHaveText(texts.allOpenings);
  const listed = await filterOptions(filter);
  for (const opening of openings)
    expect(listed.get(opening.name)).toMatch(new RegExp(`\\(${opening.count}\\)$`));
  const sicilian = openings.find((opening) => opening.name === "Sicilian Defense");
  if (sicilian) expect(listed.get("Sicilian Defense")).toBe(`${texts.sicilian} (${sicilian.count})`);
  // The smallest opening with two positions or more, to walk Next to the end quickly.
  const small = openings.filter((opening) => opening.count >= 2).sort((a, b) => a.count - b.count)[0];
  if (!small) throw new Error("no opening with two positions");
  const { name, count } = small;

  await filter.selectOption({ value: name });
  await expect(taskPosition(page)).toHaveText(texts.position(1, count));
  await page.getByRole("button", { name: texts.clearFilter }).click();
  await expect(taskPosition(page)).toHaveText(texts.position(1, total));
  await expect(filter).toHaveValue("");

  await filter.selectOption({ value: name });
  await expect(taskPosition(page)).toHaveText(texts.position(1, count));
  const previous = page.getByRole("button", { name: texts.previous });
  await expect(previous).toBeDisabled();

  await page.getByRole("button", { name: texts.showAnswer }).click();
  await expect(feedback(page)).toContainText(texts.answer);
  // A shown answer is a failed puzzle, never a correct one.
  await expect(titleBar(page)).toContainText(texts.session(0, 0, 1));
  await page.getByRole("button", { name: texts.reset }).click();
  await expect(feedback(page)).toHaveCount(0);
  await expect(moveList(page)).toHaveCount(0);

  for (let n = 2; n <= count; n++) {
    await page.getByRole("button", { name: texts.next }).click();
    await expect(taskPosition(page)).toHaveText(texts.position(n, count));
  }
  await expect(page.getByRole("button", { name: texts.next })).toHaveCount(0);
  await previous.click();
  await expect(taskPosition(page)).toHaveText(texts.position(count - 1, count));
  await expect(page.getByRole("button", { name: texts.complete })).toHaveCount(0);
  await page.getByRole("button", { name: texts.next }).click();
  // Complete finishes this opening's set only: the module stays and says so, once; the module is not completed.
  // Pressed before the last position is solved, it says that position is the last, not that all are done.
  await page.getByRole("button", { name: texts.complete }).click();
  await expect(page.locator("[data-slot=opening-complete]")).toContainText(texts.lastReached(count));
  await expect(page.getByText(texts.lastReached(count))).toHaveCount(1);
  await page.getByRole("button", { name: texts.showAnswer }).click();
  await expect(page.locator("[data-slot=opening-complete]")).toContainText(texts.openingComplete(count));
  await expect(page.getByText(texts.openingComplete(count))).toHaveCount(1);
  await expect(page).toHaveURL(/\/training\/opening\?puzzle=\d+&order=sequence$/);
  await page.getByRole("button", { name: texts.clearFilter }).click();
  await expect(taskPosition(page)).toHaveText(texts.position(1, total));
}

/**
 * Arabic, on the opening module: the filter's openings named in Arabic, the counters in Arabic numerals, a shown
 * answer counted in Arabic, and Complete's two messages in Arabic's plural forms. (The filter's mechanics, Clear
 * Filter, Reset and Previous are the English journey's; the controls' Arabic labels are
 * packages/ui/src/training-controls/training-controls.stories.tsx's, in the visual suite's Arabic mode.)
 */
async function filterInArabic(page: Page, texts: Texts) {
  const total = await phaseTotal(page.request, "opening");
  const { openings } = (await (
    await page.request.get("/api/tactical-positions/phase/opening/openings")
  ).json()) as {
    openings: { name: string; count: number }[];
  };
  const filter = page.getByLabel(texts.filter, { exact: true });
  await expect(filter.locator("option").first()).toHaveText(texts.allOpenings);
  const listed = await filterOptions(filter);
  const sicilian = openings.find((opening) => opening.name === "Sicilian Defense");
  if (sicilian) expect(listed.get("Sicilian Defense")).toBe(`${texts.sicilian} (${sicilian.count})`);
  const small = openings.filter((opening) => opening.count >= 2).sort((a, b) => a.count - b.count)[0];
  if (!small) throw new Error("no opening with two positions");
  const { name, count } = small;

  await filter.selectOption({ value: name });
  await expect(taskPosition(page)).toHaveText(texts.position(1, count));
  await page.getByRole("button", { name: texts.showAnswer }).click();
  await expect(feedback(page)).toContainText(texts.answer);
  await expect(titleBar(page)).toContainText(texts.session(0, 0, 1));
  for (let n = 2; n <= count; n++) {
    await page.getByRole("button", { name: texts.next, exact: true }).click();
    await expect(taskPosition(page)).toHaveText(texts.position(n, count));
  }
  await page.getByRole("button", { name: texts.complete }).click();
  await expect(page.locator("[data-slot=opening-complete]")).toContainText(texts.lastReached(count));
  await page.getByRole("button", { name: texts.showAnswer }).click();
  await expect(page.locator("[data-slot=opening-complete]")).toContainText(texts.openingComplete(count));
  await page.getByRole("button", { name: texts.clearFilter }).click();
  await expect(taskPosition(page)).toHaveText(texts.position(1, total));
}

/**
 * Go by ID: not found, an invalid id; (English) Previous in puzzle-by-ID mode; the game card's opening sets the
 * filter.
 */
async function puzzleIdScenario(
  page: Page,
  texts: Texts,
  phase: Phase,
  { bySequence }: { bySequence: boolean },
) {
  const positions = await phasePositions(page.request, phase);
  const listed = await filterOptions(page.getByLabel(texts.filter, { exact: true }));
  const withOpening = positions.find((p) => p.game_metadata.opening && listed.has(p.game_metadata.opening));
  if (!withOpening) throw new Error(`no ${phase} position with a listed opening`);

  const all = (await (await page.request.get("/api/tactical-positions/?per_page=200")).json()) as Position[];
  const missing = Math.max(...all.map((p) => p.id)) + 10_000;
  await goToPuzzle(page, missing, texts);
  await expect(page.getByRole("alert").filter({ hasText: texts.notFound })).toBeVisible();
  await page.getByLabel(texts.puzzleLabel).fill("12abc");
  await page.getByRole("button", { name: texts.go, exact: true }).click();
  await expect(page.getByText(texts.invalidId)).toBeVisible();

  await goToPuzzle(page, withOpening.id, texts);
  await expect(taskPosition(page)).toHaveText(texts.puzzle(withOpening.id));
  const earlier = all.filter((p) => p.sequence_number < withOpening.sequence_number);
  if (bySequence && earlier.length > 0) {
    const previous = earlier.reduce((a, b) => (a.sequence_number > b.sequence_number ? a : b));
    await page.getByRole("button", { name: texts.previous }).click();
    await expect(taskPosition(page)).toHaveText(texts.puzzle(previous.id));
    await goToPuzzle(page, withOpening.id, texts);
    await expect(taskPosition(page)).toHaveText(texts.puzzle(withOpening.id));
  }

  const opening = withOpening.game_metadata.opening as string;
  const sameOpening = positions.filter((p) => p.game_metadata.opening === opening).length;
  await page
    .locator("[data-slot=game-info-card]")
    // The card names the opening without the filter's count.
    .getByRole("button", { name: (listed.get(opening) as string).replace(/ \([^)]*\)$/, "") })
    .click();
  await expect(page.getByLabel(texts.filter, { exact: true })).toHaveValue(opening);
  await expect(taskPosition(page)).toHaveText(texts.position(1, sameOpening));
}

/** A puzzle's place in its phase's order (1-based), read page by page from the API. */
async function placeOf(request: APIRequestContext, phase: Phase, id: number): Promise<number> {
  for (let page = 1; page <= 100; page++) {
    const response = await request.get(`/api/tactical-positions/phase/${phase}?per_page=200&page=${page}`);
    const batch = (await response.json()) as Position[];
    const index = batch.findIndex((p) => p.id === id);
    if (index >= 0) return (page - 1) * 200 + index + 1;
    if (batch.length < 200) break;
  }
  throw new Error(`puzzle ${id} is not in the ${phase} phase`);
}

/** Waits until the page answers input (what the suite's own `goto` does), for pages of a context made in a test. */
async function live(page: Page) {
  await page.locator("html[data-live]").waitFor({ state: "attached", timeout: 15_000 });
}

/** Go to Puzzle by ID beside Difficulty (by level): the box keeps its width and the message never covers Go. */
async function goBesideDifficulty(page: Page, texts: Texts, id: number) {
  await goToPuzzle(page, id, texts);
  const message = page.getByText(texts.loaded(id));
  await expect(message).toBeVisible();
  const input = await page.getByLabel(texts.puzzleLabel).boundingBox();
  const go = await page.getByRole("button", { name: texts.go, exact: true }).boundingBox();
  const said = await message.boundingBox();
  expect(input?.width ?? 0).toBeGreaterThanOrEqual(96);
  const overlaps =
    !!go &&
    !!said &&
    said.x < go.x + go.width &&
    go.x < said.x + said.width &&
    said.y < go.y + go.height &&
    go.y < said.y + said.height;
  expect(overlaps).toBe(false);
}

/**
 * On the endgame module at its first position: every puzzle has an address. Next and Previous write it, a reload
 * reopens the puzzle at its place (Previous works on), Back and Forward go through the puzzles seen, and a copied
 * link opens the same puzzle in the same order in another browser, where Next is the library's choice and switching
 * to In order counts from the puzzle's real place.
 */
async function addressScenario(page: Page, texts: Texts) {
  const total = await phaseTotal(page.request, "endgame");
  const [p1, p2, p3] = await phasePositions(page.request, "endgame");
  if (!p1 || !p2 || !p3) throw new Error("the endgame phase has fewer than three positions");
  const at = (position: Position, order = "sequence") =>
    new RegExp(`/training/endgame\\?puzzle=${position.id}&order=${order}(&|$)`);
  const next = page.getByRole("button", { name: texts.next, exact: true });

  await expect(page).toHaveURL(at(p1));
  await next.click();
  await expect(taskPosition(page)).toHaveText(texts.position(2, total));
  await expect(page).toHaveURL(at(p2));
  await next.click();
  await expect(taskPosition(page)).toHaveText(texts.position(3, total));
  await expect(page).toHaveURL(at(p3));

  // A reload opens the same puzzle at its place, not Position 1; Previous goes on from there.
  await page.reload();
  await expect(taskPosition(page)).toHaveText(texts.position(3, total));
  await expect(board(page)).toHaveAttribute("data-orientation", sideToMove(p3.fen));
  await page.getByRole("button", { name: texts.previous }).click();
  await expect(taskPosition(page)).toHaveText(texts.position(2, total));
  await expect(page).toHaveURL(at(p2));

  // Back and Forward step through the puzzles' addresses.
  await page.goBack();
  await expect(page).toHaveURL(at(p3));
  await expect(taskPosition(page)).toHaveText(texts.position(3, total));
  await page.goBack();
  await expect(page).toHaveURL(at(p2));
  await expect(taskPosition(page)).toHaveText(texts.position(2, total));
  await page.goForward();
  await expect(page).toHaveURL(at(p3));
  await expect(taskPosition(page)).toHaveText(texts.position(3, total));

  // On a slow device (the CPU 6× slower), Back pressed as soon as Previous has changed the address, before the page
  // has drawn the step: it still returns to Position 3.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.getByRole("button", { name: texts.previous }).click();
  await expect(page).toHaveURL(at(p2));
  await page.goBack();
  await expect(page).toHaveURL(at(p3));
  await expect(taskPosition(page)).toHaveText(texts.position(3, total));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();

  // At my level: the address says so (with the difficulty).
  await page.getByLabel(texts.order, { exact: true }).selectOption({ label: texts.atMyLevel });
  await expect(page).toHaveURL(at(p3, "rated"));
  await expect(page).toHaveURL(/difficulty=normal/);
  await expect(taskPosition(page)).toHaveText(texts.puzzle(p3.id));
  const link = page.url();

  // The copied link in another browser (nothing stored), 1366×768: the same puzzle, the same order.
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const other = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const copy = await other.newPage();
    await copy.goto(link);
    await live(copy);
    await expect(taskPosition(copy)).toHaveText(texts.puzzle(p3.id));
    await expect(copy.getByLabel(texts.order, { exact: true })).toHaveValue("rated");

    // By level, the next puzzle is the library's; switching to In order counts it from its place in the module.
    await copy.getByRole("button", { name: texts.next, exact: true }).click();
    await expect(taskPosition(copy)).not.toHaveText(texts.puzzle(p3.id));
    await expect(copy).not.toHaveURL(new RegExp(`puzzle=${p3.id}&`));
    const shown = Number(new URL(copy.url()).searchParams.get("puzzle"));
    // (By level, a reload and Previous after it: training-rating.spec.ts's rating journey.)
    const place = await placeOf(copy.request, "endgame", shown);
    await copy.getByLabel(texts.order, { exact: true }).selectOption({ label: texts.inOrder });
    await expect(taskPosition(copy)).toHaveText(texts.position(place, total));
    await expect(copy).toHaveURL(new RegExp(`\\?puzzle=${shown}&order=sequence$`));
    await copy.getByLabel(texts.order, { exact: true }).selectOption({ label: texts.atMyLevel });
    await goBesideDifficulty(copy, texts, p1.id);
  } finally {
    await other.close();
  }
}

/**
 * Arabic, on the opening module at its first position: the address's counter and order in Arabic, and, at
 * 1366×768 by level, Go to Puzzle by ID beside Difficulty in the right-to-left layout. (Reload, Back and Forward and
 * the copied link are the English journey's: nothing there depends on the language.)
 */
async function addressInArabic(page: Page, texts: Texts) {
  const total = await phaseTotal(page.request, "opening");
  const [p1, p2] = await phasePositions(page.request, "opening");
  if (!p1 || !p2) throw new Error("the opening phase has fewer than two positions");
  await page.getByRole("button", { name: texts.next, exact: true }).click();
  await expect(taskPosition(page)).toHaveText(texts.position(2, total));
  await expect(page).toHaveURL(new RegExp(`\\?puzzle=${p2.id}&order=sequence$`));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByLabel(texts.order, { exact: true }).selectOption({ label: texts.atMyLevel });
  await expect(page).toHaveURL(new RegExp(`\\?puzzle=${p2.id}&order=rated&difficulty=normal$`));
  await expect(taskPosition(page)).toHaveText(texts.puzzle(p2.id));
  await page.getByLabel(texts.order, { exact: true }).selectOption({ label: texts.inOrder });
  await expect(taskPosition(page)).toHaveText(texts.position(2, total));
  await page.getByLabel(texts.order, { exact: true }).selectOption({ label: texts.atMyLevel });
  await goBesideDifficulty(page, texts, p1.id);
}

// ---- Tests --------------------------------------------------------------------------------------------------------

test.describe("training (English)", () => {
  test("the module list, a solve after two mistakes, its records across a reload, the opening filter and Complete, reset", async ({
    page,
  }) => {
    // A journey through several features (and the engine's searches, which have no time limit with the page's
    // clock stopped): its time is a bound on a hang, as the suite's 90 s is for one feature's test.
    test.setTimeout(300_000);
    const texts = TEXTS.en;
    await page.clock.install();
    const countsAnswer = page.request.get("/api/tactical-positions/stats/phase-counts");
    // An unknown module's page leads back to the module list (its 404 is shell.spec.ts's).
    await page.goto("/training/no-such-module");
    await expect(page.getByRole("heading", { level: 1, name: "Module Not Found" })).toBeVisible();
    await page.getByRole("link", { name: texts.backToModules }).click();
    await expect(page).toHaveURL(/\/training$/);
    // The module list: each module with its live count and its Start link.
    const { counts } = (await (await countsAnswer).json()) as { counts: Record<Phase, number> };
    for (const phase of ["middlegame", "endgame", "opening"] as const) {
      const card = page.locator(`[data-slot=module-card][data-module=${MODULE_OF[phase]}]`);
      await expect(card.getByRole("heading")).toHaveText(texts.moduleTitle[phase]);
      await expect(card).toContainText(texts.positions(counts[phase]));
      await expect(
        card.getByRole("link", { name: texts.start(texts.moduleTitle[phase]), exact: true }),
      ).toHaveAttribute("href", `/training/${MODULE_OF[phase]}`);
    }
    await startModule(page, texts, "opening");

    const { puzzle, before } = await openMateInOne(page, texts);
    const sessionId = await solveAfterMistakes(page, texts, puzzle, before);
    await progressAcrossReload(page, texts, puzzle, sessionId);
    await filterScenario(page, texts);
    // Back on the module list: the puzzle solved (a shown answer is no solve, and Complete of one opening's set
    // completes no module), until all progress is reset.
    await backToModules(page, texts);
    await expect(page.locator("[data-slot=module-card][data-module=opening]")).not.toContainText(
      texts.completed,
    );
    await resetAll(page, texts);
  });

  test("the middle game: moves before chess.js has loaded, a move by keyboard alone, Go by ID and the game card's opening", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const texts = TEXTS.en;
    // chess.js comes after the board's first paint, in a chunk of its own: hold that chunk back to act before it.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldBack = false;
    const chunks = /\/assets\/[^/]+\.js$/;
    await page.route(chunks, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      // chess.js's own FEN message, in no other chunk.
      if (body.includes("must contain six space-delimited fields")) {
        heldBack = true;
        await released;
      }
      await route.fulfill({ response, body });
    });
    const [first, second, third] = await phasePositions(page.request, "middlegame");
    if (!first || !second || !third) throw new Error("the middle game has fewer than three positions");
    await page.goto("/training/middle-game");
    await expect(taskPosition(page)).toContainText(/^Position 1 of/);
    // The board is drawn and takes moves without chess.js.
    await expect(board(page)).toHaveAttribute("data-interactive", "true");
    await expect(board(page).locator("[data-square] [role=img]").first()).toBeVisible();
    expect(heldBack).toBe(true);

    const right = firstMove(first);
    const from = right.slice(0, 2);
    const fen = await board(page).getAttribute("data-fen");
    // A click on a square the piece cannot reach puts it down, now and once chess.js says it is out of reach.
    await clickMove(page, `${from}${illegalTarget(first, from)}`);
    // The right move, dragged: the piece goes back while the move waits for chess.js.
    const centre = async (locator: Locator) => {
      const box = await locator.boundingBox();
      if (!box) throw new Error("no box");
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const start = await centre(square(page, from));
    const end = await centre(square(page, right.slice(2, 4)));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y, { steps: 2 });
    await page.mouse.move(end.x, end.y, { steps: 5 });
    await page.mouse.up();
    await expect(board(page)).toHaveAttribute("data-fen", fen ?? "");
    await expect(feedback(page)).toHaveCount(0);

    release();
    // Once chess.js is there the move is judged; the click out of reach never became a try.
    await expect(feedback(page)).toContainText(isSingleMove(first) ? texts.correct : texts.continue);
    await expect(moveList(page).first()).toContainText(sanOf(first.fen, right));
    await page.unroute(chunks);

    // The next puzzle, by keyboard alone: Tab from the puzzle id box (Go, disabled while it is empty, is skipped)
    // reaches the board; the arrow keys and Enter play the move.
    await page.getByRole("button", { name: texts.next, exact: true }).click();
    await expect(taskPosition(page)).toContainText(/^Position 2 of/);
    await expect(board(page)).toHaveAttribute("data-orientation", sideToMove(second.fen));
    await expect(feedback(page)).toHaveCount(0);
    await page.getByLabel(texts.puzzleLabel).focus();
    await page.keyboard.press("Tab");
    await expect(board(page)).toBeFocused();
    const move = firstMove(second);
    await keyTo(page, move.slice(0, 2));
    await page.keyboard.press("Enter");
    await keyTo(page, move.slice(2, 4));
    await page.keyboard.press("Enter");
    await expect(feedback(page)).toContainText(isSingleMove(second) ? texts.correct : texts.continue);

    // The third, typed in the move box beside the board: its notation, Enter.
    await page.getByRole("button", { name: texts.next, exact: true }).click();
    await expect(taskPosition(page)).toContainText(/^Position 3 of/);
    await typeMove(page, texts.moveBox, sanOf(third.fen, firstMove(third)));
    await expect(feedback(page)).toContainText(isSingleMove(third) ? texts.correct : texts.continue);

    await puzzleIdScenario(page, texts, "middlegame", { bySequence: true });
  });

  test("the endgame: hints to the explicit one, Copy FEN, and every puzzle's address", async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000);
    const texts = TEXTS.en;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const position = await firstOf(page.request, "endgame");
    await page.goto("/training/endgame");
    await expect(taskPosition(page)).toHaveText(texts.position(1, await phaseTotal(page.request, "endgame")));
    await hintScenario(page, texts, "en", position);
    await addressScenario(page, texts);
    await aroundPuzzleScenario(page, "en");
  });
});

test.describe("training (Arabic)", () => {
  // (The hint card's further levels, its suggested move and Copy FEN in Arabic are
  // packages/ui/src/hint-card/hint-card.stories.tsx's MoreHelpSteps and Explicit and fen-bar.stories.tsx's Copy, in
  // the visual suite's Arabic mode.)
  test("right to left with a left-to-right board: a solve the next move cuts short, a hint, reset, the filter, Go by ID, the address", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const texts = TEXTS.ar;
    await inArabic(page);
    await page.clock.install();
    await page.goto("/training/opening");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: texts.moduleTitle.opening })).toBeVisible();
    // The layout mirrors: the side panel sits to the left of the board; the board's files still run a→h.
    const boardBox = await board(page).boundingBox();
    const panelBox = await page.locator("[data-slot=task-panel]").boundingBox();
    expect(panelBox && boardBox && panelBox.x < boardBox.x).toBe(true);
    const orientation = await board(page).getAttribute("data-orientation");
    const a1 = await square(page, "a1").boundingBox();
    const h1 = await square(page, "h1").boundingBox();
    expect(a1 && h1 && (orientation === "white" ? a1.x < h1.x : a1.x > h1.x)).toBe(true);

    // A wrong move, its refutation in Arabic, cut short by the right move; mid-puzzle, with the mistake's card and
    // the hint card open, no serious axe violations.
    const { puzzle, before } = await openMateInOne(page, texts);
    const right = firstMove(puzzle);
    await playWrongMove(page, texts, quietWrongMove(puzzle), before);
    await square(page, right.slice(0, 2)).click();
    await expect(board(page)).not.toHaveAttribute("data-mistake", /./);
    await expect(board(page)).toHaveAttribute("data-fen", before);
    await page.clock.resume();
    // The hint in Arabic: the stored Arabic hint of the puzzle.
    await page.getByRole("button", { name: texts.hint, exact: true }).click();
    await expect(hintCard(page)).toContainText(texts.levels[0] as string);
    const stored = (puzzle as Position).hints;
    await expect(hintCard(page)).toContainText(stored.subtle_ar ?? stored.subtle_en ?? "");
    await expectAccessible(page);
    // The piece picked up before the hint is still in hand: the next press plays the move.
    await square(page, right.slice(2, 4)).click();
    await expect(feedback(page)).toContainText(texts.helped);
    await expect(feedback(page)).not.toContainText(texts.correct);
    await expect(record(page)).toContainText(texts.solvedWithHelp);
    await expect(titleBar(page)).toContainText(texts.session(0, 1, 0));
    await expect(titleBar(page)).toContainText(texts.solvedOf(1, await phaseTotal(page.request, "opening")));

    await backToModules(page, texts);
    await resetAll(page, texts);
    await startModule(page, texts, "opening");
    await filterInArabic(page, texts);
    await puzzleIdScenario(page, texts, "opening", { bySequence: false });
    await page.getByRole("button", { name: texts.clearFilter }).click();
    await addressInArabic(page, texts);
    await page.clock.resume();
    await aroundPuzzleScenario(page, "ar");

    // A puzzle by its address, solved in the move box beside the board, typed with Arabic-Indic digits.
    const third = (await phasePositions(page.request, "opening"))[2];
    if (!third) throw new Error("the opening phase has fewer than three positions");
    await page.goto(`/training/opening?puzzle=${third.id}&order=sequence`);
    await expect(taskPosition(page)).toHaveText(texts.position(3, await phaseTotal(page.request, "opening")));
    await typeMove(page, texts.moveBox, toArabicDigits(sanOf(third.fen, firstMove(third))));
    await expect(feedback(page)).toContainText(isSingleMove(third) ? texts.correct : texts.continue);
  });
});
