import type { SnapshotFrom } from "xstate";
import { draftOf, type PostEditorMachine } from "./post-editor.machine";
import type {
  DialogKind,
  EditorDraft,
  EditorMode,
  LocalCopy,
  PostStatus,
  SaveAction,
  SaveState,
} from "./types";

type Snapshot = SnapshotFrom<PostEditorMachine>;

/** Where the editor is: loading the post, its load failed, the form, saved, or the session ended. */
export type PostEditorPhase = "loading" | "loadFailed" | "ready" | "done" | "sessionExpired";

export const selectPostEditorPhase = (s: Snapshot): PostEditorPhase => {
  if (s.matches("ready")) return "ready";
  if (s.matches("loadFailed")) return "loadFailed";
  if (s.matches("done")) return "done";
  if (s.matches("sessionExpired")) return "sessionExpired";
  return "loading";
};
export const selectPostEditorMode = (s: Snapshot): EditorMode =>
  s.matches({ ready: { mode: "preview" } }) ? "preview" : "edit";
/** Both save buttons are disabled while this is true (spec section 4). */
export const selectPostSaving = (s: Snapshot) => s.matches({ ready: { save: "saving" } });
/** Which button started the save in progress: Save as Draft / Update (`save`), Publish or Unpublish. */
export const selectPostSaveAction = (s: Snapshot): SaveAction => s.context.saveAction;
/** The post's status as stored: a new post is a draft. */
export const selectPostStatus = (s: Snapshot): PostStatus =>
  s.context.published ? "published" : s.context.publishAt ? "scheduled" : "draft";
/** The post's settings as edited (excerpt, images, SEO texts). */
export const selectPostSettings = (s: Snapshot) => s.context.settings;
/** The publish time picked (ISO 8601) and the one stored, or null. */
export const selectScheduleInput = (s: Snapshot) => s.context.scheduleInput;
export const selectPublishAt = (s: Snapshot) => s.context.publishAt;
/** Which settings image is being uploaded, or null. */
export const selectSettingUploading = (s: Snapshot) =>
  s.matches({ ready: { settingUpload: "uploading" } }) ? (s.context.settingUpload?.field ?? null) : null;
export const selectImageUploading = (s: Snapshot) => s.matches({ ready: { upload: "uploading" } });
export const selectInsertDialog = (s: Snapshot): DialogKind | null => {
  for (const kind of ["diagram", "video", "link"] as const) {
    if (s.matches({ ready: { dialog: kind } })) return kind;
  }
  return null;
};
/** True when the link dialog was opened on an existing link (it offers Remove link). */
export const selectInsertDialogEditing = (s: Snapshot) => s.context.dialogEditing;
export const selectInsertDialogValue = (s: Snapshot) => s.context.dialogValue;
export const selectInsertDialogProblem = (s: Snapshot) => s.context.dialogProblem;
export const selectPostTitle = (s: Snapshot) => s.context.title;
/** The Slug field as typed (a new post: empty until the admin writes one). */
export const selectPostSlugInput = (s: Snapshot) => s.context.slugInput;
export const selectPostTags = (s: Snapshot) => s.context.tags;
export const selectPostContent = (s: Snapshot) => s.context.content;
export const selectPostLanguage = (s: Snapshot) => s.context.language;
export const selectPostEditorError = (s: Snapshot) => s.context.error;
export const selectDraftRestored = (s: Snapshot) => s.context.restored;
export const selectPostDirty = (s: Snapshot) => s.context.dirty;
/** The fields to keep when the session ends before they are saved. */
export const selectEditorDraft = (s: Snapshot): EditorDraft => draftOf(s.context);
/**
 * True while leaving would lose work: the form shows changes no save has stored on the server (a local copy does
 * not count: leaving is still asked about).
 */
export const selectHasUnsavedChanges = (s: Snapshot) => s.matches("ready") && s.context.dirty;
/** What the editor's bar says about the admin's work (see `SaveState`). */
export const selectSaveState = (s: Snapshot): SaveState => {
  if (!s.matches("ready")) return "none";
  if (s.matches({ ready: { save: "saving" } }) || s.matches({ ready: { save: "autosaving" } }))
    return "saving";
  const { context } = s;
  if (!context.dirty) return context.slug === null ? "none" : "saved";
  return context.keptEdits === context.edits ? "savedLocally" : "notSaved";
};
/** The local copy offered back (restore or discard), or null. */
export const selectLocalOffer = (s: Snapshot): LocalCopy | null => s.context.offer;
