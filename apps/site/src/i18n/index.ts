import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { ar } from "./ar";
import { en } from "./en";

export type Language = "en" | "ar";
export const languages: readonly Language[] = ["en", "ar"];
export const LANGUAGE_STORAGE_KEY = "chesstrainer.language";

export const resources = { en: { translation: en }, ar: { translation: ar } } as const;

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "ar";
}

/** Creates an i18next instance with the site's resources (the site and Storybook both use it). */
export function createI18n(language: Language = "en"): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export { ar, en };
