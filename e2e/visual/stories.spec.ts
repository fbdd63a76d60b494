import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { seriousViolations } from "../axe";

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
 * The Vitest storybook project already fails any story with an axe violation (or a failing play function) in the
 * default English/LTR light mode. Here axe runs again in Arabic/RTL, without the colour-contrast rule (the slowest
 * by far on a board, and decided by the same colour tokens in both directions; the end-to-end suite runs every rule
 * on every page in both languages), and in the dark theme with every rule, colour contrast included, since the dark
 * tokens are what changes there. The addon's own in-page axe run is switched off (`a11y.manual`): it only feeds
 * Storybook's panel and would compete with the screenshot for the CPU.
 */
const modes = [
  {
    name: "en-ltr",
    globals: "locale:en;direction:ltr;a11y.manual:!true",
    lang: "en",
    dir: "ltr",
    theme: "light",
    axe: "none",
  },
  {
    name: "ar-rtl",
    globals: "locale:ar;direction:rtl;a11y.manual:!true",
    lang: "ar",
    dir: "rtl",
    theme: "light",
    axe: "no-contrast",
  },
  {
    name: "dark-ltr",
    globals: "locale:en;direction:ltr;theme:dark;a11y.manual:!true",
    lang: "en",
    dir: "ltr",
    theme: "dark",
    axe: "all",
  },
] as const;
type Mode = (typeof modes)[number];

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
};

/**
 * Runs in every document before Storybook: notes when the current story has rendered and its play function ended,
 * or when the story or its play function failed. Every play function must pass here, in the built Storybook, in
 * both locales, as it does in the Vitest storybook project.
 */
function watchStories() {
  const w = window as StoryWindow;
  w.__storyDone = false;
  const hook = () => {
    const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return false;
    channel.on("storyRendered", () => {
      w.__storyDone = true;
    });
    for (const event of ["storyErrored", "storyThrewException", "storyMissing", "playFunctionThrewException"])
      channel.on(event, (payload) => {
        w.__storyFailed = `${event}: ${JSON.stringify(payload)}`;
        w.__storyDone = true;
      });
    return true;
  };
  if (!hook()) {
    const timer = setInterval(() => hook() && clearInterval(timer), 1);
  }
}

/** Storybook's viewports that stories choose (`globals: { viewport }`), and the size of every other story. */
const VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
};
const DEFAULT_VIEWPORT = { width: 800, height: 600 };

type PreviewWindow = StoryWindow & {
  __STORYBOOK_PREVIEW__?: {
    storyStoreValue?: {
      loadStory(options: { storyId: string }): Promise<{ storyGlobals?: { viewport?: { value?: string } } }>;
    };
  };
};

/** The page size a story asks for: Storybook's UI sizes its frame so; here the page itself is sized. */
async function fitViewport(page: Page, storyId: string): Promise<boolean> {
  const name = await page.evaluate(async (id) => {
    const store = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.storyStoreValue;
    const story = await store?.loadStory({ storyId: id });
    return story?.storyGlobals?.viewport?.value ?? null;
  }, storyId);
  const size = (name && VIEWPORTS[name]) || DEFAULT_VIEWPORT;
  const current = page.viewportSize();
  if (current?.width === size.width && current.height === size.height) return false;
  await page.setViewportSize(size);
  return true;
}

/** Shows a story at its viewport and waits until it rendered and its play function ended. */
async function show(preview: Preview, storyId: string, mode: Mode) {
  const { page } = preview;
  const settled = () =>
    page.waitForFunction(() => (window as StoryWindow).__storyDone === true, null, { timeout: 15_000 });
  const done = async () => {
    await settled();
    expect(await page.evaluate(() => (window as StoryWindow).__storyFailed)).toBeUndefined();
  };
  const emit = (event: string) =>
    page.evaluate(
      ({ id, name }) => {
        const w = window as StoryWindow;
        w.__storyDone = false;
        w.__storyFailed = undefined;
        (document.activeElement as HTMLElement | null)?.blur();
        w.__STORYBOOK_ADDONS_CHANNEL__?.emit(name, { storyId: id, viewMode: "story" });
      },
      { id: storyId, name: event },
    );
  if (preview.globals !== mode.globals) {
    await page.goto(`/iframe.html?id=${storyId}&viewMode=story&globals=${mode.globals}`);
    preview.globals = mode.globals;
    await settled();
    // A story with a viewport of its own renders (and plays) again at that size; only that run counts.
    if (await fitViewport(page, storyId)) await emit("forceRemount");
    await done();
    return;
  }
  await fitViewport(page, storyId);
  await emit("setCurrentStory");
  await done();
}

test("the Storybook build has stories", () => {
  expect(stories.length).toBeGreaterThan(10);
});

test("every baseline belongs to a story of the build", () => {
  const shots = new Set(stories.flatMap((story) => modes.map((mode) => `${story.id}--${mode.name}.png`)));
  const orphans = readdirSync(join(import.meta.dirname, "__screenshots__")).filter(
    (file) => !shots.has(file),
  );
  expect(orphans, "baselines of stories that no longer exist: delete them").toEqual([]);
});

// All English stories first, then all Arabic ones, then the dark ones: a worker changes mode (and reloads) about
// twice.
for (const mode of modes) {
  for (const story of stories) {
    // A story that fixes its own locale (its globals, e.g. "Arabic ...") renders only in that mode.
    if (/^arabic\b/i.test(story.name) && mode.lang !== "ar") continue;
    test(`${story.title} / ${story.name} (${mode.name})`, async ({ preview }) => {
      const { page } = preview;
      const errors: string[] = [];
      const onError = (error: Error) => errors.push(error.message);
      page.on("pageerror", onError);
      try {
        await show(preview, story.id, mode);
        const root = page.locator("#storybook-root");
        await expect(root.locator(":scope > *").first()).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("dir", mode.dir);
        await expect(page.locator("html")).toHaveAttribute("lang", mode.lang);
        if (mode.theme === "dark") await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        await page.evaluate(() => document.fonts.ready.then(() => undefined));

        await expect(page).toHaveScreenshot(`${story.id}--${mode.name}.png`, { fullPage: true });

        if (mode.axe !== "none") {
          expect(
            await seriousViolations(page, { root: "#storybook-root", contrast: mode.axe === "all" }),
          ).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        page.off("pageerror", onError);
      }
    });
  }
}
