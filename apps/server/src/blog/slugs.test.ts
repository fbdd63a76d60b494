import type { BlogPost } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";

const API_KEY = "slugs-test-secret-api-key-0123456789";
const writer = { "x-api-key": API_KEY };
const ARABIC_TITLE = "الملك النشيط في النهايات";
const ARABIC_SLUG = "الملك-النشيط-في-النهايات";
const encoded = (slug: string) => encodeURIComponent(slug);

const kinds = await testDatabaseKinds();

describe.each(kinds)("slugs in any script, and renamed slugs, on $name", (kind) => {
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
  const create = async (payload: object): Promise<BlogPost> => {
    const response = await app.inject({ method: "POST", url: "/api/blog/posts", headers: writer, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const post = (title: string, extra: object = {}) =>
    create({ title, content: "<p>About the king in the endgame.</p>", published: true, ...extra });
  const rename = (from: BlogPost, slug: string) =>
    app.inject({
      method: "PUT",
      url: `/api/blog/posts/${encoded(from.slug)}`,
      headers: writer,
      payload: { title: from.title, content: from.content, tags: from.tags, published: from.published, slug },
    });

  it("gives an Arabic title an Arabic slug, found through its percent-encoded address", async () => {
    const created = await post(ARABIC_TITLE);
    expect(created.slug).toBe(ARABIC_SLUG);
    expect((await post("the Réti manoeuvre")).slug).toBe("the-reti-manoeuvre");

    const api = await get(`/api/blog/posts/${encoded(ARABIC_SLUG)}`);
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json().title).toBe(ARABIC_TITLE);

    const page = await get(`/blog/${encoded(ARABIC_SLUG)}`);
    expect(page.statusCode).toBe(200);
    const document = new JSDOM(page.body).window.document;
    expect(document.title).toContain(ARABIC_TITLE);
    expect(document.querySelector('meta[property="og:url"]')?.getAttribute("content")).toBe(
      `http://localhost:3000/blog/${encoded(ARABIC_SLUG)}`,
    );
    // A second post of the same title gets the next free slug.
    expect((await post(ARABIC_TITLE)).slug).toBe(`${ARABIC_SLUG}-2`);
  });

  it("refuses slugs that are not letters and digits joined by hyphens, as a 400", async () => {
    for (const slug of ["a%2Fb", "A-B", "a%20b", "a--b", "%00"]) {
      const response = await get(`/api/blog/posts/${slug}`);
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().error, slug).toBeTypeOf("string");
    }
  });

  it("writes percent-encoded post links into the feed and the sitemap", async () => {
    await post(ARABIC_TITLE);
    const link = `http://localhost:3000/blog/${encoded(ARABIC_SLUG)}`;
    const rss = new JSDOM((await get("/rss.xml")).body, { contentType: "application/xml" }).window.document;
    const rssLink = rss.querySelector("item > link")?.textContent ?? "";
    expect(rssLink).toBe(link);
    expect(new URL(rssLink).href).toBe(link);
    expect(rss.querySelector("item > guid")?.textContent).toBe(link);
    const sitemap = (await get("/sitemap.xml")).body;
    const locations = [
      ...new JSDOM(sitemap, { contentType: "application/xml" }).window.document.getElementsByTagName("loc"),
    ].map((loc) => loc.textContent ?? "");
    expect(locations).toContain(link);
    for (const location of locations) expect(new URL(location).href).toBe(location);
  });

  it("renames a post; its old address answers the post on the API and a 301 on its page", async () => {
    const original = await post("Rook endgames");
    const response = await rename(original, "rook-endings");
    expect(response.statusCode, response.body).toBe(200);
    const renamed: BlogPost = response.json();
    expect(renamed.slug).toBe("rook-endings");
    expect(renamed.id).toBe(original.id);

    const api = await get("/api/blog/posts/rook-endgames");
    expect(api.statusCode).toBe(200);
    expect(api.json().slug).toBe("rook-endings");
    expect((await get("/api/blog/posts/rook-endings")).json().id).toBe(original.id);

    const page = await get("/blog/rook-endgames?ref=x");
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe("/blog/rook-endings?ref=x");
    expect((await get("/blog/rook-endings")).statusCode).toBe(200);
  });

  it("follows a chain of renames to the current slug, Arabic included, percent-encoded", async () => {
    const first = await post("Opposition");
    const second: BlogPost = (await rename(first, "the-opposition")).json();
    const third = await rename(second, "المعارضة");
    expect(third.statusCode, third.body).toBe(200);
    for (const old of ["opposition", "the-opposition"]) {
      const page = await get(`/blog/${old}`);
      expect(page.statusCode, old).toBe(301);
      expect(page.headers.location, old).toBe(`/blog/${encoded("المعارضة")}`);
      expect((await get(`/api/blog/posts/${old}`)).json().slug, old).toBe("المعارضة");
    }
    // Renaming back to an old slug takes it back.
    const back = await rename(third.json(), "opposition");
    expect(back.json().slug).toBe("opposition");
    expect((await get("/blog/opposition")).statusCode).toBe(200);
    expect((await get(`/blog/${encoded("المعارضة")}`)).headers.location).toBe("/blog/opposition");
  });

  it("refuses a taken slug with a 409 and an invalid one with a 400, changing nothing", async () => {
    const one = await post("First post");
    await post("Second post");
    const taken = await rename(one, "second-post");
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: "conflict",
      message: "The slug second-post is taken by another post",
    });
    const invalid = await rename(one, "Not A Slug");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe("validation");
    expect((await get("/api/blog/posts/first-post")).json().slug).toBe("first-post");
    expect((await get("/blog/second-post")).statusCode).toBe(200);
  });

  it("lets a new post take an old slug over its redirect, and a deleted post's redirects go with it", async () => {
    const old = await post("Pawn races");
    const renamed: BlogPost = (await rename(old, "pawn-races-explained")).json();
    const newcomer = await post("Pawn races");
    expect(newcomer.slug).toBe("pawn-races");
    expect((await get("/api/blog/posts/pawn-races")).json().id).toBe(newcomer.id);
    expect((await get("/blog/pawn-races")).statusCode).toBe(200);

    const other = await post("Knight tours");
    await rename(other, "knight-tours-2");
    const removed = await app.inject({
      method: "DELETE",
      url: "/api/blog/posts/knight-tours-2",
      headers: writer,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get("/blog/knight-tours")).statusCode).toBe(404);
    expect((await get("/api/blog/posts/knight-tours")).statusCode).toBe(404);
    expect(renamed.slug).toBe("pawn-races-explained");
  });

  it("does not lead visitors from a draft's old slug to it", async () => {
    const draft = await post("Draft notes", { published: false });
    await rename(draft, "draft-notes-2");
    expect((await get("/blog/draft-notes")).statusCode).toBe(404);
    expect((await get("/api/blog/posts/draft-notes")).statusCode).toBe(404);
    expect((await get("/api/blog/posts/draft-notes", writer)).json().slug).toBe("draft-notes-2");
  });
});
