import type { Kysely } from "kysely";

/**
 * `blog_slug_redirects`: the slugs a post had before it was renamed, each pointing at the post (not at a slug), so
 * a chain of renames still leads to the post's current slug and the old addresses keep working (a 301 on its page).
 * A post that takes an old slug wins over its redirect; a deleted post's redirects go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_slug_redirects")
    .addColumn("slug", "varchar(200)", (col) => col.primaryKey())
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("blog_slug_redirects_post")
    .on("blog_slug_redirects")
    .column("post_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_slug_redirects").execute();
}
