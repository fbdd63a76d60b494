import { useCallback, useSyncExternalStore } from "react";
import { useHydrated } from "../lib/hydration";
import { storage } from "../lib/storage";

/**
 * The endgame course's progress: the ids of the positions solved, in this browser only (a signed-in player's
 * account does not carry it yet; the account sync can take it over later as one more document).
 */
export const ENDGAME_COURSE_KEY = "ct.endgame-course.v1";

const listeners = new Set<() => void>();
let cached: { raw: string | null; solved: ReadonlySet<string> } | null = null;
const EMPTY: ReadonlySet<string> = new Set();

function read(): ReadonlySet<string> {
  const raw = storage.get(ENDGAME_COURSE_KEY);
  if (cached && cached.raw === raw) return cached.solved;
  let solved: ReadonlySet<string> = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) solved = new Set(parsed.filter((id): id is string => typeof id === "string"));
  } catch {
    // A damaged record counts as nothing solved.
  }
  cached = { raw, solved };
  return solved;
}

/** Marks a position solved and tells the pages showing progress. */
export function markSolved(id: string): void {
  const solved = read();
  if (solved.has(id)) return;
  storage.set(ENDGAME_COURSE_KEY, JSON.stringify([...solved, id]));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ENDGAME_COURSE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The solved positions; nothing on the server and while the page hydrates (storage answers nothing then). */
export function useSolved(): ReadonlySet<string> {
  // The re-render when hydration ends reads the storage again (it answered nothing before).
  const hydrated = useHydrated();
  const solved = useSyncExternalStore(
    subscribe,
    read,
    useCallback(() => EMPTY, []),
  );
  return hydrated ? solved : EMPTY;
}
