import type { BlogPostSummary } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { absoluteUrl, siteBaseUrl } from "../http/site-url";
import { BlogRepository } from "./repository";

/** Items in the RSS feed: the newest published posts. */
export const RSS_ITEMS = 50;
/** URLs one sitemap file may hold (sitemaps.org). */
const SITEMAP_MAX = 50_000;

/** The blog index's heading and intro (spec section 2), the feed's title and description. */
const FEED_TITLE = "Chess Blog";
const FEED_DESCRIPTION =
  "Explore our collection of chess articles, tutorials, and insights to improve your game.";

/** Public pages of the site that a search engine should know, besides the posts. */
export const SITEMAP_PAGES = [
  "/",
  "/training",
  "/training/middle-game",
  "/training/endgame",
  "/training/opening",
  "/training/my-games",
  "/blog",
  "/about",
  "/contact",
  "/position-setup",
  "/notation",
  "/move-highlighting",
] as const;

/** Characters XML 1.0 forbids (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the characters XML allows is the point.
const NOT_IN_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text for XML character data or a quoted attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_IN_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** RSS 2.0 of published posts, newest first. */
export function rssFeed(posts: BlogPostSummary[], base: string, now = new Date()): string {
  const items = posts.map((post) => {
    const link = `${base}/blog/${encodeURIComponent(post.slug)}`;
    const date = new Date(post.published_date ?? post.updated_at);
    return [
      "    <item>",
      `      ${element("title", post.title)}`,
      `      ${element("link", link)}`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      ${element("pubDate", date.toUTCString())}`,
      `      ${element("dc:creator", post.author)}`,
      ...post.tags.map((tag) => `      ${element("category", tag)}`),
      `      ${element("description", post.excerpt)}`,
      ...(post.featured_image
        ? [`      <media:thumbnail url="${escapeXml(absoluteUrl(base, post.featured_image))}" />`]
        : []),
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
      'xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    ${element("title", FEED_TITLE)}`,
    `    ${element("link", `${base}/blog`)}`,
    `    ${element("description", FEED_DESCRIPTION)}`,
    `    <atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    `    ${element("lastBuildDate", (newest ? new Date(newest.published_date ?? newest.updated_at) : now).toUTCString())}`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** sitemaps.org urlset: the site's public pages and every published post (with its last change). */
export function sitemap(posts: BlogPostSummary[], base: string): string {
  const url = (path: string, lastmod?: string) =>
    [
      "  <url>",
      `    ${element("loc", `${base}${path}`)}`,
      ...(lastmod ? [`    ${element("lastmod", lastmod)}`] : []),
      "  </url>",
    ].join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((path) => url(path)),
    ...posts.map((post) => url(`/blog/${encodeURIComponent(post.slug)}`, post.updated_at)),
    "</urlset>",
    "",
  ].join("\n");
}

/** GET /rss.xml and GET /sitemap.xml (outside /api: where readers and crawlers look for them). */
export async function feedRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const posts = new BlogRepository(context.db);
  app.get("/rss.xml", async (_request, reply) => {
    const body = rssFeed(await posts.published(RSS_ITEMS), siteBaseUrl(context.config.publicUrl));
    return reply
      .header("cache-control", "public, max-age=300")
      .type("application/rss+xml; charset=utf-8")
      .send(body);
  });
  app.get("/sitemap.xml", async (_request, reply) => {
    const published = await posts.published(SITEMAP_MAX - SITEMAP_PAGES.length);
    const body = sitemap(published, siteBaseUrl(context.config.publicUrl));
    return reply
      .header("cache-control", "public, max-age=300")
      .type("application/xml; charset=utf-8")
      .send(body);
  });
}
