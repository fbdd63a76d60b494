import { z } from "zod";
import {
  BLOG_BULK_ACTIONS,
  BLOG_BULK_MAX,
  BLOG_LANGUAGES,
  BLOG_LIMITS,
  BLOG_MAX_PAGE_SIZE,
  BLOG_PAGE_SIZE,
  BLOG_POST_STATUSES,
  BLOG_SETTINGS_LIMITS,
  BLOG_SETTINGS_MESSAGES,
  isValidImageUrl,
  SLUG_PATTERN,
} from "./blog-rules";
import { queryIntegerSchema } from "./params";

export * from "./blog-rules";

/** A boolean query flag: `true`/`false`/`1`/`0`. */
const queryFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** A post's language: `en` or `ar`. */
export const blogLanguageSchema = z.enum(BLOG_LANGUAGES);

/** A post's status, and the admin's list filter: `draft`, `scheduled` or `published` (see BLOG_POST_STATUSES). */
export const blogPostStatusSchema = z.enum(BLOG_POST_STATUSES);

/**
 * GET /api/blog/posts: spec section 7. Public callers only ever get published posts, whatever they ask.
 * `language_first` (the reader's language) lists the posts in that language first, then the others, each group
 * newest first; pages run over that order. Without it, posts are newest first whatever their language.
 * `status` (`draft`, `scheduled` or `published`; left out, all) filters an admin's list and is ignored for anyone else; an
 * unknown status is a 400.
 */
