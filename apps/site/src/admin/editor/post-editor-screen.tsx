import { BLOG_LIMITS, BLOG_MESSAGES } from "@ct/contract/blog-rules";
import {
  type EditorError,
  type InsertBlock,
  isBlankHtml,
  selectDraftRestored,
  selectEditorDraft,
  selectImageUploading,
  selectInsertDialog,
  selectInsertDialogProblem,
  selectInsertDialogValue,
  selectPostContent,
  selectPostDirty,
  selectPostEditorError,
  selectPostEditorMode,
  selectPostEditorPhase,
  selectPostSaving,
  selectPostTags,
  selectPostTitle,
} from "@ct/machines";
import {
  Alert,
  Button,
  EditorToolbar,
  type EditorToolbarLabels,
  InsertDialog,
  PostBody,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TagInput,
  TextField,
} from "@ct/ui";
import { NodeSelection, Selection } from "@tiptap/pm/state";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "../../app/routing";
import { usePostBodyTexts } from "../../blog/texts";
import { browserSessionStore, useAdminSessionEvents, useAdminToken } from "../session";
import { draftStore } from "./draft-store";
import { editorExtensions } from "./extensions";
import { PostEditorActor, PostEditorProvider, usePostEditorEvents } from "./post-editor-actor";

const VALIDATION_KEYS: Record<string, string> = {
  [BLOG_MESSAGES.title]: "admin.editor.validation.title",
  [BLOG_MESSAGES.content]: "admin.editor.validation.content",
  [BLOG_MESSAGES.tags]: "admin.editor.validation.tags",
  [BLOG_MESSAGES.featuredImage]: "admin.editor.validation.featuredImage",
};

/** The text of an editor error (spec section 8); validator messages are translated and joined by ', '. */
function errorText(error: EditorError, t: TFunction): string {
  switch (error.kind) {
    case "load":
      return t("admin.editor.errors.load");
    case "title-required":
      return t("admin.editor.errors.titleRequired");
    case "content-required":
      return t("admin.editor.errors.contentRequired");
    case "invalid":
      return error.messages
        .map((message) => (VALIDATION_KEYS[message] ? t(VALIDATION_KEYS[message]) : message))
        .join(", ");
    case "save":
      return t("admin.editor.errors.save");
    case "conflict":
      return t("admin.editor.errors.conflict");
    case "upload":
      return t("admin.editor.errors.upload");
    case "upload-too-large":
      return t("admin.editor.errors.uploadTooLarge");
  }
}

/** Image files among pasted or dropped files (spec section 5: only types beginning with image are uploaded). */
function imageFiles(files: FileList | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith("image/"));
}

/**
 * Inserts a block at a drop point, or at the cursor. A selected block (one just inserted, say) is not replaced: the
 * new one goes after it. Afterwards the cursor sits after the new block, so the admin writes on below it.
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
    tr.setSelection(Selection.near(tr.doc.resolve(Math.min(after, tr.doc.content.size)), 1));
    return true;
  });
}

/**
 * The blog post editor (spec section 2): /admin/blog/new (slug null) and /admin/blog/edit/{slug}. When the admin
 * session ends with unsaved changes (a 401, the 30-minute expiry, a logout), the fields are kept in this tab, and
 * the editor starts from them when the admin comes back after logging in.
 */
export function PostEditorScreen({ slug }: { slug: string | null }) {
  const location = useLocation();
  const token = useAdminToken();
  const route = location.pathname;
  const [restored] = useState(() => draftStore.read(route));
  useEffect(() => draftStore.discard(route), [route]);
  return (
    <PostEditorProvider slug={slug} restored={restored} token={token}>
      <EditorPage isNew={slug === null} route={route} />
    </PostEditorProvider>
  );
}

