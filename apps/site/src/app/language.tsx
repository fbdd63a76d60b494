import { Direction } from "radix-ui";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import { I18nextProvider } from "react-i18next";
import { createI18n, directionOf, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from "../i18n";
import { storage } from "../lib/storage";

interface LanguageContextValue {
  language: Language;
  direction: "ltr" | "rtl";
  setLanguage: (language: Language) => void;
  toggleLanguage: () => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

function initialLanguage(): Language {
  const saved = storage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(saved) ? saved : "en";
}

/**
 * Owns the interface language: English by default, persisted in browser storage, reflected in `<html lang dir>`
 * and in Radix's direction so menus and dialogs mirror in Arabic.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [i18n] = useState(() => createI18n(language));
  const direction = directionOf(language);

  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
    void i18n.changeLanguage(language);
  }, [i18n, language, direction]);

  const setLanguage = useCallback((next: Language) => {
    storage.set(LANGUAGE_STORAGE_KEY, next);
    setLanguageState(next);
  }, []);

  const value = useMemo<LanguageContextValue>(
    () => ({
      language,
      direction,
      setLanguage,
      toggleLanguage: () => setLanguage(language === "en" ? "ar" : "en"),
    }),
    [language, direction, setLanguage],
  );

  return (
    <LanguageContext.Provider value={value}>
      <I18nextProvider i18n={i18n}>
        <Direction.Provider dir={direction}>{children}</Direction.Provider>
      </I18nextProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used inside <LanguageProvider>");
  return value;
}
