import {
  BLOG_LANGUAGES,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type BlogLanguage,
  blogLanguageDirection,
} from "@ct/contract/blog-rules";
import {
  type EditorError,
  type InsertBlock,
  isBlankHtml,
  type PostStatus,
  selectDraftRestored,
  selectEditorDraft,
  selectImageUploading,
  selectInsertDialog,
  selectInsertDialogEditing,
  selectInsertDialogProblem,
  selectInsertDialogValue,
  selectPostContent,
  selectPostDirty,
  selectPostEditorError,
  selectPostEditorMode,
  selectPostEditorPhase,
  selectPostLanguage,
  selectPostSaving,
  selectPostStatus,
  selectPostTags,
  selectPostTitle,
} from "@ct/machines";
import {
  Alert,
  Button,
  cn,
  EditorToolbar,
  type EditorToolbarCommand,
  type EditorToolbarLabels,
  InsertDialog,
  PostBody,
  postBodyClassName,
  SelectField,
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
  const { i18n } = useTranslation();
  const location = useLocation();
  const token = useAdminToken();
  const route = location.pathname;
  const [restored] = useState(() => draftStore.read(route));
  useEffect(() => draftStore.discard(route), [route]);
  return (
    <PostEditorProvider
      slug={slug}
      restored={restored}
      token={token}
      language={i18n.language === "ar" ? "ar" : "en"}
    >
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
  return <EditorForm heading={heading} />;
}

function Frame({
  heading,
  status,
  actions,
  children,
}: {
  heading: string;
  /** The post's status, shown beside the heading once the post is known. */
  status?: PostStatus;
  actions?: ReactNode;
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
      <div className="flex flex-col gap-5">{children}</div>
    </main>
  );
}

/** Published (green) or Draft (yellow), as the admin list shows them. */
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
          : "bg-warning-muted text-warning-strong",
      )}
    >
      <span className="sr-only">{t("admin.editor.status.label")}: </span>
      {t(`admin.editor.status.${status}`)}
    </p>
  );
}

/** "Ctrl" in the tooltips' shortcuts, "⌘" on Apple systems. */
function modifierKey(): string {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";
}

/** Opens the link dialog on the link at the cursor (to edit or remove it), or empty to add one. */
function openLinkDialog(editor: Editor, open: (href?: string | null) => void) {
  const href = editor.getAttributes("link").href;
  open(typeof href === "string" ? href : null);
}

/**
 * Sets the link the dialog confirmed (`href`), or removes the one at the cursor (null). With nothing selected
 * and no link at the cursor, the address itself is inserted as the link's text.
 */
