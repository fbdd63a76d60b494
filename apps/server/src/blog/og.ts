import { type BlogPost, SLUG_PATTERN } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { type PageContent, type SitePages, sendSitePage } from "../http/site-html";
import { BlogRepository } from "./repository";

/**
 * What a published post's page says in its head: its SEO title (else the post's title) in <title>, og:title and
 * twitter:title, its SEO description (else its excerpt) as the description, and the Open Graph article tags (the
 * social image, else the featured image; dates, tags), so a shared link previews the post (crawlers do not run the
 * app).
 */
export function postPageContent(post: BlogPost): PageContent {
  return {
    title: post.seo_title || post.title,
    description: post.seo_description || post.excerpt,
    type: "article",
    image: post.social_image || post.featured_image || null,
    article: { publishedTime: post.published_date, modifiedTime: post.updated_at, tags: post.tags },
  };
}

/**
 * GET /blog/{slug} of the built site: the app's page (http/site-html.ts) titled with the post's title and with its
 * metadata in its head when the slug names a published post; a 404 titled 'Post not found' otherwise (drafts too:
 * visitors never see them; the app then shows 'Post not found'). When the database cannot answer, the plain page
 * (the app loads and reports the failure itself). A slug the post had before it was renamed answers a 301 to its
 * current address.
 */
export function registerBlogPages(app: FastifyInstance, context: AppContext, pages: SitePages): void {
  const posts = new BlogRepository(context.db);
  pages.resolveContent("/blog/:slug", async ({ slug = "" }, request) => {
    if (slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
    try {
      const post = await posts.get(slug);
      return post?.published ? postPageContent(post) : null;
    } catch (error) {
      request.log.error({ err: error }, "blog page metadata failed");
      return undefined;
    }
  });
  app.get<{ Params: { slug?: string } }>("/blog/:slug", async (request, reply) => {
    // A slug the post had before a rename: a permanent redirect to its current address.
    const slug = request.params.slug ?? "";
    if (slug.length <= 200 && SLUG_PATTERN.test(slug)) {
      const current = await posts.renamedTo(slug, { publishedOnly: true }).catch((error: unknown) => {
        request.log.error({ err: error }, "blog redirect lookup failed");
        return null;
      });
      if (current !== null) {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        return reply.redirect(`/blog/${encodeURIComponent(current)}${query}`, 301);
      }
    }
    return sendSitePage(request, reply, pages);
  });
}
