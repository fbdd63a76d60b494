/**
 * The modes every story is shot in: the toolbar's globals of each, read by the local visual suite
 * (e2e/visual/stories.spec.ts) and by Chromatic (`parameters.chromatic.modes`, .storybook/preview.tsx), so the two
 * see the same pictures. Both shoot at the suite's page width, 800 px, unless a story picks a viewport of its own.
 * Stories and the workbench only; not exported from the package.
 */
export const STORY_MODES = {
  "en-ltr": { locale: "en", direction: "ltr", theme: "light" },
  "ar-rtl": { locale: "ar", direction: "rtl", theme: "light" },
  "dark-ltr": { locale: "en", direction: "ltr", theme: "dark" },
  "dark-rtl": { locale: "ar", direction: "rtl", theme: "dark" },
} as const;
export type StoryModeName = keyof typeof STORY_MODES;
export const STORY_MODE_NAMES = Object.keys(STORY_MODES) as StoryModeName[];

/** The page every story is shot at, unless it picks one of Storybook's viewports below. */
export const STORY_PAGE = { width: 800, height: 600 };

/** Storybook's viewports that stories pick (`globals: { viewport: { value } }`), by their size. */
export const STORY_VIEWPORTS = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
} as const;
export type StoryViewportName = keyof typeof STORY_VIEWPORTS;

/** Chromatic's mode: the toolbar's globals, and the width of the page (the snapshot is cropped to the story). */
const chromaticMode = (name: StoryModeName, width: number) => ({ ...STORY_MODES[name], viewport: width });

/** Every story's Chromatic modes, the four of the visual suite (preview.tsx sets them for the whole workbench). */
export const CHROMATIC_MODES = Object.fromEntries(
  STORY_MODE_NAMES.map((name) => [name, chromaticMode(name, STORY_PAGE.width)]),
) as Record<StoryModeName, ReturnType<typeof chromaticMode>>;

/**
 * A story's own Chromatic parameters, where it differs from the workbench's (spread them into `parameters`):
 * - `arabic`: the story is fixed in Arabic, right to left (ARABIC_STORY): shot in the Arabic modes only, as the
 *   visual suite does (in the English ones it would be the Arabic picture again);
 * - `viewport`: the story picks one of Storybook's viewports (`globals: { viewport: { value } }`): shot as wide as
 *   that viewport, as the visual suite sizes its page;
 * - `portalled`: the story ends with something portalled to the body showing, a dialog or a toast: outside the
 *   story's root that Chromatic crops a snapshot to, so the snapshot takes the whole viewport (the visual suite
 *   checks which stories paint outside their root).
 */
export function chromaticParameters({
  arabic = false,
  viewport,
  portalled = false,
}: {
  arabic?: boolean;
  viewport?: StoryViewportName;
  portalled?: boolean;
}) {
  const width = viewport ? STORY_VIEWPORTS[viewport].width : undefined;
  const modes: Partial<Record<StoryModeName, { disable: true } | { viewport: number }>> = {};
  for (const mode of STORY_MODE_NAMES) {
    if (arabic && STORY_MODES[mode].locale !== "ar") modes[mode] = { disable: true };
    else if (width) modes[mode] = { viewport: width };
  }
  return { chromatic: { modes, ...(portalled ? { cropToViewport: true } : {}) } };
}

/** The globals and parameters of a story fixed in Arabic, right to left (its name starts with "Arabic"). */
export const ARABIC_STORY = {
  globals: { locale: "ar", direction: "rtl" },
  parameters: chromaticParameters({ arabic: true }),
};