function EditorPage({ isNew, route }: { isNew: boolean; route: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useAdminSessionEvents();
  const actor = PostEditorActor.useActorRef();
  const phase = PostEditorActor.useSelector(selectPostEditorPhase);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const events = usePostEditorEvents();

  useEffect(() => {
    if (phase === "done") navigate("/admin/blog");
    // The server refused the token: end the session; the guard sends the admin to login and back here afterwards.
    if (phase === "sessionExpired") session.expire();
  }, [phase, navigate, session]);

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
  return <EditorForm heading={heading} isNew={isNew} />;
}

function Frame({
  heading,
  actions,
  children,
}: {
  heading: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-index px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="m-0 text-3xl font-bold text-brand">{heading}</h1>
        {actions}
      </div>
      <div className="flex flex-col gap-5">{children}</div>
    </main>
  );
}

function EditorForm({ heading, isNew }: { heading: string; isNew: boolean }) {
  const { t, i18n } = useTranslation();
  const actor = PostEditorActor.useActorRef();
  const events = usePostEditorEvents();
  const title = PostEditorActor.useSelector(selectPostTitle);
  const tags = PostEditorActor.useSelector(selectPostTags);
  const content = PostEditorActor.useSelector(selectPostContent);
  const mode = PostEditorActor.useSelector(selectPostEditorMode);
  const saving = PostEditorActor.useSelector(selectPostSaving);
  const uploading = PostEditorActor.useSelector(selectImageUploading);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const restored = PostEditorActor.useSelector(selectDraftRestored);
  const dialog = PostEditorActor.useSelector(selectInsertDialog);
  const dialogValue = PostEditorActor.useSelector(selectInsertDialogValue);
  const dialogProblem = PostEditorActor.useSelector(selectInsertDialogProblem);
  const inserted = useRef(false);

  const [initialContent] = useState(content);
  const extensions = useMemo(
    () => editorExtensions({ placeholder: () => i18n.t("admin.editor.placeholder") }),
    [i18n],
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
        class:
          "min-h-[300px] rounded-md border border-neutral-400 bg-white px-4 py-3 text-neutral-900 focus-visible:outline-3 focus-visible:outline-brand",
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
    onUpdate: ({ editor: current }) => events.changeContent(current.getHTML()),
  });

  // Blocks the machine inserts (uploaded images, dialog results) go into the document here.
  useEffect(() => {
    if (!editor) return;
    const subscription = actor.on("editor.insert", ({ block, position }) => {
      insertBlock(editor, block, position, i18n.t("admin.editor.uploadedImageAlt"));
      if (block.kind !== "image") inserted.current = true;
    });
    return () => subscription.unsubscribe();
  }, [editor, actor, i18n]);

  // A language switch redraws the editor's label and placeholder.
  useEffect(() => {
    if (editor && !editor.isDestroyed)
      editor.view.dispatch(editor.state.tr.setMeta("language", i18n.language));
  }, [editor, i18n.language]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      heading: current?.isActive("heading", { level: 2 }) ?? false,
      bulletList: current?.isActive("bulletList") ?? false,
    }),
  });

  // Spec section 2: the screen renders nothing until the editor is ready.
  if (!editor) return null;

  const dialogKey = dialog === "video" ? "videoDialog" : "diagramDialog";
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      {saving ? (
        <span role="status" className="text-sm text-neutral-700">
          {t("admin.editor.saving")}
        </span>
      ) : null}
      <Button asChild variant="ghost">
        <Link to="/admin/blog">{t("admin.editor.cancel")}</Link>
      </Button>
      <Button variant="secondary" disabled={saving} onClick={() => events.save(false)}>
        {t("admin.editor.saveDraft")}
      </Button>
      <Button disabled={saving} onClick={() => events.save(true)}>
        {isNew ? t("admin.editor.publish") : t("admin.editor.update")}
      </Button>
    </div>
  );

  return (
    <Frame heading={heading} actions={actions}>
      {restored ? <Alert variant="info">{t("admin.editor.restored")}</Alert> : null}
      {error ? (
        <Alert variant="error" className="flex flex-wrap items-start justify-between gap-3">
          <span>{errorText(error, t)}</span>
          <Button variant="ghost" size="sm" onClick={events.dismissError}>
            {t("admin.editor.errors.dismiss")}
          </Button>
        </Alert>
      ) : null}
      <TextField
        label={t("admin.editor.titleLabel")}
        placeholder={t("admin.editor.titlePlaceholder")}
        value={title}
        maxLength={BLOG_LIMITS.titleMax}
        aria-invalid={error?.kind === "title-required" ? true : undefined}
        onChange={(event) => events.changeTitle(event.currentTarget.value)}
      />
      <TagInput
        label={t("admin.editor.tagsLabel")}
        placeholder={t("admin.editor.tagsPlaceholder")}
        tags={tags}
        maxLength={BLOG_LIMITS.tagMax}
        removeLabel={(tag) => t("admin.editor.removeTag", { tag })}
        onAdd={events.addTag}
        onRemove={events.removeTag}
      />
      <Tabs
        value={mode}
        onValueChange={(value) => events.selectMode(value === "preview" ? "preview" : "edit")}
      >
        <TabsList aria-label={t("admin.editor.modes.label")}>
          <TabsTrigger value="edit">{t("admin.editor.modes.edit")}</TabsTrigger>
          <TabsTrigger value="preview">{t("admin.editor.modes.preview")}</TabsTrigger>
        </TabsList>
        {/* Kept mounted in preview: the document, its selection and its undo history stay as they were. */}
        {/* Not a tab stop itself: the toolbar and the editor inside it are. */}
        <TabsContent
          value="edit"
          forceMount
          tabIndex={-1}
          className="flex flex-col gap-2 data-[state=inactive]:hidden"
        >
          <EditorToolbar
            labels={t("admin.editor.toolbar", { returnObjects: true }) as EditorToolbarLabels}
            active={active ?? {}}
            uploading={uploading}
            onBold={() => editor.chain().focus().toggleBold().run()}
            onItalic={() => editor.chain().focus().toggleItalic().run()}
            onHeading={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
            onBulletList={() => editor.chain().focus().toggleBulletList().run()}
            onImageFiles={(files) => {
              for (const file of files) events.uploadImage(file);
            }}
            onInsertDiagram={events.openDiagramDialog}
            onInsertVideo={events.openVideoDialog}
          />
          {uploading ? (
            <p role="status" className="m-0 text-sm text-neutral-700">
              {t("admin.editor.uploading")}
            </p>
          ) : null}
          <EditorContent editor={editor} className={EDITOR_CONTENT_CLASS} />
        </TabsContent>
        <TabsContent value="preview">
          <PostPreview html={content} />
        </TabsContent>
      </Tabs>
      <InsertDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) events.cancelDialog();
        }}
        title={t(`admin.editor.${dialogKey}.title`)}
        description={t(`admin.editor.${dialogKey}.description`)}
        inputLabel={t(`admin.editor.${dialogKey}.label`)}
        placeholder={t(`admin.editor.${dialogKey}.placeholder`)}
        value={dialogValue}
        onValueChange={events.changeDialogValue}
        onConfirm={events.confirmDialog}
        cancelLabel={t("admin.editor.dialog.cancel")}
        insertLabel={t("admin.editor.dialog.insert")}
        error={dialogProblem ? t(`admin.editor.${dialogKey}.invalid`) : null}
        onCloseAutoFocus={(event) => {
          if (!inserted.current) return;
          // After an insert the admin goes on writing below the new block.
          inserted.current = false;
          event.preventDefault();
          editor.commands.focus();
        }}
      />
    </Frame>
  );
}

