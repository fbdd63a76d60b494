import { useSyncExternalStore } from "react";
import { storage } from "../lib/storage";

/**
 * The screen-reader mode (issue 42), a board setting of its own: "1" when the trainer shows the board as a grid of
 * named squares and reads every move, reply, feedback and hint aloud. Kept in this browser.
 */
export const SCREEN_READER_STORAGE_KEY = "chesstrainer.screenReader";

const listeners = new Set<() => void>();
let on: boolean | null = null;

function read(): boolean {
  if (on === null) on = storage.get(SCREEN_READER_STORAGE_KEY) === "1";
  return on;
}

/** Turns the mode on or off, remembered for later visits; every part showing it follows at once. */
export function setScreenReaderMode(value: boolean): void {
  on = value;
  if (value) storage.set(SCREEN_READER_STORAGE_KEY, "1");
  else storage.remove(SCREEN_READER_STORAGE_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the screen-reader mode is on (false while rendering on the server). */
export function useScreenReaderMode(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
