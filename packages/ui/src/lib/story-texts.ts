import type { TFunction } from "i18next";
import { createI18n, type Language } from "../../../../apps/site/src/i18n";

const cache = new Map<Language, TFunction>();

/**
 * The site's texts in the story's locale, for play functions: the same queries then pass in English and in Arabic
 * (the visual suite renders every story in both). Stories only; not exported from the package.
 */
export function storyTexts(globals: Record<string, unknown> | undefined): TFunction {
  const language: Language = globals?.locale === "ar" ? "ar" : "en";
  let t = cache.get(language);
  if (!t) {
    t = createI18n(language).t;
    cache.set(language, t);
  }
  return t;
}