function applyLink(editor: Editor, href: string | null) {
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

function EditorForm({ heading }: { heading: string }) {
  const { t, i18n } = useTranslation();
  const actor = PostEditorActor.useActorRef();
  const events = usePostEditorEvents();
  const title = PostEditorActor.useSelector(selectPostTitle);
  const language = PostEditorActor.useSelector(selectPostLanguage);
  const direction = blogLanguageDirection(language);
  const tags = PostEditorActor.useSelector(selectPostTags);
  const content = PostEditorActor.useSelector(selectPostContent);
  const mode = PostEditorActor.useSelector(selectPostEditorMode);
  const saving = PostEditorActor.useSelector(selectPostSaving);
  const uploading = PostEditorActor.useSelector(selectImageUploading);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const restored = PostEditorActor.useSelector(selectDraftRestored);
  const status = PostEditorActor.useSelector(selectPostStatus);
  const dialog = PostEditorActor.useSelector(selectInsertDialog);
  const dialogValue = PostEditorActor.useSelector(selectInsertDialogValue);
  const dialogProblem = PostEditorActor.useSelector(selectInsertDialogProblem);
  const dialogEditing = PostEditorActor.useSelector(selectInsertDialogEditing);
  const inserted = useRef(false);
  // Read by the editor's attributes: the content is marked invalid while 'Content is required' shows.
  const contentInvalid = useRef(false);
  contentInvalid.current = error?.kind === "content-required";
  // A new post starts in the interface language, and follows it until the admin touches the post.
  const interfaceLanguage = i18n.language === "ar" ? "ar" : "en";
  useEffect(() => events.suggestLanguage(interfaceLanguage), [events, interfaceLanguage]);
  // Read by the editor's attributes too: the body is written in the post's language and direction.
  const contentLanguage = useRef(language);
  contentLanguage.current = language;

  const [initialContent] = useState(content);
  const extensions = useMemo(
    () =>
      editorExtensions({
        placeholder: () => i18n.t("admin.editor.placeholder"),
        onLink: (current) => openLinkDialog(current, events.openLinkDialog),
      }),
    [i18n, events],
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
    onUpdate: ({ editor: current }) => events.changeContent(current.getHTML()),
  });

  // Blocks the machine inserts (uploaded images, dialog results) and links go into the document here.
  useEffect(() => {
    if (!editor) return;
    const insertions = actor.on("editor.insert", ({ block, position }) => {
      insertBlock(editor, block, position, i18n.t("admin.editor.uploadedImageAlt"));
      if (block.kind !== "image") inserted.current = true;
    });
    const links = actor.on("editor.link", ({ href }) => {
      applyLink(editor, href);
      inserted.current = true;
    });
    return () => {
      insertions.unsubscribe();
      links.unsubscribe();
    };
  }, [editor, actor, i18n]);

  // A language switch redraws the editor's label and placeholder; an error redraws its invalid mark; the post's
  // language its lang and direction.
  const contentError = error?.kind === "content-required";
  useEffect(() => {
    if (editor && !editor.isDestroyed)
      editor.view.dispatch(editor.state.tr.setMeta("attributes", [i18n.language, contentError, language]));
  }, [editor, i18n.language, contentError, language]);

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
      },
      canUndo: current?.can().undo() ?? false,
      canRedo: current?.can().redo() ?? false,
    }),
  });

  // Spec section 2: the screen renders nothing until the editor is ready.
  if (!editor) return null;

  const dialogKey = dialog === "video" ? "videoDialog" : dialog === "link" ? "linkDialog" : "diagramDialog";
  // An edit keeps the post's state: a draft is saved as a draft (or published), a published post is updated (or
  // unpublished, which saves it as a draft).
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      {saving ? (
        <span role="status" className="text-sm text-fg-muted">
          {t("admin.editor.saving")}
        </span>
      ) : null}
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
      ) : (
        <>
          <Button variant="secondary" disabled={saving} onClick={events.save}>
            {t("admin.editor.saveDraft")}
          </Button>
          <Button disabled={saving} onClick={events.publish}>
            {t("admin.editor.publish")}
          </Button>
        </>
      )}
    </div>
  );

  return (
    <Frame heading={heading} status={status} actions={actions}>
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
        dir={direction}
        lang={language}
        maxLength={BLOG_LIMITS.titleMax}
        aria-invalid={error?.kind === "title-required" ? true : undefined}
        onChange={(event) => events.changeTitle(event.currentTarget.value)}
      />
      <SelectField<BlogLanguage>
        data-slot="post-language"
        label={t("admin.editor.languageLabel")}
        value={language}
        options={BLOG_LANGUAGES.map((value) => ({ value, label: t(`admin.editor.languages.${value}`) }))}
        onValueChange={events.changeLanguage}
        className="md:max-w-64"
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
            onImageFiles={(files) => {
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
          <EditorContent editor={editor} />
        </TabsContent>
        <TabsContent value="preview">
          <PostPreview html={content} language={language} />
        </TabsContent>
      </Tabs>
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
    </Frame>
  );
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
  "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-start",
  "[&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-fg-subtle",
  "[&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
);

/** Spec section 2: Preview renders the current HTML as readers will see it. */
function PostPreview({ html, language }: { html: string; language: BlogLanguage }) {
  const { t } = useTranslation();
  const texts = usePostBodyTexts();
  if (isBlankHtml(html)) return <p className="m-0 text-fg-muted">{t("admin.editor.previewEmpty")}</p>;
  return (
    <PostBody
      html={html}
      dir={blogLanguageDirection(language)}
      lang={language}
      className="rounded-md border border-line bg-surface px-4 py-3"
      diagram={texts.diagram}
      video={texts.video}
    />
  );
}
