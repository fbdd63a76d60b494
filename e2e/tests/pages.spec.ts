import { expectAccessible } from "../axe";
import { expect, type Locator, type Page, test } from "../test";

/**
 * The information and chess tool pages: About, the notation demo, move highlighting and the chess features demo,
 * in English and in Arabic. Axe checks each page in the states these walks bring it to (a preset loaded, settings
 * changed, the panel hidden); each page as it first shows, in both languages, is checked by server-rendering.spec.ts's
 * hydration walk.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const NAJDORF = "rnbq1rk1/1p2bppp/p2p1n2/4p3/4P3/1NN5/PPP1BPPP/R1BQ1RK1 w - - 4 9";
const AFTER_NC3 = "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5";
const AFTER_A6 = "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6";
const PROMOTED = "4Q3/3K2k1/8/8/8/8/8/8 b - - 0 5";
const AFTER_KD6 = "4k3/8/3K4/4P3/8/8/8/8 b - - 1 1";

const YELLOW = "rgba(255, 255, 0, 0.4)";
const RED = "rgba(220, 38, 38, 0.55)";

function preferArabic(page: Page) {
  return page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
}

function square(page: Page, name: string): Locator {
  return page.locator(`[data-slot=board] [data-square="${name}"]`);
}

/** The named piece images on a square (the board labels each piece). */
function pieces(page: Page, name: string): Locator {
  return square(page, name).locator("[role=img][aria-label]");
}

/** The style of a square's highlight layer, where the board draws last move, legal dots and check. */
function highlight(page: Page, name: string): Locator {
  return square(page, name).locator(":scope > div").first();
}

/**
 * Plays a move by clicking its two squares: once the board takes moves and the piece stands on its square, and only
 * when the first click has shown the move's target as legal (a click while a preset is still being drawn is retried).
 */
async function clickMove(page: Page, move: string) {
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  await expect(page.locator("[data-slot=board]")).toHaveAttribute("data-interactive", "true");
  await expect(pieces(page, from)).toHaveCount(1);
  const targetShown = async () =>
    /radial-gradient/.test((await highlight(page, to).getAttribute("style")) ?? "");
  await expect(async () => {
    if (!(await targetShown())) await square(page, from).click();
    expect(await targetShown()).toBe(true);
  }).toPass({ intervals: [250, 500, 1000] });
  await square(page, to).click();
}

