import type { SnapshotFrom } from "xstate";
import type { PostEditorMachine } from "./post-editor.machine";
import type { DialogKind, EditorDraft, EditorMode, PostStatus, SaveAction } from "./types";

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
export const selectPostStatus = (s: Snapshot): PostStatus => (s.context.published ? "published" : "draft");
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
export const selectPostTags = (s: Snapshot) => s.context.tags;
export const selectPostContent = (s: Snapshot) => s.context.content;
export const selectPostLanguage = (s: Snapshot) => s.context.language;
export const selectPostEditorError = (s: Snapshot) => s.context.error;
export const selectDraftRestored = (s: Snapshot) => s.context.restored;
export const selectPostDirty = (s: Snapshot) => s.context.dirty;
/** The fields to keep when the session ends before they are saved. */
export const selectEditorDraft = (s: Snapshot): EditorDraft => ({
  title: s.context.title,
  tags: s.context.tags,
  content: s.context.content,
  language: s.context.language,
  published: s.context.published,
  version: s.context.version,
  created_at: s.context.createdAt,
});
