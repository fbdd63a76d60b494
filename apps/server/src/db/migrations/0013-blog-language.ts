import { type Kysely, sql } from "kysely";

/** Arabic letters (the Arabic blocks and presentation forms) and Latin ones: frozen here as this migration ran. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/g;
const LATIN = /[a-z]/gi;

/**
 * `blog_posts.language`, the language a post is written in (`en` or `ar`): the blog lists the reader's language
 * first and a post's page reads in its language's direction. Existing posts get the language most of the letters
 * of their title and text are in (the sample posts of a fresh install: two Arabic, two English).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blog_posts add column language varchar(2) not null default 'en'`.execute(db);
  const { rows } = await sql<{ id: number; title: string; search_text: string }>`select id, title, search_text
    from blog_posts order by id`.execute(db);
  for (const row of rows) {
    const text = `${row.title}\n${row.search_text}`;
    const arabic = text.match(ARABIC)?.length ?? 0;
    const latin = text.match(LATIN)?.length ?? 0;
    if (arabic > latin) await sql`update blog_posts set language = 'ar' where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blog_posts").dropColumn("language").execute();
}
