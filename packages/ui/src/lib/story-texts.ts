import { createI18n, type Language } from "@ct/texts";
import type { TFunction } from "i18next";

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

/**
 * A story's texts: the locale's (`texts`), except the text args that are set (typed in the Controls panel, or given
 * by the story). The meta leaves text args empty, so Controls shows them blank and anything typed there replaces the
 * locale's text in the preview; clearing it brings the locale's back. A group of texts (`labels: { … }`) is taken
 * key by key the same way, so one label can be edited and the others stay the locale's.
 */
export function textsOr<A extends object>(args: A, texts: Partial<A>): Partial<A> {
  const chosen: Partial<A> = {};
  for (const key of Object.keys(texts) as (keyof A)[]) {
    const value = args[key];
    const text = texts[key];
    if (isGroup(text)) {
      chosen[key] = (isGroup(value) ? textsOr<Record<string, unknown>>(value, text) : text) as A[keyof A];
    } else {
      chosen[key] = typeof value === "string" && value !== "" ? value : text;
    }
  }
  return chosen;
}

/** A plain object of texts (not an array, not a React element). */
function isGroup(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !("$$typeof" in value)
  );
}
