import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "../db/database";
import type { Database } from "../db/schema";
import { markSeedStored } from "../seed/seed";
import { siteFixture } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { freshStore, type ServerProcess, type Store, startServerProcess } from "../testing/server-process";
import { BlogRepository } from "./repository";
import { publishDuePosts, startPostScheduler } from "./schedule";

const kinds = await testDatabaseKinds();
const POSTS = 12;
const MINUTE = 60_000;

/** `count` posts scheduled a minute ahead, then made due (their time moved a second into the past). */
async function duePosts(db: Kysely<Database>, prefix: string, count = POSTS): Promise<string[]> {
  const posts = new BlogRepository(db);
  const slugs: string[] = [];
  for (let i = 0; i < count; i++) {
    const post = await posts.create({
      title: `${prefix} ${i}`,
      content: "<p>A scheduled post about opposition.</p>",
      tags: ["Endgames"],
      published: false,
      publish_at: new Date(Date.now() + MINUTE).toISOString(),
    });
    expect(post.status).toBe("scheduled");
    slugs.push(post.slug);
  }
  await db
    .updateTable("blog_posts")
    .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
    .where("slug", "in", slugs)
    .execute();
  return slugs;
}

/** Each post published once: its flags, one revision of its creation and one of its publication, public tags. */
async function expectPublishedOnce(db: Kysely<Database>, slugs: string[]): Promise<void> {
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "published", "publish_at", "published_date"])
    .where("slug", "in", slugs)
    .execute();
  expect(rows).toHaveLength(slugs.length);
  for (const row of rows) {
    expect(Number(row.published)).toBe(1);
    expect(row.publish_at).toBeNull();
    expect(row.published_date).not.toBeNull();
    const revisions = await db
      .selectFrom("blog_post_revisions")
      .select("id")
      .where("post_id", "=", row.id)
      .execute();
    expect(revisions).toHaveLength(2);
  }
  const tags = await db
    .selectFrom("blog_post_tags")
    .select("published")
    .where(
      "post_id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  expect(tags.map((tag) => Number(tag.published))).toEqual(Array(slugs.length).fill(1));
}

/**
 * Two connection pools on one PostgreSQL database, as two machines have, running the scheduler at the same moment
 * (three calls each). (Two SQLite connections cannot share one event loop: the second's wait for the write lock
 * blocks the first; the server processes below race on SQLite.)
 */
describe.each(kinds.filter((kind) => kind.name === "postgres"))("scheduled publishing on $name", (kind) => {
  let database: TestDatabase;
  let other: Db;

  beforeAll(async () => {
    database = await kind.create();
    other = createDatabase({ dataDir: database.dataDir, databaseUrl: database.env.DATABASE_URL });
  });
  afterAll(async () => {
    await other.close();
    await database.destroy();
  });

  it("publishes each due post exactly once when two pools race", async () => {
    const slugs = await duePosts(database.db, "Race");
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => publishDuePosts(i % 2 === 0 ? database.db : other.db)),
    );
    const claimed = runs.flat();
    expect([...claimed].sort()).toEqual([...slugs].sort());
    await expectPublishedOnce(database.db, slugs);
    expect(await publishDuePosts(other.db)).toEqual([]);
  });
});

describe.each(kinds)("the scheduler's timer on $name", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.destroy());

  it("runs at start and on its interval, never twice at once, and stops", async () => {
    const slugs = await duePosts(database.db, "Timer");
    const published: string[] = [];
    const schedulers = [0, 1].map(() =>
      startPostScheduler({ db: database.db, everyMs: 100, onPublished: (done) => published.push(...done) }),
    );
    const deadline = Date.now() + 10_000;
    while (published.length < POSTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // A post made due while they run goes out on a later tick.
    const late = await duePosts(database.db, "Late", 2);
    while (published.length < POSTS + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    expect([...published].sort()).toEqual([...slugs, ...late].sort());
    await expectPublishedOnce(database.db, [...slugs, ...late]);
  });
});

/**
 * Two real server processes on one database (main.ts starts the scheduler; BLOG_SCHEDULE_INTERVAL_MS=200 makes it
 * look five times a second): posts that become due while both run are published once between them.
 */
describe.each(kinds)("two server processes publishing scheduled posts on one $name database", (kind) => {
  let store: Store;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    store = await freshStore(kind);
    // As after a first start: the seed counts as stored, so neither process imports it while the other does.
    const setup = await store.open();
    await markSeedStored(setup.db, ["positions", "library"]);
    await setup.close();
    const env = {
      ...store.env,
      SITE_DIR: siteFixture(),
      ANALYSIS_WORKER: "off",
      LOG_LEVEL: "info",
      BLOG_SCHEDULE_INTERVAL_MS: "200",
    };
    // Generous: two processes starting at once beside other suites on two busy cores took over 30 s.
    const ready = { timeoutMs: 120_000 };
    servers = await Promise.all([startServerProcess(env, ready), startServerProcess(env, ready)]);
  }, 240_000);
  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => {});
    await store?.destroy();
  });

  it("publishes each due post once, whichever process claims it", async () => {
    const check = await store.open();
    try {
      const slugs = await duePosts(check.db, "Processes");
      const deadline = Date.now() + 20_000;
      let left = slugs.length;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        const rows = await check.db
          .selectFrom("blog_posts")
          .select("id")
          .where("slug", "in", slugs)
          .where("published", "=", 0)
          .execute();
        left = rows.length;
      }
      // A few more ticks of both processes: nothing is published twice.
      await new Promise((r) => setTimeout(r, 1000));
      await expectPublishedOnce(check.db, slugs);
      const logged = servers.flatMap((server) =>
        server
          .output()
          .split("\n")
          .filter((line) => line.includes('"msg":"published scheduled posts"'))
          .flatMap((line) => (JSON.parse(line) as { posts: string[] }).posts),
      );
      expect(logged.sort()).toEqual([...slugs].sort());
    } finally {
      await check.close();
    }
  }, 60_000);
});
