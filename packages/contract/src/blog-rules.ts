/**
 * Blog rules shared by the editor, the site and the server, free of zod so pages that only need them stay small.
 * Spec sections 3, 5 and 9.
 */

/** Page size of every blog list (public and admin), and the largest a caller may ask for. */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_MAX_PAGE_SIZE = 50;

/** Author stored on every post (spec section 6). */
export const BLOG_AUTHOR = "Admin";

/** The languages a post is written in: each post has one, and its page reads in that language's direction. */
export const BLOG_LANGUAGES = ["en", "ar"] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];

/** True for a language a post may have. */
export function isBlogLanguage(value: unknown): value is BlogLanguage {
  return (BLOG_LANGUAGES as readonly unknown[]).includes(value);
}

/** The direction a post's text reads in. */
export function blogLanguageDirection(language: BlogLanguage): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The language a text is most likely written in: Arabic when more of its letters are Arabic than Latin, else
 * English. For posts sent without a language (scripts); the editor always sends one.
 */
export function guessBlogLanguage(text: string): BlogLanguage {
  const arabic = text.match(/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g)?.length ?? 0;
  const latin = text.match(/[a-z]/gi)?.length ?? 0;
  return arabic > latin ? "ar" : "en";
}

export * from "./blog-settings-rules";

/**
 * The statuses the admin's list filters by (`status` on GET /blog/posts; no status is all of them). A post's status
 * follows from its fields (`blogPostStatusOf`): published, scheduled (a publish time, not yet public) or a draft;
 * each has its filter in the server's repository (a record over these) and its name in the texts.
 */
export const BLOG_POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** True for a status the list can be filtered by. */
export function isBlogPostStatus(value: unknown): value is BlogPostStatus {
  return (BLOG_POST_STATUSES as readonly unknown[]).includes(value);
}

/** What POST /blog/posts/bulk does to the posts it is given, and how many it takes at once. */
export const BLOG_BULK_ACTIONS = ["publish", "unpublish", "delete"] as const;
export type BlogBulkAction = (typeof BLOG_BULK_ACTIONS)[number];
export const BLOG_BULK_MAX = 100;

/** Tag shown on a card whose post has no tags (spec section 9). */
export const FALLBACK_TAG = "Chess";

/** Bounds that keep one post reasonable; the spec gives only the lower ones. */
export const BLOG_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  contentMin: 10,
  /** HTML, before sanitising. */
  contentMax: 500_000,
  tagMax: 40,
  tagsMax: 20,
  excerptLength: 200,
  uploadBytes: 5 * 1024 * 1024,
  /** Longest side of a stored upload, in pixels. */
  uploadMaxSide: 2000,
} as const;

/** The spec's validator messages (section 5), in the order it checks. */
export const BLOG_MESSAGES = {
  title: "Title must be at least 3 characters long",
  content: "Content must be at least 10 characters long",
  tags: "Tags must be an array",
  featuredImage: "Featured image must be a valid URL",
} as const;

/**
 * Spec section 5, widened to every script: the title's letters and digits in any script (Arabic included), lower-
 * cased where the script has case, Latin letters with diacritics folded to their base letter (NFKD, combining marks
 * dropped: "Réti" gives `reti`), Arabic diacritics (harakat) and the tatweel dropped while the Arabic letters stay
 * (hamza and madda are put back on their letter); each run of other characters becomes one hyphen; leading and
 * trailing hyphens trimmed. A title with no letters or digits at all gives "" — the server then uses `post` (plus a
 * number when taken). At most SLUG_MAX characters, cut at a hyphen where one is near, so a long title still gives a
 * readable address.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .normalize("NFKD")
    // Combining marks go, but the Arabic madda and hamza above/below, which NFKD took off their letters (أ إ آ ؤ ئ).
    .replace(/(?![\u0653-\u0655])\p{M}|\u0640/gu, "")
    .normalize("NFC")
    .replace(/[^\p{Ll}\p{Lo}\p{Lm}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  const chars = Array.from(slug);
  if (chars.length <= SLUG_MAX) return slug;
  const cut = chars.slice(0, SLUG_MAX + 1);
  const hyphen = cut.lastIndexOf("-");
  return (hyphen >= SLUG_MAX / 2 ? cut.slice(0, hyphen) : cut.slice(0, SLUG_MAX))
    .join("")
    .replace(/-+$/g, "");
}

/** Longest slug made from a title, in characters. */
export const SLUG_MAX = 80;

/**
 * A slug as stored and routed: letters (lower-case where the script has case) and digits of any script, in runs
 * joined by single hyphens. Nothing else: no `/`, `%`, spaces, controls, marks, tatweel or upper-case letters.
 */
const SLUG_CHAR = String.raw`(?:(?!\u0640)[\p{Ll}\p{Lo}\p{Lm}\p{N}])`;
export const SLUG_PATTERN = new RegExp(`^${SLUG_CHAR}+(?:-${SLUG_CHAR}+)*$`, "u");

export interface BlogPostDraft {
  title?: unknown;
  content?: unknown;
  tags?: unknown;
  featured_image?: unknown;
}

/** The WHATWG URL class of browsers and Node; declared here because packages compile without DOM or Node types. */
declare const URL: new (input: string) => { protocol: string };

