import {
  selectInsertDialog,
  selectInsertDialogEditing,
  selectInsertDialogProblem,
  selectInsertDialogValue,
} from "@ct/machines";
import { InsertDialog } from "@ct/ui";
import type { Editor } from "@tiptap/react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

/**
 * The dialog that inserts a diagram (FEN) or a video (YouTube address), or adds, edits or removes a link. After an
 * insert (`inserted`, set by the document) the cursor goes back into the document, below the new block.
 */
export function PostInsertDialog({ editor, inserted }: { editor: Editor; inserted: RefObject<boolean> }) {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const dialog = PostEditorActor.useSelector(selectInsertDialog);
  const dialogValue = PostEditorActor.useSelector(selectInsertDialogValue);
  const dialogProblem = PostEditorActor.useSelector(selectInsertDialogProblem);
  const dialogEditing = PostEditorActor.useSelector(selectInsertDialogEditing);
  const dialogKey = dialog === "video" ? "videoDialog" : dialog === "link" ? "linkDialog" : "diagramDialog";
  return (
    <InsertDialog
      open={dialog !== null}
      onOpenChange={(open) => {
        if (!open) events.cancelDialog();
      }}
      title={t(`admin.editor.${dialogKey}.${dialog === "link" && dialogEditing ? "editTitle" : "title"}`)}
      description={t(`admin.editor.${dialogKey}.description`)}
      inputLabel={t(`admin.editor.${dialogKey}.label`)}
      placeholder={t(`admin.editor.${dialogKey}.placeholder`)}
      value={dialogValue}
      onValueChange={events.changeDialogValue}
      onConfirm={events.confirmDialog}
      cancelLabel={t("admin.editor.dialog.cancel")}
      insertLabel={dialog === "link" ? t("admin.editor.linkDialog.apply") : t("admin.editor.dialog.insert")}
      removeLabel={dialog === "link" && dialogEditing ? t("admin.editor.linkDialog.remove") : undefined}
      onRemove={events.removeLink}
      inputMode={dialog === "link" ? "url" : undefined}
      error={dialogProblem ? t(`admin.editor.${dialogKey}.invalid`) : null}
      onCloseAutoFocus={(event) => {
        if (!inserted.current) return;
        // After an insert the admin goes on writing below the new block.
        inserted.current = false;
        event.preventDefault();
        editor.commands.focus();
      }}
    />
  );
}
