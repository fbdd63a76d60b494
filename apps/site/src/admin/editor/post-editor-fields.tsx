import {
  BLOG_LANGUAGES,
  BLOG_LIMITS,
  type BlogLanguage,
  blogLanguageDirection,
  slugify,
} from "@ct/contract/blog-rules";
import {
  selectPostEditorError,
  selectPostLanguage,
  selectPostSlugInput,
  selectPostTags,
  selectPostTitle,
} from "@ct/machines";
import { SelectField, TagInput, TextField } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";

/**
 * The post's title (written in the post's language and direction, marked invalid while 'Title is required' shows),
 * its slug (its address: empty on a new post, whose address comes from the title; saving renames the post), its
 * language and its tags.
 */
export function PostFields() {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const title = PostEditorActor.useSelector(selectPostTitle);
  const language = PostEditorActor.useSelector(selectPostLanguage);
  const direction = blogLanguageDirection(language);
  const tags = PostEditorActor.useSelector(selectPostTags);
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const slugInput = PostEditorActor.useSelector(selectPostSlugInput);
  const address = `/blog/${slugify(slugInput) || slugify(title.trim()) || "…"}`;
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
      <TextField
        data-slot="post-slug"
        label={t("admin.editor.slugLabel")}
        // The address isolated left to right (LRI … PDI): in an Arabic sentence its first slash stayed right of "blog".
        hint={t("admin.editor.slugHint", { address: `\u2066${address}\u2069` })}
        placeholder={slugify(title.trim())}
        value={slugInput}
        dir="auto"
        maxLength={200}
        spellCheck={false}
        onChange={(event) => events.changeSlug(event.currentTarget.value)}
        onBlur={(event) => {
          const slug = slugify(event.currentTarget.value);
          if (slug !== event.currentTarget.value && slug !== "") events.changeSlug(slug);
        }}
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
        duplicateMessage={(tag) => t("admin.postList.tags.duplicate", { tag })}
        onAdd={events.addTag}
        onRemove={events.removeTag}
      />
    </>
  );
}
