import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { parsePhase, type StormPuzzleData } from "@ct/contract";
import type { StormPuzzle } from "@ct/machines/storm";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { LIBRARY_PACK_FILE, LIBRARY_SOURCE_PREFIX, readLibraryPack } from "../seed/library-pack";

/**
 * The rating buckets of a run, easiest first: [lowest rating, highest (excluded), puzzles]. Like lichess's storm, a
 * fixed list, so every run rises the same way: from about 1000 to 2500 and a few past it, 150 puzzles in all, far
 * more than anyone solves in 3 minutes (lichess's best runs stay under 100).
 */
export const STORM_BUCKETS: readonly (readonly [from: number, to: number, count: number])[] = [
  [1000, 1150, 8],
  [1150, 1300, 9],
  [1300, 1450, 10],
  [1450, 1600, 11],
  [1600, 1750, 12],
  [1750, 1900, 14],
  [1900, 2050, 16],
  [2050, 2200, 18],
  [2200, 2350, 21],
  [2350, 2500, 23],
  [2500, 2800, 8],
];

/** Puzzles in a full run. */
export const STORM_RUN_SIZE = STORM_BUCKETS.reduce((sum, [, , count]) => sum + count, 0);

/** Longest solution a storm puzzle may have (plies: 4 moves of the player's); longer ones are no quick puzzles. */
const MAX_PLIES = 7;
/** How long a process keeps the library's storm puzzles before reading them again. */
const CANDIDATES_TTL_MS = 5 * 60_000;
/** How long a run id stays good for sending the run's moves. */
export const STORM_RUN_TTL_MS = 2 * 60 * 60_000;

const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
/** Themes that say nothing of a puzzle's idea (its phase, its length, its side): not used to vary a run. */
const PLAIN_THEMES = new Set([
  "opening",
  "middlegame",
  "endgame",
  "short",
  "long",
  "veryLong",
  "oneMove",
  "master",
  "masterVsMaster",
  "superGM",
  "crushing",
  "advantage",
  "equality",
]);

/** A library puzzle as a run may use it. */
export interface StormCandidate extends StormPuzzleData {
  /** White or black to play. */
  color: "w" | "b";
  /** The idea a run avoids repeating twice in a row. */
  motif: string;
}

/**
 * The library's puzzles a run can use (coordinate solutions of at most MAX_PLIES plies ending on the player's
 * move), read once per process and kept CANDIDATES_TTL_MS.
 */
export class StormLibrary {
  private cached: { at: number; list: Promise<StormCandidate[]> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly packFile = LIBRARY_PACK_FILE,
  ) {}

  /** Every usable puzzle, by rating. */
  candidates(now = Date.now()): Promise<StormCandidate[]> {
    if (!this.cached || now - this.cached.at > CANDIDATES_TTL_MS) {
      const list = this.read().catch((error: unknown) => {
        this.cached = null;
        throw error;
      });
      this.cached = { at: now, list };
    }
    return this.cached.list;
  }

  /** The puzzles of a run, by id, in the run's order (null when one has left the library). */
  async puzzles(ids: readonly number[]): Promise<StormPuzzle[] | null> {
    const rows = ids.length
      ? await this.db
          .selectFrom("positions")
          .select(["id", "fen", "solution", "correct_moves"])
          .where("id", "in", [...ids])
          .execute()
      : [];
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const puzzles: StormPuzzle[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) return null;
      puzzles.push({
        id,
        fen: row.fen,
        solution: JSON.parse(row.solution) as string[],
        correct: JSON.parse(row.correct_moves) as string[],
      });
    }
    return puzzles;
  }

  private async read(): Promise<StormCandidate[]> {
    const rows = await this.db
      .selectFrom("positions")
      .select([
        "id",
        "fen",
        "solution",
        "correct_moves",
        "rating",
        "rating_deviation",
        "difficulty",
        "game_phase",
        "themes",
        "source",
      ])
      .where("solution", "!=", "[]")
      .execute();
    const lastMoves = readLastMoves(this.packFile);
    const list: StormCandidate[] = [];
    for (const row of rows) {
      const solution = JSON.parse(row.solution) as string[];
      if (solution.length === 0 || solution.length > MAX_PLIES || solution.length % 2 === 0) continue;
      if (!solution.every((move) => UCI.test(move))) continue;
      const correct = (JSON.parse(row.correct_moves) as string[]).filter(
        (move) => UCI.test(move) && move !== solution[0],
      );
      const themes = JSON.parse(row.themes) as string[];
      list.push({
        id: Number(row.id),
        fen: row.fen,
        solution,
        correct,
        rating: Math.round(Number(row.rating ?? row.difficulty)),
        ratingDeviation: Math.round(Number(row.rating_deviation ?? 350)),
        phase: parsePhase(row.game_phase) ?? "middlegame",
        themes,
        lastMove: lastMoves.get(row.source ?? "") ?? null,
        color: row.fen.split(" ")[1] === "b" ? "b" : "w",
        motif:
          themes.find((theme) => !PLAIN_THEMES.has(theme) && !theme.startsWith("mateIn")) ?? themes[0] ?? "",
      });
    }
    return list.sort((a, b) => a.rating - b.rating || a.id - b.id);
  }
}

