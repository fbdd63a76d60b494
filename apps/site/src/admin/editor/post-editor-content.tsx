import { type BlogLanguage, blogLanguageDirection } from "@ct/contract/blog-rules";
import { isBlankHtml, selectPostContent, selectPostEditorMode, selectPostLanguage } from "@ct/machines";
import { PostBody, Tabs, TabsContent, TabsList, TabsTrigger } from "@ct/ui";
import { type Editor, EditorContent } from "@tiptap/react";
import { useTranslation } from "react-i18next";
import { usePostBodyTexts } from "../../blog/texts";
import type { ImageDetailsStore } from "./image-details-dialog";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";
import { PostLength } from "./post-editor-length";
import { PostToolbar } from "./post-editor-toolbar";

/** The post's content: Edit (the toolbar and the document) and Preview (the post as readers will see it), as tabs. */
export function ContentTabs({ editor, imageDetails }: { editor: Editor; imageDetails: ImageDetailsStore }) {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const mode = PostEditorActor.useSelector(selectPostEditorMode);
  const content = PostEditorActor.useSelector(selectPostContent);
  const language = PostEditorActor.useSelector(selectPostLanguage);
  return (
    <Tabs value={mode} onValueChange={(value) => events.selectMode(value === "preview" ? "preview" : "edit")}>
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
        <PostToolbar editor={editor} imageDetails={imageDetails} />
        <EditorContent editor={editor} />
        <PostLength editor={editor} />
      </TabsContent>
      <TabsContent value="preview">
        <PostPreview html={content} language={language} />
      </TabsContent>
    </Tabs>
  );
}

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
      table={texts.table}
    />
  );
}
