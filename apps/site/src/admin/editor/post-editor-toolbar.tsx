import { selectImageUploading } from "@ct/machines";
import {
  type EditorTableLabels,
  EditorToolbar,
  type EditorToolbarCommand,
  type EditorToolbarLabels,
} from "@ct/ui";
import { type Editor, useEditorState } from "@tiptap/react";
import { useTranslation } from "react-i18next";
import type { ImageDetailsStore } from "./image-details-dialog";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";
import { openLinkDialog } from "./post-editor-document";
import { runTableAction } from "./table-extension";

/** "Ctrl" in the tooltips' shortcuts, "⌘" on Apple systems. */
function modifierKey(): string {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";
}

/**
 * The toolbar above the document (undo, redo, marks, headings, lists, quote, code block, link, rule, table menu,
 * image, diagram, video) with the
 * state of the text at the cursor, and 'Uploading image…' under it while an image uploads.
 */
export function PostToolbar({ editor, imageDetails }: { editor: Editor; imageDetails: ImageDetailsStore }) {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const uploading = PostEditorActor.useSelector(selectImageUploading);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: {
        bold: current?.isActive("bold") ?? false,
        italic: current?.isActive("italic") ?? false,
        link: current?.isActive("link") ?? false,
        heading2: current?.isActive("heading", { level: 2 }) ?? false,
        heading3: current?.isActive("heading", { level: 3 }) ?? false,
        bulletList: current?.isActive("bulletList") ?? false,
        orderedList: current?.isActive("orderedList") ?? false,
        blockquote: current?.isActive("blockquote") ?? false,
        codeBlock: current?.isActive("codeBlock") ?? false,
      },
      inTable: current?.isActive("table") ?? false,
      canUndo: current?.can().undo() ?? false,
      canRedo: current?.can().redo() ?? false,
    }),
  });
  return (
    <>
      <EditorToolbar
        labels={t("admin.editor.toolbar", { returnObjects: true }) as EditorToolbarLabels}
        tooltips={
          t("admin.editor.toolbarTooltips", { returnObjects: true, mod: modifierKey() }) as Record<
            EditorToolbarCommand,
            string
          >
        }
        active={state?.active ?? {}}
        canUndo={state?.canUndo ?? false}
        canRedo={state?.canRedo ?? false}
        uploading={uploading}
        onUndo={() => editor.chain().focus().undo().run()}
        onRedo={() => editor.chain().focus().redo().run()}
        onBold={() => editor.chain().focus().toggleBold().run()}
        onItalic={() => editor.chain().focus().toggleItalic().run()}
        onLink={() => openLinkDialog(editor, events.openLinkDialog)}
        onHeading={(level) => editor.chain().focus().toggleHeading({ level }).run()}
        onBulletList={() => editor.chain().focus().toggleBulletList().run()}
        onOrderedList={() => editor.chain().focus().toggleOrderedList().run()}
        onBlockquote={() => editor.chain().focus().toggleBlockquote().run()}
        onCodeBlock={() => editor.chain().focus().toggleCodeBlock().run()}
        onHorizontalRule={() => editor.chain().focus().setHorizontalRule().run()}
        tableLabels={t("admin.editorBlocks.tableMenu", { returnObjects: true }) as EditorTableLabels}
        inTable={state?.inTable ?? false}
        onTable={(action) => runTableAction(editor, action)}
        onImageFiles={(files) => {
          // One picked image: once it is in, the dialog asks for its alt text and caption.
          if (files.length === 1) imageDetails.askForNext();
          for (const file of files) events.uploadImage(file);
        }}
        onInsertDiagram={events.openDiagramDialog}
        onInsertVideo={events.openVideoDialog}
      />
      {uploading ? (
        <p role="status" className="m-0 text-sm text-fg-muted">
          {t("admin.editor.uploading")}
        </p>
      ) : null}
    </>
  );
}