/** Typography of the document being edited, and the placeholder of an empty editor. */
const EDITOR_CONTENT_CLASS = [
  "[&_.ProseMirror]:flex [&_.ProseMirror]:flex-col [&_.ProseMirror]:gap-3 [&_.ProseMirror]:leading-relaxed",
  "[&_h1]:m-0 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:m-0 [&_h2]:text-2xl [&_h2]:font-bold",
  "[&_h3]:m-0 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:m-0 [&_h4]:font-bold [&_h5]:m-0 [&_h6]:m-0 [&_p]:m-0",
  "[&_ul]:m-0 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:m-0 [&_ol]:list-decimal [&_ol]:ps-6",
  "[&_blockquote]:m-0 [&_blockquote]:border-s-4 [&_blockquote]:border-neutral-300 [&_blockquote]:ps-4",
  "[&_img]:h-auto [&_img]:max-w-full [&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-brand",
  "[&_a]:text-brand [&_a]:underline",
  "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-start",
  "[&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-neutral-600",
  "[&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
].join(" ");

/** Spec section 2: Preview renders the current HTML as readers will see it. */
function PostPreview({ html }: { html: string }) {
  const { t } = useTranslation();
  const texts = usePostBodyTexts();
  if (isBlankHtml(html)) return <p className="m-0 text-neutral-700">{t("admin.editor.previewEmpty")}</p>;
  return (
    <PostBody
      html={html}
      className="rounded-md border border-neutral-200 bg-white px-4 py-3"
      diagram={texts.diagram}
      video={texts.video}
    />
  );
}