/**
 * The opponent's move before each puzzle of the shipped library (`library:<id>` → its first move): the library keeps
 * the position after it, the pack the position before and the whole line. Empty when the pack cannot be read.
 */
function readLastMoves(file: string): Map<string, string> {
  const moves = new Map<string, string>();
  let text: string;
  try {
    text = readLibraryPack(file);
  } catch {
    return moves;
  }
  for (const row of text.split(/\r?\n/).slice(1)) {
    const [id, , all] = row.split(",");
    const first = all?.split(" ")[0];
    if (id && first && UCI.test(first)) moves.set(`${LIBRARY_SOURCE_PREFIX}:${id}`, first);
  }
  return moves;
}

/**
 * Chooses a run from the candidates: each bucket's puzzles at random from its rating range (topped up with the
 * nearest unused ratings when the library has too few there), never one twice, never the same idea twice in a row,
 * and never three of one colour in a row when the bucket offers the other. Bucket by bucket, easiest first.
 */
export function chooseStormRun(
  candidates: readonly StormCandidate[],
  random: (below: number) => number = randomInt,
): StormCandidate[] {
  const used = new Set<number>();
  const run: StormCandidate[] = [];
  for (const [from, to, count] of STORM_BUCKETS) {
    let pool = candidates.filter((each) => each.rating >= from && each.rating < to && !used.has(each.id));
    if (pool.length < count) {
      const middle = (from + to) / 2;
      const nearest = candidates
        .filter((each) => !used.has(each.id) && !pool.includes(each))
        .sort((a, b) => Math.abs(a.rating - middle) - Math.abs(b.rating - middle))
        .slice(0, count - pool.length);
      pool = [...pool, ...nearest];
    }
    shuffle(pool, random);
    const picked: StormCandidate[] = [];
    while (picked.length < count && pool.length > 0) {
      const soFar = [...run, ...picked];
      const previous = soFar.at(-1);
      const before = soFar.at(-2);
      const sameColour = previous && before && previous.color === before.color ? previous.color : null;
      const fits = (each: StormCandidate) => each.motif !== previous?.motif && each.color !== sameColour;
      const index = Math.max(0, pool.slice(0, 40).findIndex(fits));
      const [chosen] = pool.splice(index, 1);
      if (!chosen) break;
      picked.push(chosen);
      used.add(chosen.id);
    }
    run.push(...picked);
  }
  return run;
}

function shuffle<T>(list: T[], random: (below: number) => number): void {
  for (let index = list.length - 1; index > 0; index--) {
    const other = random(index + 1);
    [list[index], list[other]] = [list[other] as T, list[index] as T];
  }
}

/** What a run id carries: the puzzles' ids in order and when it was issued. */
export interface StormRunClaim {
  ids: number[];
  issuedAt: number;
}

/**
 * Run ids are signed (HMAC-SHA256 with the server's secret): the server checks a submitted run against exactly the
 * puzzles it chose, without storing the run, on any of its processes.
 */
export class StormRunSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`storm-run\u0000${secret}`).digest();
  }

  /** A run id for these puzzles: `<payload>.<signature>`, both base64url. */
  sign(claim: StormRunClaim): string {
    const payload = Buffer.from(JSON.stringify({ i: claim.ids, t: claim.issuedAt })).toString("base64url");
    return `${payload}.${this.mac(payload)}`;
  }

  /** The claim of a run id this server signed, or null (forged, altered, expired or malformed). */
  verify(runId: string, now = Date.now()): StormRunClaim | null {
    const [payload, signature, extra] = runId.split(".");
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const { i, t } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
        i: unknown;
        t: unknown;
      };
      if (!Array.isArray(i) || !i.every((id) => Number.isInteger(id) && id > 0) || typeof t !== "number")
        return null;
      if (t > now + 60_000 || now - t > STORM_RUN_TTL_MS) return null;
      return { ids: i as number[], issuedAt: t };
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }
}

/** The key a stored run is known by (unique per player): the SHA-256 of its id. */
export function runKey(runId: string): string {
  return createHash("sha256").update(runId).digest("hex");
}
