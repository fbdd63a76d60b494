import {
  BLOG_AUTHOR,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  type BlogBulkAction,
  type BlogBulkResult,
  type BlogLanguage,
  type BlogList,
  type BlogPost,
  type BlogPostStatus,
  type BlogPostSummary,
  type BlogTags,
  blogContentLength,
  excerptOf,
  guessBlogLanguage,
  normaliseTags,
  SLUG_PATTERN,
  slugify,
  tagKey,
  validateBlogPost,
} from "@ct/contract";
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from "kysely";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";
import { recordRevision } from "./revisions";
import {
  type BlogPostBody,
  type BlogPostRow,
  markupDepth,
  nextTimestamp,
  SUMMARY_COLUMNS,
  sameInstant,
  searchKey,
  toPost,
  toSummary,
  withoutControls,
} from "./rows";
import { sanitizePostHtml } from "./sanitize";
import { type SettingsColumns, settingsOf } from "./settings";

type Db = Kysely<Database> | Transaction<Database>;

/** A create or update body after zod (`blogPostInputSchema`); the spec's validator runs on it in `checkPost`. */
export type { BlogPostBody };

/** A post ready to store: validated, sanitised, with its derived fields. */
export interface CheckedPost {
  title: string;
  content: string;
  excerpt: string;
  searchText: string;
  tags: string[];
  featuredImage: string | null;
  published: boolean;
  /** The language the body gives; null when it gives none (a new post then takes the one its text is in). */
  language: BlogLanguage | null;
  /** The slug a new post asks for (from body.slug, else the title), before collisions are resolved. */
  slugBase: string;
}

export interface ListOptions {
  page: number;
  perPage: number;
  search?: string | undefined;
  tag?: string | undefined;
  /** Admin callers see drafts too. */
  includeDrafts: boolean;
  /** Posts in this language first, then the others (each group newest first). */
  languageFirst?: BlogLanguage | undefined;
  /** Only posts of this status (the admin's filter; the route passes it for admins only). */
  status?: BlogPostStatus | undefined;
}

/**
 * What each status means in a query (a record over every status): published, scheduled (not published, with a
 * publish time), draft (neither).
 */
const STATUS_FILTERS: Record<
  BlogPostStatus,
  <O>(query: SelectQueryBuilder<Database, "blog_posts", O>) => SelectQueryBuilder<Database, "blog_posts", O>
> = {
  draft: (query) => query.where("published", "=", 0).where("publish_at", "is", null),
  scheduled: (query) => query.where("published", "=", 0).where("publish_at", "is not", null),
  published: (query) => query.where("published", "=", 1),
};

/** Extra bounds beyond the spec's validator (its rules beyond those are "not shown"), in the same style. */
export const BLOG_LIMIT_MESSAGES = {
  titleMax: `Title must be at most ${BLOG_LIMITS.titleMax} characters long`,
  contentMax: `Content must be at most ${BLOG_LIMITS.contentMax} characters long`,
  tagText: "Each tag must be text",
  tagMax: `Each tag must be at most ${BLOG_LIMITS.tagMax} characters long`,
  tagsMax: `A post can have at most ${BLOG_LIMITS.tagsMax} tags`,
  unreadable: "Content is nested too deeply to be read as HTML",
} as const;

/** Deepest element nesting accepted (see `markupDepth`); an editor's post stays below 20. */
export const MAX_MARKUP_DEPTH = 200;

const MESSAGE_PATHS = new Map<string, string>([
  [BLOG_MESSAGES.title, "body.title"],
  [BLOG_MESSAGES.content, "body.content"],
  [BLOG_MESSAGES.tags, "body.tags"],
  [BLOG_MESSAGES.featuredImage, "body.featured_image"],
  [BLOG_LIMIT_MESSAGES.titleMax, "body.title"],
  [BLOG_LIMIT_MESSAGES.contentMax, "body.content"],
  [BLOG_LIMIT_MESSAGES.tagText, "body.tags"],
  [BLOG_LIMIT_MESSAGES.tagMax, "body.tags"],
  [BLOG_LIMIT_MESSAGES.tagsMax, "body.tags"],
  [BLOG_LIMIT_MESSAGES.unreadable, "body.content"],
]);

