import { BLOG_MESSAGES, BLOG_SETTINGS_MESSAGES } from "@ct/contract/blog-rules";
import { type EditorError, selectDraftRestored, selectLocalOffer, selectPostEditorError } from "@ct/machines";
import { Alert, Button, formatDateTime } from "@ct/ui";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { SLUG_TAKEN_MESSAGE } from "../../api/blog-admin";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

const VALIDATION_KEYS: Record<string, string> = {
  [BLOG_MESSAGES.title]: "admin.editor.validation.title",
  [BLOG_MESSAGES.content]: "admin.editor.validation.content",
  [BLOG_MESSAGES.tags]: "admin.editor.validation.tags",
  [BLOG_MESSAGES.featuredImage]: "admin.editor.validation.featuredImage",
  [SLUG_TAKEN_MESSAGE]: "admin.postSettings.slugTaken",
  // The post's settings (post-editor-settings.tsx): each message of the server's, in the interface language.
  ...Object.fromEntries(
    Object.entries(BLOG_SETTINGS_MESSAGES).map(([key, message]) => [
      message,
      `admin.postSettings.validation.${key}`,
    ]),
  ),
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

/**
 * Above the form: the offer of a local copy (Restore / Discard), the note that unsaved changes were restored, and the
 * editor's error with Dismiss.
 */
export function FormAlerts() {
  const { t, i18n } = useTranslation();
  const events = usePostEditorEvents();
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const restored = PostEditorActor.useSelector(selectDraftRestored);
  const offer = PostEditorActor.useSelector(selectLocalOffer);
  return (
    <>
      {offer ? (
        <Alert
          variant="warning"
          data-slot="local-copy-offer"
          className="flex flex-wrap items-center justify-between gap-3"
        >
          <span className="flex flex-col gap-0.5">
            <span className="font-semibold">
              {t("admin.editorWork.offer.message", { time: formatDateTime(i18n.language, offer.savedAt) })}
            </span>
            <span>{t("admin.editorWork.offer.detail")}</span>
          </span>
          <span className="flex flex-wrap gap-2">
            <Button size="sm" onClick={events.restoreOffer}>
              {t("admin.editorWork.offer.restore")}
            </Button>
            <Button variant="secondary" size="sm" onClick={events.discardOffer}>
              {t("admin.editorWork.offer.discard")}
            </Button>
          </span>
        </Alert>
      ) : null}
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
