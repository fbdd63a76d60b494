/**
 * The one HTML policy for blog post bodies (spec section 5, "Sanitising of post content"), applied by the server
 * before a post is stored and by the browser before it is rendered. It drives a DOMPurify instance the caller
 * passes in (jsdom-backed on the server, the page's own in the browser), so this package needs no DOM library.
 *
 * What survives:
 * - tags: p, br, strong, b, em, i, u, s, h1-h6, ul, ol, li, blockquote, code, pre, a, img, hr, div, span, figure,
 *   figcaption, iframe, and tables: table, thead, tbody, tr, th, td (no caption, tfoot, colgroup or col: their
 *   tags go, their text stays);
 * - on every kept tag: class (plain class names), title, style (see below), dir (ltr, rtl, auto);
 * - a: href when it is http(s), mailto or relative (never protocol-relative), and rel="noopener noreferrer" is
 *   always set; any other href is removed and the text stays;
 * - img: src when it is an https address or a path under /uploads/ (no data:, so no base64 images; no plain http,
 *   which the page's Content-Security-Policy would block), alt, width, height; an image without an acceptable src
 *   is removed. The server's CSP (`img-src 'self' data: blob: https:`) allows exactly these, so a kept image shows;
 * - iframe: only a YouTube embed (https://www.youtube-nocookie.com/embed/<id> or https://www.youtube.com/embed/<id>,
 *   optionally with a plain query such as ?start=30), with width, height, allow, allowfullscreen, frameborder and
 *   scrolling; any other iframe is removed with its content;
 * - ol: start (a number);
 * - th, td: colspan and rowspan, each a whole number from 1 to 1000 (the editor writes them on every cell);
 * - div: plain, or a block `data-type="chess-diagram"` with data-fen, or `data-type="youtube"` with data-src.
 *   A diagram keeps its data-fen when it is made only of the characters a FEN uses (at most 100 of them); other
 *   text is removed from the attribute and the block stays, so the page shows its invalid-position fallback.
 *   A video block whose data-src is not a YouTube address that `youtubeVideoId` accepts is removed whole.
 *   data-type of any other value, and data-fen / data-src outside their block, are removed.
 * - style: only harmless declarations are kept (text-align, width, height, max-width, font-weight, font-style,
 *   text-decoration, color, background-color) with values of a strict form (keywords, lengths, #hex or rgb()/rgba()
 *   colours); url(), expression(), escapes, comments and anything else are dropped, and an empty style is removed.
 *
 * Everything else (scripts, event handlers, forms, objects, SVG, MathML, unknown attributes, other data-*
 * attributes) is removed by DOMPurify's allow-lists before the checks above run. Markup nested more than
 * SANITIZE_MAX_NESTING levels deep is reduced to one paragraph of its text before it is parsed at all.
 */
import { youtubeVideoId } from "./blog-rules";
import { asText, nestingDepth, SANITIZE_MAX_NESTING } from "./sanitize-nesting";

export { nestingDepth, SANITIZE_MAX_NESTING };

/** The element a DOMPurify hook receives, narrowed to what the policy uses. */
export interface PolicyElement {
  readonly nodeName: string;
  readonly attributes: ArrayLike<{ readonly name: string }>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

/** The DOMPurify configuration the policy runs with. */
export interface SanitizeConfig {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOW_DATA_ATTR: boolean;
  ALLOW_ARIA_ATTR: boolean;
  ALLOW_UNKNOWN_PROTOCOLS: boolean;
  ALLOW_SELF_CLOSE_IN_ATTR: boolean;
  KEEP_CONTENT: boolean;
  FORBID_TAGS: string[];
  FORBID_ATTR: string[];
  RETURN_TRUSTED_TYPE: false;
}

/** What `sanitizeWith` needs of a DOMPurify instance (`DOMPurify` in a browser, `DOMPurify(jsdomWindow)` in Node). */
export interface PurifierLike {
  sanitize(dirty: string, config: SanitizeConfig): unknown;
  addHook(entryPoint: "afterSanitizeAttributes", hook: (node: PolicyElement) => void): void;
  removeHook(entryPoint: "afterSanitizeAttributes", hook: (node: PolicyElement) => void): unknown;
}

export const SANITIZE_ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "a",
  "img",
  "hr",
  "div",
  "span",
  "figure",
  "figcaption",
  "iframe",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

/** Attributes every kept tag may carry (each value still checked below). */
const GLOBAL_ATTRIBUTES = ["class", "style", "title", "dir"];

/** Attributes only some tags may carry. */
const TAG_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  iframe: ["src", "width", "height", "allow", "allowfullscreen", "frameborder", "scrolling"],
  ol: ["start"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  div: ["data-type", "data-fen", "data-src"],
};

/**
 * The spec's attribute list, plus href (links), start (ordered lists), dir (Arabic paragraphs) and colspan/rowspan
 * (table cells).
 */
export const SANITIZE_ALLOWED_ATTRIBUTES = [
  ...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(TAG_ATTRIBUTES).flat()]),
].sort();