/** The 400 answer of a refused post: the messages joined by ", " (as the editor shows them) and one detail each. */
export function validationError(messages: string[]): HttpError {
  return new HttpError(
    400,
    "validation",
    messages.join(", "),
    messages.map((message) => ({ path: MESSAGE_PATHS.get(message) ?? "body", message })),
  );
}

/**
 * Runs the spec's validator and the length bounds on a body, then sanitises the HTML (the content rule applies
 * again to what is left, so a body of nothing but a script is refused rather than stored empty).
 */
export function checkPost(body: BlogPostBody): CheckedPost {
  const messages = validateBlogPost(body);
  const title = typeof body.title === "string" ? withoutControls(body.title).trim().replace(/\s+/g, " ") : "";
  if (title.length > BLOG_LIMITS.titleMax) messages.push(BLOG_LIMIT_MESSAGES.titleMax);
  const raw = typeof body.content === "string" ? body.content : "";
  if (raw.length > BLOG_LIMITS.contentMax) messages.push(BLOG_LIMIT_MESSAGES.contentMax);
  else if (markupDepth(raw) > MAX_MARKUP_DEPTH) messages.push(BLOG_LIMIT_MESSAGES.unreadable);
  let tags: string[] = [];
  if (Array.isArray(body.tags)) {
    if (!body.tags.every((tag): tag is string => typeof tag === "string")) {
      messages.push(BLOG_LIMIT_MESSAGES.tagText);
    } else {
      tags = normaliseTags(body.tags.map(withoutControls));
      if (tags.some((tag) => tag.length > BLOG_LIMITS.tagMax)) messages.push(BLOG_LIMIT_MESSAGES.tagMax);
      if (tags.length > BLOG_LIMITS.tagsMax) messages.push(BLOG_LIMIT_MESSAGES.tagsMax);
    }
  }
  if (messages.length > 0) throw validationError(messages);

  let content: string;
  try {
    content = sanitizePostHtml(withoutControls(raw)).trim();
  } catch {
    // The parser gave up on pathological markup: the client's input, not a fault of the server.
    throw validationError([BLOG_LIMIT_MESSAGES.unreadable]);
  }
  if (blogContentLength(content) < BLOG_LIMITS.contentMin) throw validationError([BLOG_MESSAGES.content]);
  const text = excerptOf(content, Number.POSITIVE_INFINITY);
  const image = body.featured_image ? withoutControls(body.featured_image).trim() : "";
  return {
    title,
    content,
    excerpt: excerptOf(content),
    searchText: searchKey(`${title}\n${text}`),
    tags,
    featuredImage: image || null,
    published: body.published,
    language: body.language ?? null,
    slugBase: slugify(body.slug ?? "") || slugify(title) || "post",
  };
}

const conflict = () =>
  new HttpError(409, "conflict", "The post was changed by someone else since you opened it");

/**
 * The slug an update asks for when it renames the post: `slug` when given and not the post's own; a slug that is not
 * lower-case letters and digits (any script) joined by hyphens is a 400.
 */
function renameTo(body: BlogPostBody, current: string): string | null {
  const wanted = body.slug?.trim() ?? "";
  if (wanted === "" || wanted === current) return null;
  if (wanted.length > 200 || !SLUG_PATTERN.test(wanted))
    throw new HttpError(400, "validation", "Slug must be lower-case letters and digits joined by hyphens", [
      { path: "body.slug", message: "must be lower-case letters and digits joined by hyphens" },
    ]);
  return wanted;
}

/** `expression LIKE '%text%'` with the wildcards in `text` taken literally, on SQLite and PostgreSQL alike. */
function contains(column: string, text: string) {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}

/**
 * Blog posts: every query the API, the feeds and the page metadata need. Each write runs in one transaction (the
 * post and its tag rows together) and answers only after it committed.
 */
