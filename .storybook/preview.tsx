import "@ct/ui/styles.css";
import "@ct/ui/fonts";
import { createI18n, type Language } from "@ct/texts";
import type { Decorator, Preview } from "@storybook/react-vite";
import type { i18n } from "i18next";
import { Direction } from "radix-ui";
import { useEffect } from "react";
import { I18nextProvider } from "react-i18next";

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
 * Locale and direction from the toolbar: the site's texts (packages/texts), `lang`/`dir` on the document (as the site
 * sets them) and Radix's direction provider. The locale decides the direction, as on the site (Arabic is right to
 * left); the Direction toolbar overrides it only to test a mirrored layout (English right to left, say).
 */
const withLocale: Decorator = (Story, context) => {
  const language: Language = context.globals.locale === "ar" ? "ar" : "en";
  const chosen = context.globals.direction;
  const direction: "ltr" | "rtl" =
    chosen === "rtl" || chosen === "ltr" ? chosen : language === "ar" ? "rtl" : "ltr";
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
  }, [language, direction]);
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
    layout: "fullscreen",
    controls: { expanded: true },
    // Stories fail their test on any accessibility violation.
    a11y: { test: "error" },
  },
};

export default preview;