export const SANITIZE_CONFIG: SanitizeConfig = {
  ALLOWED_TAGS: [...SANITIZE_ALLOWED_TAGS],
  ALLOWED_ATTR: SANITIZE_ALLOWED_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  KEEP_CONTENT: true,
  FORBID_TAGS: ["style", "script", "template", "noscript", "svg", "math", "form", "object", "embed"],
  FORBID_ATTR: ["srcdoc", "srcset", "action", "formaction", "xlink:href", "background", "ping"],
  RETURN_TRUSTED_TYPE: false,
};

/**
 * A URL as a browser reads it: ASCII whitespace and control characters are ignored inside a scheme (so
 * "java\tscript:" is "javascript:"); removing all of them gives the string to judge.
 */
function compact(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
  return value.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, "");
}

/** The scheme of a URL ("https", "javascript"), or null for a relative one. */
function schemeOf(url: string): string | null {
  const end = url.search(/[/?#]/);
  const head = end === -1 ? url : url.slice(0, end);
  const colon = head.indexOf(":");
  return colon === -1 ? null : head.slice(0, colon).toLowerCase();
}

/** A link target: http(s), mailto, or a path/query/fragment on this site (not "//host", which leaves it). */
export function isAllowedLinkUrl(value: string): boolean {
  const url = compact(value);
  if (url === "" || url.startsWith("//") || url.includes("\\")) return false;
  const scheme = schemeOf(url);
  if (scheme === null) return true;
  return scheme === "http" || scheme === "https" || scheme === "mailto";
}

/** An image source: an absolute http(s) address, or a file under /uploads/. Never data: or another scheme. */
export function isAllowedImageSrc(value: string): boolean {
  if (value !== value.trim() || /[\s\\"'<>`]/.test(value)) return false;
  if (/^\/uploads\/[A-Za-z0-9._-]+$/.test(value)) return !value.includes("..");
  return /^https:\/\/[^/?#:@]+(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(value);
}

const EMBED_URL =
  /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{11}(?:\?[A-Za-z0-9_=&.-]{0,200})?$/;

/** An iframe source: a YouTube embed over https on the privacy-enhanced or the regular host. */
export function isAllowedEmbedUrl(value: string): boolean {
  return EMBED_URL.test(value);
}

const FEN_TEXT = /^[A-Za-z0-9/ -]{1,100}$/;

const LENGTH = /^(?:auto|0|\d{1,4}(?:\.\d{1,2})?(?:px|%|em|rem))$/;
const COLOUR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d{1,3}))?\s*\)|[a-z]{3,20})$/;

/** The style properties kept, each with the only values it may have. */
export const STYLE_RULES: Readonly<Record<string, RegExp>> = {
  "text-align": /^(?:left|right|center|justify|start|end)$/,
  width: LENGTH,
  height: LENGTH,
  "max-width": LENGTH,
  "font-weight": /^(?:normal|bold|[1-9]00)$/,
  "font-style": /^(?:normal|italic)$/,
  "text-decoration": /^(?:none|underline|line-through)$/,
  color: COLOUR,
  "background-color": COLOUR,
};

/** A style attribute reduced to its harmless declarations ("" when none is left). */
export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(";")) {
    const match = /^\s*([a-z-]+)\s*:\s*(.*?)\s*$/i.exec(declaration);
    if (!match?.[1] || match[2] === undefined) continue;
    const property = match[1].toLowerCase();
    const value = match[2].toLowerCase();
    const rule = Object.hasOwn(STYLE_RULES, property) ? STYLE_RULES[property] : undefined;
    if (rule?.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join("; ");
}

/** A table cell's colspan or rowspan: a whole number from 1 to 1000, digits only. */
function isCellSpan(value: string): boolean {
  return /^[1-9]\d{0,2}$|^1000$/.test(value);
}

function keepIf(element: PolicyElement, name: string, ok: (value: string) => boolean): void {
  const value = element.getAttribute(name);
  if (value !== null && !ok(value)) element.removeAttribute(name);
}

/** The per-element checks DOMPurify's allow-lists cannot express. */
function enforce(element: PolicyElement): void {
  if (typeof element.getAttribute !== "function") return;
  const tag = element.nodeName.toLowerCase();
  const allowed = new Set([
    ...GLOBAL_ATTRIBUTES,
    ...((Object.hasOwn(TAG_ATTRIBUTES, tag) && TAG_ATTRIBUTES[tag]) || []),
  ]);
  const names = Array.from(element.attributes, (attribute) => attribute.name.toLowerCase());
  for (const name of names) {
    // An element parsed with is="..." keeps that value when serialised unless the attribute stays, emptied.
    if (name === "is") element.setAttribute("is", "");
    else if (!allowed.has(name)) element.removeAttribute(name);
  }

  keepIf(element, "class", (value) => /^\s*[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)*\s*$/.test(value));
  keepIf(element, "dir", (value) => /^(?:ltr|rtl|auto)$/i.test(value));
  const style = element.getAttribute("style");
  if (style !== null) {
    const clean = cleanStyle(style);
    if (clean) element.setAttribute("style", clean);
    else element.removeAttribute("style");
  }
  keepIf(element, "width", (value) => /^\d{1,4}%?$/.test(value));
  keepIf(element, "height", (value) => /^\d{1,4}%?$/.test(value));

  switch (tag) {
    case "a":
      keepIf(element, "href", isAllowedLinkUrl);
      element.setAttribute("rel", "noopener noreferrer");
      return;
    case "img":
      if (!isAllowedImageSrc(element.getAttribute("src") ?? "")) element.remove();
      return;
    case "iframe":
      if (!isAllowedEmbedUrl(element.getAttribute("src") ?? "")) {
        element.remove();
        return;
      }
      keepIf(element, "frameborder", (value) => /^[01]$/.test(value));
      keepIf(element, "scrolling", (value) => /^(?:yes|no|auto)$/i.test(value));
      keepIf(element, "allow", (value) => /^[a-z; -]{0,300}$/i.test(value));
      if (element.getAttribute("allowfullscreen") !== null) element.setAttribute("allowfullscreen", "");
      return;
    case "ol":
      keepIf(element, "start", (value) => /^-?\d{1,6}$/.test(value));
      return;
    case "th":
    case "td":
      keepIf(element, "colspan", isCellSpan);
      keepIf(element, "rowspan", isCellSpan);
      return;
    case "div":
      enforceBlock(element);
      return;
  }
}

function enforceBlock(element: PolicyElement): void {
  const type = element.getAttribute("data-type");
  if (type === "chess-diagram") {
    element.removeAttribute("data-src");
    keepIf(element, "data-fen", (value) => FEN_TEXT.test(value));
  } else if (type === "youtube") {
    element.removeAttribute("data-fen");
    const src = element.getAttribute("data-src") ?? "";
    if (!isAllowedLinkUrl(src) || youtubeVideoId(src) === null) element.remove();
  } else {
    element.removeAttribute("data-type");
    element.removeAttribute("data-fen");
    element.removeAttribute("data-src");
  }
}

/**
 * Sanitises post HTML with the shared policy on the given DOMPurify instance. The policy's hook is added for this
 * call only and removed afterwards, so the instance can be used for other purposes too.
 */
export function sanitizeWith(purify: PurifierLike, html: string): string {
  const input = nestingDepth(html) > SANITIZE_MAX_NESTING ? asText(html) : html;
  purify.addHook("afterSanitizeAttributes", enforce);
  try {
    return String(purify.sanitize(input, SANITIZE_CONFIG));
  } finally {
    purify.removeHook("afterSanitizeAttributes", enforce);
  }
}
