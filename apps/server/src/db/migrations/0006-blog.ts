import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The blog. `blog_posts.content` is the sanitised HTML; `excerpt` and `search_text` (title and body text, lower-cased
 * and with Arabic diacritics folded, see blog/rows.ts) are derived from it when a post is written, so lists never
 * read bodies. `sort_at` is the list order (the published date, else the last change). `first_published_at` keeps
 * the first publication when a post is unpublished, so re-publishing restores its date.
 * `blog_post_tags` holds one row per tag of a post, with the post's `published` flag copied in (kept in step by
 * every write's transaction), so the tag filter and the tag counts of published posts read an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("blog_posts")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("slug", "varchar(200)", (col) => col.notNull().unique())
    .addColumn("title", "varchar(300)", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull())
    .addColumn("search_text", "text", (col) => col.notNull())
    .addColumn("tags", "text", (col) => col.notNull())
    .addColumn("featured_image", "varchar(2000)")
    .addColumn("author", "varchar(100)", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull())
    .addColumn("published_date", "varchar(30)")
    .addColumn("first_published_at", "varchar(30)")
    .addColumn("sort_at", "varchar(30)", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("blog_posts_published_sort")
    .on("blog_posts")
    .columns(["published", "sort_at", "id"])
    .execute();
  await db.schema.createIndex("blog_posts_sort").on("blog_posts").columns(["sort_at", "id"]).execute();

  await db.schema
    .createTable("blog_post_tags")
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("tag", "varchar(100)", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("blog_post_tags_pk", ["post_id", "tag"])
    .execute();
  await db.schema
    .createIndex("blog_post_tags_tag")
    .on("blog_post_tags")
    .columns(["tag", "post_id"])
    .execute();
  await db.schema
    .createIndex("blog_post_tags_published")
    .on("blog_post_tags")
    .columns(["published", "tag"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_post_tags").execute();
  await db.schema.dropTable("blog_posts").execute();
}
