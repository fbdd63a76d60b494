import type { i18n } from "i18next";
import { ar } from "./ar";
import { createI18nFrom, type Language } from "./core";
import { en } from "./en";

export * from "./core";

export const resources = { en: { translation: en }, ar: { translation: ar } } as const;

/** An instance with both languages loaded (Storybook and tests; the site loads Arabic on demand, see language.tsx). */
export function createI18n(language: Language = "en"): i18n {
  return createI18nFrom(resources, language);
}

export { ar, en };