/**
 * An absolute https URL, or a path on this site (`/uploads/...`): the images the site's Content-Security-Policy lets
 * a page show (a plain http image would be blocked there, and is mixed content on an https site).
 */
export function isValidImageUrl(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The length the spec's "content at least 10 characters" measures: the post's HTML as the editor writes it, less the
 * direction its blocks carry (`dir="auto"` on every paragraph since the editor picks each paragraph's direction):
 * how a paragraph reads is not what it says, and "<p>Hi</p>" stays too short with or without it.
 */
export function blogContentLength(html: string): number {
  // Only inside tags: text never holds a raw "<" (the editor writes it as &lt;).
  const measured = html.replace(/<[^>]*>/g, (tag) => tag.replace(/ dir="(?:auto|ltr|rtl)"/, ""));
  return measured.trim().length;
}

/**
 * The blog-post validator (spec section 5): title at least 3 characters, content at least 10, tags an array,
 * featured image (when given) a valid URL. Returns the messages; the editor shows them joined by ', '.
 */
export function validateBlogPost(post: BlogPostDraft): string[] {
  const errors: string[] = [];
  const title = typeof post.title === "string" ? post.title.trim() : "";
  if (title.length < BLOG_LIMITS.titleMin) errors.push(BLOG_MESSAGES.title);
  const content = typeof post.content === "string" ? post.content : "";
  if (blogContentLength(content) < BLOG_LIMITS.contentMin) errors.push(BLOG_MESSAGES.content);
  if (post.tags !== undefined && !Array.isArray(post.tags)) errors.push(BLOG_MESSAGES.tags);
  const image = post.featured_image;
  if (image !== undefined && image !== null && image !== "") {
    if (typeof image !== "string" || !isValidImageUrl(image)) errors.push(BLOG_MESSAGES.featuredImage);
  }
  return errors;
}

/**
 * What two tags are compared by: "Tactics", "tactics" and "ＴＡＣＴＩＣＳ" are one tag. Unicode-normalised (NFKC),
 * lower-cased the same way in every locale, whitespace collapsed.
 */
export function tagKey(tag: string): string {
  return tag.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** Trims tags, drops empty ones and duplicates (any case), keeping the first spelling and the order. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tagKey(tag);
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

const YOUTUBE_ID = "[A-Za-z0-9_-]{11}";
const YOUTUBE_FORMS = [
  new RegExp(`^https?://(?:www\\.)?youtu\\.be/(${YOUTUBE_ID})(?:[?#].*)?$`),
  new RegExp(`^https?://(?:www\\.|m\\.)?youtube\\.com/watch\\?(?:.*&)?v=(${YOUTUBE_ID})(?:[&#].*)?$`),
  new RegExp(`^https?://(?:www\\.)?youtube(?:-nocookie)?\\.com/embed/(${YOUTUBE_ID})(?:[?#].*)?$`),
  new RegExp(`^https?://(?:www\\.)?youtube\\.com/v/(${YOUTUBE_ID})(?:[?#].*)?$`),
];

/**
 * The 11-character video id of a YouTube short-link, watch, embed or /v/ URL (spec section 5), or null.
 */
export function youtubeVideoId(url: string): string | null {
  const trimmed = url.trim();
  for (const form of YOUTUBE_FORMS) {
    const match = form.exec(trimmed);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The privacy-enhanced embed address of a video id. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

/** Elements that end a line of text: their text is a block of its own (a heading, a paragraph, a list item). */
const BLOCK_ELEMENTS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "caption",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "iframe",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);
/** Elements that separate words without ending a block: a line break, a table cell, an image. */
const SPACING_ELEMENTS = new Set(["br", "td", "th", "img"]);
/** Between blocks: a character that never survives into the text (it is whitespace, collapsed below). */
const BLOCK_BREAK = "\u2029";
/** A block that ends like this already ends a sentence (or introduces the next block) and gets no full stop. */
const SENTENCE_END = /[.!?…:;؟。][)"'’”»\]]*$/;

/**
 * Plain text of post HTML, for list excerpts and search: tags removed, entities of the common kind decoded,
 * whitespace collapsed. Inline markup stays inside words (`che<strong>ck</strong>` is "check"); block elements
 * (headings, paragraphs, list items, quotes, table rows, ...) are separate sentences, so a heading does not run
 * into the paragraph after it: "Why forks matter. A fork…". Cut at a word past `length` characters.
 */
export function excerptOf(html: string, length: number = BLOG_LIMITS.excerptLength): string {
  const marked = html
    .replace(/<(script|style|iframe)\b[\s\S]*?<\/\1>/gi, BLOCK_BREAK)
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g, (_tag, name: string) => {
      const element = name.toLowerCase();
      if (BLOCK_ELEMENTS.has(element)) return BLOCK_BREAK;
      return SPACING_ELEMENTS.has(element) ? " " : "";
    })
    .replace(/<[^>]*>/g, "");
  const blocks = marked
    .split(BLOCK_BREAK)
    .map((block) =>
      block
        .replace(/&nbsp;/g, " ")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        // Last, so "&amp;lt;" (the text "&lt;") stays "&lt;" instead of becoming "<".
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  const text = blocks
    .map((block, index) => (index < blocks.length - 1 && !SENTENCE_END.test(block) ? `${block}.` : block))
    .join(" ");
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
