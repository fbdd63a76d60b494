import type { SiteLanguage } from "@ct/contract";
import { escapeHtml } from "./html";

/** The Open Graph locale of each of the site's languages. */
export const OG_LOCALE: Readonly<Record<SiteLanguage, string>> = { en: "en_US", ar: "ar_AR" };

/** What a public page's head says about it to search engines and link previews. */
export interface PageHead {
  /** The page's own title (a post's title; the site's name on the home page), for og:title and twitter:title. */
  title: string;
  description: string;
  /** Absolute address of the page: its canonical link and og:url. */
  url: string;
  /** The site's name, in the visitor's language. */
  siteName: string;
  language: SiteLanguage;
  /** og:type: a blog post is an article, every other page a website. */
  type: "website" | "article";
  /** Absolute address of the preview image, when there is one. */
  image?: string | null;
  article?: { publishedTime: string | null; modifiedTime: string; tags: readonly string[] };
}

/** Asks search engines not to index a page (a not-found answer, the admin area). */
export const NO_INDEX = '<meta name="robots" content="noindex" />';

/** The head tags of a public page: description, canonical link, Open Graph and Twitter card. Every value escaped. */
export function headTags(head: PageHead): string {
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const other: SiteLanguage = head.language === "ar" ? "en" : "ar";
  return [
    named("description", head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    property("og:type", head.type),
    property("og:title", head.title),
    property("og:description", head.description),
    property("og:url", head.url),
    property("og:site_name", head.siteName),
    property("og:locale", OG_LOCALE[head.language]),
    property("og:locale:alternate", OG_LOCALE[other]),
    ...(head.image ? [property("og:image", head.image), property("og:image:alt", head.title)] : []),
    ...(head.article?.publishedTime ? [property("article:published_time", head.article.publishedTime)] : []),
    ...(head.article ? [property("article:modified_time", head.article.modifiedTime)] : []),
    ...(head.article?.tags ?? []).map((tag) => property("article:tag", tag)),
    named("twitter:card", head.image ? "summary_large_image" : "summary"),
    named("twitter:title", head.title),
    named("twitter:description", head.description),
    ...(head.image ? [named("twitter:image", head.image)] : []),
  ].join("\n    ");
}

/** Tags headTags writes (and the robots tag), which withHeadTags replaces wherever the page already has them. */
const REPLACED =
  /[ \t]*<(?:meta\s+(?:name\s*=\s*["']?(?:description|robots|twitter:[a-z:_]+)["']?|property\s*=\s*["']?(?:og|article):[a-z:_]+["']?)|link\s+rel\s*=\s*["']?canonical["']?)[^>]*>[ \t]*\r?\n?/gi;
const TITLE = /<title(?:\s[^>]*)?>[\s\S]*?<\/title>/i;

/**
 * The page with these head tags right after its `<title>` (or at the end of its head): any description, robots,
 * canonical, Open Graph or Twitter tags it had are replaced, the rest of it is kept as it is.
 */
export function withHeadTags(html: string, tags: string): string {
  const page = html.replace(REPLACED, "");
  const title = TITLE.exec(page);
  if (title) return page.replace(TITLE, () => `${title[0]}\n    ${tags}`);
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
  return `${tags}\n${page}`;
}