const TEXTS = {
  en: {
    about: {
      title: "About",
      founder: "The founder",
      role: "Founder and head coach",
      mission: "Our mission",
      features: "What you can do here",
      featureTitles: [
        "Training by game phase",
        "Three levels of hints",
        "Explanations from engine analysis",
        "Arabic and English",
        "Chess blog",
        "Position editor",
        "Progress kept in your browser",
        "Notation and board demos",
      ],
      startTraining: "Start Training",
      returnHome: "Return Home",
      trainingTitle: "Training Modules",
      homeTitle: "Train like a master",
    },
    notation: {
      title: "Chess Notation",
      presets: "Load a position",
      start: "Starting Position",
      sicilian: "Sicilian Defense",
      endgame: "Simple Endgame",
      moves: "Moves",
      empty: "No moves yet. Play a move on the board to start the notation.",
      fen: "Position (FEN)",
      next: "Next move",
      first: "Go to the start of the line",
      stepper: "Step through the moves",
      atMove: (n: number, total: number) => `Move ${n} of ${total}`,
      atStart: "Starting position",
      featuresLink: "Open the chess features demo",
      sicilianDescription: /Najdorf Variation/,
    },
    highlighting: {
      title: "Move Highlighting",
      settings: "Board settings",
      legal: "Show legal moves",
      coordinates: "Show coordinates",
      lastMove: "Show last move",
      check: "Highlight check",
      animation: "Animation duration",
      duration: (ms: string) => `${ms} ms`,
      restore: "Restore default settings",
      reset: "Reset",
      whiteToMove: "White to move",
      blackInCheck: "Black is in check",
      legend: ["Last move", "Legal move", "King in check"],
    },
    features: {
      title: "Chess Features",
      toggle: "Show notation panel",
      panel: "Notation panel",
      moves: "Moves",
      undo: "Undo move",
      back: "Back to the notation demo",
    },
  },
  ar: {
    about: {
      title: "من نحن",
      founder: "المؤسِّس",
      role: "المؤسِّس والمدرّب الرئيسي",
      mission: "رسالتنا",
      features: "ما الذي يمكنك فعله هنا",
      featureTitles: [
        "التدريب حسب مرحلة اللعب",
        "ثلاثة مستويات من التلميحات",
        "شروح مستخلصة من تحليل المحرّك",
        "العربية والإنجليزية",
        "مدونة الشطرنج",
        "محرّر الوضعيات",
        "تقدّمك محفوظ في متصفحك",
        "عروض التدوين والرقعة",
      ],
      startTraining: "ابدأ التدريب",
      returnHome: "العودة إلى الرئيسية",
      trainingTitle: "وحدات التدريب",
      homeTitle: "تدرّب كالأساتذة",
    },
    notation: {
      title: "تدوين نقلات الشطرنج",
      presets: "حمّل وضعية",
      start: "وضعية البداية",
      sicilian: "الدفاع الصقلي",
      endgame: "نهاية بسيطة",
      moves: "النقلات",
      empty: "لا توجد نقلات بعد. العب نقلةً على الرقعة لبدء التدوين.",
      fen: "الوضعية (FEN)",
      next: "النقلة التالية",
      first: "الانتقال إلى أول الخط",
      stepper: "التنقّل بين النقلات",
      atMove: (n: number, total: number) =>
        `النقلة ${new Intl.NumberFormat("ar").format(n)} من ${new Intl.NumberFormat("ar").format(total)}`,
      atStart: "وضعية البداية",
      featuresLink: "افتح عرض ميزات الشطرنج",
      sicilianDescription: /متغيّر نايدورف/,
    },
    highlighting: {
      title: "تمييز النقلات",
      settings: "إعدادات الرقعة",
      legal: "إظهار النقلات القانونية",
      coordinates: "إظهار الإحداثيات",
      lastMove: "إظهار النقلة الأخيرة",
      check: "تمييز الكش",
      animation: "مدة الحركة",
      duration: (ms: string) => `${ms} ملّي ثانية`,
      restore: "استعادة الإعدادات الافتراضية",
      reset: "إعادة الضبط",
      whiteToMove: "الدور على الأبيض",
      blackInCheck: "الأسود تحت الكش",
      legend: ["النقلة الأخيرة", "نقلة قانونية", "ملك تحت الكش"],
    },
    features: {
      title: "ميزات الشطرنج",
      toggle: "إظهار لوحة التدوين",
      panel: "لوحة التدوين",
      moves: "النقلات",
      undo: "تراجع عن النقلة",
      back: "العودة إلى عرض التدوين",
    },
  },
} as const;

const NAV = {
  en: { nav: "Main navigation", tools: "Tools" },
  ar: { nav: "التنقل الرئيسي", tools: "الأدوات" },
} as const;

/**
 * About's feature cards lead to the pages where each feature is (the language card has nowhere to go). Each card's
 * address is checked; the blog's and the notation demo's are followed by a click on the card (the last is where the
 * walk goes on). That a click anywhere on a card follows its link is the FeatureList stories' (WithLinks and
 * ArabicWithLinks, packages/ui/src/feature-list); the training page's heading is checked after Start Training above,
 * and Position Setup's in both languages by shell.spec.ts's narrow-menu walk.
 */
const FEATURE_LINKS = [
  { index: 0, href: "/training" },
  { index: 4, href: "/blog", heading: { en: "Chess Blog", ar: "مدونة الشطرنج" } },
  { index: 5, href: "/position-setup" },
  { index: 7, href: "/notation", heading: { en: "Chess Notation", ar: "تدوين نقلات الشطرنج" } },
];

