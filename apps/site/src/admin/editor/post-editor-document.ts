import { type BlogLanguage, blogLanguageDirection } from "@ct/contract/blog-rules";
import type { InsertBlock } from "@ct/machines";
import { cn, postBodyClassName } from "@ct/ui";
import { NodeSelection, Selection } from "@tiptap/pm/state";
import { type Editor, useEditor } from "@tiptap/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { editorExtensions } from "./extensions";
import { askInsertedImageDetails, createImageDetailsStore } from "./image-details-dialog";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

/**
 * The document the admin writes (Tiptap), started from the post's `content` when the form first shows: each change
 * goes to the machine, pasted and dropped images are uploaded, and the blocks and links the machine sends go in.
 * Its label and placeholder follow the interface language, its invalid mark `contentError` ('Content is required'),
 * its lang and direction the post's `language`. `inserted` is set once a dialog's block or link is in, so the
 * dialog's closing puts the cursor back in the document. The editor is null until it is ready.
 */
export function usePostDocument({
  content,
  language,
  contentError,
}: {
  content: string;
  language: BlogLanguage;
  contentError: boolean;
}) {
  const { i18n } = useTranslation();
  const actor = PostEditorActor.useActorRef();
  const events = usePostEditorEvents();
  const inserted = useRef(false);
  /** The admin has pressed a key, a pointer, pasted or dropped since the editor opened (see onUpdate). */
  const touched = useRef(false);
  // Read by the editor's attributes: the content is marked invalid while 'Content is required' shows.
  const contentInvalid = useRef(false);
  contentInvalid.current = contentError;
  // Read by the editor's attributes too: the body is written in the post's language and direction.
  const contentLanguage = useRef(language);
  contentLanguage.current = language;

  const [initialContent] = useState(content);
  // The image dialog (alt text and caption): opened by an image's button, or by an image picked with Insert Image.
  const [imageDetails] = useState(createImageDetailsStore);
  const extensions = useMemo(
    () =>
      editorExtensions({
        placeholder: () => i18n.t("admin.editor.placeholder"),
        onLink: (current) => openLinkDialog(current, events.openLinkDialog),
        onImageDetails: imageDetails.open,
      }),
    [i18n, events, imageDetails],
  );
  const editor = useEditor({
    extensions,
    content: initialContent,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: () => ({
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": i18n.t("admin.editor.contentLabel"),
        ...(contentInvalid.current ? { "aria-invalid": "true" } : {}),
        lang: contentLanguage.current,
        dir: blogLanguageDirection(contentLanguage.current),
        class: EDITOR_CONTENT_CLASS,
      }),
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        for (const file of files) events.uploadImage(file);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const position = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        for (const file of files) events.uploadImage(file, position);
        return true;
      },
    },
    // Until the admin first presses a key, a pointer, pastes or drops anything on the page, an update is the editor
    // settling what it loaded (a diagram, video or image block normalised by its node view), not an edit: opening
    // a post and leaving it must not ask about unsaved changes.
    onUpdate: ({ editor: current }) =>
      touched.current ? events.changeContent(current.getHTML()) : events.settleContent(current.getHTML()),
  });

  useEffect(() => {
    const touch = () => {
      touched.current = true;
    };
    const kinds = ["keydown", "pointerdown", "paste", "drop"] as const;
    for (const kind of kinds) window.addEventListener(kind, touch, { capture: true });
    return () => {
      for (const kind of kinds) window.removeEventListener(kind, touch, { capture: true });
    };
  }, []);

  // Blocks the machine inserts (uploaded images, dialog results) and links go into the document here.
  useEffect(() => {
    if (!editor) return;
    const insertions = actor.on("editor.insert", ({ block, position }) => {
      insertBlock(editor, block, position, i18n.t("admin.editor.uploadedImageAlt"));
      if (block.kind !== "image") inserted.current = true;
      else if (imageDetails.takeAsk()) askInsertedImageDetails(editor, imageDetails, block.src);
    });
    const links = actor.on("editor.link", ({ href }) => {
      applyLink(editor, href);
      inserted.current = true;
    });
    // A restored local copy or saved version: the machine has its fields already, so no update goes back.
    const replacements = actor.on("editor.replace", ({ html }) => {
      editor.commands.setContent(html, { emitUpdate: false });
    });
    return () => {
      insertions.unsubscribe();
      links.unsubscribe();
      replacements.unsubscribe();
    };
  }, [editor, actor, i18n, imageDetails]);

  // A language switch redraws the editor's label and placeholder; an error redraws its invalid mark; the post's
  // language its lang and direction.
  useEffect(() => {
    if (editor && !editor.isDestroyed)
      editor.view.dispatch(editor.state.tr.setMeta("attributes", [i18n.language, contentError, language]));
  }, [editor, i18n.language, contentError, language]);

  return { editor, inserted, imageDetails };
}

