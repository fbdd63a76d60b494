import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { numberFormat } from "./number-format";

/** The i18n machinery without any texts: the site loads English up front and Arabic only when it is chosen. */
export type Language = "en" | "ar";
export const languages: readonly Language[] = ["en", "ar"];
export const LANGUAGE_STORAGE_KEY = "chesstrainer.language";

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "ar";
}

/** An i18next instance over the given resources (English is the fallback for a missing key). */
export function createI18nFrom(resources: Resource, language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // The texts' only format is `{{count, number}}`. i18next's own makes a new Intl.NumberFormat whenever the call's
  // options differ (every other count), which on a page of numbers is most of what a text costs: one per language.
  instance.services.formatter?.add("number", (value, language) => numberFormat(language).format(value));
  return instance;
}
