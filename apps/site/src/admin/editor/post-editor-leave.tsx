import { selectHasUnsavedChanges } from "@ct/machines";
import { ConfirmDialog } from "@ct/ui";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "../../app/routing";
import { localCopyStore } from "./local-copy-store";
import { PostEditorActor } from "./post-editor-actor";

/**
 * Leaving with unsaved changes asks first. Another page of the site (Cancel, the admin's menu, a link): a dialog,
 * Stay or Leave without saving (which also drops this post's local copy: the admin chose to lose the changes).
 * A reload or closing the tab: the browser's own prompt (`beforeunload`), and the local copy stays, to be offered
 * back. Nothing is asked when nothing changed, after a save, or when the session ended (the guard's way to the
 * login page: the changes are kept for after it, see draft-store.ts).
 */
export function LeaveGuard({ route }: { route: string }) {
  const { t } = useTranslation();
  const actor = PostEditorActor.useActorRef();
  const unsaved = PostEditorActor.useSelector(selectHasUnsavedChanges);
  const leaving = useRef(false);
  // Once the admin chose to leave, nothing is asked again: the router may take a Back pressed at once, before this
  // editor has unmounted, to this blocker, and would take the admin back to where they were going.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      selectHasUnsavedChanges(actor.getSnapshot()) &&
      nextLocation.pathname !== currentLocation.pathname &&
      !nextLocation.pathname.startsWith("/admin/login"),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);

  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (blocked) leaving.current = false;
  }, [blocked]);

  return (
    <ConfirmDialog
      open={blocked}
      onOpenChange={(open) => {
        // Stay, Escape: back to the editor. (Leave closes the dialog too, after it let the navigation go on.)
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
      }}
      title={t("admin.editorWork.leave.title")}
      description={t("admin.editorWork.leave.description")}
      cancelLabel={t("admin.editorWork.leave.stay")}
      confirmLabel={t("admin.editorWork.leave.leave")}
      onConfirm={() => {
        leaving.current = true;
        localCopyStore.discard(route);
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}
