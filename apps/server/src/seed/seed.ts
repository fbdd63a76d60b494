import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { CoachTexts } from "@ct/chess";
import { positionInputSchema, type ValidPositionInput } from "@ct/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { REPO_ROOT } from "../config";
import type { Database } from "../db/schema";
import { importLichessStream } from "../importers/lichess";
import { PositionsRepository } from "../positions/repository";
import { LIBRARY_PACK_FILE, LIBRARY_SOURCE_PREFIX, readLibraryPack } from "./library-pack";
import { POSTS_SEEDED_KEY, seedPosts } from "./posts";

/** The seed positions built by `npm run content:build` from the sources in ./sources. */
export const SEED_FILE = join(REPO_ROOT, "apps/server/src/seed/positions.json");
const SEEDED_KEY = "seeded.positions";
const LIBRARY_KEY = "seeded.library";

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
/** A seed position's texts as the composer writes them (a missing Arabic text reads as empty). */
export function coachTextsOf(position: ValidPositionInput): CoachTexts {
  const { hints } = position;
  return {
    hints: {
      ...hints,
      subtle_ar: hints.subtle_ar ?? "",
      moderate_ar: hints.moderate_ar ?? "",
      explicit_ar: hints.explicit_ar ?? "",
    },
    description_en: position.description_en,
    description_ar: position.description_ar ?? "",
    explanation_en: position.explanation_en,
    explanation_ar: position.explanation_ar ?? "",
  };
}

export async function seedPositions(
  db: Kysely<Database>,
  load: () => ValidPositionInput[] = readSeedPositions,
  library: () => string | null = readLibraryPackIfBuilt,
): Promise<number> {
  await seedPosts(db);
  const curated = await seedCurated(db, load);
  return curated + (await seedLibrary(db, library));
}

const SEED_PART_KEYS = { positions: SEEDED_KEY, library: LIBRARY_KEY, posts: POSTS_SEEDED_KEY } as const;

/**
 * Records parts of the first-start content as stored, so that a server started on this database does not store
 * them: for tests and benchmarks that bring their own rows, or test something else than the seeding.
 */
export async function markSeedStored(
  db: Kysely<Database>,
  parts: readonly (keyof typeof SEED_PART_KEYS)[],
): Promise<void> {
  for (const part of parts) await markDone(db, SEED_PART_KEYS[part]);
}

async function markDone(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .insertInto("app_meta")
    .values({ key, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

async function isDone(db: Kysely<Database>, key: string): Promise<boolean> {
  return Boolean(await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst());
}

/**
 * Stores the shipped puzzle library (./library-pack.ts) once, through the lichess import pipeline (themes from our
 * tagger, phase, opening, hints and texts from our composer), beside the curated positions. An installation seeded
 * before the library existed gets it on its next start; one that has it (or had it) is left as it is.
 */
async function seedLibrary(db: Kysely<Database>, library: () => string | null): Promise<number> {
  if (await isDone(db, LIBRARY_KEY)) return 0;
  const text = library();
  if (text === null) return 0;
  const summary = await importLichessStream(db, Readable.from([text]), {
    sourcePrefix: LIBRARY_SOURCE_PREFIX,
  });
  await markDone(db, LIBRARY_KEY);
  return summary.imported;
}

function readLibraryPackIfBuilt(): string | null {
  return existsSync(LIBRARY_PACK_FILE) ? readLibraryPack() : null;
}

async function seedCurated(db: Kysely<Database>, load: () => ValidPositionInput[]): Promise<number> {
  if (await isDone(db, SEEDED_KEY)) return 0;
  // Read (and validate) the seed file only on the first start, not on every start after it.
  const positions = load();
  if (positions.length === 0) return 0;
  const repository = new PositionsRepository(db);
  const created = (await repository.total()) === 0 ? (await repository.batch(positions)).created : 0;
  await markDone(db, SEEDED_KEY);
  return created;
}
