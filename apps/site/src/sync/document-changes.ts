import { storage } from "../lib/storage";
import { readOwner, type SyncStorage } from "./owner";

/**
 * The documents a player keeps on the account (issue 38): the board's look and settings, the page's colour theme,
 * and the My games set, kept whole (last write wins); the repertoire's and the endgame course's progress, merged, and
 * the player's own repertoires, kept whole (issue 40). What is known of each, per player, in storage: when this browser
 * changed it last without the server having it yet (`changed`), and the server's time of the version this browser
 * holds (`at`). A light module: the settings and the My games store mark their changes here without loading the sync.
 */
export const DOCUMENT_NAMES = [
  "settings/board",
  "settings/theme",
  "my-games/set",
  "repertoire/progress",
  "repertoire/mine",
  "endgame-course/progress",
] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

export interface DocumentState {
  /** When this browser changed it and the server has not taken the change yet (ISO). */
  changed?: string;
  /** The server's `updated_at` of the version this browser holds. */
  at?: string;
}

export const DOCUMENTS_PREFIX = "chesstrainer.sync.documents.";
export const documentsKey = (owner: string): string => `${DOCUMENTS_PREFIX}${owner}`;

export function readDocumentStates(
  storage: SyncStorage,
  owner: string,
): Partial<Record<DocumentName, DocumentState>> {
  try {
    const value: unknown = JSON.parse(storage.get(documentsKey(owner)) ?? "{}");
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Partial<Record<DocumentName, DocumentState>>)
      : {};
  } catch {
    return {};
  }
}

export function writeDocumentState(
  storage: SyncStorage,
  owner: string,
  name: DocumentName,
  state: DocumentState,
): void {
  storage.set(documentsKey(owner), JSON.stringify({ ...readDocumentStates(storage, owner), [name]: state }));
}

/** A change of a document on this browser, for the signed-in player (nothing for an anonymous visitor). */
export function markDocumentChanged(storage: SyncStorage, name: DocumentName, at: string): boolean {
  const owner = readOwner(storage);
  if (!owner) return false;
  writeDocumentState(storage, owner, name, { ...readDocumentStates(storage, owner)[name], changed: at });
  return true;
}

const listeners = new Set<(name: DocumentName) => void>();

/** The player changed a document on this page (a setting, the My games set): it goes to the account soon. */
export function documentChanged(name: DocumentName): void {
  if (!markDocumentChanged(storage, name, new Date().toISOString())) return;
  for (const listener of [...listeners]) listener(name);
}

export function onDocumentChanged(listener: (name: DocumentName) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
