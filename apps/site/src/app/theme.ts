import { useCallback, useSyncExternalStore } from "react";
import { storage } from "../lib/storage";
import { documentChanged } from "../sync/document-changes";

/** The page's colour theme. */
export type Theme = "light" | "dark";

/** Where the visitor's choice is kept: "light", "dark", or nothing (follow the system). The inline theme script reads it too. */
export const THEME_STORAGE_KEY = "chesstrainer.theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function chosenTheme(): Theme | null {
  const saved = storage.get(THEME_STORAGE_KEY);
  return saved === "light" || saved === "dark" ? saved : null;
}

function systemTheme(): Theme {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

const listeners = new Set<() => void>();

/** Puts the theme on `<html data-theme>` (the theme script did so before the first paint) and tells the hooks. */
function apply(): void {
  document.documentElement.dataset.theme = chosenTheme() ?? systemTheme();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const query = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
  if (listeners.size === 0) query?.addEventListener("change", apply);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) query?.removeEventListener("change", apply);
  };
}

const snapshot = (): Theme => chosenTheme() ?? systemTheme();
/** The server cannot know the theme (the inline theme script paints it before anything else): its HTML says light, and the browser's
 * first render after hydration switches the toggle to the real one. */
const serverSnapshot = (): Theme => "light";

/**
 * The page's theme and a toggle: the visitor's choice when they made one (remembered), else the system's, followed
 * while it changes. The inline theme script set `data-theme` on <html> before the first paint; this keeps it in step.
 */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const toggleTheme = useCallback(() => {
    storage.set(THEME_STORAGE_KEY, snapshot() === "dark" ? "light" : "dark");
    apply();
    // A signed-in player's choice goes to the account (issue 38).
    documentChanged("settings/theme");
  }, []);
  return { theme, toggleTheme };
}

/** The visitor's choice as stored (null: none, the system's is followed). */
export function storedTheme(): Theme | null {
  return chosenTheme();
}

/** Sets the choice (the account's, come from the server; null follows the system) and paints it. */
export function storeTheme(theme: Theme | null): void {
  if (theme === null) storage.remove(THEME_STORAGE_KEY);
  else storage.set(THEME_STORAGE_KEY, theme);
  if (typeof document !== "undefined") apply();
}
