import type { BlogLanguage } from "@ct/contract/blog-rules";

/** Spec section 4: the editor shows the form (edit) or the rendered post (preview). */
export type EditorMode = "edit" | "preview";

/**
 * A post's settings as the editor holds them ("" is none): the excerpt the admin wrote (none: derived from the
 * text), the featured image, the SEO title and description, and the social image (none: the featured image).
 */
export interface PostSettings {
  excerpt: string;
  featuredImage: string;
  seoTitle: string;
  seoDescription: string;
  socialImage: string;
}

export type PostSettingField = keyof PostSettings;

/** The fields the editor reads when it loads a post (spec section 3), plus the version it loaded. */
export interface LoadedPost {
  title: string;
  tags: string[];
  content: string;
  /** The language the post is written in. */
  language: BlogLanguage;
  /** Whether the post is published (else a draft): an edit keeps it unless the admin publishes or unpublishes. */
  published: boolean;
  /** The post's `updated_at` when it was read: sent back on update so a concurrent change is detected. */
  version: string;
  created_at: string;
  /** Absent from a caller that predates them: none. */
  settings?: PostSettings;
  /** When a scheduled post goes out (ISO 8601 UTC); null when it is not scheduled. */
  publishAt?: string | null;
}

/**
 * What the load actor resolves to. `unauthorized` means the server no longer accepts the admin token; any other
 * failure rejects ('Failed to load blog post. Please try again.').
 */
export type LoadResult = { ok: true; post: LoadedPost } | { ok: false; reason: "unauthorized" };

/** Spec section 3: the body the editor sends (title trimmed, author always 'Admin', ISO timestamps). */
export interface PostPayload {
  title: string;
  content: string;
  tags: string[];
  language: BlogLanguage;
  published: boolean;
  /** With published false: the time the post goes out (scheduled), or null (a draft). */
  publish_at: string | null;
  featured_image: string | null;
  custom_excerpt: string | null;
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
  author: string;
  slug: string;
  created_at: string;
  updated_at: string;
}

export interface SaveRequest {
  /** The route slug of the post being edited (PUT), or null for a new post (POST). */
  routeSlug: string | null;
  body: PostPayload;
}

/**
 * What the save actor resolves to. `invalid` carries the server's validator messages (a 400); `conflict` means the
 * post changed since it was loaded (a 409); `unauthorized` ends the session. Anything else rejects
 * ('Failed to save blog post').
 */
export type SaveResult =
  /** `version` is the post's new `updated_at`: the version a later save (an autosave) sends back. */
  | { ok: true; slug: string; version?: string }
  | { ok: false; reason: "invalid"; messages: string[] }
  | { ok: false; reason: "conflict" }
  | { ok: false; reason: "unauthorized" };

/** The part of a browser `File` the machine looks at; the site passes real files. */
export interface ImageFile {
  readonly type: string;
  readonly size: number;
  readonly name?: string;
}

export interface UploadRequest {
  file: ImageFile;
}

/** An image of the settings being uploaded: which one, and the file. */
export interface SettingUpload {
  field: "featuredImage" | "socialImage";
  file: ImageFile;
}

/** What the upload actor resolves to; a failed upload rejects ('Failed to upload image. Please try again.'). */
export type UploadResult = { ok: true; url: string } | { ok: false; reason: "unauthorized" };

/** An editor block the machine asks the page to insert into the document. */
export type InsertBlock =
  | { kind: "image"; src: string }
  | { kind: "chessDiagram"; fen: string }
  | { kind: "youtube"; src: string };

export type PostEditorInsertEmitted = {
  type: "editor.insert";
  block: InsertBlock;
  /** Document position to insert at (a drop point); the cursor when absent. */
  position?: number;
};

export type PostEditorEmitted =
  | PostEditorInsertEmitted
  | PostEditorLinkEmitted
  | PostEditorReplaceEmitted
  | PostEditorKeepLocalEmitted
  | PostEditorDiscardLocalEmitted;

/** The whole document is replaced (a local copy or a revision was restored): the page sets it in the editor. */
export type PostEditorReplaceEmitted = { type: "editor.replace"; html: string };

/** Unsaved fields to keep in this browser (autosave of a new or a published post, or when the server cannot). */
export type PostEditorKeepLocalEmitted = { type: "local.keep"; copy: LocalCopy };

