import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { positionInputSchema, type ValidPositionInput } from "@ct/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { REPO_ROOT } from "../config";
import type { Database } from "../db/schema";
import { PositionsRepository } from "../positions/repository";
import { seedPosts } from "./posts";

/** The seed positions built by `npm run content:build` from the sources in ./sources. */
export const SEED_FILE = join(REPO_ROOT, "apps/server/src/seed/positions.json");
const SEEDED_KEY = "seeded.positions";

/** Reads and checks the seed file (every item must be a valid position input). */
export function readSeedPositions(file = SEED_FILE): ValidPositionInput[] {
  if (!existsSync(file)) return [];
  return z.array(positionInputSchema).parse(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * Stores the seed positions once, on the first start of an installation. A database that was seeded before (even
 * if an admin later removed every position) or that already holds positions is left as it is. The sample blog
 * posts are seeded here too, by the same once-only rule and on their own record (./posts.ts), so an installation
 * seeded before the blog existed gets them on its next start.
 */
export async function seedPositions(
  db: Kysely<Database>,
  load: () => ValidPositionInput[] = readSeedPositions,
): Promise<number> {
  await seedPosts(db);
  const done = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", SEEDED_KEY)
    .executeTakeFirst();
  if (done) return 0;
  // Read (and validate) the seed file only on the first start, not on every start after it.
  const positions = load();
  if (positions.length === 0) return 0;
  const repository = new PositionsRepository(db);
  const created = (await repository.total()) === 0 ? (await repository.batch(positions)).created : 0;
  await db
    .insertInto("app_meta")
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return created;
}
