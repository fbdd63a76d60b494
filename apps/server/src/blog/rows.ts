import {
  type BlogPost,
  type BlogPostSummary,
  type blogPostInputSchema,
  blogPostStatusOf,
  isBlogLanguage,
} from "@ct/contract";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { BlogPostsTable } from "../db/schema";
import { withoutControls } from "../http/html";

/** Re-exported for the blog's modules, which strip control characters from what they store. */
export { withoutControls };

export type BlogPostRow = Selectable<BlogPostsTable>;
/** A post as the create and update routes take it (validated by the contract's schema). */
export type BlogPostBody = z.output<typeof blogPostInputSchema>;
/** The columns a list reads: everything but the body, the search text and the settings. */
export type BlogSummaryRow = Omit<
  BlogPostRow,
  "content" | "search_text" | "custom_excerpt" | "seo_title" | "seo_description" | "social_image"
>;

export const SUMMARY_COLUMNS = [
  "id",
  "slug",
  "title",
  "excerpt",
  "tags",
  "featured_image",
  "language",
  "author",
  "published",
  "publish_at",
  "published_date",
  "first_published_at",
  "sort_at",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof BlogSummaryRow)[];

/** Row → list item. */
export function toSummary(row: BlogSummaryRow): BlogPostSummary {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    author: row.author,
    excerpt: row.excerpt,
    tags: JSON.parse(row.tags) as string[],
    featured_image: row.featured_image,
    language: isBlogLanguage(row.language) ? row.language : "en",
    published: Number(row.published) === 1,
    status: blogPostStatusOf({ published: Number(row.published) === 1, publish_at: row.publish_at }),
    publish_at: Number(row.published) === 1 ? null : row.publish_at,
    published_date: row.published_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Row → whole post. */
export function toPost(row: BlogPostRow): BlogPost {
  return {
    ...toSummary(row),
    content: row.content,
    custom_excerpt: row.custom_excerpt,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    social_image: row.social_image,
  };
}

/** Arabic short vowels, tanween, shadda, sukun, dagger alef, Quranic marks, and the tatweel (kashida). */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

/**
 * The form that search compares: Unicode-normalised (NFKC), lower-cased (English and every other cased script),
 * Arabic diacritics and tatweel removed, the alef forms (أ إ آ ٱ) read as ا, ى as ي and ة as ه, whitespace collapsed.
 * Stored for each post (title and body text) and applied to the query, so "CHESS" finds "chess" and "الشطرنج"
 * finds "الشَّطْرَنْج".
 */
export function searchKey(text: string): string {
  return withoutControls(text)
    .normalize("NFKC")
    .toLowerCase()
    .replace(ARABIC_MARKS, "")
    .replace(/[\u0622\u0623\u0625\u0671]/g, "\u0627")
    .replace(/\u0649/g, "\u064a")
    .replace(/\u0629/g, "\u0647")
    .replace(/\s+/g, " ")
    .trim();
}

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * How deeply the elements of some HTML nest, estimated in one linear pass over its tags (opening tags minus
 * closing ones; void and self-closed elements do not count). Unclosed elements count as open, so sloppy HTML can
 * only score higher than its real depth, never lower. The HTML parser's work grows with the square of the depth,
 * so the server refuses very deep markup before parsing it.
 */
export function markupDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    const name = (match[2] ?? "").toLowerCase();
    if (VOID_ELEMENTS.has(name) || match[3] === "/") continue;
    if (match[1] === "/") depth = Math.max(0, depth - 1);
    else deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/** The later of now and just after `previous`: a change always gets a new, larger updated_at. */
export function nextTimestamp(previous: string | null, now = new Date()): string {
  const last = previous ? Date.parse(previous) : Number.NaN;
  const time = Number.isFinite(last) && last >= now.getTime() ? last + 1 : now.getTime();
  return new Date(time).toISOString();
}

/** True when two timestamps name the same instant (the editor may send the value back in another ISO form). */
export function sameInstant(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Date.parse(a);
  const y = Date.parse(b);
  return Number.isFinite(x) && x === y;
}
