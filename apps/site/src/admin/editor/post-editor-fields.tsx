import { BLOG_LIMITS, blogLanguageDirection } from "@ct/contract/blog-rules";
import { selectPostEditorError, selectPostLanguage, selectPostTags, selectPostTitle } from "@ct/machines";
import { TagInput, TextField } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

/**
 * The post's title (written in the post's language and direction, marked invalid while 'Title is required' shows)
 * and its tags. Its slug and its language are in the settings panel (post-editor-settings.tsx), as Ghost has them.
 */
export function PostFields() {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const title = PostEditorActor.useSelector(selectPostTitle);
  const language = PostEditorActor.useSelector(selectPostLanguage);
  const direction = blogLanguageDirection(language);
  const tags = PostEditorActor.useSelector(selectPostTags);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  return (
    <>
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
      <TagInput
        label={t("admin.editor.tagsLabel")}
        placeholder={t("admin.editor.tagsPlaceholder")}
        tags={tags}
        maxLength={BLOG_LIMITS.tagMax}
        removeLabel={(tag) => t("admin.editor.removeTag", { tag })}
        duplicateMessage={(tag) => t("admin.postList.tags.duplicate", { tag })}
        onAdd={events.addTag}
        onRemove={events.removeTag}
      />
    </>
  );
}
