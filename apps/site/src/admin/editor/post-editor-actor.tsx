import type { BlogLanguage } from "@ct/contract/blog-rules";
import {
  type EditorDraft,
  type EditorMode,
  type ImageFile,
  type LoadResult,
  type LocalCopy,
  type PostSettingField,
  postEditorMachine,
  type RevisionFields,
  type SaveRequest,
  type SaveResult,
  type UploadRequest,
  type UploadResult,
} from "@ct/machines";
import { createActorContext } from "@xstate/react";
import { type ReactNode, useMemo, useRef } from "react";
import { fromPromise } from "xstate";
import { loadPostForEdit, savePost, uploadImage } from "../../api/blog-admin";

/** The post-editor actor of one editor screen, shared by its parts (binding layer of design convention 11). */
export const PostEditorActor = createActorContext(postEditorMachine);

/**
 * Starts the editor's actor with the site's calls. The calls read the admin token when they run, so a token that
 * changes while the screen is open is the one used.
 */
export function PostEditorProvider({
  slug,
  restored,
  offered,
  token,
  language,
  children,
}: {
  slug: string | null;
  restored: EditorDraft | null;
  /** A local copy autosave kept earlier for this route: offered back once the editor is ready. */
  offered: LocalCopy | null;
  token: string | null;
  /** The language a new post starts in: the admin's interface language. */
  language: BlogLanguage;
  children: ReactNode;
}) {
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const logic = useMemo(
    () =>
      postEditorMachine.provide({
        actors: {
          loadPost: fromPromise<LoadResult, { slug: string }>(({ input }) =>
            loadPostForEdit(tokenRef.current ?? "", input.slug),
          ),
          savePost: fromPromise<SaveResult, SaveRequest>(({ input }) =>
            savePost(tokenRef.current ?? "", input),
          ),
          uploadImage: fromPromise<UploadResult, UploadRequest>(({ input }) =>
            // The page only ever hands the machine real files (from the picker, a paste or a drop).
            uploadImage(tokenRef.current ?? "", input.file as File),
          ),
        },
      }),
    [],
  );
  return (
    <PostEditorActor.Provider logic={logic} options={{ input: { slug, restored, offered, language } }}>
      {children}
    </PostEditorActor.Provider>
  );
}

/** What the screen can ask of the editor. */
export function usePostEditorEvents() {
  const actor = PostEditorActor.useActorRef();
  return useMemo(
    () => ({
      reload: () => actor.send({ type: "post.reload" }),
      /** Save as Draft (a draft or a new post) or Update (a published post): the published state is kept. */
      save: () => actor.send({ type: "post.save" }),
      publish: () => actor.send({ type: "post.publish" }),
      unpublish: () => actor.send({ type: "post.unpublish" }),
      /** Saves the post scheduled for the publish time picked in the settings. */
      schedule: () => actor.send({ type: "post.schedule" }),
      unschedule: () => actor.send({ type: "post.unschedule" }),
      /** The publish time picked (ISO 8601), or null when cleared. */
      changeSchedule: (value: string | null) => actor.send({ type: "schedule.change", value }),
      changeSetting: (field: PostSettingField, value: string) =>
        actor.send({ type: "setting.change", field, value }),
      uploadSetting: (field: "featuredImage" | "socialImage", file: ImageFile) =>
        actor.send({ type: "setting.upload", field, file }),
      selectMode: (mode: EditorMode) => actor.send({ type: "mode.select", mode }),
      changeTitle: (value: string) => actor.send({ type: "title.change", value }),
      changeSlug: (value: string) => actor.send({ type: "slug.change", value }),
      changeLanguage: (language: BlogLanguage) => actor.send({ type: "language.change", language }),
      /** The interface language: a new post nobody touched yet follows it. */
      suggestLanguage: (language: BlogLanguage) => actor.send({ type: "language.suggest", language }),
      addTag: (value: string) => actor.send({ type: "tag.add", value }),
      removeTag: (tag: string) => actor.send({ type: "tag.remove", tag }),
      changeContent: (html: string) => actor.send({ type: "content.change", html }),
      settleContent: (html: string) => actor.send({ type: "content.settle", html }),
      uploadImage: (file: ImageFile, position?: number) =>
        actor.send(
          position === undefined ? { type: "image.upload", file } : { type: "image.upload", file, position },
        ),
      openDiagramDialog: () => actor.send({ type: "dialog.open", kind: "diagram" }),
      openVideoDialog: () => actor.send({ type: "dialog.open", kind: "video" }),
      /** Opens the link dialog, on the address of the link at the cursor when there is one. */
      openLinkDialog: (href?: string | null) =>
        actor.send(
          href ? { type: "dialog.open", kind: "link", value: href } : { type: "dialog.open", kind: "link" },
        ),
      removeLink: () => actor.send({ type: "dialog.remove" }),
      changeDialogValue: (value: string) => actor.send({ type: "dialog.change", value }),
      confirmDialog: () => actor.send({ type: "dialog.confirm" }),
      cancelDialog: () => actor.send({ type: "dialog.cancel" }),
      dismissError: () => actor.send({ type: "error.dismiss" }),
      /** Puts the offered local copy in the editor (as unsaved changes), or drops it. */
      restoreOffer: () => actor.send({ type: "offer.restore" }),
      discardOffer: () => actor.send({ type: "offer.discard" }),
      /** Puts a saved version's fields in the editor, as unsaved changes. */
      restoreRevision: (fields: RevisionFields) => actor.send({ type: "revision.restore", fields }),
    }),
    [actor],
  );
}
