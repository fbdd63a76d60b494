/**
 * Whose progress this browser's records are (issue 38): nobody's (an anonymous visitor, `null`), or a signed-in
 * player's, by account name in lower case (names are unique whatever their case). It is kept in storage beside the
 * records, so a write made before the page knows who is signed in (the session is asked after hydration), or while
 * the server cannot be reached, still goes to the right player's outbox. A light module: the shell, the trainer's
 * writes and the My games store read it without loading the sync engine.
 */

/** The few operations of localStorage the sync needs (the site's never-throwing `storage`, a Map in tests). */
export interface SyncStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** The owner of the records in this browser's storage: an account name in lower case; absent for nobody. */
export const OWNER_KEY = "chesstrainer.sync.owner";

/** The account name as the outbox and the documents key it (case does not tell two accounts apart). */
export function ownerOf(username: string): string {
  return username.toLowerCase();
}

export function readOwner(storage: SyncStorage): string | null {
  const owner = storage.get(OWNER_KEY);
  return owner && /^[a-z0-9_-]{1,40}$/.test(owner) ? owner : null;
}

const listeners = new Set<(owner: string | null) => void>();

/** Tells this page's readers (the My games store) that the records changed hands. */
export function ownerChanged(owner: string | null): void {
  for (const listener of [...listeners]) listener(owner);
}

/** Calls `listener` when the records change hands on this page (the sync engine says so, or another tab did). */
export function onOwnerChange(listener: (owner: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The owner as localStorage holds it now, read directly: the site's `storage` answers nothing while a page hydrates
 * (it must render what the server did), but a store opened then (My games) must open the right player's set.
 */
export function browserOwner(): string | null {
  return readOwner({
    get: (key) => {
      try {
        return typeof window === "undefined" ? null : window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    set: () => undefined,
    remove: () => undefined,
  });
}
