import {
  type PostStatus,
  selectPostSaving,
  selectPostStatus,
  selectSaveState,
  selectScheduleInput,
} from "@ct/machines";
import { Button, cn, SaveIndicator } from "@ct/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../../app/routing";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";
import { PostHistory } from "./post-editor-history";

/**
 * The editor's page: its heading with the post's status beside it, the actions on the right, the parts below, and
 * `aside` (the post's settings) beside them from 992 px on, below them on a smaller screen.
 */
export function Frame({
  heading,
  status,
  actions,
  aside,
  children,
}: {
  heading: string;
  /** The post's status, shown beside the heading once the post is known. */
  status?: PostStatus;
  actions?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-index px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="m-0 text-3xl font-bold text-brand">{heading}</h1>
          {status ? <StatusBadge status={status} /> : null}
        </div>
        {actions}
      </div>
      {aside ? (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-5">{children}</div>
          {aside}
        </div>
      ) : (
        <div className="flex flex-col gap-5">{children}</div>
      )}
    </main>
  );
}

/** Published (green), Scheduled (blue) or Draft (yellow), as the admin list shows them. */
function StatusBadge({ status }: { status: PostStatus }) {
  const { t } = useTranslation();
  return (
    <p
      data-slot="post-status"
      data-status={status}
      className={cn(
        "m-0 inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold",
        status === "published"
          ? "bg-success-muted text-success-strong"
          : status === "scheduled"
            ? "bg-info-muted text-info-strong"
            : "bg-warning-muted text-warning-strong",
      )}
    >
      <span className="sr-only">{t("admin.editor.status.label")}: </span>
      {t(`admin.editor.status.${status}`)}
    </p>
  );
}

/**
 * Whether the work is stored (Saved, Saving…, Not saved, Saved locally), History for a post the server has, Cancel
 * and the save buttons. An edit keeps the post's state: a draft is saved as a draft (or published; with a publish
 * time picked in the settings, Schedule instead of Publish), a scheduled post is updated for the picked time (or
 * unscheduled, a draft again), a published post is updated (or unpublished, which saves it as a draft).
 */
export function PostActions({ slug }: { slug: string | null }) {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const saving = PostEditorActor.useSelector(selectPostSaving);
  const status = PostEditorActor.useSelector(selectPostStatus);
  const saveState = PostEditorActor.useSelector(selectSaveState);
  const scheduleInput = PostEditorActor.useSelector(selectScheduleInput);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SaveIndicator
        state={saveState}
        labels={{
          saved: t("admin.editorWork.saveState.saved"),
          saving: t("admin.editorWork.saveState.saving"),
          notSaved: t("admin.editorWork.saveState.notSaved"),
          savedLocally: t("admin.editorWork.saveState.savedLocally"),
        }}
        className="me-1"
      />
      {slug !== null ? <PostHistory slug={slug} /> : null}
      <Button asChild variant="ghost">
        <Link to="/admin/blog">{t("admin.editor.cancel")}</Link>
      </Button>
      {status === "published" ? (
        <>
          <Button variant="secondary" disabled={saving} onClick={events.unpublish}>
            {t("admin.editor.unpublish")}
          </Button>
          <Button disabled={saving} onClick={events.save}>
            {t("admin.editor.update")}
          </Button>
        </>
      ) : status === "scheduled" ? (
        <>
          <Button variant="secondary" disabled={saving} onClick={events.unschedule}>
            {t("admin.postSettings.unschedule")}
          </Button>
          <Button disabled={saving} onClick={events.schedule}>
            {t("admin.postSettings.reschedule")}
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" disabled={saving} onClick={events.save}>
            {t("admin.editor.saveDraft")}
          </Button>
          {scheduleInput ? (
            <Button disabled={saving} onClick={events.schedule}>
              {t("admin.postSettings.schedule")}
            </Button>
          ) : (
            <Button disabled={saving} onClick={events.publish}>
              {t("admin.editor.publish")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
