import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { UPLOAD_NAME } from "./routes";

/** How long an upload no post uses is kept: an image put into a post not yet saved (a local draft) has this long. */
export const UPLOAD_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a running server sweeps (the first sweep is an hour after it starts). */
export const UPLOAD_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

const REFERENCE = /\/uploads\/([0-9a-f]{32}\.(?:png|jpg|webp))/g;

/** The upload names a stored text refers to (`/uploads/<name>` anywhere in it). */
function namesIn(text: string | null, into: Set<string>): void {
  for (const match of (text ?? "").matchAll(REFERENCE)) if (match[1]) into.add(match[1]);
}

/**
 * Every upload name still in use: in a post's body, featured or social image, or in one of its kept revisions (which the
 * editor can put back).
 */
export async function uploadsInUse(db: Kysely<Database>): Promise<Set<string>> {
  const used = new Set<string>();
  const posts = await db
    .selectFrom("blog_posts")
    .select(["content", "featured_image", "social_image"])
    .execute();
  for (const post of posts) {
    namesIn(post.content, used);
    namesIn(post.featured_image, used);
    namesIn(post.social_image, used);
  }
  const revisions = await db.selectFrom("blog_post_revisions").select("content").execute();
  for (const revision of revisions) namesIn(revision.content, used);
  return used;
}

export interface SweepResult {
  /** Uploads removed: no post or revision used them and they were older than the grace period. */
  removed: string[];
  /** Uploads kept because something uses them or they are still within the grace period. */
  kept: number;
}

/**
 * Removes the uploads no post uses any more, once they are older than `graceMs` (by the file's modification
 * time). Safe with several server processes on one data folder: each removal is of a file nothing refers to,
 * and a file already gone is skipped. Files that are not uploads (other names, the `.tmp` of a write in
 * progress) are never touched.
 */
export async function sweepUploads({
  db,
  directory,
  graceMs = UPLOAD_GRACE_MS,
  now = Date.now(),
}: {
  db: Kysely<Database>;
  directory: string;
  graceMs?: number;
  now?: number;
}): Promise<SweepResult> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const uploads = names.filter((name) => UPLOAD_NAME.test(name));
  if (uploads.length === 0) return { removed: [], kept: 0 };
  const used = await uploadsInUse(db);
  const removed: string[] = [];
  for (const name of uploads) {
    if (used.has(name)) continue;
    const path = join(directory, name);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < graceMs) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return { removed, kept: uploads.length - removed.length };
}
