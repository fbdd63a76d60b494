import {
  type PostEditorMachine,
  selectEditorDraft,
  selectPostContent,
  selectPostDirty,
  selectPostEditorError,
  selectPostEditorPhase,
  selectPostLanguage,
  selectPostStatus,
} from "@ct/machines";
import { Alert, Button, Spinner } from "@ct/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SnapshotFrom } from "xstate";
import { useLocation, useNavigate } from "../../app/routing";
import { browserSessionStore, useAdminSessionEvents, useAdminToken } from "../session";
import { showToast } from "../toasts";
import { draftStore } from "./draft-store";
import { ImageDetailsDialog } from "./image-details-dialog";
import { localCopyStore } from "./local-copy-store";
import { PostEditorActor, PostEditorProvider, usePostEditorEvents } from "./post-editor-actor";
import { errorText, FormAlerts } from "./post-editor-alerts";
import { ContentTabs } from "./post-editor-content";
import { PostInsertDialog } from "./post-editor-dialog";
import { usePostDocument } from "./post-editor-document";
import { PostFields } from "./post-editor-fields";
import { Frame, PostActions } from "./post-editor-frame";
import { LeaveGuard } from "./post-editor-leave";
import { PostSettingsPanel } from "./post-editor-settings";

/**
 * The blog post editor (spec section 2): /admin/blog/new (slug null) and /admin/blog/edit/{slug}. When the admin
 * session ends with unsaved changes (a 401, the 30-minute expiry, a logout), the fields are kept in this tab, and
 * the editor starts from them when the admin comes back after logging in. Otherwise a local copy autosave kept for
 * this route (a new or a published post, see local-copy-store.ts) is offered back.
 */
export function PostEditorScreen({ slug }: { slug: string | null }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const token = useAdminToken();
  const route = location.pathname;
  const [restored] = useState(() => draftStore.read(route));
  const [offered] = useState(() => (restored ? null : localCopyStore.read(route)));
  useEffect(() => draftStore.discard(route), [route]);
  return (
    <PostEditorProvider
      slug={slug}
      restored={restored}
      offered={offered}
      token={token}
      language={i18n.language === "ar" ? "ar" : "en"}
    >
      <EditorPage slug={slug} route={route} />
    </PostEditorProvider>
  );
}

/** What the toast says once a save is done: the button's action, and an Update for a published post. */
function doneToastKey(snapshot: SnapshotFrom<PostEditorMachine>): string {
  const { saveAction, published } = snapshot.context;
  if (saveAction === "publish") return "admin.editorWork.toast.published";
  if (saveAction === "unpublish") return "admin.editorWork.toast.unpublished";
  if (saveAction === "schedule") return "admin.editorWork.toast.scheduled";
  if (saveAction === "unschedule") return "admin.editorWork.toast.unscheduled";
  return published ? "admin.editorWork.toast.updated" : "admin.editorWork.toast.draftSaved";
}

/** The loading page, the page of a post that failed to load (with Retry), then the form. */
function EditorPage({ slug, route }: { slug: string | null; route: string }) {
  const isNew = slug === null;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useAdminSessionEvents();
  const actor = PostEditorActor.useActorRef();
  const phase = PostEditorActor.useSelector(selectPostEditorPhase);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const events = usePostEditorEvents();

  // Autosave's copies of the fields in this browser, one per editor route.
  useEffect(() => {
    const kept = actor.on("local.keep", ({ copy }) => localCopyStore.keep(route, copy));
    const discarded = actor.on("local.discard", () => localCopyStore.discard(route));
    return () => {
      kept.unsubscribe();
      discarded.unsubscribe();
    };
  }, [actor, route]);

  useEffect(() => {
    if (phase === "done") {
      showToast(doneToastKey(actor.getSnapshot()));
      navigate("/admin/blog");
    }
    // The server refused the token: end the session; the guard sends the admin to login and back here afterwards.
    if (phase === "sessionExpired") session.expire();
  }, [phase, navigate, session, actor]);

  // Leaving because the session ended (any way): keep unsaved changes for after the next login.
  useEffect(
    () => () => {
      const snapshot = actor.getSnapshot();
      const sessionEnded = browserSessionStore.read().token === null;
      if (sessionEnded && selectPostDirty(snapshot) && snapshot.status !== "done") {
        draftStore.keep(route, selectEditorDraft(snapshot));
      }
    },
    [actor, route],
  );

  const heading = isNew ? t("admin.newPost") : t("admin.editPost");
  if (phase === "loading") {
    return (
      <Frame heading={heading}>
        <Spinner label={t("admin.editor.loading")} />
      </Frame>
    );
  }
  if (phase === "loadFailed") {
    return (
      <Frame heading={heading}>
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{error ? errorText(error, t) : t("admin.editor.errors.load")}</span>
          <Button variant="secondary" size="sm" onClick={events.reload}>
            {t("admin.editor.retry")}
          </Button>
        </Alert>
      </Frame>
    );
  }
  if (phase !== "ready") return null;
  return (
    <>
      <EditorForm heading={heading} slug={slug} />
      <LeaveGuard route={route} />
    </>
  );
}

/** The form: the alerts, the post's fields, its content (Edit and Preview) and the insert dialog. */
function EditorForm({ heading, slug }: { heading: string; slug: string | null }) {
  const { i18n } = useTranslation();
  const events = usePostEditorEvents();
  const language = PostEditorActor.useSelector(selectPostLanguage);
  const content = PostEditorActor.useSelector(selectPostContent);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const status = PostEditorActor.useSelector(selectPostStatus);
  // A new post starts in the interface language, and follows it until the admin touches the post.
  const interfaceLanguage = i18n.language === "ar" ? "ar" : "en";
  useEffect(() => events.suggestLanguage(interfaceLanguage), [events, interfaceLanguage]);
  const { editor, inserted, imageDetails } = usePostDocument({
    content,
    language,
    contentError: error?.kind === "content-required",
  });

  // Spec section 2: the screen renders nothing until the editor is ready.
  if (!editor) return null;

  return (
    <Frame
      heading={heading}
      status={status}
      actions={<PostActions slug={slug} />}
      aside={<PostSettingsPanel />}
    >
      <FormAlerts />
      <PostFields />
      <ContentTabs editor={editor} imageDetails={imageDetails} />
      <PostInsertDialog editor={editor} inserted={inserted} />
      <ImageDetailsDialog store={imageDetails} />
    </Frame>
  );
}
