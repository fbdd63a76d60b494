import type { BlogRevisionSummary } from "@ct/contract";
import { Button, formatDateTime, RevisionHistoryDialog, type RevisionItem } from "@ct/ui";
import { History } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadRevision, loadRevisions } from "../../api/blog-admin";
import { useAdminSessionEvents, useAdminToken } from "../session";
import { showToast } from "../toasts";
import { usePostEditorEvents } from "./post-editor-actor";

type ListState =
  | { state: "loading" }
  | { state: "error" }
  | { state: "ready"; revisions: readonly BlogRevisionSummary[] };

/**
 * History: the post's last saved versions in a dialog (when, title, word count), read when it opens. Restore reads
 * that version and puts its title, text, tags and language in the editor as unsaved changes; saving makes it
 * current. A refused token ends the session like the editor's other calls.
 */
export function PostHistory({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const token = useAdminToken();
  const session = useAdminSessionEvents();
  const events = usePostEditorEvents();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<ListState>({ state: "loading" });
  const [restoring, setRestoring] = useState<number | null>(null);
  const [restoreFailed, setRestoreFailed] = useState(false);

  const read = useCallback(async () => {
    setList({ state: "loading" });
    const answer = await loadRevisions(token ?? "", slug);
    if (answer.ok) setList({ state: "ready", revisions: answer.revisions });
    else if (answer.reason === "unauthorized") session.expire();
    else setList({ state: "error" });
  }, [token, slug, session]);

  const timeOf = (revision: { created_at: string }) => formatDateTime(i18n.language, revision.created_at);
  const items: RevisionItem[] =
    list.state === "ready"
      ? list.revisions.map((revision) => ({
          id: revision.id,
          time: timeOf(revision),
          dateTime: revision.created_at,
          title: revision.title || t("admin.editorWork.history.untitled"),
          words: t("admin.editorWork.history.words", { count: revision.word_count }),
        }))
      : [];

  const restore = async (id: number) => {
    setRestoring(id);
    setRestoreFailed(false);
    const answer = await loadRevision(token ?? "", slug, id);
    setRestoring(null);
    if (!answer.ok) {
      if (answer.reason === "unauthorized") session.expire();
      else setRestoreFailed(true);
      return;
    }
    const { revision } = answer;
    events.restoreRevision({
      title: revision.title,
      content: revision.content,
      tags: revision.tags,
      language: revision.language,
    });
    setOpen(false);
    showToast("admin.editorWork.history.restored", { time: timeOf(revision) });
  };

  return (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          setOpen(true);
          setRestoreFailed(false);
          void read();
        }}
      >
        <History aria-hidden />
        {t("admin.editorWork.history.button")}
      </Button>
      <RevisionHistoryDialog
        open={open}
        onOpenChange={setOpen}
        title={t("admin.editorWork.history.title")}
        description={t("admin.editorWork.history.description")}
        listLabel={t("admin.editorWork.history.listLabel")}
        state={list.state}
        revisions={items}
        onRestore={(id) => void restore(id)}
        onRetry={() => void read()}
        restoring={restoring}
        error={restoreFailed ? t("admin.editorWork.history.restoreFailed") : null}
        labels={{
          loading: t("admin.editorWork.history.loading"),
          error: t("admin.editorWork.history.error"),
          retry: t("admin.editorWork.history.retry"),
          empty: t("admin.editorWork.history.empty"),
          current: t("admin.editorWork.history.current"),
          restore: t("admin.editorWork.history.restore"),
          restoreLabel: (revision) => t("admin.editorWork.history.restoreLabel", { time: revision.time }),
          close: t("admin.editorWork.history.close"),
        }}
      />
    </>
  );
}
