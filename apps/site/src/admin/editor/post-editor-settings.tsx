import {
  BLOG_LANGUAGES,
  BLOG_SETTINGS_LIMITS,
  BLOG_SETTINGS_MESSAGES,
  type BlogLanguage,
  slugify,
} from "@ct/contract/blog-rules";
import {
  type EditorError,
  type PostSettingField,
  selectPostEditorError,
  selectPostLanguage,
  selectPostSettings,
  selectPostSlugInput,
  selectPostStatus,
  selectPostTitle,
  selectPublishAt,
  selectScheduleInput,
} from "@ct/machines";
import {
  Disclosure,
  DisclosureContent,
  DisclosureTrigger,
  formatDateTime,
  isolateLtr,
  SelectField,
  TextField,
} from "@ct/ui";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SLUG_TAKEN_MESSAGE } from "../../api/blog-admin";
import { PostEditorActor, usePostEditorEvents } from "./post-editor-actor";
import { count, ImageSetting, TextAreaField } from "./post-editor-setting-fields";

/** Which settings field each server message is about: the field is marked invalid while it shows. */
const FIELD_OF_MESSAGE: Record<string, PostSettingField | "publishAt" | "slug"> = {
  [SLUG_TAKEN_MESSAGE]: "slug",
  [BLOG_SETTINGS_MESSAGES.excerptMax]: "excerpt",
  [BLOG_SETTINGS_MESSAGES.seoTitleMax]: "seoTitle",
  [BLOG_SETTINGS_MESSAGES.seoDescriptionMax]: "seoDescription",
  [BLOG_SETTINGS_MESSAGES.socialImage]: "socialImage",
  [BLOG_SETTINGS_MESSAGES.publishAtInvalid]: "publishAt",
  [BLOG_SETTINGS_MESSAGES.publishAtPast]: "publishAt",
  [BLOG_SETTINGS_MESSAGES.publishAtFar]: "publishAt",
};

function invalidFields(error: EditorError | null): Set<string> {
  if (error?.kind !== "invalid") return new Set();
  return new Set(error.messages.flatMap((message) => FIELD_OF_MESSAGE[message] ?? []));
}

