/**
 * A post's settings beyond its words (issue 37): a custom excerpt, SEO title and description, a social image, and
 * the time a scheduled post goes out. Free of zod, like blog-rules.ts (which re-exports this file), so the editor
 * and the server check them with the same rules.
 */

/** Bounds of the settings. The SEO ones are about what search engines show (≈60 and ≈160 characters) with room. */
export const BLOG_SETTINGS_LIMITS = {
  excerptMax: 300,
  seoTitleMax: 120,
  seoDescriptionMax: 300,
  imageUrlMax: 2000,
  /** How far ahead a post can be scheduled, in days. */
  scheduleDaysMax: 3660,
} as const;

/** The server's messages for refused settings (the site translates them: apps/site/src/admin/editor). */
export const BLOG_SETTINGS_MESSAGES = {
  excerptMax: `Excerpt must be at most ${BLOG_SETTINGS_LIMITS.excerptMax} characters long`,
  seoTitleMax: `SEO title must be at most ${BLOG_SETTINGS_LIMITS.seoTitleMax} characters long`,
  seoDescriptionMax: `SEO description must be at most ${BLOG_SETTINGS_LIMITS.seoDescriptionMax} characters long`,
  socialImage: "Social image must be a valid URL",
  publishAtInvalid: "Publish time must be a date and time",
  publishAtPast: "Publish time must be in the future",
  publishAtFar: "Publish time must be within ten years",
} as const;

/** The settings of a post as the API carries them; null (or "") is none. */
export interface BlogPostSettings {
  custom_excerpt?: string | null | undefined;
  seo_title?: string | null | undefined;
  seo_description?: string | null | undefined;
  social_image?: string | null | undefined;
}

/** A post's status: a draft, scheduled (not public until its publish time), or published. */
export function blogPostStatusOf(post: { published: boolean; publish_at?: string | null | undefined }) {
  if (post.published) return "published" as const;
  return post.publish_at ? ("scheduled" as const) : ("draft" as const);
}

/** Length in characters as a reader counts them (an emoji or an Arabic letter with its mark counts once per code point). */
function length(text: string | null | undefined): number {
  return Array.from((text ?? "").trim()).length;
}

/**
 * The messages of settings that cannot be stored (the images are checked by `isImageUrl`, given to keep this file
 * free of the URL rules). Empty when they can.
 */
export function validatePostSettings(
  settings: BlogPostSettings,
  isImageUrl: (value: string) => boolean,
): string[] {
  const messages: string[] = [];
  if (length(settings.custom_excerpt) > BLOG_SETTINGS_LIMITS.excerptMax)
    messages.push(BLOG_SETTINGS_MESSAGES.excerptMax);
  if (length(settings.seo_title) > BLOG_SETTINGS_LIMITS.seoTitleMax)
    messages.push(BLOG_SETTINGS_MESSAGES.seoTitleMax);
  if (length(settings.seo_description) > BLOG_SETTINGS_LIMITS.seoDescriptionMax)
    messages.push(BLOG_SETTINGS_MESSAGES.seoDescriptionMax);
  const image = settings.social_image?.trim() ?? "";
  if (image !== "" && (image.length > BLOG_SETTINGS_LIMITS.imageUrlMax || !isImageUrl(image)))
    messages.push(BLOG_SETTINGS_MESSAGES.socialImage);
  return messages;
}

/**
 * The problem with a publish time (ISO 8601) for a post scheduled at `now`, or null: it must be a real instant,
 * later than now and within the bound. `unchanged` (the time the post is already scheduled for) is accepted even
 * once it has passed: the scheduler publishes it within its interval, and saving the post meanwhile must not fail.
 */
export function publishAtProblem(value: string, now: Date, unchanged?: string | null): string | null {
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || !Number.isFinite(time))
    return BLOG_SETTINGS_MESSAGES.publishAtInvalid;
  if (unchanged && Date.parse(unchanged) === time) return null;
  if (time <= now.getTime()) return BLOG_SETTINGS_MESSAGES.publishAtPast;
  if (time - now.getTime() > BLOG_SETTINGS_LIMITS.scheduleDaysMax * 24 * 60 * 60 * 1000)
    return BLOG_SETTINGS_MESSAGES.publishAtFar;
  return null;
}
