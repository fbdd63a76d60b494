import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import {
  STORY_MODE_NAMES,
  STORY_MODES,
  STORY_PAGE,
  STORY_VIEWPORTS,
  type StoryModeName,
  type StoryViewportName,
} from "../../packages/ui/src/lib/story-modes";
import { COLOUR_RULES, seriousViolations } from "../axe";
import { comparePng } from "./compare";

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: "story" | "docs";
}

// The global setup's copy of the build (the one the tests are served), else the build itself (`--list`).
const build = process.env.VISUAL_STORYBOOK_DIR ?? join(import.meta.dirname, "../../storybook-static");
const index = JSON.parse(readFileSync(join(build, "index.json"), "utf8")) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === "story");

/**
 * The modes (packages/ui/src/lib/story-modes.ts, Chromatic's too): English/LTR, Arabic/RTL, dark (English/LTR) and
 * dark Arabic/RTL. In English/LTR axe runs as Storybook's a11y addon runs it on a story (`a11y.test: "error"`,
 * what `npm run test:stories` checks): every rule but `region` and the ones the story's `a11y.config.rules` switch
 * off, every impact, over the document's body but Storybook's own elements. In Arabic/RTL it runs again without the
 * colour-contrast rule (the slowest by far on a board, and decided by the same colour tokens in both directions; the
 * end-to-end suite runs every rule on every page in both languages), and in the dark theme with the rules a colour
 * decides (COLOUR_RULES: contrast, and a link told from its text by colour), since the dark tokens are what changes
 * there: its document is the light one of the same language, turned dark in that language's test (`darkOf`; the
 * theme is a CSS attribute, only the charts read it, to paint their canvases). Dark Arabic runs no axe: what axe
 * checks there was checked already. Its colours are dark-ltr's (the direction changes no colour), its names, roles
 * and texts ar-rtl's (the theme changes none); what only this mode shows, dark and mirrored at once, is a picture,
 * and the screenshot compares it. The addon's own in-page axe run is switched off (`a11y.manual`): it only feeds
 * Storybook's panel and would compete with the screenshot for the CPU.
 */
const AXE: Record<StoryModeName, "addon" | "none" | "no-contrast" | "colours"> = {
  "en-ltr": "addon",
  "ar-rtl": "no-contrast",
  "dark-ltr": "colours",
  "dark-rtl": "none",
};
/** Storybook's elements in the preview's document, which its a11y addon leaves out of a story's check. */
const STORYBOOK_ELEMENTS = [".sb-wrapper", "#storybook-docs", "#storybook-highlights-root"];
/** The rule the addon switches off for every story: a component alone is not in a page's landmarks. */
const ADDON_OFF = ["region"];
const modes = STORY_MODE_NAMES.map((name) => {
  const { locale, direction, theme } = STORY_MODES[name];
  return {
    name,
    globals: `locale:${locale};direction:${direction};${theme === "dark" ? "theme:dark;" : ""}a11y.manual:!true`,
    lang: locale,
    dir: direction,
    theme,
    axe: AXE[name],
  };
});
type Mode = (typeof modes)[number];

/**
 * Dark Arabic is shot for each component's first story only (Storybook's order, usually its Overview): what only
 * this mode shows is the dark colours and the mirroring together, and each of those is proven story by story in its
 * own mode (dark-ltr, ar-rtl), so one picture per component catches a component that mirrors a colour wrongly, at
 * a quarter of the mode's cost (about 130 shots instead of about 490). Chromatic still shoots every story in it.
 */
const firstOfComponent = new Set(
  stories
    .filter((story, index) => stories.findIndex((other) => other.title === story.title) === index)
    .map((story) => story.id),
);
const DARK_ARABIC = "dark-rtl";

/**
 * The modes a story is shot in: a story that fixes its own locale ("Arabic ...") only in that locale's; dark Arabic
 * only for its component's first story.
 */
const modesOf = (story: IndexEntry) =>
  modes.filter(
    (mode) =>
      !(/^arabic\b/i.test(story.name) && mode.lang !== "ar") &&
      (mode.name !== DARK_ARABIC || firstOfComponent.has(story.id)),
  );

/**
 * One page per worker. The first story of a mode loads the preview with that mode's globals; the next ones switch
 * through Storybook's channel (as Storybook's own test runner does) instead of reloading the preview bundle, which
 * makes the suite about three times faster. The preview's decorator is keyed by story, so each story mounts afresh.
 */
