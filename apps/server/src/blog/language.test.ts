import type { BlogList, BlogPost } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { Migrator } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/database";
import { migrations } from "../db/migrations";
import { SEED_POSTS, seedPosts } from "../seed/posts";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";

const API_KEY = "blog-language-test-api-key-0123456789";
const writer = { "x-api-key": API_KEY };

const english = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  content: "<p>Rook endgames are the most common endgames of all.</p>",
  published: true,
  ...overrides,
});
const arabic = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  content: "<p>نهايات الرخ هي أكثر النهايات شيوعًا على الرقعة.</p>",
  published: true,
  ...overrides,
});

const kinds = await testDatabaseKinds();

describe.each(kinds)("blog post languages on $name", (kind) => {
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
    await database.db.deleteFrom("blog_post_tags").execute();
    await database.db.deleteFrom("blog_posts").execute();
  });

  async function create(payload: Record<string, unknown>): Promise<BlogPost> {
    const response = await app.inject({ method: "POST", url: "/api/blog/posts", headers: writer, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function list(query: string): Promise<BlogList> {
    const response = await app.inject({ method: "GET", url: `/api/blog/posts${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const titles = (page: BlogList) => page.posts.map((post) => post.title);

  it("stores, reads and updates a post's language; a post sent without one takes its text's", async () => {
    const given = await create(english("Written in English, filed as Arabic", { language: "ar" }));
    expect(given.language).toBe("ar");
    const read = await app.inject({ method: "GET", url: `/api/blog/posts/${given.slug}` });
    expect(read.json()).toMatchObject({ language: "ar" });
    expect((await list("")).posts[0]).toMatchObject({ slug: given.slug, language: "ar" });

    expect((await create(arabic("وضعية لوسينا"))).language).toBe("ar");
    const guessed = await create(english("The Lucena Position"));
    expect(guessed.language).toBe("en");

    // An update without a language keeps the post's; with one, changes it.
    const update = (payload: Record<string, unknown>) =>
      app.inject({ method: "PUT", url: `/api/blog/posts/${guessed.slug}`, headers: writer, payload });
    const kept = await update(english("The Lucena Position, again"));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().language).toBe("en");
    const changed = await update(english("The Lucena Position, again", { language: "ar" }));
    expect(changed.json().language).toBe("ar");
  });

  it("refuses a language other than en or ar with a 400 JSON answer, and stores nothing", async () => {
    for (const language of ["fr", "EN", "", 1, null, "en\u0000"]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: writer,
        payload: english("A post in another language", { language }),
      });
      expect(response.statusCode, String(language)).toBe(400);
      expect(response.json().error).toBeTypeOf("string");
    }
    expect((await list("")).total).toBe(0);
    for (const query of ["language_first=fr", "language_first=", "language_first=AR"]) {
      const response = await app.inject({ method: "GET", url: `/api/blog/posts?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe("bad_request");
    }
  });

  it("lists the reader's language first, each group newest first, and pages over that order", async () => {
    // Alternating languages, oldest first: E1 A1 E2 A2 E3 A3.
    for (let i = 1; i <= 3; i++) {
      await create(english(`English lesson ${i}`));
      await create(arabic(`درس عربي ${i}`));
    }
    const newestFirst = ["درس عربي 3", "English lesson 3", "درس عربي 2", "English lesson 2", "درس عربي 1"];
    expect(titles(await list("?per_page=5"))).toEqual(newestFirst);

    const arabicFirst = await list("?language_first=ar&per_page=4");
    expect(arabicFirst).toMatchObject({ total: 6, total_pages: 2, page: 1, per_page: 4 });
    expect(titles(arabicFirst)).toEqual(["درس عربي 3", "درس عربي 2", "درس عربي 1", "English lesson 3"]);
    expect(titles(await list("?language_first=ar&per_page=4&page=2"))).toEqual([
      "English lesson 2",
      "English lesson 1",
    ]);
    expect(titles(await list("?language_first=en"))).toEqual([
      "English lesson 3",
      "English lesson 2",
      "English lesson 1",
      "درس عربي 3",
      "درس عربي 2",
      "درس عربي 1",
    ]);
    // Search and tags filter first; the order then applies to what is left.
    expect(titles(await list(`?language_first=ar&search=${encodeURIComponent("2")}`))).toEqual([
      "درس عربي 2",
      "English lesson 2",
    ]);
  });
});

describe.each(kinds)("the blog language migration on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("gives existing posts their language: the sample posts' true one", async () => {
    await seedPosts(database.db);
    const names = Object.keys(migrations);
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo(names[names.indexOf("0013-blog-language") - 1] as string);
    expect(down.error).toBeUndefined();
    await migrateToLatest(database.db);

    const rows = await database.db.selectFrom("blog_posts").select(["slug", "language"]).execute();
    const languages = Object.fromEntries(rows.map((row) => [row.slug, row.language]));
    expect(languages).toEqual({
      "opening-principles-three-rules": "ar",
      "legal-mate-when-the-queen-is-only-bait": "en",
      "philidor-position-drawing-rook-endgames": "ar",
      "lucena-position-how-to-build-a-bridge": "en",
    });
    expect(SEED_POSTS.map((post) => post.language)).toEqual(["ar", "en", "ar", "en"]);
  });
});
