import "@ct/ui/styles.css";
import "@ct/ui/fonts";
import { createI18n, type Language } from "@ct/texts";
import { DocsContainer, type DocsContainerProps } from "@storybook/addon-docs/blocks";
import type { Decorator, Preview } from "@storybook/react-vite";
import type { i18n } from "i18next";
import { Direction } from "radix-ui";
import { type PropsWithChildren, useLayoutEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { configure } from "storybook/test";
import { CHROMATIC_MODES } from "../packages/ui/src/lib/story-modes";

// How long a play function's waitFor and findBy wait for what it expects (1 s by default): a bound on a hang, not a
// speed check. Some waits are on a chunk loaded after the first paint (chess.js for the board's dots, its check and
// the typed-move box), which took over a second on a busy machine (MoveInput's Type And Enter, the visual suite at
// load 15). A wait still ends as soon as what it expects is there.
configure({ asyncUtilTimeout: 5000 });

const instances = new Map<Language, i18n>();
function i18nFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return instance;
}

/**
 * Locale and direction from the toolbar: the site's texts (packages/texts), `lang`/`dir` on the story's root and
 * Radix's direction provider. The locale decides the direction, as on the site (Arabic is right to left); the
 * Direction toolbar overrides it only to test a mirrored layout (English right to left, say).
 *
 * Only the story turns. In the story's own view the preview document is the story's canvas, so it takes `lang` and
 * `dir` as the site's document does (dialogs portalled to the body mirror too); they are set while rendering, before
 * the story's play function runs, which then sees them even on the preview's first story (an effect ran after it).
 * On a docs page the document is the docs page: its headings, English prose and tables stay left to right, and only
 * each story's wrapper below takes the locale and direction.
 */
const withLocale: Decorator = (Story, context) => {
  const language: Language = context.globals.locale === "ar" ? "ar" : "en";
  const chosen = context.globals.direction;
  const direction: "ltr" | "rtl" =
    chosen === "rtl" || chosen === "ltr" ? chosen : language === "ar" ? "rtl" : "ltr";
  if (context.viewMode === "story") {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
  }
  return (
    <I18nextProvider i18n={i18nFor(language)}>
      <Direction.Provider dir={direction}>
        {/* Keyed by story: switching stories without reloading (the visual suite does) remounts the component. */}
        <div key={context.id} dir={direction} lang={language} className="p-4">
          <Story />
        </div>
      </Direction.Provider>
    </I18nextProvider>
  );
};

/**
 * Every docs page (the MDX pages and each component's) is English, left to right, whatever the toolbar's locale:
 * the document goes back to `lang="en"`/`dir="ltr"` when a docs page opens in the preview a story had mirrored.
 */
function EnglishDocsContainer(props: PropsWithChildren<DocsContainerProps>) {
  useLayoutEffect(() => {
    document.documentElement.lang = "en";
    document.documentElement.dir = "ltr";
  }, []);
  return (
    <div lang="en" dir="ltr">
      <DocsContainer {...props} />
    </div>
  );
}

/**
 * Theme from the toolbar: `data-theme` on the document, as the site's inline theme script sets it, so every token of
 * styles.css takes its light or dark value. Set while rendering (it is idempotent), before the story renders, as
 * the site's script does before the first paint: a story that reads the theme (the charts) sees the right one.
 */
const withTheme: Decorator = (Story, context) => {
  document.documentElement.dataset.theme = context.globals.theme === "dark" ? "dark" : "light";
  return <Story />;
};

const preview: Preview = {
  // A docs page for every component: its description, a props table from its types, and its stories.
  tags: ["autodocs"],
  decorators: [withLocale, withTheme],
  globalTypes: {
    locale: {
      description: "Language of the texts",
      toolbar: {
        title: "Locale",
        icon: "globe",
        items: [
          { value: "en", title: "English" },
          { value: "ar", title: "العربية" },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: "Text direction: the locale's, or forced to test a mirrored layout",
      toolbar: {
        title: "Direction",
        icon: "transfer",
        items: [
          { value: "auto", title: "As the locale" },
          { value: "ltr", title: "Force left to right" },
          { value: "rtl", title: "Force right to left" },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: "Colour theme: the design tokens' light or dark values",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light" },
          { value: "dark", title: "Dark" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: "en", direction: "auto", theme: "light" },
  parameters: {
    // The sidebar's order, and so the page Storybook opens on (its first entry): the docs pages first, the
    // Introduction before the others, then the components' groups in the order they are written.
    options: { storySort: { order: ["Docs", ["Introduction", "Foundations", "Board", "Writing"]] } },
    docs: { container: EnglishDocsContainer },
    // The story's root is the decorator's padded wrapper, as wide as the page and as tall as the story: Chromatic
    // crops its snapshot to it (the root's first child), not to the whole page.
    layout: "fullscreen",
    controls: { expanded: true },
    // Stories fail their test on any accessibility violation.
    a11y: { test: "error" },
    // Chromatic (`npm run chromatic`, docs/testing.md) shoots every story in the four modes (the local visual suite
    // shoots dark Arabic for each component's first story only).
    chromatic: { modes: CHROMATIC_MODES },
  },
};

export default preview;
