import type { LocalCopy } from "@ct/machines";
import { storage } from "../../lib/storage";
import { isDraft } from "./draft-store";

const PREFIX = "chesstrainer.editorLocalCopy:";

function isLocalCopy(value: unknown): value is LocalCopy {
  const copy = value as Partial<LocalCopy> | null;
  return (
    typeof copy === "object" &&
    copy !== null &&
    isDraft(copy.draft) &&
    typeof copy.savedAt === "string" &&
    !Number.isNaN(Date.parse(copy.savedAt))
  );
}

/**
 * The editor's local copies: unsaved fields autosave keeps in this browser's local storage (a new post, a published
 * post whose changes must not go live before Update, a draft the server did not take), one per editor route, so a
 * closed tab, a crash or a reload loses nothing. The editor offers a copy back when it opens on its route, and drops
 * it once the post is saved or the admin discards it.
 */
export const localCopyStore = {
  keep(route: string, copy: LocalCopy): void {
    storage.set(PREFIX + route, JSON.stringify(copy));
  },
  read(route: string): LocalCopy | null {
    const raw = storage.get(PREFIX + route);
    if (raw === null) return null;
    try {
      const value: unknown = JSON.parse(raw);
      return isLocalCopy(value) ? value : null;
    } catch {
      return null;
    }
  },
  discard(route: string): void {
    storage.remove(PREFIX + route);
  },
};
