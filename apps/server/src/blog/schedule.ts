import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { recordRevision } from "./revisions";
import { nextTimestamp } from "./rows";

/** How often a server process looks for scheduled posts whose time has come (BLOG_SCHEDULE_INTERVAL_MS). */
export const BLOG_SCHEDULE_EVERY_MS = 30_000;

/**
 * Publishes the scheduled posts whose time has come (`publish_at <= now`), each exactly once however many server
 * processes run this at the same moment on one database. Each post is claimed by one atomic UPDATE whose WHERE
 * says it is still scheduled and due: on PostgreSQL a second process's UPDATE waits for the first one's row lock,
 * then finds the row published and changes nothing; on SQLite writers take turns ("begin immediate"). The claim,
 * the tag rows' published flag and the post's revision are one transaction. The published date is the first
 * publication's, else the time the post was scheduled for. Answers the slugs this call published.
 */
export async function publishDuePosts(db: Kysely<Database>, now = new Date()): Promise<string[]> {
  const moment = now.toISOString();
  const due = await db
    .selectFrom("blog_posts")
    .select(["id", "updated_at"])
    .where("published", "=", 0)
    .where("publish_at", "is not", null)
    .where("publish_at", "<=", moment)
    .orderBy("id")
    .execute();
  const published: string[] = [];
  for (const candidate of due) {
    const row = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("blog_posts")
        .set((eb) => ({
          published: 1,
          // Every right-hand side reads the row as it was before this UPDATE (publish_at included).
          published_date: eb.fn.coalesce("first_published_at", "publish_at"),
          first_published_at: eb.fn.coalesce("first_published_at", "publish_at"),
          // publish_at is not null here (the WHERE below), so this is never null.
          sort_at: eb.fn.coalesce("first_published_at", "publish_at").$castTo<string>(),
          publish_at: null,
          // A new version, so an editor opened on the scheduled post cannot overwrite the publication unknowingly.
          updated_at: nextTimestamp(candidate.updated_at, now),
        }))
        .where("id", "=", candidate.id)
        .where("published", "=", 0)
        .where("publish_at", "is not", null)
        .where("publish_at", "<=", moment)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return null;
      await trx
        .updateTable("blog_post_tags")
        .set({ published: 1 })
        .where("post_id", "=", claimed.id)
        .execute();
      await recordRevision(trx, claimed);
      return claimed;
    });
    if (row) published.push(row.slug);
  }
  return published;
}

export interface PostScheduler {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `publishDuePosts` at start and then every `everyMs` in this process (never two runs at once). A failed run is
 * reported and the next one tries again.
 */
export function startPostScheduler({
  db,
  everyMs = BLOG_SCHEDULE_EVERY_MS,
  onPublished,
  onError,
}: {
  db: Kysely<Database>;
  everyMs?: number;
  onPublished?: (slugs: string[]) => void;
  onError?: (error: unknown) => void;
}): PostScheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = publishDuePosts(db)
      .then(
        (slugs) => {
          if (slugs.length > 0) onPublished?.(slugs);
        },
        (error: unknown) => onError?.(error),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