export const blogListQuerySchema = z.object({
  page: queryIntegerSchema({ min: 1, max: 100_000 }).default(1),
  per_page: queryIntegerSchema({ min: 1, max: BLOG_MAX_PAGE_SIZE }).default(BLOG_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(BLOG_LIMITS.tagMax).optional(),
  published_only: queryFlag.optional(),
  language_first: blogLanguageSchema.optional(),
  status: blogPostStatusSchema.optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

const slugSchema = z
  .string()
  .max(200)
  .regex(SLUG_PATTERN, "must be lower-case letters and digits joined by hyphens");

export const blogSlugParamsSchema = z.object({ slug: slugSchema });

/** One post in a list: everything but the body, plus its excerpt. */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  featured_image: z.string().nullable(),
  /** The language the post is written in. */
  language: blogLanguageSchema,
  published: z.boolean(),
  /** `published`, `scheduled` (not public until `publish_at`) or `draft`. */
  status: blogPostStatusSchema,
  /** ISO 8601 (UTC): when a scheduled post goes out; null for any other. */
  publish_at: z.string().nullable(),
  /** ISO 8601; set on first publish, null for a post never published. */
  published_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/**
 * A whole post: the summary plus its sanitised HTML body and its settings: the excerpt the admin wrote (the
 * summary's `excerpt` is it, else one derived from the body), the SEO title and description of its page's head and
 * the social image of its link previews (each null when none: the title, the excerpt and the featured image then).
 */
export const blogPostSchema = blogPostSummarySchema.extend({
  content: z.string(),
  custom_excerpt: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  social_image: z.string().nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  total_pages: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type BlogList = z.infer<typeof blogListSchema>;

/**
 * Body of POST /api/blog/posts and PUT /api/blog/posts/{slug}: the editor's payload (spec section 3). The spec's
 * validator runs on it too (`validateBlogPost`, answered as one 400 whose message joins its messages with ', ').
 * - `slug` is used on create (else derived from the title); a taken slug gets a numeric suffix. Ignored on update:
 *   a post keeps its slug.
 * - `updated_at` on update is the version the editor loaded: when the stored post changed since, the answer is
 *   409 and nothing is written. Omit it to overwrite regardless (scripts).
 * - `author`, `created_at` are accepted and ignored: the author is always 'Admin', the server keeps the times.
 * - `language` (`en` or `ar`): on create, when left out, the one most of the title's and text's letters are in;
 *   on update, when left out, the post keeps its own.
 */
/** A setting's text: at most `max` characters once trimmed; null or "" is none. */
const settingText = (max: number, message: string) =>
  z
    .string()
    .refine((value) => Array.from(value.trim()).length <= max, message)
    .nullable()
    .optional();

/** An image of the settings: an https address or a path of this site; null or "" is none. */
const settingImage = (message: string) =>
  z
    .string()
    .refine(
      (value) =>
        value.trim() === "" ||
        (value.length <= BLOG_SETTINGS_LIMITS.imageUrlMax && isValidImageUrl(value.trim())),
      message,
    )
    .nullable()
    .optional();

/** A date and time with its offset (`2026-12-01T09:30:00.000Z`, `...+03:00`). */
const publishAtSchema = z
  .string()
  .max(40, BLOG_SETTINGS_MESSAGES.publishAtInvalid)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      Number.isFinite(Date.parse(value)),
    BLOG_SETTINGS_MESSAGES.publishAtInvalid,
  );

export const blogPostInputSchema = z.object({
  // Optional here so that a missing title or content gets the validator's message, not a schema error.
  title: z.unknown().optional(),
  content: z.unknown().optional(),
  tags: z.unknown().optional(),
  published: z.boolean().default(false),
  language: blogLanguageSchema.optional(),
  featured_image: z.string().max(2000).nullable().optional(),
  /** The settings (see blogPostSchema); on update, one left out keeps its value, null or "" clears it. */
  custom_excerpt: settingText(BLOG_SETTINGS_LIMITS.excerptMax, BLOG_SETTINGS_MESSAGES.excerptMax),
  seo_title: settingText(BLOG_SETTINGS_LIMITS.seoTitleMax, BLOG_SETTINGS_MESSAGES.seoTitleMax),
  seo_description: settingText(
    BLOG_SETTINGS_LIMITS.seoDescriptionMax,
    BLOG_SETTINGS_MESSAGES.seoDescriptionMax,
  ),
  social_image: settingImage(BLOG_SETTINGS_MESSAGES.socialImage),
  /**
   * With `published: false`, schedules the post for this time (later than now: an earlier one is a 400 'Publish
   * time must be in the future'); null makes it a draft again. Left out on update, a scheduled post keeps its time.
   * Ignored with `published: true`, which publishes now.
   */
  publish_at: publishAtSchema.nullable().optional(),
  slug: z.string().max(200).optional(),
  author: z.string().max(100).optional(),
  created_at: z.string().max(40).optional(),
  updated_at: z.string().max(40).optional(),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

/** GET /api/blog/tags query: `include_drafts=true` counts the drafts' tags too, for an admin only. */
export const blogTagsQuerySchema = z.object({ include_drafts: queryFlag.optional() });

/** GET /api/blog/tags: tags of published posts with how many posts carry each, most used first. */
export const blogTagsSchema = z.object({
  tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type BlogTags = z.infer<typeof blogTagsSchema>;

/** POST /api/blog/upload-image answer: a site path (`/uploads/<random>.<ext>`). */
export const blogUploadSchema = z.object({ url: z.string() });

/**
 * Body of POST /api/blog/posts/bulk: one action on up to 100 posts (by slug; a slug given twice counts once). All
 * or nothing: a slug no post has is a 404 naming it, and nothing changes.
 */
export const blogBulkInputSchema = z.object({
  action: z.enum(BLOG_BULK_ACTIONS),
  slugs: z.array(slugSchema).min(1).max(BLOG_BULK_MAX),
});
export type BlogBulkInput = z.infer<typeof blogBulkInputSchema>;

/**
 * Answer of POST /api/blog/posts/bulk: the posts the action changed and those it left as they were (publishing a
 * published post), each in the order given.
 */
export const blogBulkResultSchema = z.object({
  action: z.enum(BLOG_BULK_ACTIONS),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
});
export type BlogBulkResult = z.infer<typeof blogBulkResultSchema>;
