import { isAllowedLinkUrl } from "@ct/contract";
import {
  BLOG_AUTHOR,
  BLOG_LIMITS,
  BLOG_SETTINGS_MESSAGES,
  type BlogLanguage,
  isValidImageUrl,
  publishAtProblem,
  slugify,
  validateBlogPost,
  validatePostSettings,
} from "@ct/contract/blog-rules";
import type { EditorDraft, EditorError, PostPayload, PostSettings } from "./types";

/** No settings: a new post's. */
export const NO_SETTINGS: PostSettings = {
  excerpt: "",
  featuredImage: "",
  seoTitle: "",
  seoDescription: "",
  socialImage: "",
};

/** A setting as the API takes it: trimmed, null when empty. */
const orNull = (value: string) => value.trim() || null;

/** The settings as the API carries them. */
export function settingsPayload(settings: PostSettings) {
  return {
    custom_excerpt: orNull(settings.excerpt),
    featured_image: orNull(settings.featuredImage),
    seo_title: orNull(settings.seoTitle),
    seo_description: orNull(settings.seoDescription),
    social_image: orNull(settings.socialImage),
  };
}

/**
 * Why the picked publish time cannot be scheduled (as the server words it), or null: none picked, not a time, in
 * the past (unless it is the time the post is already scheduled for), or too far ahead.
 */
export function scheduleProblem(input: string | null, stored: string | null, now: Date): EditorError | null {
  if (!input) return { kind: "invalid", messages: [BLOG_SETTINGS_MESSAGES.publishAtInvalid] };
  const problem = publishAtProblem(input, now, stored);
  return problem ? { kind: "invalid", messages: [problem] } : null;
}

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
export function saveProblem(fields: {
  title: string;
  content: string;
  tags: string[];
  settings?: PostSettings;
}): EditorError | null {
  if (fields.title.trim() === "") return { kind: "title-required" };
  if (isBlankHtml(fields.content)) return { kind: "content-required" };
  const settings = settingsPayload(fields.settings ?? NO_SETTINGS);
  const messages = [
    ...validateBlogPost({ ...settings, title: fields.title, content: fields.content, tags: fields.tags }),
    ...validatePostSettings(settings, isValidImageUrl),
  ];
  return messages.length > 0 ? { kind: "invalid", messages } : null;
}

/** The errors about the fields themselves: shown after a save was asked for, checked again on every change. */
export function isFieldProblem(error: EditorError | null): boolean {
  return error?.kind === "title-required" || error?.kind === "content-required" || error?.kind === "invalid";
}

const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const SITE_PATH = /^(?:\/(?!\/)|#|\?|\.\.?\/)/;
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?";
/** http(s)://, optional user info, a host name (letters of any script) or an IPv6 address, an optional port. */
const WEB_ADDRESS = new RegExp(
  `^https?://(?:[^/?#@\\s]*@)?(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?(?:[/?#]|$)`,
  "iu",
);

/**
 * The address of a link the admin typed, as the link will have it, or null when it is not one the post may carry:
 * http(s) with a host, mailto with an address, or a path on this site (`/…`, `#…`, `?…`, `./…`). A bare domain
 * (`lichess.org/study`) gets `https://`, an email address gets `mailto:`. Everything accepted also passes the
 * server's sanitiser (`isAllowedLinkUrl`), so a link is never dropped on save.
 */
export function linkHref(value: string): string | null {
  const text = value.trim();
  if (text === "" || /\s/.test(text)) return null;
  let href = text;
  if (EMAIL.test(text)) href = `mailto:${text}`;
  else if (BARE_HOST.test(text)) href = `https://${text}`;
  if (!isAllowedLinkUrl(href)) return null;
  if (SITE_PATH.test(href)) return href;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === "mailto") return EMAIL.test(href.slice("mailto:".length).split("?")[0] ?? "") ? href : null;
  return WEB_ADDRESS.test(href) ? href : null;
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
 * the slug (the Slug field's, else from the title for a new post and the route's for an existing one), created_at
 * and updated_at. On update,
 * updated_at is the version that was loaded, so the server can refuse to overwrite a newer change.
 */
export function buildPayload(options: {
  routeSlug: string | null;
  /** The Slug field (made a slug here); empty or absent: the route's slug, else the title's. */
  slug?: string | null;
  title: string;
  content: string;
  tags: string[];
  language: BlogLanguage;
  published: boolean;
  /** With published false: the publish time (scheduled), or null (a draft). */
  publishAt?: string | null;
  settings?: PostSettings;
  version: string | null;
  createdAt: string | null;
  now: Date;
}): PostPayload {
  const now = options.now.toISOString();
  return {
    title: options.title.trim(),
    content: options.content,
    tags: options.tags,
    language: options.language,
    published: options.published,
    publish_at: options.published ? null : (options.publishAt ?? null),
    ...settingsPayload(options.settings ?? NO_SETTINGS),
    author: BLOG_AUTHOR,
    slug: slugify(options.slug ?? "") || (options.routeSlug ?? slugify(options.title.trim())),
    created_at: options.createdAt ?? now,
    updated_at: options.routeSlug !== null && options.version ? options.version : now,
  };
}

/** True when a kept draft holds the same words as the editor: title, body, tags and language. */
export function sameFields(
  draft: EditorDraft,
  fields: { title: string; content: string; tags: string[]; language: BlogLanguage },
): boolean {
  return (
    draft.title === fields.title &&
    draft.content === fields.content &&
    (draft.language ?? fields.language) === fields.language &&
    draft.tags.length === fields.tags.length &&
    draft.tags.every((tag, index) => tag === fields.tags[index])
  );
}