/** The local copy is no longer needed: the post was saved, or the admin discarded the copy. */
export type PostEditorDiscardLocalEmitted = { type: "local.discard" };

/** An editor link to set on the selection (its href), or to remove (null). */
export type PostEditorLinkEmitted = { type: "editor.link"; href: string | null };

export type DialogKind = "diagram" | "video" | "link";

/**
 * Why the dialog refused its value: a position the board cannot show, a URL that is not a YouTube video, or an
 * address that is not a link (http(s), an email address or a path on this site).
 */
export type DialogProblem = "invalid-fen" | "invalid-video" | "invalid-link";

/**
 * What a save does with the post's published state: `save` keeps it (Save as Draft for a draft or a new post,
 * Update for a published post), `publish` publishes a draft, `unpublish` turns a published post into a draft.
 */
export type SaveAction = "save" | "publish" | "unpublish" | "schedule" | "unschedule";

/** Whether readers see the post: a new post is a draft until it is published (or scheduled, then published). */
export type PostStatus = "draft" | "scheduled" | "published";

/**
 * The error the page shows, as codes the site translates (spec section 8 for the wording):
 * load → 'Failed to load blog post. Please try again.'; title-required / content-required → 'Title is required' /
 * 'Content is required'; invalid → the validator's messages joined by ', '; save → 'Failed to save blog post';
 * conflict → the post changed since it was opened; upload → 'Failed to upload image. Please try again.';
 * upload-too-large → the image is over the upload limit.
 */
export type EditorError =
  | { kind: "load" }
  | { kind: "title-required" }
  | { kind: "content-required" }
  | { kind: "invalid"; messages: string[] }
  | { kind: "save" }
  | { kind: "conflict" }
  | { kind: "upload" }
  | { kind: "upload-too-large" }
  /** An autosave found the post changed elsewhere: nothing was written, the changes are kept in this browser. */
  | { kind: "autosave-conflict" };

/** Unsaved fields kept across a session expiry, so the admin finds them again after logging back in. */
export interface EditorDraft {
  title: string;
  tags: string[];
  content: string;
  /** Absent in a draft kept before posts had a language: the editor's default then applies. */
  language?: BlogLanguage;
  /** The post's published state when it was loaded (false for a new post). */
  published: boolean;
  version: string | null;
  created_at: string | null;
  /** Absent in a draft kept before posts had settings. */
  settings?: PostSettings;
  /** The scheduled time as stored, and the one picked in the editor (ISO 8601), when any. */
  publishAt?: string | null;
  scheduleInput?: string | null;
}

/** Unsaved fields autosave kept in this browser, and when (ISO 8601): offered back when the editor opens again. */
export interface LocalCopy {
  draft: EditorDraft;
  savedAt: string;
}

/** The words of a post that a revision keeps, and restoring one puts back. */
export interface RevisionFields {
  title: string;
  content: string;
  tags: string[];
  language: BlogLanguage;
}

/**
 * What the editor's bar says about the admin's work: nothing (a new post nobody touched), saved (on the server),
 * saving, not saved, or saved locally (kept in this browser: a new or published post, or a draft the server did not
 * take).
 */
export type SaveState = "none" | "saved" | "saving" | "notSaved" | "savedLocally";

export interface PostEditorInput {
  /** The route slug when editing an existing post; null (or absent) for a new one. */
  slug?: string | null;
  /** A draft saved when the session expired: the editor starts from it instead of loading. */
  restored?: EditorDraft | null;
  /** Clock for the payload's timestamps, injectable for tests. */
  now?: () => Date;
  /** The language a new post starts in: the admin's interface language. Default "en". */
  language?: BlogLanguage;
  /** A local copy autosave kept for this post earlier: offered back (restore or discard) once the editor is ready. */
  offered?: LocalCopy | null;
  /** Idle time after the last change before autosave runs, in ms. Default `AUTOSAVE_DELAY_MS` (3 s). */
  autosaveDelay?: number;
}

export interface PendingUpload {
  file: ImageFile;
  position?: number;
}