interface Preview {
  page: Page;
  globals: string;
}

const test = base.extend<object, { preview: Preview }>({
  preview: [
    async ({ browser }, use) => {
      const context = await browser.newContext({
        viewport: { width: 800, height: 600 },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
      });
      await context.addInitScript(watchStories);
      await use({ page: await context.newPage(), globals: "" });
      await context.close();
    },
    { scope: "worker" },
  ],
});

type StoryWindow = Window & {
  __STORYBOOK_ADDONS_CHANNEL__?: {
    on(event: string, listener: (payload: unknown) => void): void;
    emit(event: string, payload: unknown): void;
  };
  __storyDone?: boolean;
  __storyFailed?: string;
  /** Called once when the current story has rendered (or failed). */
  __storyWaiters?: (() => void)[];
  /** Resolves when the current story has rendered and its play function ended: its failure, or null. */
  __storySettled?: (timeout: number) => Promise<string | null>;
  /** Shows another story (`setCurrentStory`) or the same again (`forceRemount`) in this document. */
  __storySwitch?: (storyId: string, event: string) => void;
  /** A story's facts, read from the preview's store (which loads its file). */
  __storyFacts?: (storyId: string) => Promise<StoryFacts>;
};

/**
 * Runs in every document before Storybook: notes when the current story has rendered and its play function ended,
 * or when the story or its play function failed. Every play function must pass here, in the built Storybook, in
 * both locales, as it does in the Vitest storybook project.
 */
