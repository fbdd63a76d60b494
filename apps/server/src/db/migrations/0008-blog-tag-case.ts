import { excerptOf, normaliseTags, tagKey } from "@ct/contract";
import type { Kysely } from "kysely";
import { searchKey } from "../../blog/rows";
import type { Database } from "../schema";

export const TAG_CASE_MIGRATION = "0008-blog-tag-case";

/** Rows per INSERT: well under SQLite's bound-variable limit. */
const CHUNK = 500;

/**
 * Blog tags compare in any case, and excerpts separate blocks:
 * - `blog_post_tags` gets `tag_key` (see `tagKey`) and is keyed by it, so one post holds a tag once whatever its
 *   case. Tags that differed only by case merge into the spelling of the oldest post that has it, in the posts'
 *   JSON and in the tag rows (which are rebuilt from that JSON).
 * - Every post's excerpt and search text are computed again from its stored HTML with today's `excerptOf`, so old
 *   posts no longer run a heading into the next paragraph.
 * - Positions stored with a blank source (or blank Arabic texts) get none (null), as a blank is read now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<Database>;
  await typed.schema.dropTable("blog_post_tags").execute();
  await typed.schema
    .createTable("blog_post_tags")
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("tag", "varchar(100)", (col) => col.notNull())
    .addColumn("tag_key", "text", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("blog_post_tags_pk", ["post_id", "tag_key"])
    .execute();
  await createTagIndexes(typed, "tag_key");

  const posts = await typed
    .selectFrom("blog_posts")
    .select(["id", "title", "content", "tags", "published"])
    .orderBy("id")
    .execute();
  const firstSpelling = new Map<string, string>();
  const rows: Database["blog_post_tags"][] = [];
  for (const post of posts) {
    const tags = normaliseTags(JSON.parse(post.tags) as string[]).map((tag) => {
      const key = tagKey(tag);
      if (!firstSpelling.has(key)) firstSpelling.set(key, tag);
      return firstSpelling.get(key) as string;
    });
    for (const tag of tags)
      rows.push({ post_id: post.id, tag, tag_key: tagKey(tag), published: post.published });
    await typed
      .updateTable("blog_posts")
      .set({
        tags: JSON.stringify(tags),
        excerpt: excerptOf(post.content),
        search_text: searchKey(`${post.title}\n${excerptOf(post.content, Number.POSITIVE_INFINITY)}`),
      })
      .where("id", "=", post.id)
      .execute();
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await typed
      .insertInto("blog_post_tags")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }

  await typed.updateTable("positions").set({ source: null }).where("source", "=", "").execute();
  await typed
    .updateTable("positions")
    .set({ description_ar: null })
    .where("description_ar", "=", "")
    .execute();
  await typed
    .updateTable("positions")
    .set({ explanation_ar: null })
    .where("explanation_ar", "=", "")
    .execute();
}

/** Back to tag rows keyed by their exact spelling (the merged spellings and new excerpts stay). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<Database>;
  await typed.schema.dropTable("blog_post_tags").execute();
  await typed.schema
    .createTable("blog_post_tags")
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("tag", "varchar(100)", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("blog_post_tags_pk", ["post_id", "tag"])
    .execute();
  await createTagIndexes(typed, "tag");
  const posts = await typed.selectFrom("blog_posts").select(["id", "tags", "published"]).execute();
  const rows = posts.flatMap((post) =>
    [...new Set(JSON.parse(post.tags) as string[])].map((tag) => ({
      post_id: post.id,
      tag,
      published: post.published,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    await (
      typed as unknown as Kysely<{ blog_post_tags: { post_id: number; tag: string; published: number } }>
    )
      .insertInto("blog_post_tags")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** The tag filter's and the tag counts' indexes, on the column tags are compared by. */
async function createTagIndexes(db: Kysely<Database>, column: "tag" | "tag_key"): Promise<void> {
  await db.schema
    .createIndex("blog_post_tags_tag")
    .on("blog_post_tags")
    .columns([column, "post_id"])
    .execute();
  await db.schema
    .createIndex("blog_post_tags_published")
    .on("blog_post_tags")
    .columns(["published", column])
    .execute();
}
