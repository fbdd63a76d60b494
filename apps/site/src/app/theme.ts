import { useCallback, useEffect, useState } from "react";
import { storage } from "../lib/storage";

/** The page's colour theme. */
export type Theme = "light" | "dark";

/** Where the visitor's choice is kept: "light", "dark", or nothing (follow the system). public/theme.js reads it too. */
export const THEME_STORAGE_KEY = "chesstrainer.theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function chosenTheme(): Theme | null {
  const saved = storage.get(THEME_STORAGE_KEY);
  return saved === "light" || saved === "dark" ? saved : null;
}

function systemTheme(): Theme {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/**
 * The page's theme and a toggle: the visitor's choice when they made one (remembered), else the system's, followed
 * while it changes. public/theme.js set `data-theme` on <html> before the first paint; this keeps it in step.
 */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const [chosen, setChosen] = useState<Theme | null>(chosenTheme);
  const [system, setSystem] = useState<Theme>(systemTheme);
  const theme = chosen ?? system;

  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystem(query.matches ? "dark" : "light");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const toggleTheme = useCallback(() => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    storage.set(THEME_STORAGE_KEY, next);
    setChosen(next);
  }, [theme]);

  return { theme, toggleTheme };
}