function watchStories() {
  const w = window as StoryWindow;
  w.__storyDone = false;
  w.__storyWaiters = [];
  const finish = () => {
    w.__storyDone = true;
    for (const wake of w.__storyWaiters?.splice(0) ?? []) wake();
  };
  // Woken by the channel's event, not by polling: the test's next step starts as soon as the story is done.
  w.__storySettled = (timeout) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the story did not render (and play) within ${timeout} ms`)),
        timeout,
      );
      const settle = () => {
        clearTimeout(timer);
        resolve(w.__storyFailed ?? null);
      };
      if (w.__storyDone) settle();
      else w.__storyWaiters?.push(settle);
    });
  w.__storyFacts = async (storyId) => {
    const store = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.storyStoreValue;
    if (!store) throw new Error("Storybook's preview is not ready");
    const story = await store.loadStory({ storyId });
    return {
      viewport: story.storyGlobals?.viewport?.value ?? null,
      chromaticModes: story.parameters?.chromatic?.modes ?? {},
      cropToViewport: story.parameters?.chromatic?.cropToViewport === true,
      maxDiffPixels: story.parameters?.visual?.maxDiffPixels ?? null,
      axeOff: (story.parameters?.a11y?.config?.rules ?? [])
        .filter((rule) => rule.id && rule.enabled === false)
        .map((rule) => rule.id as string),
    };
  };
  w.__storySwitch = (storyId, event) => {
    w.__storyDone = false;
    w.__storyFailed = undefined;
    (document.activeElement as HTMLElement | null)?.blur();
    const html = document.documentElement;
    html.lang = "en";
    html.removeAttribute("dir");
    html.removeAttribute("data-theme");
    w.__STORYBOOK_ADDONS_CHANNEL__?.emit(event, { storyId, viewMode: "story" });
  };
  const hook = () => {
    const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return false;
    channel.on("storyRendered", finish);
    for (const event of ["storyErrored", "storyThrewException", "storyMissing", "playFunctionThrewException"])
      channel.on(event, (payload) => {
        w.__storyFailed = `${event}: ${JSON.stringify(payload)}`;
        finish();
      });
    return true;
  };
  if (!hook()) {
    const timer = setInterval(() => hook() && clearInterval(timer), 1);
  }
}

interface ChromaticMode {
  disable?: boolean;
  viewport?: number;
  [global: string]: unknown;
}
type PreviewWindow = StoryWindow & {
  __STORYBOOK_PREVIEW__?: {
    storyStoreValue?: {
      loadStory(options: { storyId: string }): Promise<{
        storyGlobals?: { viewport?: { value?: string } };
        parameters?: {
          chromatic?: { modes?: Record<string, ChromaticMode>; cropToViewport?: boolean };
          visual?: { maxDiffPixels?: number };
          a11y?: { config?: { rules?: { id?: string; enabled?: boolean }[] } };
        };
      }>;
    };
  };
};

/** What the suite reads of a story before showing it: the viewport it picks, and Chromatic's parameters. */
interface StoryFacts {
  viewport: string | null;
  chromaticModes: Record<string, ChromaticMode>;
  cropToViewport: boolean;
  /**
   * More differing pixels tolerated than the suite's default (`parameters.visual.maxDiffPixels`): only for a story
   * whose rendering is known to vary between runs by a few pixels, with the reason at the story.
   */
  maxDiffPixels: number | null;
  /** The axe rules the story switches off (`parameters.a11y.config.rules`), as the a11y addon reads them. */
  axeOff: string[];
}

/** Reads the stories' facts from the preview's store (in a document that runs `watchStories`). */
function storyFacts(page: Page, storyIds: string[]): Promise<Record<string, StoryFacts>> {
  return page.evaluate(async (ids) => {
    const w = window as StoryWindow;
    if (!w.__storyFacts) throw new Error("the page does not watch its stories");
    const facts: Record<string, StoryFacts> = {};
    for (const id of ids) facts[id] = await w.__storyFacts(id);
    return facts;
  }, storyIds);
}

/** The page size a story asks for (Storybook's UI sizes its frame so; here the page itself is sized). */
const pageSize = (facts: StoryFacts) =>
  (facts.viewport && STORY_VIEWPORTS[facts.viewport as StoryViewportName]) || STORY_PAGE;

const sameSize = (a: { width: number; height: number } | null, b: { width: number; height: number }) =>
  a?.width === b.width && a.height === b.height;

/**
 * Whether the story paints outside its root's first child (the decorator's padded wrapper), the box Chromatic crops
 * a snapshot to: a dialog portalled to the body does, and so does a fixed element inside the story that holds
 * something and sits outside that box (a toast's region pinned to the viewport's corner). Before the second case was
 * counted, a story showing a toast was seen as painting outside only while Radix's announcement (portalled to the
 * body for one second) was there: whether the check came within that second decided the test.
 */
const paintsOutsideRoot = (page: Page) =>
  page.evaluate(() => {
    const painted = (element: Element) => {
      if (!element.checkVisibility()) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const outsideRoot = Array.from(document.body.children).some(
      (element) => element.id !== "storybook-root" && painted(element),
    );
    if (outsideRoot) return true;
    const wrapper = document.getElementById("storybook-root")?.firstElementChild;
    if (!wrapper) return false;
    const frame = wrapper.getBoundingClientRect();
    return Array.from(wrapper.querySelectorAll("*")).some((element) => {
      if (getComputedStyle(element).position !== "fixed" || !painted(element)) return false;
      if (!Array.from(element.children).some(painted)) return false;
      const box = element.getBoundingClientRect();
      return (
        box.left < frame.left || box.top < frame.top || box.right > frame.right || box.bottom > frame.bottom
      );
    });
  });

/**
 * Shows a story at its viewport and waits until it rendered and its play function ended; returns its facts.
 * Switching stories in one page must not let a story lean on what the one before left in the document: `lang`,
 * `dir` and the theme go back to a fresh preview's (a story whose play function needed the previous story's `dir`
 * passed here and failed when opened on its own). `args`: args in the URL's form, as Controls would set them.
 */
async function show(preview: Preview, storyId: string, mode: Mode, args?: string): Promise<StoryFacts> {
  const { page } = preview;
  const passed = (failure: string | null) => expect(failure ?? undefined).toBeUndefined();
  /** Shows the story again (or another) in this document and waits until it is done: its failure, or null. */
  const again = (event: string) =>
    page.evaluate(
      async ({ id, event, timeout }) => {
        const w = window as StoryWindow;
        w.__storySwitch?.(id, event);
        return (await w.__storySettled?.(timeout)) ?? null;
      },
      { id: storyId, event, timeout: STORY_TIMEOUT },
    );
  if (preview.globals !== mode.globals || args) {
    await page.goto(
      `/iframe.html?id=${storyId}&viewMode=story&globals=${mode.globals}${args ? `&args=${args}` : ""}`,
    );
    preview.globals = args ? "" : mode.globals;
    const first = await page.evaluate(
      async ({ id, timeout }) => {
        const w = window as StoryWindow;
        const failure = (await w.__storySettled?.(timeout)) ?? null;
        if (!w.__storyFacts) throw new Error("the page does not watch its stories");
        return { failure, facts: await w.__storyFacts(id) };
      },
      { id: storyId, timeout: STORY_TIMEOUT },
    );
    // A story with a viewport of its own renders (and plays) again at that size; only that run counts.
    const size = pageSize(first.facts);
    if (sameSize(page.viewportSize(), size)) passed(first.failure);
    else {
      await page.setViewportSize(size);
      passed(await again("forceRemount"));
    }
    return first.facts;
  }
  // One round trip when the page has the story's size already: its facts, the switch, and its end.
  const current = page.viewportSize() ?? STORY_PAGE;
  const shown = await page.evaluate(
    async ({ id, current, viewports, fallback, timeout }) => {
      const w = window as StoryWindow;
      if (!w.__storyFacts) throw new Error("the page does not watch its stories");
      const facts = await w.__storyFacts(id);
      const size = (facts.viewport && viewports[facts.viewport]) || fallback;
      if (size.width !== current.width || size.height !== current.height)
        return { facts, switched: false, failure: null };
      w.__storySwitch?.(id, "setCurrentStory");
      return { facts, switched: true, failure: (await w.__storySettled?.(timeout)) ?? null };
    },
    {
      id: storyId,
      current,
      viewports: STORY_VIEWPORTS as Record<string, { width: number; height: number }>,
      fallback: STORY_PAGE,
      timeout: STORY_TIMEOUT,
    },
  );
  if (shown.switched) passed(shown.failure);
  else {
    await page.setViewportSize(pageSize(shown.facts));
    passed(await again("setCurrentStory"));
  }
  return shown.facts;
}

/** How long a story may take to render and play. */
const STORY_TIMEOUT = 15_000;

/** The charts of the workbench: each draws on a canvas, and says `data-ready` once drawn with its fonts. */
const CHARTS = "[data-slot=accuracy-bars], [data-slot=count-bars], [data-slot=rating-chart]";

/**
 * In the page: whether every chart's canvas, two animation frames on (the frame in which Chart.js redraws a chart
 * whose box changed, and one more), fills its box and has painted something.
 */
const chartsDrawn = (selector: string) =>
  new Promise<boolean>((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const canvases = Array.from(document.querySelectorAll(selector)).flatMap((chart) =>
          Array.from(chart.querySelectorAll("canvas")),
        );
        resolve(
          canvases.every((canvas) => {
            const box = canvas.parentElement?.getBoundingClientRect();
            const drawn = canvas.getBoundingClientRect();
            if (!box || canvas.width === 0 || canvas.height === 0) return false;
            if (Math.abs(drawn.width - box.width) > 1 || Math.abs(drawn.height - box.height) > 1)
              return false;
            const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
            for (let i = 3; pixels && i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
            return false;
          }),
        );
      }),
    ),
  );

/**
 * In the page: waits, frame by frame, until the story is as the test checks it before its screenshot (see
 * `expectShown`): true, or false after `timeout` ms. One call instead of one per condition; charts' canvases (`drawn`,
 * chartsDrawn's source) are only waited for where there is a chart.
 */
async function storyReady(
  {
    dir,
    lang,
    dark,
    charts,
    timeout,
  }: { dir: string; lang: string; dark: boolean; charts: string; timeout: number },
  drawn: (selector: string) => Promise<boolean>,
): Promise<boolean> {
  const deadline = performance.now() + timeout;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const html = document.documentElement;
  const shown = () => {
    const first = document.querySelector("#storybook-root > *");
    if (!first) return false;
    const box = first.getBoundingClientRect();
    return getComputedStyle(first).visibility === "visible" && box.width > 0 && box.height > 0;
  };
  const ready = () =>
    shown() &&
    html.getAttribute("dir") === dir &&
    html.getAttribute("lang") === lang &&
    (!dark || html.getAttribute("data-theme") === "dark") &&
    !document.querySelector(`:is(${charts}):not([data-ready=true])`);
  while (!ready()) {
    if (performance.now() > deadline) return false;
    await frame();
  }
  await document.fonts.ready;
  while (document.querySelector(charts) && !(ready() && (await drawn(charts)))) {
    if (performance.now() > deadline) return false;
  }
  return true;
}

/** The story as it must be before its screenshot, condition by condition (each says what failed). */
async function expectShown(page: Page, mode: Mode) {
  await expect(page.locator("#storybook-root > *").first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", mode.dir);
  await expect(page.locator("html")).toHaveAttribute("lang", mode.lang);
  if (mode.theme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A chart draws on a canvas once its fonts are in, and draws again when the page's theme changes (the suite
  // sets the mode between stories): it is shot drawn, not between two drawings.
  await expect(page.locator(`:is(${CHARTS}):not([data-ready=true])`)).toHaveCount(0);
  // ... and has painted at its size: a chart whose box changed (the play function opened its table, a
  // scrollbar came) is drawn again on the next animation frame, which a busy machine can put after the shot.
  await expect
    .poll(() => page.evaluate(chartsDrawn, CHARTS), { message: "a chart not drawn yet" })
    .toBe(true);
}

/**
 * The screenshot compared with its baseline as `toHaveScreenshot` compares it (the config's options, the story's
 * `maxDiffPixels`), in one capture: Playwright's own first capture is compared with the baseline the same way. A
 * capture byte for byte the baseline (the same pixels, encoded alike: most of them) needs no decoding. Anything else
 * (no baseline, a difference, `--update-snapshots=all`) goes to `toHaveScreenshot`, which shoots again until stable,
 * writes the baseline or reports the expected, actual and diff images.
 */
async function expectScreenshot(page: Page, name: string, maxDiffPixels: number | null) {
  const options = { fullPage: true, ...(maxDiffPixels ? { maxDiffPixels } : {}) };
  const baseline = test.info().snapshotPath(name, { kind: "screenshot" });
  if (test.info().config.updateSnapshots !== "all" && existsSync(baseline)) {
    const expected = readFileSync(baseline);
    const actual = await page.screenshot({
      fullPage: true,
      animations: "disabled",
      caret: "hide",
      scale: "css",
    });
    if (actual.equals(expected) || comparePng(actual, expected, options) === null) return;
  }
  await expect(page).toHaveScreenshot(name, options);
}

test("the Storybook build has stories", () => {
  expect(stories.length).toBeGreaterThan(10);
});

test("every baseline belongs to a story of the build", () => {
  const shots = new Set(
    stories.flatMap((story) => modesOf(story).map((mode) => `${story.id}--${mode.name}.png`)),
  );
  const orphans = readdirSync(join(import.meta.dirname, "__screenshots__")).filter(
    (file) => !shots.has(file),
  );
  expect(orphans, "baselines of stories that no longer exist: delete them").toEqual([]);
});

/**
 * The suite's own check that a play function failing in Arabic fails its story: TagInput's With Tags finds its list
 * by the locale's label, and a label typed in (the URL's args, as in Controls) is not it.
 */
test("a play function that fails in Arabic fails its story", async ({ browser }) => {
  const context = await browser.newContext({ viewport: STORY_PAGE, deviceScaleFactor: 1 });
  await context.addInitScript(watchStories);
  const preview = { page: await context.newPage(), globals: "" };
  const arabic = modes.find((mode) => mode.name === "ar-rtl");
  if (!arabic) throw new Error("no ar-rtl mode");
  await show(preview, "admin-taginput--with-tags", arabic);
  await expect(show(preview, "admin-taginput--with-tags", arabic, "label:Labels")).rejects.toThrow(
    /playFunctionThrewException/,
  );
  await context.close();
});

/**
 * Chromatic (`npm run chromatic`, preview.tsx's `chromatic.modes`) shoots every story in the modes this suite does,
 * with the same globals, at the width this suite sizes the page to.
 */
test("Chromatic shoots each story in this suite's modes and page width", async ({ page }) => {
  await page.addInitScript(watchStories);
  await page.goto(`/iframe.html?id=${stories[0]?.id}&viewMode=story&globals=a11y.manual:!true`);
  await expect(page.locator("#storybook-root > *").first()).toBeVisible();
  const facts = await storyFacts(
    page,
    stories.map((story) => story.id),
  );
  const differences = stories.flatMap((story) => {
    const own = facts[story.id];
    if (!own) return [`${story.id}: not in the preview`];
    const width = pageSize(own).width;
    const here = modesOf(story).map(
      (mode) => `${mode.name} ${canonical({ ...STORY_MODES[mode.name], viewport: width })}`,
    );
    // Chromatic shoots dark Arabic for every story, this suite for each component's first (see modesOf).
    const chromatic = Object.entries(own.chromaticModes)
      .filter(([, mode]) => !mode.disable)
      .filter(([name]) => name !== DARK_ARABIC || firstOfComponent.has(story.id))
      .map(([name, mode]) => `${name} ${canonical(mode)}`);
    return canonical(chromatic.sort()) === canonical(here.sort())
      ? []
      : [`${story.id}: Chromatic ${chromatic.join(", ")}; here ${here.join(", ")}`];
  });
  expect(
    differences,
    "a story fixed in Arabic spreads ARABIC_STORY; one that picks a viewport sets chromaticParameters({ viewport })",
  ).toEqual([]);
});

/** An object as JSON with its keys in order, to compare two whatever order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * A dark mode's shot is taken in the test of its light counterpart (the same locale and direction), on the story
 * as its play function left it: the theme is a CSS attribute on the document (what the site's theme switch sets on
 * a page already shown; only the charts read it, and draw again when it changes), so the story is not rendered and
 * played a second time for it (docs/testing.md has the figures).
 */
const darkOf = (mode: Mode) =>
  modes.find((other) => other.theme === "dark" && other.lang === mode.lang && other.dir === mode.dir);

/**
 * Turns the shown story's document dark, as the site's theme switch does. A chart hears the change (a
 * MutationObserver), renders (a task of React's scheduler) and draws (an effect): where there is one, the next
 * task and two frames pass before the story's readiness is checked (which then waits for the charts' canvases).
 */
const turnDark = (page: Page) =>
  page.evaluate(async (charts) => {
    document.documentElement.dataset.theme = "dark";
    if (!document.querySelector(charts)) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, CHARTS);

/** The axe run of a mode on the story shown, with the story's own rules switched off where the addon would. */
function modeViolations(page: Page, mode: Mode, facts: StoryFacts) {
  return seriousViolations(
    page,
    mode.axe === "addon"
      ? {
          root: "body",
          exclude: STORYBOOK_ELEMENTS,
          disabled: [...ADDON_OFF, ...facts.axeOff],
          impacts: "all",
        }
      : mode.axe === "colours"
        ? { root: "#storybook-root", only: COLOUR_RULES }
        : { root: "#storybook-root", contrast: false },
  );
}

/** Waits until the story is ready for its shot in `mode` (each condition again, with its message, if not in time). */
async function expectReady(page: Page, mode: Mode) {
  const options = { dir: mode.dir, lang: mode.lang, dark: mode.theme === "dark", charts: CHARTS };
  const ready = await page.evaluate(
    `(${storyReady})(${JSON.stringify({ ...options, timeout: 5_000 })}, ${chartsDrawn})`,
  );
  if (ready !== true) await expectShown(page, mode);
}

// All English stories first, then all Arabic ones: a worker changes mode (and reloads) about twice.
for (const mode of modes) {
  if (mode.theme === "dark") continue;
  const dark = darkOf(mode);
  for (const story of stories) {
    // A story that fixes its own locale (its globals, e.g. "Arabic ...") renders only in that mode.
    const shotIn = modesOf(story);
    if (!shotIn.includes(mode)) continue;
    const alsoDark = dark && shotIn.includes(dark) ? dark : null;
    test(`${story.title} / ${story.name} (${mode.name}${alsoDark ? `, ${alsoDark.name}` : ""})`, async ({
      preview,
    }) => {
      const { page } = preview;
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(error.message);
      page.on("pageerror", onError);
      try {
        const facts = await show(preview, story.id, mode);
        await expectReady(page, mode);
        await expectScreenshot(page, `${story.id}--${mode.name}.png`, facts.maxDiffPixels);
        // Chromatic crops its snapshot to the story's root; a story that paints outside it asks for the viewport.
        // Checked in the story's first mode: neither the language nor the theme moves what a story portals.
        if (mode === shotIn[0])
          expect(
            await paintsOutsideRoot(page),
            "paints outside its root: chromaticParameters({ portalled: true })",
          ).toBe(facts.cropToViewport);
        if (mode.axe !== "none") expect(await modeViolations(page, mode, facts)).toEqual([]);

        if (alsoDark) {
          await turnDark(page);
          await expectReady(page, alsoDark);
          await expectScreenshot(page, `${story.id}--${alsoDark.name}.png`, facts.maxDiffPixels);
          if (alsoDark.axe !== "none") expect(await modeViolations(page, alsoDark, facts)).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        page.off("pageerror", onError);
      }
    });
  }
}
