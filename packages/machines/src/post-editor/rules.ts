import { BLOG_AUTHOR, BLOG_LIMITS, slugify, validateBlogPost } from "@ct/contract/blog-rules";
import type { EditorError, PostPayload } from "./types";

/**
 * True when post HTML shows nothing: no text and no block that stands on its own (an image, a chess diagram, a
 * video). An empty editor serialises as `<p></p>`, which is blank.
 */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe)\b|data-type=["'](chess-diagram|youtube)["']/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text === "";
}

/**
 * Spec section 5, in the editor's order: 'Title is required' when the trimmed title is empty, 'Content is required'
 * when the body shows nothing, then the blog-post validator's messages (shown joined by ', '). Null when the post
 * may be sent.
 */
export function saveProblem(fields: { title: string; content: string; tags: string[] }): EditorError | null {
  if (fields.title.trim() === "") return { kind: "title-required" };
  if (isBlankHtml(fields.content)) return { kind: "content-required" };
  const messages = validateBlogPost({ title: fields.title, content: fields.content, tags: fields.tags });
  return messages.length > 0 ? { kind: "invalid", messages } : null;
}

/**
 * Adds a tag (spec section 5): trimmed; empty, duplicate (ignoring case, as the server stores them) or beyond the
 * limits is ignored. Returns the same array when nothing changes.
 */
export function addTag(tags: string[], value: string): string[] {
  const tag = value.trim().replace(/\s+/g, " ");
  if (tag === "" || tag.length > BLOG_LIMITS.tagMax || tags.length >= BLOG_LIMITS.tagsMax) return tags;
  const key = tag.toLocaleLowerCase();
  if (tags.some((existing) => existing.toLocaleLowerCase() === key)) return tags;
  return [...tags, tag];
}

/**
 * The body the editor sends (spec section 3): the trimmed title, the HTML, the tags, published, author 'Admin',
 * the slug (from the title for a new post, the route's for an existing one), created_at and updated_at. On update,
 * updated_at is the version that was loaded, so the server can refuse to overwrite a newer change.
 */
export function buildPayload(options: {
  routeSlug: string | null;
  title: string;
  content: string;
  tags: string[];
  published: boolean;
  version: string | null;
  createdAt: string | null;
  now: Date;
}): PostPayload {
  const now = options.now.toISOString();
  return {
    title: options.title.trim(),
    content: options.content,
    tags: options.tags,
    published: options.published,
    author: BLOG_AUTHOR,
    slug: options.routeSlug ?? slugify(options.title.trim()),
    created_at: options.createdAt ?? now,
    updated_at: options.routeSlug !== null && options.version ? options.version : now,
  };
}
