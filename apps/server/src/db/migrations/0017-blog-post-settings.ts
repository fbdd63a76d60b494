import type { Kysely } from "kysely";

/**
 * A post's settings (issue 37): `custom_excerpt` (the excerpt the admin wrote; `excerpt` then holds it, else the one
 * derived from the body), `seo_title` and `seo_description` (its page's title and description), `social_image`
 * (og:image and twitter:image; the featured image when none), and `publish_at`, the time (ISO 8601, UTC) a
 * scheduled post goes out: a post with `published = 0` and a `publish_at` is scheduled, and the server's scheduler
 * publishes it once that time has come. Every column is null on existing posts (drafts stay drafts). The index
 * serves the scheduler's claim (`published = 0 and publish_at <= now`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = [
    ["custom_excerpt", "text"],
    ["seo_title", "varchar(500)"],
    ["seo_description", "text"],
    ["social_image", "varchar(2000)"],
    ["publish_at", "varchar(40)"],
  ] as const;
  // One column per statement: SQLite adds columns one at a time.
  for (const [name, type] of columns)
    await db.schema.alterTable("blog_posts").addColumn(name, type).execute();
  await db.schema
    .createIndex("blog_posts_schedule")
    .on("blog_posts")
    .columns(["published", "publish_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("blog_posts_schedule").execute();
  for (const name of ["publish_at", "social_image", "seo_description", "seo_title", "custom_excerpt"])
    await db.schema.alterTable("blog_posts").dropColumn(name).execute();
}
