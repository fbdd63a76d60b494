import { checkFen } from "@ct/chess";
import { BLOG_LIMITS, type BlogLanguage, youtubeVideoId } from "@ct/contract/blog-rules";
import { and, assign, emit, enqueueActions, fromPromise, not, raise, setup } from "xstate";
import {
  addTag,
  buildPayload,
  isFieldProblem,
  linkHref,
  NO_SETTINGS,
  sameFields,
  saveProblem,
  scheduleProblem,
} from "./rules";
import type {
  DialogKind,
  EditorDraft,
  EditorError,
  EditorMode,
  ImageFile,
  LoadResult,
  PostEditorContext,
  PostEditorEmitted,
  PostEditorEvent,
  PostEditorInput,
  PostSettingField,
  RevisionFields,
  SaveAction,
  SaveRequest,
  SaveResult,
  SettingUpload,
  UploadRequest,
  UploadResult,
} from "./types";

/** How long the admin stops typing before autosave runs (the input's `autosaveDelay` overrides it). */
export const AUTOSAVE_DELAY_MS = 3000;

/** The fields as the session draft and the local copy keep them. */
export function draftOf(context: PostEditorContext): EditorDraft {
  return {
    title: context.title,
    tags: context.tags,
    content: context.content,
    language: context.language,
    published: context.published,
    version: context.version,
    created_at: context.createdAt,
    settings: context.settings,
    publishAt: context.publishAt,
    scheduleInput: context.scheduleInput,
  };
}

/** What a save does with the published state and the publish time. */
function stateFor(context: PostEditorContext, action: SaveAction) {
  switch (action) {
    case "publish":
      return { published: true, publishAt: null };
    case "schedule":
      return { published: false, publishAt: context.scheduleInput };
    case "unpublish":
    case "unschedule":
      return { published: false, publishAt: null };
    default:
      // Kept as stored: a scheduled post stays scheduled for its stored time.
      return { published: context.published, publishAt: context.publishAt };
  }
}

/** The request a save sends: the fields, with the published state the action asks for. */
function saveRequest(context: PostEditorContext, action: SaveAction, autosave = false): SaveRequest {
  return {
    routeSlug: context.slug,
    body: buildPayload({
      routeSlug: context.slug,
      // The Slug field renames the post on an explicit save only: an autosave keeps its address.
      slug: autosave ? null : context.slugInput,
      title: context.title,
      content: context.content,
      tags: context.tags,
      language: context.language,
      ...stateFor(context, action),
      settings: context.settings,
      version: context.version,
      createdAt: context.createdAt,
      now: context.now(),
    }),
  };
}

function notProvided(name: string): never {
  throw new Error(
    `post editor actor "${name}" not provided: supply it with postEditorMachine.provide({ actors })`,
  );
}

/**
 * The blog post editor (spec sections 2, 4, 5 and 8).
 *
 * - A new post starts ready; an existing one is loaded by its route slug first (`loadPost`), and a failed load
 *   offers a retry. A draft kept across a session expiry starts ready with its fields.
 * - Ready runs four regions side by side: the mode (edit / preview), saving (the flag that disables the save
 *   buttons), image uploads (one at a time, queued), and the dialog (chess diagram / YouTube video / link).
 * - The post is a draft or published (`published`, false for a new post). `post.save` keeps that state (Save as
 *   Draft, or Update for a published post); `post.publish` publishes a draft, `post.unpublish` makes a published
 *   post a draft again. Nothing else changes it.
 * - Saving validates first (title, content, then the blog-post validator), then calls `savePost`; success ends in
 *   `done` (the site goes to /admin/blog); a failure stays with its error. Once a field problem is shown, every
 *   change checks the fields again, so the message goes as soon as the fields are valid. A 401 from any call ends
 *   in `sessionExpired` with the fields kept, so the site can keep them for after the next login.
 * - Inserted blocks are emitted as `editor.insert` events and links as `editor.link` events: the page owns the
 *   rich-text document. A restored local copy or revision replaces it (`editor.replace`).
 * - Autosave: once the admin stops changing the fields for `autosaveDelay` (3 s), a draft that exists on the server
 *   is saved there (PUT with the version it was loaded with, so a post changed elsewhere answers 409: the editor
 *   says so, keeps the changes in this browser and autosaves there from then on). A new post, a published post
 *   (its changes must not go live before Update) and fields the server would refuse are kept in this browser
 *   (`local.keep`), and offered back when the editor opens again (`offered`: restore or discard). A save asked for
 *   while an autosave runs waits for it. A successful save discards the local copy (`local.discard`).
 */
