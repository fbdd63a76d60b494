import { z } from "zod";
import { BLOG_LANGUAGES, SLUG_PATTERN } from "./blog-rules";
import { pathIdSchema } from "./params";

/** How many revisions a post keeps: each save that changes its words adds one, the oldest beyond this goes. */
export const BLOG_REVISIONS_KEPT = 20;

/** `{ slug }` of GET /api/blog/posts/{slug}/revisions. */
export const blogRevisionsParamsSchema = z.object({
  slug: z.string().max(200).regex(SLUG_PATTERN, "must be lower-case letters and digits joined by hyphens"),
});

/** `{ slug, id }` of GET /api/blog/posts/{slug}/revisions/{id}. */
export const blogRevisionParamsSchema = blogRevisionsParamsSchema.extend({ id: pathIdSchema() });

/**
 * One revision in the list: the post's title, tags and language as one save left them, how many words its text
 * had, and when it was saved (ISO 8601). The newest is the post as it is now.
 */
export const blogRevisionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  tags: z.array(z.string()),
  language: z.enum(BLOG_LANGUAGES),
  word_count: z.number().int(),
  created_at: z.string(),
});
export type BlogRevisionSummary = z.infer<typeof blogRevisionSummarySchema>;

/** GET /api/blog/posts/{slug}/revisions: the post's revisions, newest first (at most `BLOG_REVISIONS_KEPT`). */
export const blogRevisionListSchema = z.object({ revisions: z.array(blogRevisionSummarySchema) });
export type BlogRevisionList = z.infer<typeof blogRevisionListSchema>;

/** GET /api/blog/posts/{slug}/revisions/{id}: one revision with its sanitised HTML, to restore in the editor. */
export const blogRevisionSchema = blogRevisionSummarySchema.extend({ content: z.string() });
export type BlogRevision = z.infer<typeof blogRevisionSchema>;
