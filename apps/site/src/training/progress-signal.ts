import { COACH_CARDS_KEY, PROGRESS_KEYS, RATING_KEY, REVIEW_KEY } from "@ct/machines";
import { useSyncExternalStore } from "react";

/**
 * The change signal of the local progress records: every write through `progress` (progress.ts) calls `changed()`,
 * and a write in another tab arrives as a storage event, so every screen reading the records re-reads them. Kept
 * apart from progress.ts so the shell (the navigation's review badge) does not load the rating and progress code.
 */
const listeners = new Set<() => void>();
let version = 0;

export function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const PROGRESS_RECORD_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(PROGRESS_KEYS),
  RATING_KEY,
  COACH_CARDS_KEY,
  // The old review list: read once more to migrate it into the cards (a backup made before them, another tab).
  REVIEW_KEY,
]);

function onStorage(event: StorageEvent) {
  if (event.key === null || PROGRESS_RECORD_KEYS.has(event.key)) changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** The version the server renders with, and the browser while it hydrates: as if nothing were stored. */
export const SERVER_VERSION = -1;

/**
 * A number that moves on every change of the records; reading it subscribes the component. On the server and while
 * the browser hydrates it is SERVER_VERSION (the records read as empty then, see lib/hydration.ts); React renders
 * again with the records right after hydration.
 */
export function useProgressVersion(): number {
  return useSyncExternalStore(subscribe, () => version, serverVersion);
}

/**
 * SERVER_VERSION, which makes React render the readers again after hydration; in a browser that holds no records
 * the current version, since there is nothing more to show (a first visit then hydrates without a second render).
 */
function serverVersion(): number {
  if (typeof window === "undefined") return SERVER_VERSION;
  try {
    for (const key of PROGRESS_RECORD_KEYS)
      if (window.localStorage.getItem(key) !== null) return SERVER_VERSION;
    return version;
  } catch {
    return version;
  }
}