// One walk per language through the four pages, each reached by the link a visitor would follow (About's feature
// card to the notation demo, its link to the chess features demo and back, the Tools menu to move highlighting).
for (const language of ["en", "ar"] as const) {
  const text = TEXTS[language];
  const dir = language === "ar" ? "rtl" : "ltr";
  const number = new Intl.NumberFormat(language);

  test(`information and chess tool pages (${language}): About and its links, the notation demo, chess features, move highlighting`, async ({
    page,
  }) => {
    // A long walk through four pages with several axe passes, on a machine shared with other work.
    test.slow();
    if (language === "ar") await preferArabic(page);
    await page.goto("/about");

    await test.step("about: founder profile, mission, feature list and working links", async () => {
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1, name: text.about.title })).toBeVisible();

      const founder = page.getByRole("region", { name: text.about.founder });
      await expect(founder).toBeVisible();
      await expect(founder.getByText(text.about.role)).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: text.about.mission })).toBeVisible();

      const features = page.getByRole("region", { name: text.about.features });
      await expect(features.getByRole("heading", { level: 3 })).toHaveText([...text.about.featureTitles]);

      await page.getByRole("link", { name: text.about.startTraining }).click();
      await expect(page).toHaveURL(/\/training$/);
      await expect(page.getByRole("heading", { level: 1, name: text.about.trainingTitle })).toBeVisible();

      await page.goBack();
      await page.getByRole("link", { name: text.about.returnHome }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1, name: text.about.homeTitle })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: text.about.title })).toBeVisible();
    });

    await test.step("about: each feature card links to its page", async () => {
      const features = page.getByRole("region", { name: text.about.features });
      await expect(features.getByRole("link")).toHaveText([
        text.about.featureTitles[0],
        text.about.featureTitles[1],
        text.about.featureTitles[2],
        text.about.featureTitles[4],
        text.about.featureTitles[5],
        text.about.featureTitles[6],
        text.about.featureTitles[7],
      ]);
      await expect(
        features.getByRole("heading", { level: 3, name: text.about.featureTitles[3] }).getByRole("link"),
      ).toHaveCount(0);
      for (const { index, href } of FEATURE_LINKS) {
        const title = page.getByRole("heading", { level: 3, name: text.about.featureTitles[index] });
        await expect(title.getByRole("link")).toHaveAttribute("href", href);
      }
      const followed = FEATURE_LINKS.filter(({ heading }) => heading);
      for (const [visited, { index, href, heading }] of followed.entries()) {
        if (visited > 0) {
          await page.goBack();
          await expect(page.getByRole("heading", { level: 1, name: text.about.title })).toBeVisible();
        }
        // A click anywhere on the card follows its link (here on its description, away from the title).
        const title = page.getByRole("heading", { level: 3, name: text.about.featureTitles[index] });
        const card = page.locator("[data-slot=feature]").filter({ has: title });
        await card.scrollIntoViewIfNeeded();
        const box = await card.boundingBox();
        if (!box) throw new Error("no card");
        await page.mouse.click(box.x + box.width / 2, box.y + box.height - 12);
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await expect(page.getByRole("heading", { level: 1, name: heading?.[language] })).toBeVisible();
      }
    });

    await test.step("notation: the three buttons load their lines; a move shows its position", async () => {
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await expect(page.getByRole("heading", { level: 1, name: text.notation.title })).toBeVisible();
      // The board stays left to right in both languages.
      await expect(page.locator("[data-slot=board]")).toHaveAttribute("dir", "ltr");

      const presets = page.getByRole("group", { name: text.notation.presets });
      const fen = page.getByRole("textbox", { name: text.notation.fen });
      const moves = page.getByRole("region", { name: text.notation.moves });

      // Starting Position: loaded at first, no moves yet.
      await expect(presets.getByRole("button", { name: text.notation.start })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(fen).toHaveValue(START);
      await expect(moves.getByText(text.notation.empty)).toBeVisible();

      // Sicilian Defense: the Najdorf, 16 moves, numbered.
      await presets.getByRole("button", { name: text.notation.sicilian }).click();
      await expect(presets.getByRole("button", { name: text.notation.sicilian })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.getByTestId("preset-description")).toHaveText(text.notation.sicilianDescription);
      const sicilianMoves = moves.getByRole("button");
      await expect(sicilianMoves).toHaveText([
        "1. e4",
        "c5",
        "2. Nf3",
        "d6",
        "3. d4",
        "cxd4",
        "4. Nxd4",
        "Nf6",
        "5. Nc3",
        "a6",
        "6. Be2",
        "e5",
        "7. Nb3",
        "Be7",
        "8. O-O",
        "O-O",
      ]);
      await expect(fen).toHaveValue(NAJDORF);
      await expect(sicilianMoves.last()).toHaveAttribute("aria-current", "step");

      // A click on a move shows its position.
      await moves.getByRole("button", { name: "5. Nc3" }).click();
      await expect(fen).toHaveValue(AFTER_NC3);
      await expect(pieces(page, "c3")).toHaveCount(1);
      await expect(pieces(page, "b1")).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: text.notation.atMove(9, 16) })).toBeVisible();

      // The keyboard: the arrow keys step through the list, the stepper steps too.
      const forward = language === "ar" ? "ArrowLeft" : "ArrowRight";
      const back = language === "ar" ? "ArrowRight" : "ArrowLeft";
      await page.keyboard.press(forward);
      await expect(fen).toHaveValue(AFTER_A6);
      await expect(moves.getByRole("button", { name: "a6" })).toBeFocused();
      await page.keyboard.press(back);
      await expect(fen).toHaveValue(AFTER_NC3);
      const stepper = page.getByRole("group", { name: text.notation.stepper });
      await stepper.getByRole("button", { name: text.notation.next }).click();
      await expect(fen).toHaveValue(AFTER_A6);
      await stepper.getByRole("button", { name: text.notation.first }).click();
      await expect(fen).toHaveValue(START);
      await expect(
        page.getByRole("status").filter({ hasText: new RegExp(`^${text.notation.atStart}$`) }),
      ).toBeVisible();

      // Simple Endgame: king and pawn; the pawn promotes.
      await presets.getByRole("button", { name: text.notation.endgame }).click();
      await expect(moves.getByRole("button").last()).toHaveText("5. e8=Q");
      await expect(fen).toHaveValue(PROMOTED);
      await moves.getByRole("button", { name: "1. Kd6" }).click();
      await expect(fen).toHaveValue(AFTER_KD6);
      await expect(pieces(page, "d6")).toHaveCount(1);
      await expectAccessible(page);

      // Starting Position again: a move played on the board joins the notation.
      await presets.getByRole("button", { name: text.notation.start }).click();
      await expect(fen).toHaveValue(START);
      await clickMove(page, "e2e4");
      await expect(moves.getByRole("button")).toHaveText(["1. e4"]);
      await expect(highlight(page, "e4")).toHaveAttribute(
        "style",
        new RegExp(YELLOW.replace(/[().]/g, "\\$&")),
      );

      await page.getByRole("link", { name: text.notation.featuresLink }).click();
      await expect(page).toHaveURL(/\/chess-features$/);
      await expect(page.getByRole("heading", { level: 1, name: text.features.title })).toBeVisible();
    });

    await test.step("chess features: the switch shows and hides the notation panel", async () => {
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await expect(page.getByRole("heading", { level: 1, name: text.features.title })).toBeVisible();
      const toggle = page.getByRole("switch", { name: text.features.toggle });
      const panel = page.getByRole("region", { name: text.features.panel });
      const panelMoves = panel.getByRole("region", { name: text.features.moves }).getByRole("button");
      await expect(toggle).toBeChecked();
      await expect(panel).toBeVisible();

      await clickMove(page, "e2e4");
      await clickMove(page, "e7e5");
      await expect(panelMoves).toHaveText(["1. e4", "e5"]);

      await toggle.click();
      await expect(toggle).not.toBeChecked();
      await expect(page.getByTestId("notation-panel")).toBeHidden();
      await expect(page.locator("[data-slot=board]")).toBeVisible();
      await expectAccessible(page);

      // The keyboard works the switch too; the moves are still there.
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(toggle).toBeChecked();
      await expect(panelMoves).toHaveText(["1. e4", "e5"]);

      await page.getByRole("button", { name: text.features.undo }).click();
      await expect(panelMoves).toHaveText(["1. e4"]);

      await page.getByRole("link", { name: text.features.back }).click();
      await expect(page).toHaveURL(/\/notation$/);
    });

    const nav = page.getByRole("navigation", { name: NAV[language].nav });
    await nav.getByRole("button", { name: NAV[language].tools }).click();
    await nav.getByRole("link", { name: text.highlighting.title }).click();
    await test.step("move highlighting: the settings change what the board shows", async () => {
      await expect(page.locator("html")).toHaveAttribute("dir", dir);
      await expect(page.getByRole("heading", { level: 1, name: text.highlighting.title })).toBeVisible();
      for (const entry of text.highlighting.legend)
        await expect(page.getByText(entry, { exact: true })).toBeVisible();

      const settings = page.getByRole("region", { name: text.highlighting.settings });
      const toggle = (name: string) => settings.getByRole("switch", { name });
      const slider = settings.getByRole("slider", { name: text.highlighting.animation });
      const status = page.getByTestId("board-status");

      // The spec's defaults: every highlight on, 300 ms.
      for (const name of [
        text.highlighting.legal,
        text.highlighting.coordinates,
        text.highlighting.lastMove,
        text.highlighting.check,
      ]) {
        await expect(toggle(name)).toBeChecked();
      }
      await expect(slider).toHaveAttribute("aria-valuenow", "300");
      await expect(slider).toHaveAttribute("aria-valuetext", text.highlighting.duration(number.format(300)));
      await expect(status).toHaveText(text.highlighting.whiteToMove);

      // Coordinates: letters and digits on the edge squares, gone when switched off.
      await expect(square(page, "a1")).toContainText("a");
      await toggle(text.highlighting.coordinates).click();
      await expect(toggle(text.highlighting.coordinates)).not.toBeChecked();
      await expect(square(page, "a1")).not.toContainText("a");
      await expect(square(page, "a1")).not.toContainText("1");

      // Last move (1... f5) in translucent yellow, gone when switched off.
      await expect(highlight(page, "f5")).toHaveAttribute("style", /rgba\(255, 255, 0, 0\.4\)/);
      await toggle(text.highlighting.lastMove).click();
      await expect(highlight(page, "f5")).not.toHaveAttribute("style", /rgba\(255, 255, 0/);
      await toggle(text.highlighting.lastMove).click();
      await expect(highlight(page, "f7")).toHaveAttribute("style", /rgba\(255, 255, 0, 0\.4\)/);

      // Legal moves: the queen picked up on d1 shows green dots, which the switch hides and shows again.
      await square(page, "d1").click();
      await expect(highlight(page, "h5")).toHaveAttribute("style", /radial-gradient/);
      await expect(highlight(page, "e2")).toHaveAttribute("style", /radial-gradient/);
      await toggle(text.highlighting.legal).click();
      await expect(highlight(page, "h5")).not.toHaveAttribute("style", /radial-gradient/);
      await toggle(text.highlighting.legal).click();
      await expect(highlight(page, "h5")).toHaveAttribute("style", /radial-gradient/);

      // Qh5+ : the black king's square glows red; the switch turns it off.
      await square(page, "h5").click();
      await expect(status).toHaveText(text.highlighting.blackInCheck);
      await expect(highlight(page, "e8")).toHaveAttribute("style", new RegExp(RED.replace(/[().]/g, "\\$&")));
      await expect(highlight(page, "h5")).toHaveAttribute("style", /rgba\(255, 255, 0, 0\.4\)/);
      await toggle(text.highlighting.check).click();
      await expect(highlight(page, "e8")).not.toHaveAttribute("style", /rgba\(220, 38, 38/);

      // Animation duration: the slider moves with the keyboard.
      await slider.focus();
      await page.keyboard.press("End");
      await expect(slider).toHaveAttribute("aria-valuenow", "1000");
      await expect(settings.getByText(text.highlighting.duration(number.format(1000)))).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await expect(slider).toHaveAttribute("aria-valuenow", "950");
      await expectAccessible(page);

      // Restore defaults puts every setting back; Reset puts the board back after 1. e4 f5.
      await settings.getByRole("button", { name: text.highlighting.restore }).click();
      await expect(toggle(text.highlighting.coordinates)).toBeChecked();
      await expect(toggle(text.highlighting.check)).toBeChecked();
      await expect(slider).toHaveAttribute("aria-valuenow", "300");
      await expect(square(page, "a1")).toContainText("a");
      await expect(highlight(page, "e8")).toHaveAttribute("style", /rgba\(220, 38, 38/);
      await page.getByRole("button", { name: text.highlighting.reset, exact: true }).click();
      await expect(status).toHaveText(text.highlighting.whiteToMove);
      await expect(pieces(page, "d1")).toHaveCount(1);
      await expect(highlight(page, "e8")).not.toHaveAttribute("style", /rgba\(220, 38, 38/);
    });
  });
}
