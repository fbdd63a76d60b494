import { readEndgameProgress } from "@ct/contract/progress-documents";
import { useCallback, useSyncExternalStore } from "react";
import { useHydrated } from "../lib/hydration";
import { storage } from "../lib/storage";
import { documentChanged } from "../sync/document-changes";

/**
 * The endgame course's progress: the ids of the positions solved, in this browser; a signed-in player's account
 * keeps them too, as the document `endgame-course/progress` (the page's sync, sync/page-sync.ts, unites the
 * account's with this browser's).
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
    // The list this page writes, or the account's document (`{solved}`) the sync merged in.
    const ids = readEndgameProgress(raw ? JSON.parse(raw) : []).solved;
    if (ids.length > 0) solved = new Set(ids);
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
  documentChanged("endgame-course/progress");
}

/** The ids as the account sync hands them over (JSON text; null: none), without sending them back. */
export function replaceSolved(json: string | null): void {
  if (json === null) storage.remove(ENDGAME_COURSE_KEY);
  else storage.set(ENDGAME_COURSE_KEY, json);
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
