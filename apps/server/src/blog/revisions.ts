import {
  BLOG_REVISIONS_KEPT,
  type BlogRevision,
  type BlogRevisionSummary,
  blogRevisionListSchema,
  blogRevisionParamsSchema,
  blogRevisionSchema,
  blogRevisionsParamsSchema,
  excerptOf,
  isBlogLanguage,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import type { Kysely, Selectable, Transaction } from "kysely";
import { requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import type { BlogPostRevisionsTable, Database } from "../db/schema";
import { notFound } from "../http/errors";
import { routesOn } from "../http/route";
import type { BlogPostRow } from "./rows";

type Db = Kysely<Database> | Transaction<Database>;
type RevisionRow = Selectable<BlogPostRevisionsTable>;

/** The words of a post's text (its HTML without the markup), as the editor's history shows them. */
export function wordCount(html: string): number {
  const text = excerptOf(html, Number.POSITIVE_INFINITY);
  return text === "" ? 0 : text.split(/\s+/).length;
}

/** True when a save changed what a revision keeps: the title, the body, the tags or the language. */
function changedWords(row: BlogPostRow, old: BlogPostRow | undefined): boolean {
  return (
    old === undefined ||
    old.title !== row.title ||
    old.content !== row.content ||
    old.tags !== row.tags ||
    old.language !== row.language
  );
}

/**
 * Keeps a revision of a post as a save left it (`row`, after the write; `old`, the row before it on update), inside
 * the save's transaction: nothing when the save changed none of the title, body, tags and language (publishing,
 * say), else one revision, and the post's oldest beyond `BLOG_REVISIONS_KEPT` go.
 */
export async function recordRevision(trx: Db, row: BlogPostRow, old?: BlogPostRow): Promise<void> {
  if (!changedWords(row, old)) return;
  await trx
    .insertInto("blog_post_revisions")
    .values({
      post_id: row.id,
      title: row.title,
      content: row.content,
      tags: row.tags,
      language: row.language,
      word_count: wordCount(row.content),
      created_at: row.updated_at,
    })
    .execute();
  const beyond = await trx
    .selectFrom("blog_post_revisions")
    .select("id")
    .where("post_id", "=", row.id)
    .orderBy("id", "desc")
    .offset(BLOG_REVISIONS_KEPT)
    // SQLite takes an offset only with a limit.
    .limit(1_000_000)
    .execute();
  if (beyond.length > 0) {
    await trx
      .deleteFrom("blog_post_revisions")
      .where(
        "id",
        "in",
        beyond.map((revision) => revision.id),
      )
      .execute();
  }
}

function toSummary(row: Omit<RevisionRow, "content" | "post_id">): BlogRevisionSummary {
  return {
    id: Number(row.id),
    title: row.title,
    tags: JSON.parse(row.tags) as string[],
    language: isBlogLanguage(row.language) ? row.language : "en",
    word_count: Number(row.word_count),
    created_at: row.created_at,
  };
}

const SUMMARY_COLUMNS = ["id", "title", "tags", "language", "word_count", "created_at"] as const;

/** A post's revisions: the list (newest first, without bodies) and one with its body. */
export class RevisionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Null when no post has the slug. */
  async list(slug: string): Promise<BlogRevisionSummary[] | null> {
    const post = await this.postId(slug);
    if (post === null) return null;
    const rows = await this.db
      .selectFrom("blog_post_revisions")
      .select(SUMMARY_COLUMNS)
      .where("post_id", "=", post)
      .orderBy("id", "desc")
      .execute();
    return rows.map(toSummary);
  }

  /** Null when no post has the slug or the revision is not one of that post's. */
  async get(slug: string, id: number): Promise<BlogRevision | null> {
    const post = await this.postId(slug);
    if (post === null) return null;
    const row = await this.db
      .selectFrom("blog_post_revisions")
      .selectAll()
      .where("post_id", "=", post)
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? { ...toSummary(row), content: row.content } : null;
  }

  private async postId(slug: string): Promise<number | null> {
    const row = await this.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }
}

/**
 * /api/blog/posts/{slug}/revisions: a post's last revisions for the editor's history (admin token or API key only;
 * drafts' revisions are as private as the drafts). Revisions are written by the blog's saves (`recordRevision`).
 */
export async function revisionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const revisions = new RevisionRepository(context.db);
  const guard = requireWriter(context.writer);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Blog";

  route({
    method: "GET",
    url: "/blog/posts/:slug/revisions",
    tag,
    summary:
      `A post's last ${BLOG_REVISIONS_KEPT} revisions, newest first (admin token or API key): when each save ` +
      "changed the title, text, tags or language, with the title, tags, language and word count it left",
    guard,
    params: blogRevisionsParamsSchema,
    response: blogRevisionListSchema,
    handler: async ({ params }) => {
      const list = await revisions.list(params.slug);
      if (list === null) throw notFound("Post not found");
      return { revisions: list };
    },
  });

  route({
    method: "GET",
    url: "/blog/posts/:slug/revisions/:id",
    tag,
    summary:
      "One revision of a post with its sanitised HTML, to put back in the editor (admin token or API key)",
    guard,
    params: blogRevisionParamsSchema,
    response: blogRevisionSchema,
    handler: async ({ params }) => {
      const revision = await revisions.get(params.slug, params.id);
      if (revision === null) throw notFound("Revision not found");
      return revision;
    },
  });
}