export interface PostEditorContext {
  slug: string | null;
  /** The Slug field: the post's address as the admin edits it (a new post: empty, the title's slug is used). */
  slugInput: string;
  now: () => Date;
  title: string;
  tags: string[];
  content: string;
  /** The language the post is written in (a new post: the interface's). */
  language: BlogLanguage;
  version: string | null;
  createdAt: string | null;
  /** The post's published state as stored (false for a new post): the status the editor shows. */
  published: boolean;
  /** When the post is scheduled to go out, as stored (ISO 8601 UTC); null when it is not scheduled. */
  publishAt: string | null;
  /** The publish time picked in the settings (ISO 8601), or null: Schedule sends it. */
  scheduleInput: string | null;
  settings: PostSettings;
  /** The settings image being uploaded, if any. */
  settingUpload: SettingUpload | null;
  /** What the save in progress (or the last one) does with the published state. */
  saveAction: SaveAction;
  error: EditorError | null;
  dialogValue: string;
  dialogProblem: DialogProblem | null;
  /** True when the link dialog was opened on an existing link: it offers to remove it. */
  dialogEditing: boolean;
  uploads: PendingUpload[];
  /** True when the fields came from a draft kept across a session expiry. */
  restored: boolean;
  /** True once the admin changed something (or the fields came from a kept draft): worth keeping if the session ends. */
  dirty: boolean;
  /** The slug the server answered after a successful save. */
  savedSlug: string | null;
  /** Changes made since the editor started: tells whether the fields moved on while something was saved. */
  edits: number;
  /** `edits` when the running autosave started. */
  autosavingEdits: number;
  /** `edits` when the fields were last kept in this browser (null: not kept since the editor started). */
  keptEdits: number | null;
  /** A local copy kept earlier, offered back until the admin restores or discards it. */
  offer: LocalCopy | null;
  /** True after an autosave met a conflict: later ones keep the changes in this browser instead. */
  autosaveBlocked: boolean;
  /** A save asked for while an autosave was running: it runs when the autosave ends. */
  queuedAction: SaveAction | null;
  autosaveDelay: number;
}

export type PostEditorEvent =
  | { type: "post.reload" }
  /** Saves, keeping the published state: Save as Draft (a draft or a new post) or Update (a published post). */
  | { type: "post.save" }
  /** Saves and publishes a draft or a new post. */
  | { type: "post.publish" }
  /** Saves a published post as a draft. */
  | { type: "post.unpublish" }
  /** Saves the post scheduled for the picked time (a draft or a scheduled post: a new time). */
  | { type: "post.schedule" }
  /** Saves a scheduled post as a draft. */
  | { type: "post.unschedule" }
  | { type: "setting.change"; field: PostSettingField; value: string }
  /** Uploads an image for the featured or social image. */
  | { type: "setting.upload"; field: SettingUpload["field"]; file: ImageFile }
  /** The publish time picked (ISO 8601), or null when the field was cleared. */
  | { type: "schedule.change"; value: string | null }
  | { type: "mode.select"; mode: EditorMode }
  | { type: "title.change"; value: string }
  /** The Slug field changed: an explicit save renames the post to it (made a slug), an autosave does not. */
  | { type: "slug.change"; value: string }
  | { type: "language.change"; language: BlogLanguage }
  /** The interface language changed: a new post nobody touched yet follows it. */
  | { type: "language.suggest"; language: BlogLanguage }
  | { type: "tag.add"; value: string }
  | { type: "tag.remove"; tag: string }
  | { type: "content.change"; html: string }
  /**
   * The editor settling the content it loaded (a node view normalising its block) before the admin touched it:
   * the post's content takes the editor's form, and nothing counts as an unsaved change.
   */
  | { type: "content.settle"; html: string }
  | { type: "image.upload"; file: ImageFile; position?: number }
  /** `value` starts the dialog with a value: the address of the link at the cursor, which can then be removed. */
  | { type: "dialog.open"; kind: DialogKind; value?: string }
  | { type: "dialog.change"; value: string }
  | { type: "dialog.confirm" }
  | { type: "dialog.cancel" }
  /** Removes the link the link dialog was opened on. */
  | { type: "dialog.remove" }
  | { type: "error.dismiss" }
  /** Puts the offered local copy's fields in the editor, as unsaved changes. */
  | { type: "offer.restore" }
  /** Drops the offered local copy. */
  | { type: "offer.discard" }
  /** Puts a revision's fields in the editor, as unsaved changes: saving makes them current. */
  | { type: "revision.restore"; fields: RevisionFields }
  /** Internal: a change restarts the autosave's idle timer. */
  | { type: "autosave.schedule" }
  /** Internal: the admin stopped typing for the autosave delay. */
  | { type: "autosave.due" };
