import { BLOG_SETTINGS_MESSAGES, type BlogPost } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { publishDuePosts } from "./schedule";

const API_KEY = "settings-test-secret-api-key-0123456789";
const writer = { "x-api-key": API_KEY };
const CONTENT = "<p>The knight fork wins material when two pieces stand a knight's jump apart.</p>";
const HOUR = 60 * 60 * 1000;

const kinds = await testDatabaseKinds();

describe.each(kinds)("post settings and scheduled posts on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("blog_slug_redirects").execute();
    await database.db.deleteFrom("blog_post_revisions").execute();
    await database.db.deleteFrom("blog_post_tags").execute();
    await database.db.deleteFrom("blog_posts").execute();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  const send = (method: "POST" | "PUT", url: string, payload: object) =>
    app.inject({ method, url, headers: writer, payload });
  const create = async (payload: object): Promise<BlogPost> => {
    const response = await send("POST", "/api/blog/posts", {
      title: "Forks",
      content: CONTENT,
      tags: ["Tactics"],
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const head = async (slug: string) => {
    const page = await get(`/blog/${slug}`);
    return { status: page.statusCode, document: new JSDOM(page.body).window.document };
  };
  const meta = (document: Document, selector: string) =>
    document.querySelector(selector)?.getAttribute("content") ?? null;

  it("saves the settings and reads them back; an update that leaves them out keeps them, null clears one", async () => {
    const created = await create({
      published: true,
      featured_image: "/uploads/0123456789abcdef0123456789abcdef.png",
      custom_excerpt: "  A short note on forks.  ",
      seo_title: "Knight forks explained",
      seo_description: "How a knight attacks two pieces at once.",
      social_image: "https://images.example.org/fork.png",
    });
    expect(created).toMatchObject({
      excerpt: "A short note on forks.",
      custom_excerpt: "A short note on forks.",
      seo_title: "Knight forks explained",
      seo_description: "How a knight attacks two pieces at once.",
      social_image: "https://images.example.org/fork.png",
      featured_image: "/uploads/0123456789abcdef0123456789abcdef.png",
      status: "published",
      publish_at: null,
    });
    const read: BlogPost = (await get(`/api/blog/posts/${created.slug}`)).json();
    expect(read).toMatchObject({
      custom_excerpt: "A short note on forks.",
      seo_title: "Knight forks explained",
    });
    // The public list's card shows the admin's excerpt.
    expect((await get("/api/blog/posts")).json().posts[0].excerpt).toBe("A short note on forks.");

    const kept = await send("PUT", `/api/blog/posts/${created.slug}`, {
      title: "Forks",
      content: CONTENT,
      published: true,
      custom_excerpt: null,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      custom_excerpt: null,
      seo_title: "Knight forks explained",
      social_image: "https://images.example.org/fork.png",
    });
    // Without its own excerpt, the post's excerpt is derived from its text again.
    expect(kept.json().excerpt).toBe(
      "The knight fork wins material when two pieces stand a knight's jump apart.",
    );
  });

  it("writes the SEO title, description and social image into the rendered page's head", async () => {
    const post = await create({
      published: true,
      featured_image: "/uploads/0123456789abcdef0123456789abcdef.png",
      seo_title: "Knight forks explained",
      seo_description: "How a knight attacks two pieces at once.",
      social_image: "https://images.example.org/fork.png",
    });
    const { status, document } = await head(post.slug);
    expect(status).toBe(200);
    expect(document.title).toContain("Knight forks explained");
    expect(meta(document, 'meta[name="description"]')).toBe("How a knight attacks two pieces at once.");
    expect(meta(document, 'meta[property="og:title"]')).toBe("Knight forks explained");
    expect(meta(document, 'meta[property="og:description"]')).toBe(
      "How a knight attacks two pieces at once.",
    );
    expect(meta(document, 'meta[property="og:image"]')).toBe("https://images.example.org/fork.png");
    expect(meta(document, 'meta[name="twitter:image"]')).toBe("https://images.example.org/fork.png");
    expect(meta(document, 'meta[name="twitter:title"]')).toBe("Knight forks explained");
  });

  it("falls back to the title, the excerpt and the featured image when the settings are empty", async () => {
    const post = await create({
      published: true,
      featured_image: "/uploads/0123456789abcdef0123456789abcdef.png",
      custom_excerpt: "Two pieces, one knight.",
    });
    const { document } = await head(post.slug);
    expect(document.title).toContain("Forks");
    expect(meta(document, 'meta[name="description"]')).toBe("Two pieces, one knight.");
    expect(meta(document, 'meta[property="og:image"]')).toBe(
      "http://localhost:3000/uploads/0123456789abcdef0123456789abcdef.png",
    );
  });

  it("refuses settings beyond their bounds with a 400 naming each field and its message", async () => {
    const response = await send("POST", "/api/blog/posts", {
      title: "Forks",
      content: CONTENT,
      custom_excerpt: "x".repeat(301),
      seo_title: "t".repeat(121),
      seo_description: "d".repeat(301),
      social_image: "javascript:alert(1)",
      publish_at: "next tuesday",
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBeTypeOf("string");
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: "body.custom_excerpt", message: BLOG_SETTINGS_MESSAGES.excerptMax },
        { path: "body.seo_title", message: BLOG_SETTINGS_MESSAGES.seoTitleMax },
        { path: "body.seo_description", message: BLOG_SETTINGS_MESSAGES.seoDescriptionMax },
        { path: "body.social_image", message: BLOG_SETTINGS_MESSAGES.socialImage },
        { path: "body.publish_at", message: BLOG_SETTINGS_MESSAGES.publishAtInvalid },
      ]),
    );
    for (const payload of [
      { seo_title: 42 },
      { publish_at: 5 },
      { social_image: "http://plain.example.org/a.png" },
    ]) {
      const refused = await send("POST", "/api/blog/posts", { title: "Forks", content: CONTENT, ...payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await database.db.selectFrom("blog_posts").select("id").execute()).toEqual([]);
  });

  it("refuses a publish time in the past, and one more than ten years ahead", async () => {
    const past = await send("POST", "/api/blog/posts", {
      title: "Forks",
      content: CONTENT,
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: BLOG_SETTINGS_MESSAGES.publishAtPast,
      details: [{ path: "body.publish_at", message: BLOG_SETTINGS_MESSAGES.publishAtPast }],
    });
    const far = await send("POST", "/api/blog/posts", {
      title: "Forks",
      content: CONTENT,
      publish_at: new Date(Date.now() + 11 * 366 * 24 * HOUR).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(BLOG_SETTINGS_MESSAGES.publishAtFar);
  });

  it("keeps a scheduled post out of every public place until the scheduler publishes it", async () => {
    const at = new Date(Date.now() + HOUR);
    const post = await create({ published: false, publish_at: at.toISOString().replace("Z", "+00:00") });
    expect(post).toMatchObject({ status: "scheduled", published: false, publish_at: at.toISOString() });

    const hidden = async () => {
      expect((await get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(404);
      expect((await get("/api/blog/posts")).json().total).toBe(0);
      expect((await head(post.slug)).status).toBe(404);
      expect((await get("/rss.xml")).body).not.toContain(post.slug);
      expect((await get("/sitemap.xml")).body).not.toContain(post.slug);
      expect((await get("/api/blog/tags")).json().tags).toEqual([]);
    };
    await hidden();
    // Not yet due: nothing is published.
    expect(await publishDuePosts(database.db, new Date(at.getTime() - 1))).toEqual([]);
    await hidden();

    // The admin sees it, and filters by it.
    const admin = (status: string) => get(`/api/blog/posts?status=${status}`, writer).then((r) => r.json());
    expect((await admin("scheduled")).posts.map((p: BlogPost) => p.slug)).toEqual([post.slug]);
    expect((await admin("draft")).total).toBe(0);
    expect((await admin("published")).total).toBe(0);

    expect(await publishDuePosts(database.db, at)).toEqual([post.slug]);
    const live: BlogPost = (await get(`/api/blog/posts/${post.slug}`)).json();
    expect(live).toMatchObject({ status: "published", published: true, publish_at: null });
    expect(live.published_date).toBe(at.toISOString());
    expect((await get("/api/blog/posts")).json().total).toBe(1);
    expect((await head(post.slug)).status).toBe(200);
    expect((await get("/rss.xml")).body).toContain(post.slug);
    expect((await get("/api/blog/tags")).json().tags).toEqual([{ name: "Tactics", count: 1 }]);
    expect((await admin("published")).total).toBe(1);
    expect((await admin("scheduled")).total).toBe(0);
    // Published once: a later run finds nothing, and the publication is one revision more.
    expect(await publishDuePosts(database.db, new Date(at.getTime() + HOUR))).toEqual([]);
    const revisions = await get(`/api/blog/posts/${post.slug}/revisions`, writer);
    expect(revisions.json().revisions).toHaveLength(2);
  });

  it("reschedules, unschedules (a draft again) and publishes a scheduled post at once", async () => {
    const post = await create({ published: false, publish_at: new Date(Date.now() + HOUR).toISOString() });
    const put = (payload: object) =>
      send("PUT", `/api/blog/posts/${post.slug}`, { title: "Forks", content: CONTENT, ...payload });

    const later = new Date(Date.now() + 2 * HOUR).toISOString();
    const moved = await put({ published: false, publish_at: later });
    expect(moved.json()).toMatchObject({ status: "scheduled", publish_at: later });
    // Saved again without a time (an old client, a script): the schedule stays.
    expect((await put({ published: false })).json()).toMatchObject({
      status: "scheduled",
      publish_at: later,
    });
    const past = await put({ published: false, publish_at: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(BLOG_SETTINGS_MESSAGES.publishAtPast);

    expect((await put({ published: false, publish_at: null })).json()).toMatchObject({
      status: "draft",
      publish_at: null,
    });
    await put({ published: false, publish_at: later });
    const now = await put({ published: true, publish_at: later });
    expect(now.json()).toMatchObject({ status: "published", publish_at: null, published: true });
    expect(await publishDuePosts(database.db, new Date(Date.now() + 3 * HOUR))).toEqual([]);
  });

  it("unschedules with the list's bulk Unpublish, and publishes at once with its Publish", async () => {
    const at = new Date(Date.now() + HOUR).toISOString();
    const a = await create({ title: "Pins", published: false, publish_at: at });
    const b = await create({ title: "Skewers", published: false, publish_at: at });
    const bulk = (action: string, slugs: string[]) =>
      app.inject({
        method: "POST",
        url: "/api/blog/posts/bulk",
        headers: writer,
        payload: { action, slugs },
      });
    expect((await bulk("unpublish", [a.slug])).json().changed).toEqual([a.slug]);
    expect((await get(`/api/blog/posts/${a.slug}`, writer)).json().status).toBe("draft");
    expect((await bulk("publish", [b.slug])).json().changed).toEqual([b.slug]);
    expect((await get(`/api/blog/posts/${b.slug}`)).json()).toMatchObject({
      status: "published",
      publish_at: null,
    });
  });
});
