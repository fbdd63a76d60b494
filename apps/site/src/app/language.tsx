import englishFirst from "virtual:texts/en-first";
import { LANGUAGE_COOKIE } from "@ct/contract/site-pages";
import { createI18nFrom, directionOf, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from "@ct/texts/core";
import type { i18n as I18n } from "i18next";
import { Direction } from "radix-ui";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import { I18nextProvider } from "react-i18next";
import { storage } from "../lib/storage";

interface LanguageContextValue {
  language: Language;
  direction: "ltr" | "rtl";
  setLanguage: (language: Language) => void;
  toggleLanguage: () => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** The language the visitor chose in this browser, if any. */
function savedLanguage(): Language | null {
  const saved = storage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(saved) ? saved : null;
}

/**
 * The language the server wrote the page in (`<html lang>`, from the language cookie or Accept-Language): the page
 * starts in it, so hydration finds the same texts the server rendered.
 */
export function pageLanguage(): Language {
  return typeof document !== "undefined" && document.documentElement.lang === "ar" ? "ar" : "en";
}

/**
 * Tells the server the language too (a cookie for a year), so the HTML it sends already has the page's title, `lang`
 * and `dir` in that language (apps/server/src/http/site-html.ts).
 */
function rememberForServer(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, written at once in every browser (the Cookie Store API is asynchronous and not everywhere)
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Arabic texts are a chunk of their own, fetched the first time Arabic is chosen. */
export async function ensureLoaded(i18n: I18n, language: Language): Promise<void> {
  if (language === "en" || i18n.hasResourceBundle(language, "translation")) return;
  const { ar } = await import("@ct/texts/ar");
  i18n.addResourceBundle("ar", "translation", ar);
}

/** Every i18n instance the site made (one, in practice), so the rest of the English texts reaches it. */
const instances = new Set<I18n>();
let englishRest: Promise<Record<string, unknown>> | null = null;

/**
 * The English texts beyond the first screens' (packages/texts/src/first-texts.ts), fetched once; the router waits for them
 * before it shows any other screen, so no screen ever shows a text's key.
 */
export function loadAllTexts(): Promise<void> {
  englishRest ??= import("virtual:texts/en-rest").then((module) => module.default);
  return englishRest.then((rest) => {
    for (const i18n of instances) addEnglishRest(i18n, rest);
  });
}

function addEnglishRest(i18n: I18n, rest: Record<string, unknown>): void {
  i18n.addResourceBundle("en", "translation", rest, true, false);
}

export function createSiteI18n(): I18n {
  const i18n = createI18nFrom({ en: { translation: englishFirst } }, "en");
  instances.add(i18n);
  void englishRest?.then((rest) => addEnglishRest(i18n, rest));
  return i18n;
}

interface LanguageProviderProps {
  children: ReactNode;
  /** The language to start in (the server's rendering, the page being hydrated); else the page's `<html lang>`. */
  initial?: Language;
  /** An i18n instance with the starting language's texts loaded (the server's; the hydrating page's). */
  i18n?: I18n;
}

/**
 * Owns the interface language: the page's (which the server chose) at first, then the one chosen in this browser
 * if it differs; persisted in browser storage and a cookie, reflected in `<html lang dir>` and in Radix's direction
 * so menus and dialogs mirror in Arabic.
 */
export function LanguageProvider({ children, initial, i18n: given }: LanguageProviderProps) {
  const [language, setLanguageState] = useState<Language>(() => initial ?? pageLanguage());
  const [i18n] = useState(() => given ?? createSiteI18n());
  // The language whose texts are loaded and shown; it follows `language` once that language's texts arrive.
  const [shown, setShown] = useState<Language | null>(() =>
    language === "en" || i18n.hasResourceBundle(language, "translation") ? language : null,
  );

  // A language chosen here before the server knew it (no cookie yet): adopt it once the page is live.
  useEffect(() => {
    const saved = savedLanguage();
    if (saved) setLanguageState(saved);
  }, []);

  useEffect(() => {
    // Already shown (the page started in it): nothing to load, and nothing to re-render (i18next tells every text
    // to render again on changeLanguage, even to the same language).
    if (language === shown && i18n.language === language) return;
    let current = true;
    ensureLoaded(i18n, language)
      .catch((error: unknown) => console.error("Could not load the texts of", language, error))
      .finally(() => {
        if (!current) return;
        void i18n.changeLanguage(language);
        setShown(language);
      });
    return () => {
      current = false;
    };
  }, [i18n, language, shown]);

  useEffect(() => rememberForServer(language), [language]);

  useLayoutEffect(() => {
    if (shown === null) return;
    document.documentElement.lang = shown;
    document.documentElement.dir = directionOf(shown);
  }, [shown]);

  const setLanguage = useCallback((next: Language) => {
    storage.set(LANGUAGE_STORAGE_KEY, next);
    setLanguageState(next);
  }, []);

  const value = useMemo<LanguageContextValue>(
    () => ({
      language: shown ?? language,
      direction: directionOf(shown ?? language),
      setLanguage,
      toggleLanguage: () => setLanguage(language === "en" ? "ar" : "en"),
    }),
    [language, shown, setLanguage],
  );

  return (
    <LanguageContext.Provider value={value}>
      <I18nextProvider i18n={i18n}>
        <Direction.Provider dir={directionOf(shown ?? language)}>
          {shown === null ? null : children}
        </Direction.Provider>
      </I18nextProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used inside <LanguageProvider>");
  return value;
}
