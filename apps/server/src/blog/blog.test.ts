import { checkFen } from "@ct/chess";
import { BLOG_MESSAGES, type BlogList, type BlogPost, positionInputSchema } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminAccounts, type HashCost } from "../auth/accounts";
import { PUBLIC_CLIENT_KEY } from "../auth/writer";
import { migrateToLatest } from "../db/database";
import { migrations } from "../db/migrations";
import { TAG_CASE_MIGRATION } from "../db/migrations/0008-blog-tag-case";
import { toRow } from "../positions/rows";
import { SEED_POSTS, seedPosts } from "../seed/posts";
import { seedPositions } from "../seed/seed";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput } from "../testing/positions";
import { BLOG_LIMIT_MESSAGES } from "./repository";
import { markupDepth, nextTimestamp, sameInstant, searchKey, withoutControls } from "./rows";

/** Cheap argon2 for tests only. */
const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const SECRET = "blog-test-token-secret-0123456789abcdef";
const API_KEY = "blog-test-secret-api-key-0123456789";
const PASSWORD = "a long test password";

const LUCENA = "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1";
const body = (overrides: Record<string, unknown> = {}) => ({
  title: "Rook Endgames for Everyone",
  content: "<p>Rook endgames are the most common endgames of all.</p>",
  tags: ["Endgames"],
  published: true,
  ...overrides,
});