export const postEditorMachine = setup({
  types: {
    context: {} as PostEditorContext,
    events: {} as PostEditorEvent,
    input: {} as PostEditorInput,
    emitted: {} as PostEditorEmitted,
    output: {} as { slug: string },
  },
  actors: {
    loadPost: fromPromise<LoadResult, { slug: string }>(async () => notProvided("loadPost")),
    savePost: fromPromise<SaveResult, SaveRequest>(async () => notProvided("savePost")),
    uploadImage: fromPromise<UploadResult, UploadRequest>(async () => notProvided("uploadImage")),
  },
  guards: {
    hasDraft: ({ context }) => context.restored,
    isEditing: ({ context }) => context.slug !== null,
    /** A new post the admin has not touched yet (nothing typed, no language chosen, no kept draft). */
    isUntouchedNew: ({ context }) => context.slug === null && !context.dirty,
    isMode: ({ event }, params: { mode: EditorMode }) =>
      event.type === "mode.select" && event.mode === params.mode,
    isDialog: ({ event }, params: { kind: DialogKind }) =>
      event.type === "dialog.open" && event.kind === params.kind,
    canSave: ({ context }) => saveProblem(context) === null,
    canSchedule: ({ context }) =>
      scheduleProblem(context.scheduleInput, context.publishAt, context.now()) === null,
    isPublished: ({ context }) => context.published,
    isScheduled: ({ context }) => !context.published && context.publishAt !== null,
    isImage: ({ event }) =>
      (event.type === "image.upload" || event.type === "setting.upload") &&
      event.file.type.startsWith("image/"),
    isTooLarge: ({ event }) =>
      (event.type === "image.upload" || event.type === "setting.upload") &&
      event.file.size > BLOG_LIMITS.uploadBytes,
    hasQueuedUpload: ({ context }) => context.uploads.length > 0,
    dialogIsBlank: ({ context }) => context.dialogValue.trim() === "",
    isValidFen: ({ context }) => checkFen(context.dialogValue).ok,
    isVideoUrl: ({ context }) => youtubeVideoId(context.dialogValue) !== null,
    isLinkUrl: ({ context }) => linkHref(context.dialogValue) !== null,
    isEditingLink: ({ context }) => context.dialogEditing,
    isDirty: ({ context }) => context.dirty,
    /** A draft the server has, while autosave may write to it. */
    autosavesToServer: ({ context }) =>
      context.slug !== null && !context.published && !context.autosaveBlocked,
    hasOffer: ({ context }) => context.offer !== null,
    /** The offered copy holds what the post already has: nothing to offer. */
    offerIsStale: ({ context }) => context.offer !== null && sameFields(context.offer.draft, context),
    loaded: (_, params: { result: LoadResult }) => params.result.ok,
    saved: (_, params: { result: SaveResult }) => params.result.ok,
    uploaded: (_, params: { result: UploadResult }) => params.result.ok,
    refused: (_, params: { result: SaveResult }) =>
      !params.result.ok && params.result.reason === "unauthorized",
    conflicted: (_, params: { result: SaveResult }) =>
      !params.result.ok && params.result.reason === "conflict",
  },
  actions: {
    setError: assign((_, params: { error: EditorError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    showSaveProblem: assign({ error: ({ context }) => saveProblem(context) }),
    showScheduleProblem: assign({
      error: ({ context }) =>
        saveProblem(context) ?? scheduleProblem(context.scheduleInput, context.publishAt, context.now()),
    }),
    setSetting: assign(({ context }, params: { field: PostSettingField; value: string }) => ({
      settings: { ...context.settings, [params.field]: params.value },
      dirty: true,
      edits: context.edits + 1,
    })),
    setSchedule: assign(({ context }, params: { value: string | null }) => ({
      scheduleInput: params.value,
      dirty: true,
      edits: context.edits + 1,
    })),
    startSettingUpload: assign((_, params: { upload: SettingUpload }) => ({ settingUpload: params.upload })),
    endSettingUpload: assign({ settingUpload: null }),
    /** The uploaded image becomes the setting it was uploaded for. */
    setUploadedSetting: assign(({ context }, params: { result: UploadResult }) => {
      const field = context.settingUpload?.field;
      if (!params.result.ok || !field) return {};
      return {
        settings: { ...context.settings, [field]: params.result.url },
        dirty: true,
        edits: context.edits + 1,
      };
    }),
    /** A field problem on show is checked again after each change: it goes once the fields are valid. */
    revalidate: assign(({ context }) =>
      isFieldProblem(context.error) ? { error: saveProblem(context) } : {},
    ),
    setTitle: assign(({ context }, params: { value: string }) => ({
      title: params.value,
      dirty: true,
      edits: context.edits + 1,
    })),
    setSlug: assign(({ context }, params: { value: string }) => ({
      slugInput: params.value,
      dirty: true,
      edits: context.edits + 1,
    })),
    setLanguage: assign(({ context }, params: { language: BlogLanguage }) => ({
      language: params.language,
      dirty: true,
      edits: context.edits + 1,
    })),
    suggestLanguage: assign((_, params: { language: BlogLanguage }) => ({ language: params.language })),
    setContent: assign(({ context }, params: { html: string }) => ({
      content: params.html,
      dirty: true,
      edits: context.edits + 1,
    })),
    /** The editor's own form of the loaded content (its node views settled): the fields change, not the state. */
    settleContent: assign((_, params: { html: string }) => ({ content: params.html })),
    addTag: assign(({ context }, params: { value: string }) => {
      const tags = addTag(context.tags, params.value);
      return tags === context.tags ? {} : { tags, dirty: true, edits: context.edits + 1 };
    }),
    removeTag: assign(({ context }, params: { tag: string }) => ({
      tags: context.tags.filter((tag) => tag !== params.tag),
      dirty: true,
      edits: context.edits + 1,
    })),
    /** A change restarts the autosave's idle timer. */
    scheduleAutosave: raise({ type: "autosave.schedule" as const }),
    /** Puts restored fields (a local copy's, a revision's) in the editor as unsaved changes. */
    setFields: assign(({ context }, params: { fields: RevisionFields }) => ({
      title: params.fields.title,
      content: params.fields.content,
      tags: [...params.fields.tags],
      language: params.fields.language,
      dirty: true,
      edits: context.edits + 1,
    })),
    replaceDocument: emit((_, params: { fields: RevisionFields }) => ({
      type: "editor.replace" as const,
      html: params.fields.content,
    })),
    /** The offered copy's settings and picked publish time (a copy kept before settings has none to give). */
    restoreOfferSettings: assign(({ context }) => {
      const draft = context.offer?.draft;
      if (!draft?.settings) return {};
      return { settings: draft.settings, scheduleInput: draft.scheduleInput ?? context.scheduleInput };
    }),
    dropOffer: assign({ offer: null }),
    keepLocal: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({
        type: "local.keep",
        copy: { draft: draftOf(context), savedAt: context.now().toISOString() },
      });
      enqueue.assign({ keptEdits: context.edits });
    }),
    discardLocal: emit({ type: "local.discard" as const }),
    startAutosave: assign(({ context }) => ({ autosavingEdits: context.edits })),
    /** The autosave is stored: the post's new version; clean unless the fields moved on meanwhile. */
    acceptAutosave: enqueueActions(({ context, enqueue }, params: { result: SaveResult }) => {
      const clean = context.edits === context.autosavingEdits;
      enqueue.assign({
        version: params.result.ok && params.result.version ? params.result.version : context.version,
        dirty: !clean,
      });
      if (clean) {
        if (context.keptEdits !== null) enqueue.emit({ type: "local.discard" });
        enqueue.assign({ keptEdits: null });
      } else enqueue.raise({ type: "autosave.schedule" });
    }),
    blockAutosave: assign({ autosaveBlocked: true }),
    queueAction: assign((_, params: { action: SaveAction }) => ({ queuedAction: params.action })),
    /** Runs the save asked for during the autosave, now that it ended. */
    runQueuedAction: enqueueActions(({ context, enqueue }) => {
      if (context.queuedAction === null) return;
      enqueue.raise({ type: `post.${context.queuedAction}` });
      enqueue.assign({ queuedAction: null });
    }),
    fillFromPost: assign((_, params: { result: LoadResult }) => {
      if (!params.result.ok) return {};
      const { post } = params.result;
      return {
        title: post.title,
        tags: post.tags ?? [],
        content: post.content,
        language: post.language,
        published: post.published,
        version: post.version,
        createdAt: post.created_at,
        settings: post.settings ?? NO_SETTINGS,
        publishAt: post.publishAt ?? null,
        scheduleInput: post.publishAt ?? null,
        error: null,
      };
    }),
    rememberAction: assign((_, params: { action: SaveAction }) => ({ saveAction: params.action })),
    rememberSavedSlug: assign((_, params: { result: SaveResult }) => ({
      savedSlug: params.result.ok ? params.result.slug : null,
    })),
    enqueueUpload: assign(({ context }, params: { file: ImageFile; position: number | undefined }) => ({
      uploads: [
        ...context.uploads,
        params.position === undefined
          ? { file: params.file }
          : { file: params.file, position: params.position },
      ],
    })),
    dequeueUpload: assign(({ context }) => ({ uploads: context.uploads.slice(1) })),
    insertUploaded: emit(({ context }, params: { result: UploadResult }) => {
      const url = params.result.ok ? params.result.url : "";
      const position = context.uploads[0]?.position;
      return {
        type: "editor.insert" as const,
        block: { kind: "image" as const, src: url },
        ...(position === undefined ? {} : { position }),
      };
    }),
    insertDiagram: emit(({ context }) => {
      const check = checkFen(context.dialogValue);
      return {
        type: "editor.insert" as const,
        block: { kind: "chessDiagram" as const, fen: check.ok ? check.fen : context.dialogValue.trim() },
      };
    }),
    insertVideo: emit(({ context }) => ({
      type: "editor.insert" as const,
      block: { kind: "youtube" as const, src: context.dialogValue.trim() },
    })),
    setLink: emit(({ context }) => ({
      type: "editor.link" as const,
      href: linkHref(context.dialogValue),
    })),
    removeLink: emit({ type: "editor.link" as const, href: null }),
    setDialogValue: assign((_, params: { value: string }) => ({
      dialogValue: params.value,
      dialogProblem: null,
    })),
    startDialog: assign((_, params: { value: string | undefined }) => ({
      dialogValue: params.value ?? "",
      dialogProblem: null,
      dialogEditing: Boolean(params.value),
    })),
    clearDialog: assign({ dialogValue: "", dialogProblem: null, dialogEditing: false }),
    refuseFen: assign({ dialogProblem: "invalid-fen" as const }),
    refuseVideo: assign({ dialogProblem: "invalid-video" as const }),
    refuseLink: assign({ dialogProblem: "invalid-link" as const }),
  },
  delays: {
    autosave: ({ context }) => context.autosaveDelay,
  },
}).createMachine({
  id: "postEditor",
  context: ({ input }) => ({
    slug: input.slug ?? null,
    slugInput: input.slug ?? "",
    now: input.now ?? (() => new Date()),
    title: input.restored?.title ?? "",
    tags: input.restored?.tags ?? [],
    content: input.restored?.content ?? "",
    language: input.restored?.language ?? input.language ?? "en",
    version: input.restored?.version ?? null,
    createdAt: input.restored?.created_at ?? null,
    published: input.restored?.published ?? false,
    publishAt: input.restored?.publishAt ?? null,
    scheduleInput: input.restored?.scheduleInput ?? null,
    settings: input.restored?.settings ?? NO_SETTINGS,
    settingUpload: null,
    saveAction: "save",
    error: null,
    dialogValue: "",
    dialogProblem: null,
    dialogEditing: false,
    uploads: [],
    restored: Boolean(input.restored),
    dirty: Boolean(input.restored),
    savedSlug: null,
    edits: 0,
    autosavingEdits: 0,
    keptEdits: null,
    offer: input.restored ? null : (input.offered ?? null),
    autosaveBlocked: false,
    queuedAction: null,
    autosaveDelay: input.autosaveDelay ?? AUTOSAVE_DELAY_MS,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [
        { guard: "hasDraft", target: "ready" },
        { guard: "isEditing", target: "loading" },
        { target: "ready" },
      ],
    },
    loading: {
      invoke: {
        src: "loadPost",
        input: ({ context }) => ({ slug: context.slug ?? "" }),
        onDone: [
          {
            guard: { type: "loaded", params: ({ event }) => ({ result: event.output }) },
            target: "ready",
            actions: { type: "fillFromPost", params: ({ event }) => ({ result: event.output }) },
          },
          { target: "sessionExpired" },
        ],
        onError: { target: "loadFailed", actions: { type: "setError", params: { error: { kind: "load" } } } },
      },
    },
    loadFailed: {
      on: {
        "post.reload": { target: "loading", actions: "clearError" },
      },
    },
    ready: {
      type: "parallel",
      on: {
        "title.change": {
          actions: [
            { type: "setTitle", params: ({ event }) => ({ value: event.value }) },
            "revalidate",
            "scheduleAutosave",
          ],
        },
        "slug.change": {
          actions: [{ type: "setSlug", params: ({ event }) => ({ value: event.value }) }, "scheduleAutosave"],
        },
        "language.change": {
          actions: [
            { type: "setLanguage", params: ({ event }) => ({ language: event.language }) },
            "scheduleAutosave",
          ],
        },
        "setting.change": {
          actions: [
            { type: "setSetting", params: ({ event }) => ({ field: event.field, value: event.value }) },
            "revalidate",
            "scheduleAutosave",
          ],
        },
        "schedule.change": {
          actions: [{ type: "setSchedule", params: ({ event }) => ({ value: event.value }) }, "clearError"],
        },
        "language.suggest": {
          guard: "isUntouchedNew",
          actions: { type: "suggestLanguage", params: ({ event }) => ({ language: event.language }) },
        },
        "content.change": {
          actions: [
            { type: "setContent", params: ({ event }) => ({ html: event.html }) },
            "revalidate",
            "scheduleAutosave",
          ],
        },
        "content.settle": {
          actions: { type: "settleContent", params: ({ event }) => ({ html: event.html }) },
        },
        "tag.add": {
          actions: [
            { type: "addTag", params: ({ event }) => ({ value: event.value }) },
            "revalidate",
            "scheduleAutosave",
          ],
        },
        "tag.remove": {
          actions: [
            { type: "removeTag", params: ({ event }) => ({ tag: event.tag }) },
            "revalidate",
            "scheduleAutosave",
          ],
        },
        "error.dismiss": { actions: "clearError" },
        "offer.restore": {
          guard: "hasOffer",
          actions: [
            {
              type: "setFields",
              params: ({ context }) => ({
                fields: fieldsOf(context.offer?.draft ?? draftOf(context), context.language),
              }),
            },
            {
              type: "replaceDocument",
              params: ({ context }) => ({
                fields: fieldsOf(context.offer?.draft ?? draftOf(context), context.language),
              }),
            },
            "restoreOfferSettings",
            "dropOffer",
            "revalidate",
            "scheduleAutosave",
          ],
        },
        "offer.discard": { guard: "hasOffer", actions: ["dropOffer", "discardLocal"] },
        "revision.restore": {
          actions: [
            { type: "setFields", params: ({ event }) => ({ fields: event.fields }) },
            { type: "replaceDocument", params: ({ event }) => ({ fields: event.fields }) },
            "revalidate",
            "scheduleAutosave",
          ],
        },
      },
      // A local copy that holds what the post already has is not offered.
      entry: enqueueActions(({ check, enqueue }) => {
        if (check("offerIsStale")) {
          enqueue("dropOffer");
          enqueue("discardLocal");
        }
      }),
      states: {
        autosave: {
          initial: "idle",
          // Not `reenter`: a re-entered region of a parallel state re-enters the whole form (its mode, its save).
          // Targeting the child restarts only the pending wait.
          on: { "autosave.schedule": { target: ".pending" } },
          states: {
            idle: {},
            pending: {
              after: { autosave: { target: "idle", actions: raise({ type: "autosave.due" as const }) } },
            },
          },
        },
        mode: {
          initial: "edit",
          states: {
            edit: {
              on: {
                "mode.select": { guard: { type: "isMode", params: { mode: "preview" } }, target: "preview" },
              },
            },
            preview: {
              on: { "mode.select": { guard: { type: "isMode", params: { mode: "edit" } }, target: "edit" } },
            },
          },
        },
        save: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "post.save": [
                  {
                    guard: "canSave",
                    target: "saving",
                    actions: { type: "rememberAction", params: { action: "save" } },
                  },
                  { actions: "showSaveProblem" },
                ],
                "post.publish": [
                  {
                    guard: and([not("isPublished"), "canSave"]),
                    target: "saving",
                    actions: { type: "rememberAction", params: { action: "publish" } },
                  },
                  { guard: not("isPublished"), actions: "showSaveProblem" },
                ],
                "post.unpublish": [
                  {
                    guard: and(["isPublished", "canSave"]),
                    target: "saving",
                    actions: { type: "rememberAction", params: { action: "unpublish" } },
                  },
                  { guard: "isPublished", actions: "showSaveProblem" },
                ],
                "post.schedule": [
                  {
                    guard: and([not("isPublished"), "canSave", "canSchedule"]),
                    target: "saving",
                    actions: { type: "rememberAction", params: { action: "schedule" } },
                  },
                  { guard: not("isPublished"), actions: "showScheduleProblem" },
                ],
                "post.unschedule": [
                  {
                    guard: and(["isScheduled", "canSave"]),
                    target: "saving",
                    actions: { type: "rememberAction", params: { action: "unschedule" } },
                  },
                  { guard: "isScheduled", actions: "showSaveProblem" },
                ],
                "autosave.due": [
                  {
                    guard: and(["isDirty", "autosavesToServer", "canSave"]),
                    target: "autosaving",
                    actions: "startAutosave",
                  },
                  { guard: "isDirty", actions: "keepLocal" },
                ],
              },
            },
            /** An autosave of a draft: the same PUT as Save as Draft; a save asked for meanwhile waits for it. */
            autosaving: {
              invoke: {
                src: "savePost",
                input: ({ context }) => saveRequest(context, "save", true),
                onDone: [
                  {
                    guard: { type: "saved", params: ({ event }) => ({ result: event.output }) },
                    target: "idle",
                    actions: [
                      { type: "acceptAutosave", params: ({ event }) => ({ result: event.output }) },
                      "runQueuedAction",
                    ],
                  },
                  {
                    guard: { type: "refused", params: ({ event }) => ({ result: event.output }) },
                    target: "#postEditor.sessionExpired",
                  },
                  {
                    guard: { type: "conflicted", params: ({ event }) => ({ result: event.output }) },
                    target: "idle",
                    actions: [
                      "blockAutosave",
                      { type: "setError", params: { error: { kind: "autosave-conflict" } } },
                      "keepLocal",
                      "runQueuedAction",
                    ],
                  },
                  { target: "idle", actions: ["keepLocal", "runQueuedAction"] },
                ],
                onError: { target: "idle", actions: ["keepLocal", "runQueuedAction"] },
              },
              on: {
                "post.save": { actions: { type: "queueAction", params: { action: "save" } } },
                "post.publish": { actions: { type: "queueAction", params: { action: "publish" } } },
                "post.unpublish": { actions: { type: "queueAction", params: { action: "unpublish" } } },
                "post.schedule": { actions: { type: "queueAction", params: { action: "schedule" } } },
                "post.unschedule": { actions: { type: "queueAction", params: { action: "unschedule" } } },
              },
            },
            saving: {
              entry: "clearError",
              on: { "autosave.due": { guard: "isDirty", actions: "keepLocal" } },
              invoke: {
                src: "savePost",
                input: ({ context }) => saveRequest(context, context.saveAction),
                onDone: [
                  {
                    guard: { type: "saved", params: ({ event }) => ({ result: event.output }) },
                    target: "#postEditor.done",
                    actions: { type: "rememberSavedSlug", params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    guard: { type: "refused", params: ({ event }) => ({ result: event.output }) },
                    target: "#postEditor.sessionExpired",
                  },
                  {
                    guard: { type: "conflicted", params: ({ event }) => ({ result: event.output }) },
                    target: "idle",
                    actions: { type: "setError", params: { error: { kind: "conflict" } } },
                  },
                  {
                    target: "idle",
                    actions: {
                      type: "setError",
                      params: ({ event }) => ({
                        error:
                          !event.output.ok &&
                          event.output.reason === "invalid" &&
                          event.output.messages.length > 0
                            ? { kind: "invalid", messages: event.output.messages }
                            : { kind: "save" },
                      }),
                    },
                  },
                ],
                onError: {
                  target: "idle",
                  actions: { type: "setError", params: { error: { kind: "save" } } },
                },
              },
            },
          },
        },
        upload: {
          initial: "idle",
          on: {
            "image.upload": [
              { guard: not("isImage") },
              {
                guard: "isTooLarge",
                actions: { type: "setError", params: { error: { kind: "upload-too-large" } } },
              },
              {
                actions: {
                  type: "enqueueUpload",
                  params: ({ event }) => ({ file: event.file, position: event.position }),
                },
              },
            ],
          },
          states: {
            idle: {
              always: { guard: "hasQueuedUpload", target: "uploading" },
            },
            uploading: {
              invoke: {
                src: "uploadImage",
                input: ({ context }) => {
                  const next = context.uploads[0];
                  if (!next) throw new Error("uploading is entered only with a queued file");
                  return { file: next.file };
                },
                onDone: [
                  {
                    guard: { type: "uploaded", params: ({ event }) => ({ result: event.output }) },
                    target: "idle",
                    actions: [
                      { type: "insertUploaded", params: ({ event }) => ({ result: event.output }) },
                      "dequeueUpload",
                    ],
                  },
                  { target: "#postEditor.sessionExpired" },
                ],
                onError: {
                  target: "idle",
                  actions: ["dequeueUpload", { type: "setError", params: { error: { kind: "upload" } } }],
                },
              },
            },
          },
        },
        /** The settings' images (featured, social): one upload at a time; the image becomes the setting. */
        settingUpload: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "setting.upload": [
                  { guard: not("isImage") },
                  {
                    guard: "isTooLarge",
                    actions: { type: "setError", params: { error: { kind: "upload-too-large" } } },
                  },
                  {
                    target: "uploading",
                    actions: {
                      type: "startSettingUpload",
                      params: ({ event }) => ({ upload: { field: event.field, file: event.file } }),
                    },
                  },
                ],
              },
            },
            uploading: {
              invoke: {
                src: "uploadImage",
                input: ({ context }) => ({ file: (context.settingUpload as SettingUpload).file }),
                onDone: [
                  {
                    guard: { type: "uploaded", params: ({ event }) => ({ result: event.output }) },
                    target: "idle",
                    actions: [
                      { type: "setUploadedSetting", params: ({ event }) => ({ result: event.output }) },
                      "endSettingUpload",
                      "revalidate",
                      "scheduleAutosave",
                    ],
                  },
                  { target: "#postEditor.sessionExpired" },
                ],
                onError: {
                  target: "idle",
                  actions: ["endSettingUpload", { type: "setError", params: { error: { kind: "upload" } } }],
                },
              },
            },
          },
        },
        dialog: {
          initial: "closed",
          states: {
            closed: {
              on: {
                "dialog.open": [
                  {
                    guard: { type: "isDialog", params: { kind: "diagram" } },
                    target: "diagram",
                    actions: "clearDialog",
                  },
                  {
                    guard: { type: "isDialog", params: { kind: "video" } },
                    target: "video",
                    actions: "clearDialog",
                  },
                  {
                    guard: { type: "isDialog", params: { kind: "link" } },
                    target: "link",
                    actions: { type: "startDialog", params: ({ event }) => ({ value: event.value }) },
                  },
                ],
              },
            },
            diagram: {
              on: {
                "dialog.change": {
                  actions: { type: "setDialogValue", params: ({ event }) => ({ value: event.value }) },
                },
                "dialog.cancel": { target: "closed", actions: "clearDialog" },
                "dialog.confirm": [
                  { guard: "dialogIsBlank" },
                  { guard: "isValidFen", target: "closed", actions: ["insertDiagram", "clearDialog"] },
                  { actions: "refuseFen" },
                ],
              },
            },
            video: {
              on: {
                "dialog.change": {
                  actions: { type: "setDialogValue", params: ({ event }) => ({ value: event.value }) },
                },
                "dialog.cancel": { target: "closed", actions: "clearDialog" },
                "dialog.confirm": [
                  { guard: "dialogIsBlank" },
                  { guard: "isVideoUrl", target: "closed", actions: ["insertVideo", "clearDialog"] },
                  { actions: "refuseVideo" },
                ],
              },
            },
            link: {
              on: {
                "dialog.change": {
                  actions: { type: "setDialogValue", params: ({ event }) => ({ value: event.value }) },
                },
                "dialog.cancel": { target: "closed", actions: "clearDialog" },
                "dialog.confirm": [
                  { guard: "dialogIsBlank" },
                  { guard: "isLinkUrl", target: "closed", actions: ["setLink", "clearDialog"] },
                  { actions: "refuseLink" },
                ],
                "dialog.remove": {
                  guard: "isEditingLink",
                  target: "closed",
                  actions: ["removeLink", "clearDialog"],
                },
              },
            },
          },
        },
      },
    },
    /** Saved: the site goes to /admin/blog; the local copy is no longer needed. */
    done: {
      type: "final",
      entry: "discardLocal",
    },
    /** The server refused the admin token: the site ends the session (the guard sends the admin to login). */
    sessionExpired: {},
  },
  output: ({ context }) => ({ slug: context.savedSlug ?? context.slug ?? "" }),
});

export type PostEditorMachine = typeof postEditorMachine;

/** The words of a kept draft, as a restore puts them back (a draft kept before languages: `language`). */
function fieldsOf(draft: EditorDraft, language: BlogLanguage): RevisionFields {
  return {
    title: draft.title,
    content: draft.content,
    tags: draft.tags,
    language: draft.language ?? language,
  };
}
