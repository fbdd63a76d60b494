import {
  importRepertoirePgn,
  type MoveNode,
  OWN_REPERTOIRE_LIMITS,
  type OwnRepertoire,
  type RepertoireSide,
  repertoireToPgn,
} from "@ct/chess";
import { useCallback, useSyncExternalStore } from "react";
import { useHydrated } from "../../lib/hydration";
import { storage } from "../../lib/storage";
import { readRepertoireRecords, saveRepertoireRecords } from "./records-store";

/**
 * The player's own repertoires (issue 40), in this browser under MY_REPERTOIRES_KEY as
 * `{"version":1,"repertoires":[{"id","name","side","pgn","updatedAt"}]}`. The PGN is the repertoire's canonical form
 * (repertoireToPgn's export); the tree is read back from it when a page needs it. The account sync keeps this value
 * on the server for a signed-in player: it listens with `subscribeMyRepertoires` (a change made in this browser says
 * "local"; one it made itself through `replaceMyRepertoires` says "replace") and replaces the whole value.
 */

export const MY_REPERTOIRES_KEY = "chesstrainer.my-repertoires";

export interface MyRepertoireEntry {
  id: string;
  name: string;
  side: RepertoireSide;
  /** The repertoire exported as PGN (one game, variations nested). */
  pgn: string;
  /** ISO time of the latest change. */
  updatedAt: string;
}

export interface MyRepertoires {
  version: 1;
  repertoires: MyRepertoireEntry[];
}

export type MyRepertoiresChange = "local" | "replace";

const EMPTY: MyRepertoires = { version: 1, repertoires: [] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stored or received value, keeping only well-formed entries (at most the limit), never throwing. */
export function readMyRepertoiresValue(value: unknown): MyRepertoires {
  if (!isObject(value) || value.version !== 1 || !Array.isArray(value.repertoires)) return EMPTY;
  const repertoires: MyRepertoireEntry[] = [];
  for (const entry of value.repertoires) {
    if (
      isObject(entry) &&
      typeof entry.id === "string" &&
      entry.id !== "" &&
      typeof entry.name === "string" &&
      (entry.side === "white" || entry.side === "black") &&
      typeof entry.pgn === "string" &&
      typeof entry.updatedAt === "string" &&
      !repertoires.some((known) => known.id === entry.id)
    ) {
      repertoires.push({
        id: entry.id,
        name: entry.name,
        side: entry.side,
        pgn: entry.pgn,
        updatedAt: entry.updatedAt,
      });
    }
  }
  return { version: 1, repertoires: repertoires.slice(0, OWN_REPERTOIRE_LIMITS.repertoires) };
}

const listeners = new Set<(change: MyRepertoiresChange) => void>();
let cached: { raw: string | null; value: MyRepertoires } | null = null;

export function readMyRepertoires(): MyRepertoires {
  const raw = storage.get(MY_REPERTOIRES_KEY);
  if (cached && cached.raw === raw) return cached.value;
  let value = EMPTY;
  try {
    value = raw ? readMyRepertoiresValue(JSON.parse(raw)) : EMPTY;
  } catch {
    // A damaged value counts as no repertoire.
  }
  cached = { raw, value };
  return value;
}

function write(value: MyRepertoires, change: MyRepertoiresChange): void {
  storage.set(MY_REPERTOIRES_KEY, JSON.stringify(value));
  for (const listener of listeners) listener(change);
}

/**
 * Replaces the whole value (the account sync, with the account's copy): a JSON text or a parsed value; anything
 * unreadable in it is dropped. Listeners hear "replace".
 */
export function replaceMyRepertoires(json: string | unknown): void {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch {
      value = EMPTY;
    }
  }
  write(readMyRepertoiresValue(value), "replace");
}

/** Calls `listener` on every change of the value: in this page (local or replace) and in another tab (local). */
export function subscribeMyRepertoires(listener: (change: MyRepertoiresChange) => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === MY_REPERTOIRES_KEY) listener("local");
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The player's repertoires; none on the server and while the page hydrates. */
export function useMyRepertoires(): MyRepertoireEntry[] {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(
    subscribeMyRepertoires,
    readMyRepertoires,
    useCallback(() => EMPTY, []),
  );
  return hydrated ? value.repertoires : EMPTY.repertoires;
}

/** A repertoire's entry, or undefined. */
export function myRepertoireEntry(id: string): MyRepertoireEntry | undefined {
  return readMyRepertoires().repertoires.find((entry) => entry.id === id);
}

/** A stored repertoire read back into its tree, or null when it is gone or its PGN no longer reads. */
export function loadMyRepertoire(id: string): OwnRepertoire | null {
  const entry = myRepertoireEntry(id);
  if (!entry) return null;
  try {
    return importRepertoirePgn(entry.pgn, entry.side, entry.name);
  } catch {
    return null;
  }
}

/** True when another repertoire can be added (at most 50). */
export function canAddRepertoire(): boolean {
  return readMyRepertoires().repertoires.length < OWN_REPERTOIRE_LIMITS.repertoires;
}

function newId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random()}`;
  return random
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 12)
    .toLowerCase();
}

/**
 * Stores a repertoire (a new one without `id`) and returns its id, or null when the player already has the most
 * repertoires allowed.
 */
export function saveMyRepertoire(repertoire: {
  id?: string;
  name: string;
  side: RepertoireSide;
  moves: readonly MoveNode[];
}): string | null {
  const current = readMyRepertoires();
  const known = repertoire.id ? current.repertoires.find((entry) => entry.id === repertoire.id) : undefined;
  if (!known && current.repertoires.length >= OWN_REPERTOIRE_LIMITS.repertoires) return null;
  const entry: MyRepertoireEntry = {
    id: known?.id ?? newId(),
    name: repertoire.name,
    side: repertoire.side,
    pgn: repertoireToPgn(repertoire),
    updatedAt: new Date().toISOString(),
  };
  const repertoires = known
    ? current.repertoires.map((candidate) => (candidate.id === entry.id ? entry : candidate))
    : [...current.repertoires, entry];
  write({ version: 1, repertoires }, "local");
  return entry.id;
}

/** Deletes a repertoire, and its lines' and moves' progress with it. */
export function deleteMyRepertoire(id: string): void {
  const current = readMyRepertoires();
  write({ version: 1, repertoires: current.repertoires.filter((entry) => entry.id !== id) }, "local");
  const records = readRepertoireRecords();
  const mine = (key: string) => key.startsWith(`mine-${id}/`) || key.startsWith(`mine-${id}:`);
  if (Object.keys(records.lines).some(mine) || Object.keys(records.cards).some(mine)) {
    saveRepertoireRecords({
      ...records,
      lines: Object.fromEntries(Object.entries(records.lines).filter(([key]) => !mine(key))),
      cards: Object.fromEntries(Object.entries(records.cards).filter(([key]) => !mine(key))),
    });
  }
}