export class BlogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Newest first (published date, else last change), the posts in `languageFirst` before the others when it is
   * given; `search` matches every word in the title or the text.
   */
  async list(options: ListOptions): Promise<BlogList> {
    let query = this.db.selectFrom("blog_posts");
    if (!options.includeDrafts) query = query.where("published", "=", 1);
    if (options.status) query = STATUS_FILTERS[options.status](query);
    const words = searchKey(options.search ?? "")
      .split(" ")
      .filter(Boolean)
      .slice(0, 10);
    for (const word of words) query = query.where(contains("search_text", word));
    // Tags compare in any case: `?tag=tactics` finds posts tagged "Tactics".
    const tag = tagKey(withoutControls(options.tag ?? ""));
    if (tag) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("blog_post_tags")
            .select("blog_post_tags.post_id")
            .whereRef("blog_post_tags.post_id", "=", "blog_posts.id")
            .where("blog_post_tags.tag_key", "=", tag),
        ),
      );
    }
    let ordered = query.select(SUMMARY_COLUMNS);
    const first = options.languageFirst;
    if (first) ordered = ordered.orderBy(sql`case when language = ${first} then 0 else 1 end`);
    const [rows, count] = await Promise.all([
      ordered
        .orderBy("sort_at", "desc")
        .orderBy("id", "desc")
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.total);
    return {
      posts: rows.map(toSummary),
      total,
      total_pages: Math.ceil(total / options.perPage),
      page: options.page,
      per_page: options.perPage,
    };
  }

  /** One post by slug, drafts included (the route decides who may see a draft). */
  async get(slug: string): Promise<BlogPost | null> {
    const row = await this.db
      .selectFrom("blog_posts")
      .selectAll()
      .where("slug", "=", slug)
      .executeTakeFirst();
    return row ? toPost(row) : null;
  }

  /**
   * The current slug of the post that had `slug` before it was renamed (through any chain of renames); null when a
   * post has that slug now (it wins over the redirect) or no post ever had it (or, `publishedOnly`, it is a draft).
   */
  async renamedTo(slug: string, options: { publishedOnly?: boolean } = {}): Promise<string | null> {
    let query = this.db
      .selectFrom("blog_slug_redirects")
      .innerJoin("blog_posts", "blog_posts.id", "blog_slug_redirects.post_id")
      .select("blog_posts.slug")
      .where("blog_slug_redirects.slug", "=", slug);
    if (options.publishedOnly) query = query.where("blog_posts.published", "=", 1);
    const row = await query.executeTakeFirst();
    if (!row || row.slug === slug) return null;
    const taken = await this.db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirst();
    return taken ? null : row.slug;
  }

  /** One post by its slug, else by a slug it had before a rename (see renamedTo). */
  async getOrRenamed(slug: string): Promise<BlogPost | null> {
    const post = await this.get(slug);
    if (post) return post;
    const current = await this.renamedTo(slug);
    return current === null ? null : this.get(current);
  }

  /** Published posts, newest first, without bodies: the RSS feed and the sitemap. */
  async published(limit: number): Promise<BlogPostSummary[]> {
    const rows = await this.db
      .selectFrom("blog_posts")
      .select(SUMMARY_COLUMNS)
      .where("published", "=", 1)
      .orderBy("sort_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  /**
   * Tags of published posts with how many posts carry each, most used first, then by name. Tags that differ only
   * by case are one tag (they are stored in one spelling; the grouping holds even if two spellings met).
   */
  async tags(limit = 200, options: { includeDrafts?: boolean } = {}): Promise<BlogTags> {
    let query = this.db
      .selectFrom("blog_post_tags")
      .select([(eb) => eb.fn.min("tag").as("name"), (eb) => eb.fn.countAll<number | string>().as("count")]);
    if (!options.includeDrafts) query = query.where("published", "=", 1);
    const rows = await query
      .groupBy("tag_key")
      .orderBy("count", "desc")
      .orderBy("name")
      .limit(limit)
      .execute();
    return { tags: rows.map((row) => ({ name: row.name, count: Number(row.count) })) };
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * Stores a new post under a free slug: the one asked for, or with "-2", "-3", ... appended when it is taken (an
   * existing post is never overwritten). A published post gets its published date now.
   */
  async create(body: BlogPostBody): Promise<BlogPost> {
    const post = checkPost(body);
    const settings = settingsOf(body, undefined, new Date());
    return this.write(async (trx) => {
      const slug = await freeSlug(trx, post.slugBase);
      post.tags = await firstSpellings(trx, post.tags);
      const now = new Date().toISOString();
      const publishedDate = post.published ? now : null;
      const row = await trx
        .insertInto("blog_posts")
        .values({
          slug,
          ...columnsOf(post, settings),
          language: post.language ?? guessBlogLanguage(`${post.title}\n${post.searchText}`),
          author: BLOG_AUTHOR,
          published_date: publishedDate,
          first_published_at: publishedDate,
          sort_at: publishedDate ?? now,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A new post taking a slug another post had wins over that post's redirect.
      await trx.deleteFrom("blog_slug_redirects").where("slug", "=", slug).execute();
      await storeTags(trx, row);
      await recordRevision(trx, row);
      return toPost(row);
    });
  }

  /**
   * Replaces a post's fields. `body.slug`, when given and not the post's own, renames the post: a slug another post
   * has is a 409, and the old slug is remembered (blog_slug_redirects) so its addresses lead to the new one.
   * `expectedUpdatedAt` is the version the editor loaded: when the post
   * changed since, nothing is written and the answer is 409. Null when there is no such post. Publishing sets the
   * published date to the first publication's; unpublishing clears it (and re-publishing restores it).
   */
  async update(slug: string, body: BlogPostBody, expectedUpdatedAt?: string): Promise<BlogPost | null> {
    const post = checkPost(body);
    return this.write(async (trx) => {
      const old = await trx.selectFrom("blog_posts").selectAll().where("slug", "=", slug).executeTakeFirst();
      if (!old) return null;
      if (expectedUpdatedAt !== undefined && !sameInstant(expectedUpdatedAt, old.updated_at))
        throw conflict();
      const newSlug = renameTo(body, old.slug);
      if (newSlug !== null) {
        const taken = await trx
          .selectFrom("blog_posts")
          .select("id")
          .where("slug", "=", newSlug)
          .executeTakeFirst();
        if (taken)
          throw new HttpError(409, "conflict", `The slug ${newSlug} is taken by another post`, [
            { path: "body.slug", message: "taken by another post" },
          ]);
        await trx.deleteFrom("blog_slug_redirects").where("slug", "in", [newSlug, old.slug]).execute();
        await trx
          .insertInto("blog_slug_redirects")
          .values({ slug: old.slug, post_id: old.id, created_at: new Date().toISOString() })
          .execute();
      }
      const settings = settingsOf(body, old, new Date());
      post.tags = await firstSpellings(trx, post.tags, old.id);
      const now = nextTimestamp(old.updated_at);
      const firstPublished = post.published ? (old.first_published_at ?? now) : old.first_published_at;
      const publishedDate = post.published ? firstPublished : null;
      const row = await trx
        .updateTable("blog_posts")
        .set({
          ...columnsOf(post, settings),
          ...(newSlug === null ? {} : { slug: newSlug }),
          language: post.language ?? old.language,
          published_date: publishedDate,
          first_published_at: firstPublished,
          sort_at: publishedDate ?? now,
          updated_at: now,
        })
        .where("id", "=", old.id)
        // Written only over the version read above, whatever happens between the two statements.
        .where("updated_at", "=", old.updated_at)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict();
      await trx.deleteFrom("blog_post_tags").where("post_id", "=", row.id).execute();
      await storeTags(trx, row);
      await recordRevision(trx, row, old);
      return toPost(row);
    });
  }

  /** Deletes a post and its tag rows; false when there is no such post. */
  async remove(slug: string): Promise<boolean> {
    return this.write(async (trx) => {
      const row = await trx.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom("blog_post_tags").where("post_id", "=", row.id).execute();
      await trx.deleteFrom("blog_slug_redirects").where("post_id", "=", row.id).execute();
      await trx.deleteFrom("blog_posts").where("id", "=", row.id).execute();
      return true;
    });
  }

  /**
   * One action on several posts, all or nothing in one transaction: publish (as the editor's Publish does: the
   * first publication's date, else now), unpublish (as its Unpublish: no published date) or delete. The posts of a
   * batch change at one moment, so they keep their order among themselves. Each post changed gets a new
   * updated_at, so an editor opened before cannot overwrite the change unknowingly; a post already in the state
   * asked for is left as it is and answered as unchanged. A slug no post has is a 404 that names every such slug,
   * and nothing is written.
   */
  async bulk(action: BlogBulkAction, slugs: readonly string[]): Promise<BlogBulkResult> {
    const wanted = [...new Set(slugs)];
    return this.write(async (trx) => {
      const rows = await trx
        .selectFrom("blog_posts")
        .select(["id", "slug", "published", "publish_at", "updated_at", "first_published_at"])
        .where("slug", "in", wanted)
        .execute();
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      const missing = slugs.flatMap((slug, index) => (bySlug.has(slug) ? [] : [{ slug, index }]));
      if (missing.length > 0) {
        const names = [...new Set(missing.map((item) => item.slug))].join(", ");
        throw new HttpError(
          404,
          "not_found",
          `No post has the slug ${names}; nothing was changed`,
          missing.map((item) => ({ path: `body.slugs.${item.index}`, message: "No post has this slug" })),
        );
      }
      const found = wanted.map((slug) => bySlug.get(slug) as NonNullable<ReturnType<typeof bySlug.get>>);
      if (action === "delete") {
        const ids = found.map((row) => row.id);
        await trx.deleteFrom("blog_post_tags").where("post_id", "in", ids).execute();
        await trx.deleteFrom("blog_slug_redirects").where("post_id", "in", ids).execute();
        await trx.deleteFrom("blog_posts").where("id", "in", ids).execute();
        return { action, changed: wanted, unchanged: [] };
      }
      const publish = action === "publish";
      // Unpublishing a scheduled post unschedules it; publishing it publishes it now.
      const targets = found.filter((row) =>
        publish ? Number(row.published) !== 1 : Number(row.published) === 1 || row.publish_at !== null,
      );
      const moment = new Date();
      for (const row of targets) {
        const now = nextTimestamp(row.updated_at, moment);
        const firstPublished = publish ? (row.first_published_at ?? now) : row.first_published_at;
        const publishedDate = publish ? firstPublished : null;
        await trx
          .updateTable("blog_posts")
          .set({
            published: publish ? 1 : 0,
            publish_at: null,
            published_date: publishedDate,
            first_published_at: firstPublished,
            sort_at: publishedDate ?? now,
            updated_at: now,
          })
          .where("id", "=", row.id)
          .execute();
      }
      if (targets.length > 0) {
        await trx
          .updateTable("blog_post_tags")
          .set({ published: publish ? 1 : 0 })
          .where(
            "post_id",
            "in",
            targets.map((row) => row.id),
          )
          .execute();
      }
      const changed = new Set(targets.map((row) => row.slug));
      return {
        action,
        changed: wanted.filter((slug) => changed.has(slug)),
        unchanged: wanted.filter((slug) => !changed.has(slug)),
      };
    });
  }

  /** One blog writer at a time per database, so two posts cannot take the same free slug. */
  private async write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(7302)`.execute(trx);
      return work(trx);
    });
  }
}

/** The columns a save writes: the checked post's, its settings, and the admin's excerpt over the derived one. */
function columnsOf(post: CheckedPost, settings: SettingsColumns) {
  return {
    ...settings,
    title: post.title,
    content: post.content,
    excerpt: settings.custom_excerpt ?? post.excerpt,
    search_text: post.searchText,
    tags: JSON.stringify(post.tags),
    featured_image: post.featuredImage,
    published: post.published ? 1 : 0,
  };
}

async function storeTags(trx: Db, row: BlogPostRow): Promise<void> {
  const tags = JSON.parse(row.tags) as string[];
  if (tags.length === 0) return;
  await trx
    .insertInto("blog_post_tags")
    .values(tags.map((tag) => ({ post_id: row.id, tag, tag_key: tagKey(tag), published: row.published })))
    .execute();
}

/**
 * A post's tags in the spelling other posts already use (the oldest post's): saving "tactics" when "Tactics"
 * exists stores "Tactics". The post itself (`postId`, on update) does not count, so a tag only it has may change
 * its case. Runs inside the blog write lock, so two writers cannot introduce two spellings at once.
 */
async function firstSpellings(trx: Db, tags: string[], postId?: number): Promise<string[]> {
  if (tags.length === 0) return tags;
  const keys = tags.map(tagKey);
  let query = trx
    .selectFrom("blog_post_tags")
    .select(["tag_key", "tag"])
    .where("tag_key", "in", keys)
    .orderBy("post_id");
  if (postId !== undefined) query = query.where("post_id", "<>", postId);
  const spelling = new Map<string, string>();
  for (const row of await query.execute()) if (!spelling.has(row.tag_key)) spelling.set(row.tag_key, row.tag);
  return tags.map((tag, index) => spelling.get(keys[index] as string) ?? tag);
}

/** `base` when no post has it, else the first of `base-2`, `base-3`, ... that is free. */
export async function freeSlug(trx: Db, base: string): Promise<string> {
  const rows = await trx
    .selectFrom("blog_posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
