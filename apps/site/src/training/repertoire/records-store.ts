import { emptyRecords, REPERTOIRE_KEY, type RepertoireRecords, readRecords } from "@ct/machines";
import { useCallback, useSyncExternalStore } from "react";
import { useHydrated } from "../../lib/hydration";
import { storage } from "../../lib/storage";
import { documentChanged } from "../../sync/document-changes";

/**
 * The player's repertoire records (lines learnt and drilled, the cards of their moves), in this browser under
 * REPERTOIRE_KEY; a signed-in player's account keeps them too, as the document `repertoire/progress` (the page's
 * sync, sync/page-sync.ts, merges the account's version in and sends this browser's changes).
 */

const listeners = new Set<() => void>();
let cached: { raw: string | null; records: RepertoireRecords } | null = null;
const EMPTY = emptyRecords();

export function readRepertoireRecords(): RepertoireRecords {
  const raw = storage.get(REPERTOIRE_KEY);
  if (cached && cached.raw === raw) return cached.records;
  let records = EMPTY;
  try {
    records = raw ? readRecords(JSON.parse(raw)) : EMPTY;
  } catch {
    // A damaged record counts as nothing learnt.
  }
  cached = { raw, records };
  return records;
}

/** Stores the records and tells the pages showing them (and a signed-in player's account). */
export function saveRepertoireRecords(records: RepertoireRecords): void {
  storage.set(REPERTOIRE_KEY, JSON.stringify(records));
  for (const listener of listeners) listener();
  documentChanged("repertoire/progress");
}

/** The records as the account sync hands them over (JSON text; null: none), without sending them back. */
export function replaceRepertoireRecords(json: string | null): void {
  if (json === null) storage.remove(REPERTOIRE_KEY);
  else storage.set(REPERTOIRE_KEY, json);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === REPERTOIRE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The records; empty on the server and while the page hydrates (storage answers nothing then). */
export function useRepertoireRecords(): RepertoireRecords {
  const hydrated = useHydrated();
  const records = useSyncExternalStore(
    subscribe,
    readRepertoireRecords,
    useCallback(() => EMPTY, []),
  );
  return hydrated ? records : EMPTY;
}
