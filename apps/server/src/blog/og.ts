import { type BlogPost, SITE_NAME, SLUG_PATTERN } from "@ct/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { languageOf, type SitePages, sendSitePage } from "../http/site-html";
import { BlogRepository } from "./repository";
import { withoutControls } from "./rows";

/** A host as a Host header may carry it: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The site's address for absolute links: PUBLIC_URL when configured, else the scheme and host the request came to
 * (behind a trusted proxy, its X-Forwarded-* headers). A Host header that is not a plain host name is not echoed.
 */
export function siteBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = request.host;
  const protocol = request.protocol === "https" ? "https" : "http";
  return `${protocol}://${host && HOST.test(host) ? host.toLowerCase() : "localhost"}`;
}

/** An absolute URL for a site path (`/uploads/x.png`) or an absolute http(s) URL as given. */
export function absoluteUrl(base: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return withoutControls(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface PageMeta {
  /** The post's title. */
  title: string;
  /** The site's name, in the visitor's language. */
  siteName: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** Absolute address of the preview image, when there is one. */
  image: string | null;
  publishedTime: string | null;
  modifiedTime: string;
  tags: string[];
}

/** Tags this module writes, and the description, which it replaces. */
const REPLACED_META =
  /[ \t]*<meta\s+(?:name\s*=\s*["']?(?:description|twitter:[a-z:_]+)["']?|property\s*=\s*["']?(?:og|article):[a-z:_]+["']?)[^>]*>[ \t]*\r?\n?/gi;
const TITLE = /<title(?:\s[^>]*)?>[\s\S]*?<\/title>/i;

/**
 * index.html with a post's description and Open Graph / Twitter card tags, so a shared link previews the post
 * (crawlers do not run the app), after the page's `<title>` (which the caller has set: http/site-html.ts). Every
 * value is escaped; the page's own description and any earlier Open Graph tags are replaced.
 */
export function injectPostMeta(indexHtml: string, meta: PageMeta): string {
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    named("description", meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    property("og:type", "article"),
    property("og:title", meta.title),
    property("og:description", meta.description),
    property("og:url", meta.url),
    property("og:site_name", meta.siteName),
    ...(meta.image ? [property("og:image", meta.image), property("og:image:alt", meta.title)] : []),
    ...(meta.publishedTime ? [property("article:published_time", meta.publishedTime)] : []),
    property("article:modified_time", meta.modifiedTime),
    ...meta.tags.map((tag) => property("article:tag", tag)),
    named("twitter:card", meta.image ? "summary_large_image" : "summary"),
    named("twitter:title", meta.title),
    named("twitter:description", meta.description),
    ...(meta.image ? [named("twitter:image", meta.image)] : []),
  ].join("\n    ");
  const page = indexHtml.replace(REPLACED_META, "");
  const title = TITLE.exec(page);
  if (title) return page.replace(TITLE, () => `${title[0]}\n    ${tags}`);
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
  return `${tags}\n${page}`;
}

/** The metadata of a published post's page. */
export function postMeta(post: BlogPost, base: string, siteName: string): PageMeta {
  return {
    title: post.title,
    siteName,
    description: post.excerpt,
    url: `${base}/blog/${post.slug}`,
    image: post.featured_image ? absoluteUrl(base, post.featured_image) : null,
    publishedTime: post.published_date,
    modifiedTime: post.updated_at,
    tags: post.tags,
  };
}

/**
 * GET /blog/{slug} of the built site: index.html (the app renders the post) titled with the post's title and with its
 * metadata in its head when the slug names a published post; a 404 titled 'Post not found' otherwise (drafts too:
 * visitors never see them; the app then shows 'Post not found'). When the database cannot answer, the plain page
 * (the app loads and reports the failure itself).
 */
export function registerBlogPages(app: FastifyInstance, context: AppContext, pages: SitePages): void {
  const posts = new BlogRepository(context.db);
  pages.resolveContent("/blog/:slug", async ({ slug = "" }, request) => {
    if (slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
    try {
      const post = await posts.get(slug);
      if (!post?.published) return null;
      const meta = postMeta(
        post,
        siteBaseUrl(request, context.config.publicUrl),
        SITE_NAME[languageOf(request)],
      );
      return { title: post.title, transform: (html) => injectPostMeta(html, meta) };
    } catch (error) {
      request.log.error({ err: error }, "blog page metadata failed");
      return undefined;
    }
  });
  app.get("/blog/:slug", (request, reply) => sendSitePage(request, reply, pages));
}