/** The admin's time zone, as the browser knows it ("Asia/Riyadh"). */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local input shows it: the admin's local date and time. */
function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const seconds = d.getSeconds() === 0 ? "" : `:${pad(d.getSeconds())}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}

/** A datetime-local value (the admin's local time) as an instant (ISO 8601, UTC); null when empty or partial. */
function instantOf(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The post's settings (issue 37): its address (slug) and language, when it is published, its excerpt, featured
 * image, SEO title and description and social image. A side panel beside the post from 992 px on; below it on a
 * smaller screen, folded behind a "Post settings" button. It comes after the post in the page (and the tab order),
 * so the keyboard reaches the title, tags and text first. When the server refuses one of its fields (a slug another
 * post has, a publish time in the past, an excerpt too long), the panel unfolds and that field takes the focus:
 * folded on a phone, the field at fault would otherwise be out of sight.
 */
export function PostSettingsPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const error = PostEditorActor.useSelector(selectPostEditorError);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (invalidFields(error).size === 0) return;
    focusPending.current = true;
    setOpen(true);
  }, [error]);
  // After the render that shows the panel (or at once when it already shows): the first field marked invalid.
  useEffect(() => {
    if (!focusPending.current || !open) return;
    focusPending.current = false;
    panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  return (
    <Disclosure
      fold="lg"
      open={open}
      onOpenChange={setOpen}
      className="flex flex-col gap-3 lg:sticky lg:top-4"
    >
      <DisclosureTrigger data-slot="post-settings-toggle" className="self-start">
        {t("admin.postSettings.toggle")}
      </DisclosureTrigger>
      <DisclosureContent>
        <section
          ref={panel}
          aria-labelledby={headingId}
          data-slot="post-settings"
          className="flex flex-col gap-5 rounded-lg border border-line bg-surface p-4"
        >
          <h2 id={headingId} className="m-0 text-lg font-semibold text-fg">
            {t("admin.postSettings.heading")}
          </h2>
          <AddressSettings />
          <PublishingSettings />
          <ContentSettings />
        </section>
      </DisclosureContent>
    </Disclosure>
  );
}

/**
 * The post's slug (its address: empty on a new post, whose address comes from the title; saving renames the post,
 * the old address leading to the new one) and its language (its title and text's direction, the blog's filter).
 */
function AddressSettings() {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const title = PostEditorActor.useSelector(selectPostTitle);
  const language = PostEditorActor.useSelector(selectPostLanguage);
  const slugInput = PostEditorActor.useSelector(selectPostSlugInput);
  const invalid = invalidFields(PostEditorActor.useSelector(selectPostEditorError));
  const address = `/blog/${slugify(slugInput) || slugify(title.trim()) || "…"}`;
  return (
    <fieldset data-slot="post-address" className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
      <legend className="mb-2 p-0 text-base font-semibold text-fg">
        {t("admin.postSettings.addressHeading")}
      </legend>
      <TextField
        data-slot="post-slug"
        label={t("admin.editor.slugLabel")}
        // The address isolated left to right (LRI … PDI): in an Arabic sentence its first slash stayed right of "blog".
        hint={t("admin.editor.slugHint", { address: isolateLtr(address) })}
        placeholder={slugify(title.trim())}
        value={slugInput}
        dir="auto"
        maxLength={200}
        spellCheck={false}
        aria-invalid={invalid.has("slug") ? true : undefined}
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
      />
    </fieldset>
  );
}

/** The publish time: picked in local time for a draft or a scheduled post; a published post says it is live. */
function PublishingSettings() {
  const { t, i18n } = useTranslation();
  const events = usePostEditorEvents();
  const status = PostEditorActor.useSelector(selectPostStatus);
  const scheduleInput = PostEditorActor.useSelector(selectScheduleInput);
  const publishAt = PostEditorActor.useSelector(selectPublishAt);
  const invalid = invalidFields(PostEditorActor.useSelector(selectPostEditorError));
  const zone = timeZone();
  return (
    <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-2 p-0 text-base font-semibold text-fg">
        {t("admin.postSettings.scheduleHeading")}
      </legend>
      {status === "published" ? (
        <p className="m-0 text-sm text-fg-muted">{t("admin.postSettings.publishedNote")}</p>
      ) : (
        <>
          <TextField
            data-slot="post-publish-at"
            type="datetime-local"
            label={t("admin.postSettings.publishAtLabel")}
            hint={t("admin.postSettings.publishAtHint", { zone })}
            defaultValue={localInputValue(scheduleInput)}
            aria-invalid={invalid.has("publishAt") ? true : undefined}
            onChange={(event) => events.changeSchedule(instantOf(event.currentTarget.value))}
          />
          {status === "scheduled" && publishAt ? (
            <p data-slot="post-scheduled-for" className="m-0 text-sm font-semibold text-fg-soft">
              {t("admin.postSettings.scheduledFor", { time: formatDateTime(i18n.language, publishAt), zone })}
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}

/** The excerpt, the images and the SEO texts. */
function ContentSettings() {
  const { t } = useTranslation();
  const events = usePostEditorEvents();
  const settings = PostEditorActor.useSelector(selectPostSettings);
  const invalid = invalidFields(PostEditorActor.useSelector(selectPostEditorError));
  const change = (field: PostSettingField) => (value: string) => events.changeSetting(field, value);
  return (
    <>
      <TextAreaField
        data-slot="post-excerpt"
        label={t("admin.postSettings.excerptLabel")}
        hint={t("admin.postSettings.excerptHint")}
        value={settings.excerpt}
        max={BLOG_SETTINGS_LIMITS.excerptMax}
        invalid={invalid.has("excerpt")}
        onValue={change("excerpt")}
      />
      <ImageSetting field="featuredImage" value={settings.featuredImage} invalid={false} />
      <fieldset className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
        <legend className="mb-2 p-0 text-base font-semibold text-fg">
          {t("admin.postSettings.seoHeading")}
        </legend>
        <TextField
          data-slot="post-seo-title"
          label={t("admin.postSettings.seoTitleLabel")}
          hint={`${t("admin.postSettings.seoTitleHint")} ${count(t, settings.seoTitle, BLOG_SETTINGS_LIMITS.seoTitleMax)}`}
          value={settings.seoTitle}
          dir="auto"
          aria-invalid={invalid.has("seoTitle") ? true : undefined}
          onChange={(event) => change("seoTitle")(event.currentTarget.value)}
        />
        <TextAreaField
          data-slot="post-seo-description"
          label={t("admin.postSettings.seoDescriptionLabel")}
          hint={t("admin.postSettings.seoDescriptionHint")}
          value={settings.seoDescription}
          max={BLOG_SETTINGS_LIMITS.seoDescriptionMax}
          invalid={invalid.has("seoDescription")}
          onValue={change("seoDescription")}
        />
        <ImageSetting field="socialImage" value={settings.socialImage} invalid={invalid.has("socialImage")} />
      </fieldset>
    </>
  );
}
