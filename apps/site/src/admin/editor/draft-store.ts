import { isBlogLanguage } from "@ct/contract/blog-rules";
import type { EditorDraft } from "@ct/machines";

const PREFIX = "chesstrainer.editorDraft:";

/** True for a value with the shape of kept editor fields (storage may hold anything). */
export function isDraft(value: unknown): value is EditorDraft {
  const draft = value as Partial<EditorDraft> | null;
  return (
    typeof draft === "object" &&
    draft !== null &&
    typeof draft.title === "string" &&
    typeof draft.content === "string" &&
    typeof draft.published === "boolean" &&
    (draft.language === undefined || isBlogLanguage(draft.language)) &&
    Array.isArray(draft.tags) &&
    draft.tags.every((tag) => typeof tag === "string") &&
    (draft.version === null || typeof draft.version === "string") &&
    (draft.created_at === null || typeof draft.created_at === "string")
  );
}

/**
 * Unsaved editor fields kept in this tab's session storage when the admin session ends mid-edit, so that after
 * logging in again (the login page returns to the editor) nothing typed is lost. One draft per editor route: the
 * editor reads it when it starts and discards it once started.
 */
export const draftStore = {
  keep(route: string, draft: EditorDraft): void {
    try {
      window.sessionStorage.setItem(PREFIX + route, JSON.stringify(draft));
    } catch {
      // Storage unavailable or full: the draft cannot survive the login.
    }
  },
  read(route: string): EditorDraft | null {
    try {
      const raw = window.sessionStorage.getItem(PREFIX + route);
      if (raw === null) return null;
      const value: unknown = JSON.parse(raw);
      return isDraft(value) ? value : null;
    } catch {
      return null;
    }
  },
  discard(route: string): void {
    try {
      window.sessionStorage.removeItem(PREFIX + route);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
