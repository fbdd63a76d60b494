import type { BlogList, BlogPost } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminAccounts, type HashCost } from "../auth/accounts";
import { PUBLIC_CLIENT_KEY } from "../auth/writer";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";

/** Cheap argon2 for tests only. */
const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const SECRET = "admin-list-test-token-secret-0123456789";
const API_KEY = "admin-list-test-secret-api-key-0123456789";
const PASSWORD = "a long test password";

const post = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  content: "<p>Rook endgames are the most common endgames of all.</p>",
  tags: ["Endgames"],
  published: true,
  ...overrides,
});

const kinds = await testDatabaseKinds();

/** What a Ghost admin expects of the post list: filters by status and tag, and bulk actions. */
describe.each(kinds)("the admin's post list on $name", (kind) => {
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

  async function create(title: string, overrides: Record<string, unknown> = {}): Promise<BlogPost> {
    const response = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: admin,
      payload: post(title, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  async function list(query: string, headers: Record<string, string> = {}): Promise<BlogList> {
    const response = await get(`/api/blog/posts${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const slugs = (page: BlogList) => page.posts.map((item) => item.slug);
  const bulk = (payload: unknown, headers: Record<string, string> = admin) =>
    app.inject({
      method: "POST",
      url: "/api/blog/posts/bulk",
      headers: { ...headers, "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it("filters by status for an admin; a visitor still only ever gets published posts", async () => {
    await create("Published one");
    await create("Draft one", { published: false });
    await create("Published two", { tags: ["Tactics"] });

    expect(slugs(await list("?status=draft", admin))).toEqual(["draft-one"]);
    expect(slugs(await list("?status=published", admin))).toEqual(["published-two", "published-one"]);
    expect((await list("?status=published", admin)).total).toBe(2);
    expect(slugs(await list("", admin))).toEqual(["published-two", "draft-one", "published-one"]);
    // With the other filters: tag (any case), search, pages.
    expect(slugs(await list("?status=published&tag=tactics", admin))).toEqual(["published-two"]);
    expect(slugs(await list("?status=draft&tag=tactics", admin))).toEqual([]);
    expect(slugs(await list("?status=draft&search=draft", admin))).toEqual(["draft-one"]);
    const paged = await list("?status=published&per_page=1&page=2", admin);
    expect([slugs(paged), paged.total, paged.total_pages]).toEqual([["published-one"], 2, 2]);
    // published_only still wins: no drafts at all.
    expect(slugs(await list("?status=draft&published_only=true", admin))).toEqual([]);

    // A visitor (and the site's client key alone) never sees a draft, whatever the status asked.
    const visitors: Record<string, string>[] = [
      {},
      { "x-api-key": PUBLIC_CLIENT_KEY },
      // A proxy's Basic login is no admin credential.
      { authorization: "Basic YWRtaW46eA==" },
    ];
    for (const headers of visitors) {
      expect(slugs(await list("?status=draft", headers))).toEqual(["published-two", "published-one"]);
      expect(slugs(await list("?status=published", headers))).toEqual(["published-two", "published-one"]);
    }
  });

  it("answers an unknown status with a 400 JSON error naming the field, for admins and visitors", async () => {
    for (const query of [
      "status=archived",
      "status=DRAFT",
      "status=",
      "status=all",
      "status=draft&status=x",
    ]) {
      for (const headers of [admin, {}]) {
        const response = await get(`/api/blog/posts?${query}`, headers);
        expect(response.statusCode, query).toBe(400);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.json()).toMatchObject({ error: "bad_request" });
        expect(response.json().message, query).toMatch(/^query\.status/);
      }
    }
  });

  it("lists the tags of drafts too for an admin who asks; visitors get the published posts' tags", async () => {
    await create("Published one", { tags: ["Endgames"] });
    await create("Draft one", { tags: ["Openings", "endgames"], published: false });
    const tags = async (query: string, headers: Record<string, string> = {}) => {
      const response = await get(`/api/blog/tags${query}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().tags;
    };
    expect(await tags("")).toEqual([{ name: "Endgames", count: 1 }]);
    expect(await tags("", admin)).toEqual([{ name: "Endgames", count: 1 }]);
    expect(await tags("?include_drafts=true")).toEqual([{ name: "Endgames", count: 1 }]);
    expect(await tags("?include_drafts=true", { "x-api-key": PUBLIC_CLIENT_KEY })).toEqual([
      { name: "Endgames", count: 1 },
    ]);
    expect(await tags("?include_drafts=true", admin)).toEqual([
      { name: "Endgames", count: 2 },
      { name: "Openings", count: 1 },
    ]);
    expect((await get("/api/blog/tags?include_drafts=maybe", admin)).statusCode).toBe(400);
  });

  it("publishes and unpublishes in bulk, answering what changed; the dates follow the editor's rules", async () => {
    const draft = await create("Draft one", { published: false, tags: ["Openings"] });
    const once = await create("Published once", { published: true });
    const unpublished = await app.inject({
      method: "PUT",
      url: `/api/blog/posts/${once.slug}`,
      headers: admin,
      payload: post("Published once", { published: false }),
    });
    expect(unpublished.statusCode).toBe(200);
    const live = await create("Live one");

    const published = await bulk({ action: "publish", slugs: [draft.slug, once.slug, live.slug] });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({
      action: "publish",
      changed: [draft.slug, once.slug],
      unchanged: [live.slug],
    });
    const read = async (slug: string): Promise<BlogPost> => (await get(`/api/blog/posts/${slug}`)).json();
    // Visible to visitors now, with a published date: the first publication's for a post published before.
    const again = await read(once.slug);
    expect(again.published).toBe(true);
    expect(again.published_date).toBe(once.published_date);
    expect((await read(draft.slug)).published_date).not.toBeNull();
    expect(Date.parse(again.updated_at)).toBeGreaterThan(Date.parse(once.updated_at));
    // The unchanged post was not touched.
    expect((await read(live.slug)).updated_at).toBe(live.updated_at);
    // The tags of published posts count them now.
    expect((await get("/api/blog/tags")).json().tags).toContainEqual({ name: "Openings", count: 1 });

    const withdrawn = await bulk({ action: "unpublish", slugs: [draft.slug, live.slug] });
    expect(withdrawn.json()).toEqual({
      action: "unpublish",
      changed: [draft.slug, live.slug],
      unchanged: [],
    });
    expect(slugs(await list(""))).toEqual([once.slug]);
    expect((await get(`/api/blog/posts/${live.slug}`)).statusCode).toBe(404);
    const hidden = (await get(`/api/blog/posts/${live.slug}`, admin)).json() as BlogPost;
    expect([hidden.published, hidden.published_date]).toEqual([false, null]);
    expect((await get("/api/blog/tags")).json().tags).toEqual([{ name: "Endgames", count: 1 }]);

    // An editor that opened the post before the bulk change cannot overwrite it unknowingly.
    const stale = await app.inject({
      method: "PUT",
      url: `/api/blog/posts/${live.slug}`,
      headers: admin,
      payload: post("Live one", { updated_at: live.updated_at }),
    });
    expect(stale.statusCode).toBe(409);
  });

  it("publishes a batch at one moment, so its posts keep their order among themselves", async () => {
    for (const title of ["First", "Second", "Third"]) await create(title, { published: false });
    // Changed long ago: each is published at the batch's moment, none a millisecond after its own last change.
    await database.db.updateTable("blog_posts").set({ updated_at: "2020-01-01T00:00:00.000Z" }).execute();
    const answer = await bulk({ action: "publish", slugs: ["first", "third", "second"] });
    expect(answer.json().changed).toEqual(["first", "third", "second"]);
    const published = await list("?status=published", admin);
    expect(slugs(published)).toEqual(["third", "second", "first"]);
    expect(new Set(published.posts.map((item) => item.published_date)).size).toBe(1);
  });

  it("deletes in bulk with the tags; a slug twice counts once", async () => {
    const one = await create("One");
    const two = await create("Two", { published: false, tags: ["Openings"] });
    const three = await create("Three");
    const response = await bulk({ action: "delete", slugs: [one.slug, two.slug, one.slug] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ action: "delete", changed: [one.slug, two.slug], unchanged: [] });
    expect(slugs(await list("", admin))).toEqual([three.slug]);
    expect(await database.db.selectFrom("blog_post_tags").select("tag").execute()).toEqual([
      { tag: "Endgames" },
    ]);
  });

  it("is all or nothing: a missing slug is a 404 naming it, and nothing changes", async () => {
    const one = await create("One", { published: false });
    const two = await create("Two");
    for (const action of ["publish", "unpublish", "delete"]) {
      const response = await bulk({ action, slugs: [one.slug, "no-such-post", two.slug, "gone-too"] });
      expect(response.statusCode, action).toBe(404);
      expect(response.json()).toEqual({
        error: "not_found",
        message: "No post has the slug no-such-post, gone-too; nothing was changed",
        details: [
          { path: "body.slugs.1", message: "No post has this slug" },
          { path: "body.slugs.3", message: "No post has this slug" },
        ],
      });
    }
    const stored = await list("", admin);
    expect(stored.posts.map((item) => [item.slug, item.published])).toEqual([
      [two.slug, true],
      [one.slug, false],
    ]);
    expect(stored.posts.find((item) => item.slug === one.slug)?.updated_at).toBe(one.updated_at);
  });

  it("is guarded like the other writes: 401 without an admin token or the API key", async () => {
    const one = await create("One");
    for (const headers of [
      {} as Record<string, string>,
      { "x-api-key": PUBLIC_CLIENT_KEY },
      { authorization: "Bearer garbage" },
    ]) {
      const response = await bulk({ action: "delete", slugs: [one.slug] }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("unauthorized");
    }
    expect(slugs(await list(""))).toEqual([one.slug]);
    const scripted = await bulk({ action: "unpublish", slugs: [one.slug] }, { "x-api-key": API_KEY });
    expect(scripted.json()).toEqual({ action: "unpublish", changed: [one.slug], unchanged: [] });
  });

  it("refuses a malformed request with a 400 JSON error, never a 5xx", async () => {
    const one = await create("One");
    const bodies: unknown[] = [
      {},
      { action: "publish" },
      { action: "publish", slugs: [] },
      { action: "publish", slugs: Array.from({ length: 101 }, (_, n) => `post-${n}`) },
      { action: "archive", slugs: [one.slug] },
      { action: "PUBLISH", slugs: [one.slug] },
      { action: "publish", slugs: one.slug },
      { action: "publish", slugs: ["Not A Slug"] },
      { action: "publish", slugs: [5] },
      { action: "publish", slugs: ["x".repeat(300)] },
      { action: "publish", slugs: ["\u0000"] },
      [],
      "null",
    ];
    for (const payload of bodies) {
      const response = await bulk(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().error).toBe("bad_request");
    }
    const malformed = await bulk("{");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("bad_request");
    // A hundred slugs are fine (the missing ones are reported).
    const hundred = await bulk({
      action: "publish",
      slugs: Array.from({ length: 100 }, (_, n) => `post-${n}`),
    });
    expect(hundred.statusCode).toBe(404);
    expect(slugs(await list("", admin))).toEqual([one.slug]);
  });

  it("documents the bulk route in /api/docs", async () => {
    const docs = (await get("/api/docs")).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(docs.paths["/api/blog/posts/bulk"] ?? {})).toEqual(["post"]);
  });
});