/** Image files among pasted or dropped files (spec section 5: only types beginning with image are uploaded). */
function imageFiles(files: FileList | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith("image/"));
}

/**
 * Inserts a block at a drop point, or at the cursor. A selected block (one just inserted, say) is not replaced: the
 * new one goes after it. Afterwards the cursor sits after the new block, so the admin writes on below it; a block
 * that ends the document gets an empty paragraph after it for that, since otherwise the only selection left there
 * is the block itself, and the next key typed (or Ctrl+End, then a key) would replace it.
 */
function insertBlock(editor: Editor, block: InsertBlock, position: number | undefined, imageAlt: string) {
  const node =
    block.kind === "image"
      ? { type: "image", attrs: { src: block.src, alt: imageAlt } }
      : block.kind === "chessDiagram"
        ? { type: "chessDiagram", attrs: { fen: block.fen } }
        : { type: "youtube", attrs: { src: block.src } };
  const { selection, doc } = editor.state;
  const at =
    position !== undefined
      ? Math.min(position, doc.content.size)
      : selection instanceof NodeSelection
        ? selection.to
        : null;
  editor.commands.command(({ tr }) => {
    let after: number;
    if (at === null) {
      tr.replaceSelectionWith(editor.schema.nodeFromJSON(node));
      after = tr.selection instanceof NodeSelection ? tr.selection.to : tr.selection.head;
    } else {
      tr.insert(at, editor.schema.nodeFromJSON(node));
      after = tr.mapping.map(at);
    }
    const end = Math.min(after, tr.doc.content.size);
    const paragraph = editor.schema.nodes.paragraph;
    if (paragraph && !tr.doc.resolve(end).nodeAfter) tr.insert(end, paragraph.create());
    tr.setSelection(Selection.near(tr.doc.resolve(end), 1));
    return true;
  });
}

/**
 * The selection each editor's link dialog opened on. Focus leaving for the dialog and coming back can move the
 * editor's selection (the browser puts the caret where it likes before the editor restores its own), so the link
 * goes on the range the admin chose, not on whatever is selected when the dialog closes.
 */
const linkDialogRanges = new WeakMap<Editor, { from: number; to: number }>();

export /** Opens the link dialog on the link at the cursor (to edit or remove it), or empty to add one. */
function openLinkDialog(editor: Editor, open: (href?: string | null) => void) {
  const { from, to } = editor.state.selection;
  linkDialogRanges.set(editor, { from, to });
  const href = editor.getAttributes("link").href;
  open(typeof href === "string" ? href : null);
}

/**
 * Sets the link the dialog confirmed (`href`), or removes the one at the cursor (null). With nothing selected
 * and no link at the cursor, the address itself is inserted as the link's text.
 */
function applyLink(editor: Editor, href: string | null) {
  const range = linkDialogRanges.get(editor);
  linkDialogRanges.delete(editor);
  const size = editor.state.doc.content.size;
  if (range && range.to <= size) editor.commands.setTextSelection(range);
  if (href === null) {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  if (editor.state.selection.empty && !editor.isActive("link")) {
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .unsetMark("link")
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
}

/**
 * The document being edited: the post's own typography (post-body's classes, so images keep their size and
 * headings, lists, quotes and links look as readers will see them), the editing frame, a red border while the
 * content is refused, the selected image outlined, and the placeholder of an empty editor.
 */
const EDITOR_CONTENT_CLASS = cn(
  postBodyClassName,
  "min-h-[300px] rounded-md border border-line-input bg-surface px-4 py-3 text-fg",
  "focus-visible:outline-3 focus-visible:outline-brand aria-[invalid=true]:border-danger",
  "[&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-brand",
  // A table scrolls sideways in its own box; the cells of a cell selection are tinted.
  "[&_.tableWrapper]:my-6 [&_.tableWrapper]:max-w-full [&_.tableWrapper]:overflow-x-auto [&_.tableWrapper>table]:my-0",
  "[&_.selectedCell]:bg-brand-soft",
  // An empty paragraph (dir="auto", no letter yet) takes the post's direction, not left to right: the caret and the
  // placeholder of an Arabic post start on the right.
  "[&_.is-empty]:[direction:inherit]",
  "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-start",
  "[&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-fg-subtle",
  "[&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
);
