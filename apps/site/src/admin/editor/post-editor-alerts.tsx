import { BLOG_MESSAGES } from "@ct/contract/blog-rules";
import { type EditorError, selectDraftRestored, selectPostEditorError } from "@ct/machines";
import { Alert, Button } from "@ct/ui";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

const VALIDATION_KEYS: Record<string, string> = {
  [BLOG_MESSAGES.title]: "admin.editor.validation.title",
  [BLOG_MESSAGES.content]: "admin.editor.validation.content",
  [BLOG_MESSAGES.tags]: "admin.editor.validation.tags",
  [BLOG_MESSAGES.featuredImage]: "admin.editor.validation.featuredImage",
};

/** The text of an editor error (spec section 8); validator messages are translated and joined by ', '. */
export function errorText(error: EditorError, t: TFunction): string {
  switch (error.kind) {
    case "load":
      return t("admin.editor.errors.load");
    case "title-required":
      return t("admin.editor.errors.titleRequired");
    case "content-required":
      return t("admin.editor.errors.contentRequired");
    case "invalid":
      return error.messages
        .map((message) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message))
        .join(", ");
    case "save":
      return t("admin.editor.errors.save");
    case "conflict":
      return t("admin.editor.errors.conflict");
    case "upload":
      return t("admin.editor.errors.upload");
    case "upload-too-large":
      return t("admin.editor.errors.uploadTooLarge");
    case "autosave-conflict":
      return t("admin.editorWork.autosaveConflict");
  }
}

/** Above the form: the note that unsaved changes were restored, and the editor's error with Dismiss. */
export function FormAlerts() {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const restored = PostEditorActor.useSelector(selectDraftRestored);
  return (
    <>
      {restored ? <Alert variant="info">{t("admin.editor.restored")}</Alert> : null}
      {error ? (
        <Alert variant="error" className="flex flex-wrap items-start justify-between gap-3">
          <span>{errorText(error, t)}</span>
          <Button variant="ghost" size="sm" onClick={events.dismissError}>
            {t("admin.editor.errors.dismiss")}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