describe("search keys and timestamps", () => {
  it("folds case in English and diacritics, tatweel and letter forms in Arabic", () => {
    expect(searchKey("  The KNIGHT\n\tOutpost ")).toBe("the knight outpost");
    expect(searchKey("الشَّطْرَنْجُ")).toBe(searchKey("الشطرنج"));
    expect(searchKey("أقوى")).toBe(searchKey("اقوي"));
    expect(searchKey("الـــملك")).toBe("الملك");
    expect(searchKey("ＣＨＥＳＳ")).toBe("chess");
  });

  it("estimates markup depth in one pass, never below the real depth", () => {
    expect(markupDepth("plain text")).toBe(0);
    expect(markupDepth("<p>a</p><p>b<br>c<img src=x></p>")).toBe(1);
    expect(
      markupDepth('<ul><li><p><strong>x</strong></p></li></ul><div data-type="youtube" data-src="x"></div>'),
    ).toBe(4);
    expect(markupDepth("<p>unclosed<p>twice<p>")).toBe(3);
    expect(markupDepth("</div></div><b>x</b>")).toBe(1);
  });

  it("always moves updated_at forward and compares instants, not spellings", () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    expect(nextTimestamp("2029-12-31T23:59:59.000Z", now)).toBe("2030-01-01T00:00:00.000Z");
    expect(nextTimestamp("2030-01-01T00:00:00.000Z", now)).toBe("2030-01-01T00:00:00.001Z");
    expect(nextTimestamp("2030-01-01T00:00:05.000Z", now)).toBe("2030-01-01T00:00:05.001Z");
    expect(sameInstant("2030-01-01T00:00:00.000Z", "2030-01-01T00:00:00Z")).toBe(true);
    expect(sameInstant("2030-01-01T00:00:00.000Z", "2030-01-01T00:00:00.001Z")).toBe(false);
    expect(sameInstant("garbage", "2030-01-01T00:00:00.000Z")).toBe(false);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("blog API on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { TOKEN_SECRET: SECRET, API_KEY } });
    await new AdminAccounts(database.db, { hashCost: TEST_COST }).create("admin", PASSWORD);
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    // What the site sends: its fixed client key and the admin's bearer token.
    admin = { "x-api-key": PUBLIC_CLIENT_KEY, authorization: `Bearer ${login.json().access_token}` };
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("blog_post_tags").execute();
    await database.db.deleteFrom("blog_posts").execute();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  const send = (
    method: "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = admin,
  ) =>
    app.inject({
      method,
      url,
      headers,
      ...(payload === undefined
        ? {}
        : typeof payload === "string"
          ? { payload, headers: { ...headers, "content-type": "application/json" } }
          : { payload: payload as object }),
    });
  async function create(overrides: Record<string, unknown> = {}): Promise<BlogPost> {
    const response = await send("POST", "/api/blog/posts", body(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const list = async (query = "", headers: Record<string, string> = {}): Promise<BlogList> => {
    const response = await get(`/api/blog/posts${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const slugs = (page: BlogList) => page.posts.map((post) => post.slug);

  it("creates a post: 201, the slug from the title, author Admin, sanitised HTML, excerpt from the text", async () => {
    const response = await send(
      "POST",
      "/api/blog/posts",
      body({
        title: "  The Lucena   Position  ",
        content:
          "<h2>Build a bridge</h2><p>White <strong>wins</strong> &amp; Black <em>cannot</em> stop it.</p>" +
          '<img src="x" onerror="alert(1)"><script>alert(1)</script>' +
          `<div data-type="chess-diagram" data-fen="${LUCENA}"></div>`,
        tags: [" Endgames ", "endgames", "", "Rook endgames"],
        author: "Mallory",
        featured_image: "/uploads/abc123.png",
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const post: BlogPost = response.json();
    expect(post).toMatchObject({
      slug: "the-lucena-position",
      title: "The Lucena Position",
      author: "Admin",
      tags: ["Endgames", "Rook endgames"],
      featured_image: "/uploads/abc123.png",
      published: true,
      excerpt: "Build a bridge. White wins & Black cannot stop it.",
    });
    expect(post.content).not.toMatch(/<script|onerror|alert/);
    expect(post.content).toContain(`data-fen="${LUCENA}"`);
    expect(post.content).toContain("<strong>wins</strong>");
    expect(post.published_date).toBe(post.created_at);
    expect(new Date(post.created_at).toISOString()).toBe(post.created_at);
    expect(post.updated_at).toBe(post.created_at);

    const read = await get("/api/blog/posts/the-lucena-position");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(post);
    expect(read.headers["cache-control"]).toBe("no-store");
    // A list item is the post without its body and its settings (settings.test.ts).
    const {
      content: _content,
      custom_excerpt: _excerpt,
      seo_title: _seoTitle,
      seo_description: _seoDescription,
      social_image: _socialImage,
      ...summary
    } = post;
    expect((await list()).posts).toEqual([summary]);
  });

  it("keeps drafts from visitors: the list, the post, even with the site's client key", async () => {
    await create({ title: "Published One" });
    const draft = await create({ title: "Draft One", published: false });
    expect(draft.published).toBe(false);
    expect(draft.published_date).toBeNull();

    expect(slugs(await list())).toEqual(["published-one"]);
    expect(slugs(await list("?published_only=false"))).toEqual(["published-one"]);
    expect(slugs(await list("", { "x-api-key": PUBLIC_CLIENT_KEY }))).toEqual(["published-one"]);
    // A proxy's Basic login is no admin credential: still a visitor.
    expect(slugs(await list("", { authorization: "Basic YWRtaW46eA==" }))).toEqual(["published-one"]);
    const hidden = await get("/api/blog/posts/draft-one");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: "not_found", message: "Post not found" });
    expect((await get("/api/blog/posts/draft-one", { "x-api-key": PUBLIC_CLIENT_KEY })).statusCode).toBe(404);

    expect(slugs(await list("", admin))).toEqual(["draft-one", "published-one"]);
    expect(slugs(await list("", { "x-api-key": API_KEY }))).toEqual(["draft-one", "published-one"]);
    expect(slugs(await list("?published_only=true", admin))).toEqual(["published-one"]);
    expect(slugs(await list("?published_only=1", admin))).toEqual(["published-one"]);
    expect((await get("/api/blog/posts/draft-one", admin)).json()).toMatchObject({ title: "Draft One" });
  });

  it("answers a read that carries a refused token or key with a 401, never the visitor's answer", async () => {
    await create({ title: "Published One" });
    await create({ title: "Draft One", published: false });
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "admin", password: PASSWORD },
    });
    const token: string = login.json().access_token;
    const stale = { "x-api-key": PUBLIC_CLIENT_KEY, authorization: `Bearer ${token}` };
    expect(slugs(await list("", stale))).toEqual(["draft-one", "published-one"]);
    await app.inject({
      method: "POST",
      url: "/api/admin/logout",
      headers: { authorization: `Bearer ${token}` },
    });

    for (const headers of [
      stale as Record<string, string>,
      { authorization: "Bearer not.a.token" },
      { authorization: "Bearer " },
      { "x-api-key": "wrong-key-of-some-length" },
    ]) {
      for (const url of [
        "/api/blog/posts",
        "/api/blog/posts?published_only=true",
        "/api/blog/posts/draft-one",
        "/api/blog/posts/published-one",
        "/api/blog/posts/no-such-post",
        "/api/blog/tags",
      ]) {
        const response = await get(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json()).toMatchObject({ error: "unauthorized" });
      }
    }
    // Without credentials (or with only the site's client key) the same reads are a visitor's.
    expect(slugs(await list("", { "x-api-key": PUBLIC_CLIENT_KEY }))).toEqual(["published-one"]);
    expect((await get("/api/blog/posts/published-one")).statusCode).toBe(200);
    expect((await get("/api/blog/tags")).statusCode).toBe(200);
  });

  it("refuses writes without an admin token or the API key: 401, and stores nothing", async () => {
    const post = await create();
    const url = `/api/blog/posts/${post.slug}`;
    for (const headers of [
      {} as Record<string, string>,
      { "x-api-key": PUBLIC_CLIENT_KEY },
      { "x-api-key": "wrong-key-of-some-length" },
      { authorization: "Bearer garbage" },
      { authorization: admin.authorization?.replace(/.$/, "x") ?? "" },
    ]) {
      for (const [method, target, payload] of [
        ["POST", "/api/blog/posts", body({ title: "Intruder" })],
        ["PUT", url, body({ title: "Intruder" })],
        ["DELETE", url, undefined],
      ] as const) {
        const response = await send(method, target, payload, headers);
        expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.json().error).toBe("unauthorized");
      }
    }
    expect(slugs(await list("", admin))).toEqual([post.slug]);
    expect((await get(url)).json().title).toBe(post.title);
    // The secret API key writes (scripts).
    const scripted = await send("POST", "/api/blog/posts", body({ title: "Scripted" }), {
      "x-api-key": API_KEY,
    });
    expect(scripted.statusCode).toBe(201);
  });

  it("answers a refused post with 400: the spec's messages joined by ', ', one detail each", async () => {
    const response = await send("POST", "/api/blog/posts", {
      title: "ab",
      content: "too short",
      tags: "chess",
      featured_image: "not a url",
      published: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "validation",
      message: [
        BLOG_MESSAGES.title,
        BLOG_MESSAGES.content,
        BLOG_MESSAGES.tags,
        BLOG_MESSAGES.featuredImage,
      ].join(", "),
      details: [
        { path: "body.title", message: BLOG_MESSAGES.title },
        { path: "body.content", message: BLOG_MESSAGES.content },
        { path: "body.tags", message: BLOG_MESSAGES.tags },
        { path: "body.featured_image", message: BLOG_MESSAGES.featuredImage },
      ],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 42 }, BLOG_MESSAGES.title],
      [{ title: "   a   " }, BLOG_MESSAGES.title],
      [{ title: undefined }, BLOG_MESSAGES.title],
      [{ content: { html: "<p>hello world</p>" } }, BLOG_MESSAGES.content],
      [{ content: "<script>alert('a long enough payload')</script>" }, BLOG_MESSAGES.content],
      // The direction a paragraph carries is not content: "<p>Hi</p>" is too short with it too.
      [{ content: '<p dir="auto">Hi</p>' }, BLOG_MESSAGES.content],
      [{ tags: null }, BLOG_MESSAGES.tags],
      [{ tags: { 0: "a" } }, BLOG_MESSAGES.tags],
      [{ featured_image: "javascript:alert(1)" }, BLOG_MESSAGES.featuredImage],
      [{ featured_image: "//evil.example/x.png" }, BLOG_MESSAGES.featuredImage],
      // The page's CSP shows https images only: a plain http one would be a broken image.
      [{ featured_image: "http://images.example.org/x.png" }, BLOG_MESSAGES.featuredImage],
      [{ title: "x".repeat(201) }, BLOG_LIMIT_MESSAGES.titleMax],
      [{ content: `<p>${"x".repeat(500_000)}</p>` }, BLOG_LIMIT_MESSAGES.contentMax],
      [{ tags: ["ok", 7] }, BLOG_LIMIT_MESSAGES.tagText],
      [{ tags: ["x".repeat(41)] }, BLOG_LIMIT_MESSAGES.tagMax],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }, BLOG_LIMIT_MESSAGES.tagsMax],
      [
        { content: `<div>${"<b>".repeat(5000)}deep${"</b>".repeat(5000)}</div>` },
        BLOG_LIMIT_MESSAGES.unreadable,
      ],
      [{ content: `${"<div>".repeat(20_000)}deeper` }, BLOG_LIMIT_MESSAGES.unreadable],
      [{ content: `${"<table><tr><td>".repeat(100)}cells` }, BLOG_LIMIT_MESSAGES.unreadable],
    ];
    for (const [overrides, message] of cases) {
      const refused = await send("POST", "/api/blog/posts", body(overrides));
      expect(refused.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(refused.json()).toMatchObject({ error: "validation", message });
    }
    // Wrong shapes of the body itself are refused by its schema, also as a 400.
    for (const payload of ["[]", "null", '"text"', "42", "{", JSON.stringify(body({ published: "yes" }))]) {
      const refused = await send("POST", "/api/blog/posts", payload);
      expect(refused.statusCode, payload).toBe(400);
      expect(typeof refused.json().message).toBe("string");
    }
    expect((await list("", admin)).total).toBe(0);
  });

  it("makes slugs by the spec's rule and never overwrites: x, x-2, x-3", async () => {
    const first = await create({ title: "Opening Traps: 5 Classics!" });
    const second = await create({ title: "Opening  traps -- 5 classics" });
    const third = await create({ title: "OPENING TRAPS 5 CLASSICS" });
    expect([first.slug, second.slug, third.slug]).toEqual([
      "opening-traps-5-classics",
      "opening-traps-5-classics-2",
      "opening-traps-5-classics-3",
    ]);
    expect((await create({ title: "Whatever", slug: "  My Custom Slug!! " })).slug).toBe("my-custom-slug");
    expect((await create({ title: "Explicit", slug: "my-custom-slug" })).slug).toBe("my-custom-slug-2");
    expect((await create({ title: "From the title", slug: "" })).slug).toBe("from-the-title");
    // Letters of any script stay (Latin diacritics folded); a title without letters or digits still gets an address.
    expect((await create({ title: "نهايات الرخ" })).slug).toBe("نهايات-الرخ");
    expect((await create({ title: "?! ... !?" })).slug).toBe("post");
    expect((await create({ title: "Ünïcödé Çafé" })).slug).toBe("unicode-cafe");
    // Every post is still there, each with its own content.
    expect((await get(`/api/blog/posts/${first.slug}`)).json().title).toBe("Opening Traps: 5 Classics!");
    expect((await get(`/api/blog/posts/${second.slug}`)).json().title).toBe("Opening traps -- 5 classics");
    expect((await list("", admin)).total).toBe(9);
  });

  it("keeps slugs of long titles short enough to be routed: 80 characters, cut at a hyphen", async () => {
    const title = `${"Rook endgames with a passed pawn on the seventh rank ".repeat(4)}final`.slice(0, 200);
    const post = await create({ title });
    expect(post.slug.length).toBeLessThanOrEqual(80);
    expect(post.slug).toMatch(/^rook-endgames-with-a-passed-pawn-.*[a-z]$/);
    expect((await get(`/api/blog/posts/${post.slug}`)).json().title).toBe(title);
    // A slug given by hand up to the stored limit is reachable too, with its numeric suffix.
    const long = `${"a".repeat(60)}-${"b".repeat(59)}`;
    await create({ title: "First", slug: long });
    const twin = await create({ title: "Second", slug: long });
    expect((await get(`/api/blog/posts/${twin.slug}`)).statusCode).toBe(200);
  });

  it("updates by slug: 200, keeps the slug it is sent, answers 404 for a missing post (renames: slugs.test.ts)", async () => {
    const post = await create();
    const response = await send(
      "PUT",
      `/api/blog/posts/${post.slug}`,
      body({
        title: "A Brand New Title",
        slug: post.slug,
        content: "<p>Rewritten from the first word to the last.</p>",
        tags: ["Technique"],
        updated_at: post.updated_at,
        created_at: "2001-01-01T00:00:00.000Z",
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated: BlogPost = response.json();
    expect(updated).toMatchObject({
      id: post.id,
      slug: post.slug,
      title: "A Brand New Title",
      tags: ["Technique"],
      excerpt: "Rewritten from the first word to the last.",
      created_at: post.created_at,
      published_date: post.published_date,
    });
    expect(updated.updated_at > post.updated_at).toBe(true);

    const missing = await send("PUT", "/api/blog/posts/no-such-post", body());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "not_found", message: "Post not found" });
    // Validation applies to updates too.
    const refused = await send("PUT", `/api/blog/posts/${post.slug}`, body({ title: "" }));
    expect(refused.json()).toMatchObject({ error: "validation", message: BLOG_MESSAGES.title });
  });

  it("answers 409 when the post changed since the editor loaded it, and writes nothing", async () => {
    const post = await create();
    const url = `/api/blog/posts/${post.slug}`;
    const mine = await send("PUT", url, body({ title: "First editor", updated_at: post.updated_at }));
    expect(mine.statusCode).toBe(200);
    const stale = await send("PUT", url, body({ title: "Second editor", updated_at: post.updated_at }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: "conflict",
      message: "The post was changed by someone else since you opened it",
    });
    expect((await get(url)).json().title).toBe("First editor");
    // The same instant written another way is the same version.
    const current: string = mine.json().updated_at;
    const sameVersion = current.replace(/Z$/, "+00:00");
    const again = await send("PUT", url, body({ title: "Third editor", updated_at: sameVersion }));
    expect(again.statusCode, again.body).toBe(200);
    // Without updated_at (a script) the write goes through.
    expect((await send("PUT", url, body({ title: "Script" }))).statusCode).toBe(200);
    // Two editors with the same version at the same moment: exactly one wins.
    const version: string = (await get(url)).json().updated_at;
    const race = await Promise.all(
      ["Racer A", "Racer B"].map((title) => send("PUT", url, body({ title, updated_at: version }))),
    );
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it("sets published_date on first publish, clears it while unpublished, restores it on re-publish", async () => {
    const draft = await create({ published: false });
    const url = `/api/blog/posts/${draft.slug}`;
    expect(draft.published_date).toBeNull();
    const edited = (await send("PUT", url, body({ published: false }))).json();
    expect(edited.published_date).toBeNull();
    const published = (await send("PUT", url, body({ published: true }))).json();
    expect(published.published_date).toBe(published.updated_at);
    const firstDate: string = published.published_date;
    const editedLive = (await send("PUT", url, body({ published: true, title: "Edited while live" }))).json();
    expect(editedLive.published_date).toBe(firstDate);
    const unpublished = (await send("PUT", url, body({ published: false }))).json();
    expect(unpublished.published_date).toBeNull();
    expect((await get(url)).statusCode).toBe(404);
    const republished = (await send("PUT", url, body({ published: true }))).json();
    expect(republished.published_date).toBe(firstDate);
  });

  it("deletes by slug: 204, then 404; the tags go with the post", async () => {
    const post = await create({ tags: ["Doomed"] });
    const url = `/api/blog/posts/${post.slug}`;
    const removed = await send("DELETE", url);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await get(url, admin)).statusCode).toBe(404);
    const again = await send("DELETE", url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "not_found", message: "Post not found" });
    expect((await get("/api/blog/tags")).json()).toEqual({ tags: [] });
    expect(await database.db.selectFrom("blog_post_tags").selectAll().execute()).toEqual([]);
  });

  it("pages newest first within bounds: total, total_pages, empty pages past the end", async () => {
    for (let i = 1; i <= 12; i++) await create({ title: `Lesson number ${i}` });
    await create({ title: "Unfinished lesson", published: false });
    const first = await list("?per_page=5");
    expect(first).toMatchObject({ total: 12, total_pages: 3, page: 1, per_page: 5 });
    expect(first.posts.map((post) => post.title)).toEqual(
      [12, 11, 10, 9, 8].map((n) => `Lesson number ${n}`),
    );
    const last = await list("?per_page=5&page=3");
    expect(last.posts.map((post) => post.title)).toEqual(["Lesson number 2", "Lesson number 1"]);
    expect((await list("?per_page=5&page=4")).posts).toEqual([]);
    expect((await list("?page=100000")).posts).toEqual([]);
    const defaults = await list();
    expect(defaults).toMatchObject({ page: 1, per_page: 10, total: 12, total_pages: 2 });
    expect(defaults.posts).toHaveLength(10);
    expect(await list("?per_page=50", admin)).toMatchObject({ total: 13, total_pages: 1 });
    expect((await list("?tag=nothing-like-this")).total_pages).toBe(0);
    for (const query of [
      "page=0",
      "page=-1",
      "page=1.5",
      "page=abc",
      "page=100001",
      "page=1e309",
      "page=1e0",
      "page=0x1",
      "page=02",
      "per_page=+5",
      "per_page=0",
      "per_page=51",
      "per_page=1e9",
      "published_only=maybe",
      `search=${"s".repeat(201)}`,
      `tag=${"t".repeat(41)}`,
    ]) {
      const response = await get(`/api/blog/posts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe("bad_request");
    }
  });

  it("searches title and text, any case, Arabic with or without diacritics, wildcards literally", async () => {
    await create({ title: "Knight Outposts", content: "<p>A KNIGHT on d5 can dominate a whole game.</p>" });
    await create({
      title: "الحصان في المركز",
      content: "<p>الحِصانُ في المركزِ أقوى من الفيل في المواقع المغلقة، 100% تقريبًا.</p>",
      tags: ["استراتيجية"],
    });
    await create({ title: "Bishops", content: "<p><strong>Long</strong> diagonals matter.</p>" });
    await create({ title: "Hidden knight draft", published: false });
    const titles = async (search: string, headers: Record<string, string> = {}) =>
      (await list(`?search=${encodeURIComponent(search)}`, headers)).posts.map((post) => post.title).sort();
    expect(await titles("knight")).toEqual(["Knight Outposts"]);
    expect(await titles("OUTPOSTS")).toEqual(["Knight Outposts"]);
    expect(await titles("dominate knight")).toEqual(["Knight Outposts"]);
    expect(await titles("knight bishop")).toEqual([]);
    expect(await titles("knight", admin)).toEqual(["Hidden knight draft", "Knight Outposts"]);
    expect(await titles("الحصان")).toEqual(["الحصان في المركز"]);
    expect(await titles("الحِصانُ")).toEqual(["الحصان في المركز"]);
    expect(await titles("اقوى")).toEqual(["الحصان في المركز"]);
    expect(await titles("المغلقة")).toEqual(["الحصان في المركز"]);
    // Markup is not text: "strong" is a tag name here, not a word of the post.
    expect(await titles("strong")).toEqual([]);
    expect(await titles("long DIAGONALS")).toEqual(["Bishops"]);
    expect(await titles("%")).toEqual(["الحصان في المركز"]);
    expect(await titles("_")).toEqual([]);
    expect(await titles("   ")).toHaveLength(3);
    // A NUL is refused like any other bad input (the issue on integrity: a 400 on every database, never a 500).
    const nul = await get(`/api/blog/posts?search=${encodeURIComponent("\u0000knight")}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: "bad_request", details: [{ path: "query.search" }] });
  });

  it("filters by exact tag and counts tags of published posts, most used first", async () => {
    await create({ title: "Post A", tags: ["Endgames", "Tactics"] });
    await create({ title: "Post B", tags: ["Endgames"] });
    await create({
      title: "Post C",
      tags: ["Endgames", "نهايات"],
      content: "<p>Zugzwang decides this one entirely.</p>",
    });
    await create({ title: "Post D", tags: [] });
    const draft = await create({ title: "Draft E", tags: ["Tactics", "Secret"], published: false });
    const tagged = async (tag: string, headers: Record<string, string> = {}) =>
      (await list(`?tag=${encodeURIComponent(tag)}`, headers)).posts.map((post) => post.title).sort();
    expect(await tagged("Endgames")).toEqual(["Post A", "Post B", "Post C"]);
    expect(await tagged("Tactics")).toEqual(["Post A"]);
    expect(await tagged("Tactics", admin)).toEqual(["Draft E", "Post A"]);
    expect(await tagged("نهايات")).toEqual(["Post C"]);
    expect(await tagged("endgames")).toEqual(["Post A", "Post B", "Post C"]);
    expect(await tagged("End")).toEqual([]);
    expect(await tagged("Secret")).toEqual([]);
    expect((await list("?tag=Endgames&search=ZUGZWANG")).posts.map((post) => post.title)).toEqual(["Post C"]);

    const tags = await get("/api/blog/tags");
    expect(tags.statusCode).toBe(200);
    expect(tags.json()).toEqual({
      tags: [
        { name: "Endgames", count: 3 },
        { name: "Tactics", count: 1 },
        { name: "نهايات", count: 1 },
      ],
    });
    // Publishing the draft counts its tags; unpublishing a post drops them again.
    await send(
      "PUT",
      `/api/blog/posts/${draft.slug}`,
      body({ title: "Draft E", tags: ["Tactics", "Secret"] }),
    );
    expect((await get("/api/blog/tags")).json().tags).toEqual([
      { name: "Endgames", count: 3 },
      { name: "Tactics", count: 2 },
      { name: "Secret", count: 1 },
      { name: "نهايات", count: 1 },
    ]);
    await send(
      "PUT",
      "/api/blog/posts/post-a",
      body({ title: "Post A", tags: ["Endgames"], published: false }),
    );
    expect((await get("/api/blog/tags")).json().tags).toEqual([
      { name: "Endgames", count: 2 },
      { name: "Secret", count: 1 },
      { name: "Tactics", count: 1 },
      { name: "نهايات", count: 1 },
    ]);
  });

  it("compares tags in any case: one tag, its first spelling, its posts and one count", async () => {
    await create({ title: "Post A", tags: ["Tactics", "Endgames"] });
    const b = await create({ title: "Post B", tags: ["tactics", "TACTICS", "endgames", "Opening"] });
    expect(b.tags).toEqual(["Tactics", "Endgames", "Opening"]);
    const c = await create({ title: "Post C", tags: ["Échecs"], published: false });
    const d = await create({ title: "Post D", tags: ["ÉCHECS", "opening", "Ｔａｃｔｉｃｓ"] });
    expect(d.tags).toEqual(["Échecs", "Opening", "Tactics"]);
    // An edit keeps the spelling other posts use.
    const edited = await send(
      "PUT",
      `/api/blog/posts/${b.slug}`,
      body({ title: "Post B", tags: ["TACTICS"] }),
    );
    expect(edited.json().tags).toEqual(["Tactics"]);
    // A tag that only this post has may change its spelling.
    const e = await create({ title: "Post E", tags: ["Rare find"] });
    const respelled = await send(
      "PUT",
      `/api/blog/posts/${e.slug}`,
      body({ title: "Post E", tags: ["Rare Find"] }),
    );
    expect(respelled.json().tags).toEqual(["Rare Find"]);

    const tagged = async (tag: string, headers: Record<string, string> = {}) =>
      (await list(`?tag=${encodeURIComponent(tag)}`, headers)).posts.map((post) => post.title).sort();
    for (const tag of ["tactics", "TACTICS", "Tactics", " tactics "]) {
      expect(await tagged(tag), tag).toEqual(["Post A", "Post B", "Post D"]);
    }
    expect(await tagged("échecs")).toEqual(["Post D"]);
    expect(await tagged("échecs", admin)).toEqual(["Post C", "Post D"]);
    expect(await tagged("rare find")).toEqual(["Post E"]);
    const tags = (await get("/api/blog/tags")).json().tags as { name: string; count: number }[];
    expect(tags.sort((x, y) => (x.name < y.name ? -1 : 1))).toEqual([
      { name: "Endgames", count: 1 },
      { name: "Opening", count: 1 },
      { name: "Rare Find", count: 1 },
      { name: "Tactics", count: 3 },
      { name: "Échecs", count: 1 },
    ]);
    expect(c.tags).toEqual(["Échecs"]);
  });

  it("separates blocks in excerpts and search text, and keeps inline markup inside words", async () => {
    const post = await create({
      title: "Forks",
      content:
        "<h2>Why forks matter</h2><p>A fork attacks two pieces at once.</p>" +
        "<ul><li><p>Knights fork best</p></li><li>Queens fork too!</li></ul>" +
        "<blockquote><p>Look for checks</p></blockquote><h3>Lines</h3><p>First line<br>second line</p>" +
        `<div data-type="chess-diagram" data-fen="${LUCENA}"></div>` +
        "<p>It ends in che<strong>ck</strong>m<em>ate</em>.</p>",
    });
    expect(post.excerpt).toBe(
      "Why forks matter. A fork attacks two pieces at once. Knights fork best. Queens fork too! " +
        "Look for checks. Lines. First line second line. It ends in checkmate.",
    );
    const titles = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).posts.map((item) => item.title);
    expect(await titles("checkmate")).toEqual(["Forks"]);
    expect(await titles("matter a fork")).toEqual(["Forks"]);
    expect(await titles("line second")).toEqual(["Forks"]);
  });

  it("never answers a client's input with a 5xx", async () => {
    const post = await create();
    const hostileSlugs = [
      "UPPER",
      "two--hyphens",
      "-leading",
      "trailing-",
      "with%20space",
      "%00",
      "..%2F..%2Fetc%2Fpasswd",
      "%F0%9F%98%80",
      "%D9%85%D9%84%D9%83",
      "x".repeat(300),
      "1e309",
    ];
    for (const slug of hostileSlugs) {
      for (const [method, payload] of [
        ["GET", undefined],
        ["PUT", body()],
        ["DELETE", undefined],
      ] as const) {
        const response =
          method === "GET"
            ? await get(`/api/blog/posts/${slug}`)
            : await send(method, `/api/blog/posts/${slug}`, payload);
        expect(response.statusCode, `${method} ${slug}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${slug}`).toBeLessThan(500);
      }
    }
    const bodies: unknown[] = [
      "{",
      "[]",
      "null",
      { ...body(), title: "\u0000\u0001Null bytes\u0000 in the title" },
      { ...body(), tags: ["\u0000tag\u0000"] },
      { ...body(), content: "<p>\u0000 NUL in the body text here</p>" },
      { ...body(), featured_image: 5 },
      { ...body(), featured_image: `https://example.org/${"i".repeat(2001)}` },
      { ...body(), slug: { $gt: "" } },
      { ...body(), updated_at: "not a date" },
      { ...body(), updated_at: 12 },
      JSON.parse(
        '{"__proto__": {"polluted": true}, "title": "Prototype games", "content": "<p>0123456789</p>"}',
      ),
      { ...body(), content: `<div>${"<b>".repeat(5000)}deep${"</b>".repeat(5000)}</div>` },
      { ...body(), content: `${"<div>".repeat(20_000)}deeper` },
    ];
    for (const payload of bodies) {
      for (const [method, url] of [
        ["POST", "/api/blog/posts"],
        ["PUT", `/api/blog/posts/${post.slug}`],
      ] as const) {
        const response = await send(method, url, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(payload).slice(0, 60)}`).toBeLessThan(500);
      }
    }
    const stored = await list("?per_page=50", admin);
    for (const item of stored.posts) {
      expect(withoutControls(item.title)).toBe(item.title);
      for (const tag of item.tags) expect(withoutControls(tag)).toBe(tag);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    for (const query of [
      "search=%00",
      "tag=%00",
      "search=%27%20OR%201%3D1%20--",
      "page=1&page=2",
      "tag=a&tag=b",
    ]) {
      expect((await get(`/api/blog/posts?${query}`)).statusCode, query).toBeLessThan(500);
    }
  });

  it("documents every blog route in /api/docs", async () => {
    const docs = (await get("/api/docs")).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(docs.paths["/api/blog/posts"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(docs.paths["/api/blog/posts/{slug}"] ?? {}).sort()).toEqual(["delete", "get", "put"]);
    expect(Object.keys(docs.paths["/api/blog/tags"] ?? {})).toEqual(["get"]);
  });
});

describe.each(kinds)("sample blog posts on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("are real chess posts in English and Arabic, with legal diagrams and a video", () => {
    const arabic = /[\u0600-\u06ff]/;
    expect(SEED_POSTS.length).toBeGreaterThanOrEqual(3);
    expect(SEED_POSTS.some((post) => arabic.test(String(post.title)))).toBe(true);
    expect(SEED_POSTS.some((post) => !arabic.test(String(post.title)))).toBe(true);
    for (const post of SEED_POSTS) {
      const content = String(post.content);
      const fens = [...content.matchAll(/data-type="chess-diagram" data-fen="([^"]+)"/g)].map(
        (m) => m[1] ?? "",
      );
      expect(fens.length, String(post.title)).toBeGreaterThan(0);
      for (const fen of fens) expect(checkFen(fen), fen).toMatchObject({ ok: true, fen });
      expect(post.published).toBe(true);
      expect((post.tags as string[]).length).toBeGreaterThan(0);
      expect(content.replace(/<[^>]*>/g, " ").split(/\s+/).length, String(post.title)).toBeGreaterThan(150);
    }
    expect(
      SEED_POSTS.some((post) =>
        /data-type="youtube" data-src="https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}"/.test(
          String(post.content),
        ),
      ),
    ).toBe(true);
  });

  it("are stored once, on the first start, through the same rules as every post", async () => {
    // The start-up seeding (positions and posts) stores them.
    await seedPositions(
      database.db,
      () => [],
      () => null,
    );
    const app = await testApp(database);
    try {
      const page = (await app.inject({ method: "GET", url: "/api/blog/posts" })).json() as BlogList;
      expect(page.total).toBe(SEED_POSTS.length);
      expect(page.posts.map((post) => post.title)).toEqual(SEED_POSTS.map((post) => post.title).reverse());
      for (const summary of page.posts) {
        expect(summary.author).toBe("Admin");
        expect(summary.published_date).not.toBeNull();
        expect(summary.excerpt.length).toBeGreaterThan(50);
        const post = (await app.inject({ method: "GET", url: `/api/blog/posts/${summary.slug}` })).json();
        expect(post.content).toContain('data-type="chess-diagram"');
      }
      const withVideo = await Promise.all(
        page.posts.map(
          async (summary) =>
            (await app.inject({ method: "GET", url: `/api/blog/posts/${summary.slug}` })).json()
              .content as string,
        ),
      );
      expect(
        withVideo.some((content) => /data-type="youtube"/.test(content) && /KhqslboBUug/.test(content)),
      ).toBe(true);
      expect((await app.inject({ method: "GET", url: "/api/blog/tags" })).json().tags.length).toBeGreaterThan(
        3,
      );
    } finally {
      await app.close();
    }
    expect(await seedPosts(database.db)).toBe(0);
    await database.db.deleteFrom("blog_post_tags").execute();
    await database.db.deleteFrom("blog_posts").execute();
    expect(await seedPosts(database.db)).toBe(0);
    expect(await database.db.selectFrom("blog_posts").selectAll().execute()).toEqual([]);
  });
});

describe.each(kinds)("the tag-case and excerpt migration on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("merges tags that differ only by case into the oldest spelling and recomputes excerpts", async () => {
    const names = Object.keys(migrations);
    const before = names[names.indexOf(TAG_CASE_MIGRATION) - 1] as string;
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo(before);
    expect(down.error).toBeUndefined();

    // Rows as the earlier code stored them: tags compared by exact spelling, excerpts running blocks together.
    const stored: [string, string[], number, string][] = [
      ["oldest", ["Tactics", "Endgames"], 1, "<h2>Why forks matter</h2><p>A fork attacks two pieces.</p>"],
      ["middle", ["tactics", "endgames", "Opening"], 1, "<p>Open files</p><p>Rooks love them.</p>"],
      ["newest", ["TACTICS", "tactics"], 0, "<p>che<strong>ck</strong>mate in one</p>"],
    ];
    const ids: number[] = [];
    for (const [slug, tags, published, content] of stored) {
      const at = `2024-01-0${ids.length + 1}T00:00:00.000Z`;
      const row = await database.db
        .insertInto("blog_posts")
        .values({
          slug,
          title: `Post ${slug}`,
          content,
          excerpt: content
            .replace(/<[^>]*>/g, " ")
            .replace(/\s+/g, " ")
            .trim(),
          search_text: "stale",
          tags: JSON.stringify(tags),
          featured_image: null,
          author: "Admin",
          published,
          published_date: published ? at : null,
          first_published_at: published ? at : null,
          sort_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
      for (const tag of tags) {
        await sql`insert into blog_post_tags (post_id, tag, published) values (${row.id}, ${tag}, ${published})`.execute(
          database.db,
        );
      }
    }
    const position = positionInputSchema.parse(positionInput("opening"));
    const now = new Date().toISOString();
    // The positions table as it was before migration 0009 (no rating deviation, volatility or band yet).
    const {
      rating_deviation: _deviation,
      rating_volatility: _volatility,
      rating_band: _band,
      fen_key: _key,
      ...oldRow
    } = toRow(position, position.fen, 1, now, now);
    await database.db
      .insertInto("positions")
      // The row of the old table, which the current schema's types do not describe.
      .values({ ...oldRow, source: "" } as typeof oldRow & { rating_band: number; fen_key: number })
      .execute();

    await migrateToLatest(database.db);

    const posts = await database.db.selectFrom("blog_posts").selectAll().orderBy("id").execute();
    expect(posts.map((post) => JSON.parse(post.tags))).toEqual([
      ["Tactics", "Endgames"],
      ["Tactics", "Endgames", "Opening"],
      ["Tactics"],
    ]);
    expect(posts.map((post) => post.excerpt)).toEqual([
      "Why forks matter. A fork attacks two pieces.",
      "Open files. Rooks love them.",
      "checkmate in one",
    ]);
    expect(posts[2]?.search_text).toBe(searchKey("Post newest\ncheckmate in one"));
    const tagRows = await database.db
      .selectFrom("blog_post_tags")
      .select(["post_id", "tag", "published"])
      .orderBy("post_id")
      .orderBy("tag")
      .execute();
    expect(tagRows.map((row) => [Number(row.post_id), row.tag, Number(row.published)])).toEqual([
      [ids[0], "Endgames", 1],
      [ids[0], "Tactics", 1],
      [ids[1], "Endgames", 1],
      [ids[1], "Opening", 1],
      [ids[1], "Tactics", 1],
      [ids[2], "Tactics", 0],
    ]);
    expect(
      (await database.db.selectFrom("positions").select("source").executeTakeFirstOrThrow()).source,
    ).toBeNull();

    const app = await testApp(database);
    try {
      const tags = (await app.inject({ method: "GET", url: "/api/blog/tags" })).json();
      expect(tags).toEqual({
        tags: [
          { name: "Endgames", count: 2 },
          { name: "Tactics", count: 2 },
          { name: "Opening", count: 1 },
        ],
      });
      const tagged = (await app.inject({ method: "GET", url: "/api/blog/posts?tag=TACTICS" })).json();
      expect(tagged.posts.map((post: { slug: string }) => post.slug)).toEqual(["middle", "oldest"]);
    } finally {
      await app.close();
    }
  });
});
