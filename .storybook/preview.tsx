import "@ct/ui/styles.css";
import "@ct/ui/fonts";
import type { Decorator, Preview } from "@storybook/react-vite";
import type { i18n } from "i18next";
import { Direction } from "radix-ui";
import { useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { createI18n, type Language } from "../apps/site/src/i18n";

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
 * Locale and direction from the toolbar: the site's own i18n resources, `lang`/`dir` on the document (as the site
 * sets them) and Radix's direction provider.
 */
const withLocale: Decorator = (Story, context) => {
  const language: Language = context.globals.locale === "ar" ? "ar" : "en";
  const direction: "ltr" | "rtl" = context.globals.direction === "rtl" ? "rtl" : "ltr";
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

const preview: Preview = {
  decorators: [withLocale],
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
      description: "Text direction",
      toolbar: {
        title: "Direction",
        icon: "transfer",
        items: [
          { value: "ltr", title: "Left to right" },
          { value: "rtl", title: "Right to left" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: "en", direction: "ltr" },
  parameters: {
    layout: "fullscreen",
    controls: { expanded: true },
    // Stories fail their test on any accessibility violation.
    a11y: { test: "error" },
  },
};

export default preview;
