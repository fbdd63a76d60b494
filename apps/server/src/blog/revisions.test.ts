import type { BlogPost, BlogRevision, BlogRevisionList } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminAccounts, type HashCost } from "../auth/accounts";
import { PUBLIC_CLIENT_KEY } from "../auth/writer";
import { migrations } from "../db/migrations";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { wordCount } from "./revisions";

/** Cheap argon2 for tests only. */
const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const SECRET = "revisions-test-token-secret-0123456789";
const API_KEY = "revisions-test-secret-api-key-012345";
const PASSWORD = "a long test password";

const body = (overrides: Record<string, unknown> = {}) => ({
  title: "The Lucena position",
  content: "<p>Build a bridge with the rook.</p>",
  tags: ["Endgames"],
  language: "en",
  published: false,
  ...overrides,
});

describe("word count", () => {
  it("counts the words of the text, not the markup, in English and Arabic", () => {
    expect(wordCount("<h2>Why forks</h2><p>A <strong>fork</strong> attacks&nbsp;two pieces.</p>")).toBe(7);
    expect(wordCount("<p>الحصان يهاجم قطعتين</p>")).toBe(3);
    expect(wordCount("<p></p>")).toBe(0);
  });
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("post revisions on $name", (kind) => {
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
    admin = { "x-api-key": PUBLIC_CLIENT_KEY, authorization: `Bearer ${login.json().access_token}` };
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("blog_post_revisions").execute();
    await database.db.deleteFrom("blog_post_tags").execute();
    await database.db.deleteFrom("blog_posts").execute();
  });

  const get = (url: string, headers: Record<string, string> = admin) =>
    app.inject({ method: "GET", url, headers });
  async function create(overrides: Record<string, unknown> = {}): Promise<BlogPost> {
    const response = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: admin,
      payload: body(overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function update(post: BlogPost, overrides: Record<string, unknown>): Promise<BlogPost> {
    const response = await app.inject({
      method: "PUT",
      url: `/api/blog/posts/${post.slug}`,
      headers: admin,
      payload: body({
        title: post.title,
        content: post.content,
        tags: post.tags,
        language: post.language,
        ...overrides,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function revisions(slug: string): Promise<BlogRevisionList["revisions"]> {
    const response = await get(`/api/blog/posts/${slug}/revisions`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BlogRevisionList).revisions;
  }

  it("writes one on create and on each save that changes the title, text, tags or language; lists them newest first", async () => {
    let post = await create();
    expect(await revisions(post.slug)).toEqual([
      {
        id: expect.any(Number),
        title: "The Lucena position",
        tags: ["Endgames"],
        language: "en",
        word_count: 6,
        created_at: post.updated_at,
      },
    ]);
    post = await update(post, { title: "The Lucena position, step by step" });
    post = await update(post, { content: "<p>Build a bridge with the rook on the fourth rank.</p>" });
    post = await update(post, { tags: ["Endgames", "Rooks"] });
    post = await update(post, { language: "ar" });
    // Publishing and unpublishing change none of them: no revision.
    post = await update(post, { published: true });
    post = await update(post, { published: false });
    const list = await revisions(post.slug);
    expect(
      list.map((revision) => [revision.title, revision.word_count, revision.tags, revision.language]),
    ).toEqual([
      ["The Lucena position, step by step", 10, ["Endgames", "Rooks"], "ar"],
      ["The Lucena position, step by step", 10, ["Endgames", "Rooks"], "en"],
      ["The Lucena position, step by step", 10, ["Endgames"], "en"],
      ["The Lucena position, step by step", 6, ["Endgames"], "en"],
      ["The Lucena position", 6, ["Endgames"], "en"],
    ]);
    const ids = list.map((revision) => revision.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    // One revision with its body, to restore in the editor.
    const oldest = list.at(-1);
    const one = await get(`/api/blog/posts/${post.slug}/revisions/${oldest?.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json() as BlogRevision).toEqual({
      ...oldest,
      content: "<p>Build a bridge with the rook.</p>",
    });
  });

  it("keeps the last 20: the oldest beyond them go in the same save", async () => {
    let post = await create({ title: "Revision 0" });
    for (let n = 1; n <= 24; n++) post = await update(post, { title: `Revision ${n}` });
    const list = await revisions(post.slug);
    expect(list).toHaveLength(20);
    expect(list.map((revision) => revision.title)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Revision ${24 - index}`),
    );
    const stored = await database.db
      .selectFrom("blog_post_revisions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(20);
  });

  it("restoring is saving a revision's fields again: the post has them and a new revision is written", async () => {
    let post = await create({ title: "First words" });
    post = await update(post, { title: "Second words", content: "<p>A different text altogether.</p>" });
    const [, first] = await revisions(post.slug);
    const old = (await get(`/api/blog/posts/${post.slug}/revisions/${first?.id}`)).json() as BlogRevision;
    post = await update(post, {
      title: old.title,
      content: old.content,
      tags: old.tags,
      language: old.language,
    });
    expect(post).toMatchObject({ title: "First words", content: "<p>Build a bridge with the rook.</p>" });
    expect((await revisions(post.slug)).map((revision) => revision.title)).toEqual([
      "First words",
      "Second words",
      "First words",
    ]);
  });

  it("writes no revision when the save is refused as a conflict (409)", async () => {
    const post = await create();
    const stale = post.updated_at;
    await update(post, { title: "Saved elsewhere first" });
    const response = await app.inject({
      method: "PUT",
      url: `/api/blog/posts/${post.slug}`,
      headers: admin,
      payload: body({ title: "An autosave of the old version", updated_at: stale }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "conflict" });
    expect((await revisions(post.slug)).map((revision) => revision.title)).toEqual([
      "Saved elsewhere first",
      "The Lucena position",
    ]);
  });

  it("are for admins only: 401 without a token or with the site's client key alone", async () => {
    const post = await create();
    const [revision] = await revisions(post.slug);
    for (const url of [
      `/api/blog/posts/${post.slug}/revisions`,
      `/api/blog/posts/${post.slug}/revisions/${revision?.id}`,
    ]) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, { "x-api-key": PUBLIC_CLIENT_KEY })).statusCode, url).toBe(401);
      expect((await get(url, { authorization: "Bearer forged" })).statusCode, url).toBe(401);
      expect((await get(url, { "x-api-key": API_KEY })).statusCode, url).toBe(200);
    }
  });

  it("answers 404 for a missing post or a revision of another post, 400 for a malformed one, never a 5xx", async () => {
    const post = await create();
    const other = await create({ title: "Another post" });
    const [theirs] = await revisions(other.slug);
    expect((await get("/api/blog/posts/no-such-post/revisions")).statusCode).toBe(404);
    expect((await get("/api/blog/posts/no-such-post/revisions/1")).statusCode).toBe(404);
    const foreign = await get(`/api/blog/posts/${post.slug}/revisions/${theirs?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "not_found", message: "Revision not found" });
    for (const id of ["0", "01", "1e0", "-1", "x", "99999999999", "%00"]) {
      const response = await get(`/api/blog/posts/${post.slug}/revisions/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json(), id).toMatchObject({ error: expect.any(String) });
    }
    for (const slug of ["UPPER", "%00", "x".repeat(300), "..%2F"]) {
      const response = await get(`/api/blog/posts/${slug}/revisions`);
      expect(response.statusCode, slug).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, slug).toBeLessThan(500);
    }
  });

  it("go with their post when it is deleted", async () => {
    const post = await create();
    await update(post, { title: "A second revision" });
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/blog/posts/${post.slug}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await database.db.selectFrom("blog_post_revisions").selectAll().execute()).toEqual([]);
  });

  it("are documented in /api/docs", async () => {
    const docs = (await get("/api/docs", {})).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(docs.paths["/api/blog/posts/{slug}/revisions"] ?? {})).toEqual(["get"]);
    expect(Object.keys(docs.paths["/api/blog/posts/{slug}/revisions/{id}"] ?? {})).toEqual(["get"]);
  });
});

describe.each(kinds)("the revisions migration on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("gives every existing post its present state as its first revision", async () => {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo("0014-rating-range");
    expect(down.error).toBeUndefined();
    await sql`insert into blog_posts (slug, title, content, excerpt, search_text, tags, featured_image, author,
      published, published_date, first_published_at, sort_at, created_at, updated_at, language)
      values ('old-post', 'An old post', '<p>Three words here</p>', 'Three words here', 'three words here',
        '["Tactics"]', null, 'Admin', 1, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z',
        '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', 'en')`.execute(
      database.db,
    );
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await database.db.selectFrom("blog_post_revisions").selectAll().execute();
    expect(
      rows.map(({ id: _id, post_id: _post, ...row }) => ({ ...row, word_count: Number(row.word_count) })),
    ).toEqual([
      {
        title: "An old post",
        content: "<p>Three words here</p>",
        tags: '["Tactics"]',
        language: "en",
        word_count: 3,
        created_at: "2024-02-01T00:00:00.000Z",
      },
    ]);
  });
});
