import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect";

/** Words of post HTML: tags and the common entities made spaces, then runs of letters (frozen here as it ran). */
function wordsOf(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&lt;|&gt;|&quot;|&#39;|&amp;/g, " ")
    .trim();
  return text === "" ? 0 : text.split(/\s+/).length;
}

/**
 * `blog_post_revisions`: the last revisions of each post (its title, sanitised HTML, tags and language as a save
 * left them, with the text's word count), so the editor can list them and put one back. Each save that changes
 * those fields writes one in its own transaction and removes the oldest beyond 20; a deleted post's go with it.
 * Every existing post gets its present state as its first revision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("blog_post_revisions")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("post_id", "integer", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("title", "varchar(300)", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("tags", "text", (col) => col.notNull())
    .addColumn("language", "varchar(2)", (col) => col.notNull())
    .addColumn("word_count", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(30)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("blog_post_revisions_post")
    .on("blog_post_revisions")
    .columns(["post_id", "id"])
    .execute();

  const { rows } = await sql<{
    id: number;
    title: string;
    content: string;
    tags: string;
    language: string;
    updated_at: string;
  }>`select id, title, content, tags, language, updated_at from blog_posts order by id`.execute(db);
  for (const row of rows) {
    await sql`insert into blog_post_revisions (post_id, title, content, tags, language, word_count, created_at)
      values (${Number(row.id)}, ${row.title}, ${row.content}, ${row.tags}, ${row.language},
        ${wordsOf(row.content)}, ${row.updated_at})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_post_revisions").execute();
}
