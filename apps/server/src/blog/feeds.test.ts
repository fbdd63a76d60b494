import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BlogPost } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config";
import { escapeHtml } from "../http/html";
import { headTags, withHeadTags } from "../http/page-head";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { escapeXml, SITEMAP_PAGES } from "./feeds";

const API_KEY = "feeds-test-secret-api-key-0123456789";
const writer = { "x-api-key": API_KEY };
/** A title that tries to break out of every context it is written into. */
const HOSTILE_TITLE = `Rooks & Kings: "><script>alert(1)</script> <b>it's</b> ]]> \u0001done`;
const HOSTILE_STORED = HOSTILE_TITLE.replace("\u0001", "");

/** Parses XML strictly (jsdom throws on anything malformed). */
function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: "application/xml" }).window.document;
}
const parseHtml = (text: string) => new JSDOM(text).window.document;

describe("escaping", () => {
  it("escapes markup and drops characters XML cannot carry", () => {
    expect(escapeXml(`a & b < c > d " e ' f \u0000\u0008\ufffe g`)).toBe(
      "a &amp; b &lt; c &gt; d &quot; e &apos; f  g",
    );
    expect(escapeXml("lone \ud800 surrogate, pair \ud83d\ude00")).toBe("lone  surrogate, pair \ud83d\ude00");
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe(
      "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;",
    );
  });

  it("puts a post's metadata into the site's real index.html, replacing its description", () => {
    const index = readFileSync(join(REPO_ROOT, "apps/site/index.html"), "utf8");
    const page = withHeadTags(
      index,
      headTags({
        title: HOSTILE_STORED,
        siteName: "Chess Trainer",
        description: "A $& $1 description",
        url: "https://chess.example/blog/x",
        language: "en",
        type: "article",
        image: null,
        article: {
          publishedTime: "2030-01-01T00:00:00.000Z",
          modifiedTime: "2030-01-02T00:00:00.000Z",
          tags: ["Endgames"],
        },
      }),
    );
    const document = parseHtml(page);
    // The page's title is the caller's (http/site-html.ts); the post's goes into the card tags.
    expect(document.title).toBe("Chess Trainer");
    expect(document.querySelectorAll("title")).toHaveLength(1);
    expect(document.querySelector('meta[property="og:site_name"]')?.getAttribute("content")).toBe(
      "Chess Trainer",
    );
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      "A $& $1 description",
    );
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute("content")).toBe(HOSTILE_STORED);
    expect(document.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.querySelector('meta[name="twitter:card"]')?.getAttribute("content")).toBe("summary");
    expect(document.querySelector('meta[name="theme-color"]')).not.toBeNull();
    // Nothing runnable added: the same scripts as index.html's.
    expect(document.querySelectorAll("script")).toHaveLength(
      parseHtml(index).querySelectorAll("script").length,
    );
    expect(document.head.contains(document.querySelector('meta[property="og:url"]'))).toBe(true);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("feeds and post pages on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let published: BlogPost;
  let draft: BlogPost;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("blog_post_tags").execute();
    await database.db.deleteFrom("blog_posts").execute();
    const create = async (payload: object): Promise<BlogPost> => {
      const response = await app.inject({ method: "POST", url: "/api/blog/posts", headers: writer, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    await create({
      title: "An older post",
      content: "<p>Written before the other one, about pawns.</p>",
      tags: ["Pawns"],
      published: true,
    });
    published = await create({
      title: HOSTILE_TITLE,
      slug: "rooks-and-kings",
      content: "<p>Cut the king off & build a bridge: the <em>Lucena</em> method.</p>",
      tags: ["Endgames", "<Rooks>"],
      featured_image: "/uploads/lucena.png",
      published: true,
    });
    draft = await create({
      title: "Secret draft",
      content: "<p>Nobody outside should see this yet.</p>",
      tags: ["Drafts"],
      published: false,
    });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { host: "chess.example:8080", ...headers } });

  it("serves an RSS 2.0 feed of published posts, newest first, well-formed with escaped titles", async () => {
    const response = await get("/rss.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = parseXml(response.body);
    expect(xml.documentElement.nodeName).toBe("rss");
    expect(xml.documentElement.getAttribute("version")).toBe("2.0");
    const channel = xml.querySelector("channel");
    expect(channel?.querySelector(":scope > title")?.textContent).toBe("Chess Blog");
    expect(channel?.querySelector(":scope > link")?.textContent).toBe("http://localhost:3000/blog");
    const items = [...xml.querySelectorAll("item")];
    expect(items.map((item) => item.querySelector("title")?.textContent)).toEqual([
      HOSTILE_STORED,
      "An older post",
    ]);
    const [first] = items;
    expect(first?.querySelector("link")?.textContent).toBe("http://localhost:3000/blog/rooks-and-kings");
    expect(first?.querySelector("guid")?.textContent).toBe("http://localhost:3000/blog/rooks-and-kings");
    expect(first?.querySelector("description")?.textContent).toBe(
      "Cut the king off & build a bridge: the Lucena method.",
    );
    expect([...(first?.querySelectorAll("category") ?? [])].map((c) => c.textContent)).toEqual([
      "Endgames",
      "<Rooks>",
    ]);
    expect(new Date(first?.querySelector("pubDate")?.textContent ?? "").toISOString()).toBe(
      new Date(Math.floor(Date.parse(published.published_date ?? "") / 1000) * 1000).toISOString(),
    );
    expect(response.body).not.toContain("<script>");
    expect(response.body).not.toContain("Secret draft");
    expect(response.body).not.toContain(draft.slug);
  });

  it("serves a sitemap of the public pages and the published posts", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = parseXml(response.body);
    expect(xml.documentElement.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locations = [...xml.getElementsByTagName("loc")].map((loc) => loc.textContent);
    expect(locations).toEqual([
      ...SITEMAP_PAGES.map((path) => `http://localhost:3000${path}`),
      "http://localhost:3000/blog/rooks-and-kings",
      "http://localhost:3000/blog/an-older-post",
    ]);
    const post = [...xml.getElementsByTagName("url")].find((url) =>
      url.textContent?.includes("rooks-and-kings"),
    );
    expect(post?.getElementsByTagName("lastmod")[0]?.textContent).toBe(published.updated_at);
  });

  it("uses PUBLIC_URL when set, and never echoes a Host header that is not a host", async () => {
    const configured = await testApp(database, { env: { PUBLIC_URL: "https://chess.example.org/" } });
    try {
      const rss = await configured.inject({
        method: "GET",
        url: "/rss.xml",
        headers: { host: "evil.example" },
      });
      expect(rss.body).toContain("<link>https://chess.example.org/blog/rooks-and-kings</link>");
      expect(rss.body).not.toContain("evil.example");
    } finally {
      await configured.close();
    }
    const forged = await get("/sitemap.xml", { host: 'evil.example"><x>' });
    expect(forged.statusCode).toBe(200);
    parseXml(forged.body);
    expect(forged.body).not.toContain("evil");
    expect(forged.body).toContain("<loc>http://localhost:3000/blog/rooks-and-kings</loc>");
  });

  it("puts a published post's title, description and Open Graph tags into its page, escaped", async () => {
    const response = await get("/blog/rooks-and-kings");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("<div id=root>");
    expect(response.body).not.toContain("<script>");
    const document = parseHtml(response.body);
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(document.title).toBe(`${HOSTILE_STORED} · Chess Trainer`);
    const meta = (selector: string) => document.querySelector(`meta[${selector}]`)?.getAttribute("content");
    expect(meta('name="description"')).toBe(published.excerpt);
    expect(meta('property="og:type"')).toBe("article");
    expect(meta('property="og:title"')).toBe(HOSTILE_STORED);
    expect(meta('property="og:description"')).toBe("Cut the king off & build a bridge: the Lucena method.");
    expect(meta('property="og:url"')).toBe("http://localhost:3000/blog/rooks-and-kings");
    expect(meta('property="og:image"')).toBe("http://localhost:3000/uploads/lucena.png");
    expect(meta('property="article:published_time"')).toBe(published.published_date);
    expect(meta('name="twitter:card"')).toBe("summary_large_image");
    expect(
      [...document.querySelectorAll('meta[property="article:tag"]')].map((m) => m.getAttribute("content")),
    ).toEqual(["Endgames", "<Rooks>"]);
  });

  it("answers drafts, unknown and malformed slugs with a 404 page without post metadata (the app shows 'Post not found')", async () => {
    const plain = (await get("/no-such-page")).body.replace(
      /<title>[^<]*<\/title>/,
      "<title>Post not found · Chess Trainer</title>",
    );
    // A post's page is index.html with the post screen's preload links (http/site-html.ts), and no post metadata.
    const withoutPreloads = (html: string) =>
      html
        .replace(/\s*<link rel="(modulepreload|stylesheet|preload)"[^>]*>/g, "")
        .replace(/\s+<\/head>/i, "</head>");
    for (const url of [
      `/blog/${draft.slug}`,
      "/blog/no-such-post",
      "/blog/Not%20A%20Slug",
      `/blog/${"x".repeat(90)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("modulepreload");
      expect(withoutPreloads(response.body), url).toBe(plain);
    }
  });
});
