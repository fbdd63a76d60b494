import { createHash, randomBytes } from "node:crypto";
import {
  RACER_COUNTDOWN_MS,
  RACER_JOINS_PER_MINUTE,
  RACER_MAX_PLAYERS,
  RACER_MOVES_PER_SECOND,
  RACER_QUEUE_WAIT_MS,
  RACER_RACE_MS,
  type RacerPlayerView,
  type RacerProgress,
  type RacerPuzzleView,
  type RacerRace,
  type RacerState,
} from "@ct/contract";
import { isDone, judgeRacerMove, START_PROGRESS, scoreOf } from "@ct/machines/racer";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";
import { usernameKey } from "../players/accounts";
import type { RacerPlayersTable, RacerRacesTable } from "./schema";

type RaceRow = Selectable<RacerRacesTable>;
type PlayerRow = Selectable<RacerPlayersTable>;

export interface RaceRecord {
  race: RaceRow;
  puzzles: RacerPuzzleView[];
  players: PlayerRow[];
}

/** How long the parts of a race last (tests shorten them). */
export interface RacerTiming {
  countdownMs: number;
  raceMs: number;
  queueWaitMs: number;
}

export const RACER_TIMING: RacerTiming = {
  countdownMs: RACER_COUNTDOWN_MS,
  raceMs: RACER_RACE_MS,
  queueWaitMs: RACER_QUEUE_WAIT_MS,
};

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** 8 random letters or digits. */
export function shortId(): string {
  const bytes = randomBytes(8);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

const iso = (ms: number): string => new Date(ms).toISOString();

export function raceState(race: Pick<RaceRow, "starts_at" | "ends_at">, now: number): RacerState {
  if (!race.starts_at) return "lobby";
  if (now < Date.parse(race.starts_at)) return "countdown";
  if (race.ends_at && now < Date.parse(race.ends_at)) return "racing";
  return "finished";
}

export function progressOf(row: Pick<PlayerRow, "progress">): RacerProgress {
  return JSON.parse(row.progress) as RacerProgress;
}

export function playerView(row: PlayerRow, puzzles: readonly RacerPuzzleView[]): RacerPlayerView {
  const progress = progressOf(row);
  return {
    id: row.id,
    name: row.name,
    signed_in: row.account_id !== null,
    score: scoreOf(progress),
    solved: progress.solved,
    puzzle: progress.puzzle,
    combo: progress.combo,
    best_combo: progress.best_combo,
    errors: progress.errors,
    done: isDone(progress, puzzles),
  };
}

/** The race as everyone sees it; players best first once it is over, in joining order before. */
export function raceView(record: RaceRecord, now: number, linkOf: (id: string) => string): RacerRace {
  const state = raceState(record.race, now);
  const players = record.players.map((row) => playerView(row, record.puzzles));
  if (state === "finished") players.sort((a, b) => b.score - a.score || b.solved - a.solved);
  return {
    id: record.race.id,
    link: linkOf(record.race.id),
    public: record.race.public === 1,
    state,
    owner: record.race.owner,
    starts_at: record.race.starts_at,
    ends_at: record.race.ends_at,
    now: iso(now),
    players,
    puzzles: state === "lobby" ? null : record.puzzles,
    rematch: record.race.rematch_id,
  };
}

/** Puzzles never change once chosen: each process parses a race's once. */
const puzzleCache = new Map<string, RacerPuzzleView[]>();
const PUZZLES_KEPT = 500;

function puzzlesOf(race: RaceRow): RacerPuzzleView[] {
  let puzzles = puzzleCache.get(race.id);
  if (!puzzles) {
    puzzles = JSON.parse(race.puzzles) as RacerPuzzleView[];
    if (puzzleCache.size >= PUZZLES_KEPT) puzzleCache.delete(puzzleCache.keys().next().value as string);
    puzzleCache.set(race.id, puzzles);
  }
  return puzzles;
}

/** Rows each process keeps of the races and players it serves. */
const KEPT_ROWS = 5000;

const notFound = () => new HttpError(404, "not_found", "No such race");

export class Races {
  /**
   * What this process last wrote of a player's row, to judge their next move without reading it again: the write's
   * version check finds a row another process changed meanwhile, and a refusal is always made on a fresh read.
   */
  readonly #players = new Map<string, PlayerRow>();
  /** Races once started: their puzzles and times change no more (but for an early end, when nobody moves). */
  readonly #started = new Map<string, RaceRow>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly timing: RacerTiming = RACER_TIMING,
  ) {}

  async read(id: string, db: Kysely<Database> = this.db): Promise<RaceRecord | null> {
    const race = await db.selectFrom("racer_races").selectAll().where("id", "=", id).executeTakeFirst();
    if (!race) return null;
    const players = await db
      .selectFrom("racer_players")
      .selectAll()
      .where("race_id", "=", id)
      .orderBy("joined_at")
      .orderBy("id")
      .execute();
    return { race, puzzles: puzzlesOf(race), players };
  }

  async create(puzzles: RacerPuzzleView[], options: { public: boolean }, now: number): Promise<string> {
    const id = shortId();
    await this.db
      .insertInto("racer_races")
      .values({
        id,
        public: options.public ? 1 : 0,
        owner: null,
        puzzles: JSON.stringify(puzzles),
        starts_at: null,
        ends_at: null,
        rematch_id: null,
        created_at: iso(now),
      })
      .execute();
    return id;
  }

  /** Joins from a network in the last minute, over every process (they are rows of racer_players). */
  async joinsWithinMinute(network: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom("racer_players")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("network", "=", network)
      .where("joined_at", ">", iso(now - 60_000))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async checkJoinLimit(network: string, now: number): Promise<void> {
    if ((await this.joinsWithinMinute(network, now)) >= RACER_JOINS_PER_MINUTE) {
      throw new HttpError(429, "too_many_requests", "Too many races joined from your network: wait a minute");
    }
  }

  /**
   * Adds a player to a race in its lobby or countdown: refused once it has started, when it is full, or when the
   * name is taken in it. A signed-in player who joins again gets a new token for their place.
   */
  async join(
    raceId: string,
    who: { name: string; accountId: number | null; network: string },
    now: number,
  ): Promise<{ id: string; name: string; token: string; started: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const race = await trx
        .selectFrom("racer_races")
        .selectAll()
        .where("id", "=", raceId)
        .$if(isPostgres(trx), (query) => query.forUpdate())
        .executeTakeFirst();
      if (!race) throw notFound();
      return this.#joinLocked(trx, race, who, now);
    });
  }

  async #joinLocked(
    trx: Transaction<Database>,
    race: RaceRow,
    who: { name: string; accountId: number | null; network: string },
    now: number,
  ): Promise<{ id: string; name: string; token: string; started: boolean }> {
    const state = raceState(race, now);
    if (state === "racing" || state === "finished") {
      throw new HttpError(409, "race_started", "This race has already started: it cannot be joined now");
    }
    const players = await trx
      .selectFrom("racer_players")
      .select(["id", "name_key", "account_id"])
      .where("race_id", "=", race.id)
      .execute();
    const token = randomBytes(24).toString("base64url");
    const key = usernameKey(who.name);
    const mine = who.accountId === null ? undefined : players.find((p) => p.account_id === who.accountId);
    if (mine) {
      await trx
        .updateTable("racer_players")
        .set({ token_hash: tokenHash(token) })
        .where("race_id", "=", race.id)
        .where("id", "=", mine.id)
        .execute();
      return { id: mine.id, name: who.name, token, started: false };
    }
    if (players.length >= RACER_MAX_PLAYERS) {
      throw new HttpError(409, "race_full", `This race is full (${RACER_MAX_PLAYERS} players)`);
    }
    if (players.some((p) => p.name_key === key)) {
      throw new HttpError(409, "name_taken", "Someone in this race has that name already: choose another");
    }
    const id = shortId();
    await trx
      .insertInto("racer_players")
      .values({
        race_id: race.id,
        id,
        token_hash: tokenHash(token),
        name: who.name,
        name_key: key,
        account_id: who.accountId,
        network: who.network,
        joined_at: iso(now),
        progress: JSON.stringify(START_PROGRESS),
        score: 0,
        version: 0,
        window_second: 0,
        window_moves: 0,
      })
      .execute();
    if (race.owner === null && race.public === 0) {
      await trx.updateTable("racer_races").set({ owner: id }).where("id", "=", race.id).execute();
    }
    // The queue's race starts a while after its second player came.
    let started = false;
    if (race.public === 1 && race.starts_at === null && players.length + 1 >= 2) {
      const startsAt = now + this.timing.queueWaitMs;
      await trx
        .updateTable("racer_races")
        .set({ starts_at: iso(startsAt), ends_at: iso(startsAt + this.timing.raceMs) })
        .where("id", "=", race.id)
        .execute();
      started = true;
    }
    return { id, name: who.name, token, started };
  }

  /**
   * The public queue: joins its open race (lobby, or a countdown with time left to get ready, and room), or opens
   * one with `puzzles()`. One queue for every process: its choice is made under a lock.
   */
  async queue(
    who: { name: string; accountId: number | null; network: string },
    puzzles: () => Promise<RacerPuzzleView[]>,
    now: number,
  ): Promise<{ raceId: string; id: string; name: string; token: string; started: boolean }> {
    const fresh = await puzzles();
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(41041)`.execute(trx);
      const open = await trx
        .selectFrom("racer_races")
        .selectAll()
        .where("public", "=", 1)
        .where("created_at", ">", iso(now - 10 * 60_000))
        .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", ">", iso(now + 3000))]))
        .where((eb) =>
          eb(
            eb
              .selectFrom("racer_players")
              .select((inner) => inner.fn.countAll<number>().as("n"))
              .whereRef("racer_players.race_id", "=", "racer_races.id"),
            "<",
            RACER_MAX_PLAYERS,
          ),
        )
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      let race = open;
      if (!race) {
        const id = shortId();
        race = {
          id,
          public: 1,
          owner: null,
          puzzles: JSON.stringify(fresh),
          starts_at: null,
          ends_at: null,
          rematch_id: null,
          created_at: iso(now),
        };
        await trx.insertInto("racer_races").values(race).execute();
      }
      const joined = await this.#joinLocked(trx, race, who, now);
      return { raceId: race.id, ...joined };
    });
  }

  /** The player a socket's token names in a race, or null. */
  async playerByToken(raceId: string, token: string): Promise<PlayerRow | null> {
    const row = await this.db
      .selectFrom("racer_players")
      .selectAll()
      .where("race_id", "=", raceId)
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    return row ?? null;
  }

  /** The owner starts the countdown of a race in its lobby with two players or more. */
  async start(raceId: string, playerId: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const race = await trx
        .selectFrom("racer_races")
        .selectAll()
        .where("id", "=", raceId)
        .$if(isPostgres(trx), (query) => query.forUpdate())
        .executeTakeFirst();
      if (!race) throw notFound();
      if (race.owner !== playerId)
        throw new HttpError(403, "not_owner", "Only the race's owner can start it");
      if (race.starts_at !== null) throw new HttpError(409, "race_started", "The race has started already");
      const row = await trx
        .selectFrom("racer_players")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("race_id", "=", raceId)
        .executeTakeFirst();
      if (Number(row?.count ?? 0) < 2) {
        throw new HttpError(409, "too_few_players", "A race needs two players at least: share its link");
      }
      const startsAt = now + this.timing.countdownMs;
      await trx
        .updateTable("racer_races")
        .set({ starts_at: iso(startsAt), ends_at: iso(startsAt + this.timing.raceMs) })
        .where("id", "=", raceId)
        .execute();
    });
  }

  /**
   * Judges a player's move against the race's puzzles and stores the progress: only while the race runs, at most
   * RACER_MOVES_PER_SECOND a second, and with a version check (a move another socket of the player stored
   * meanwhile makes this one be judged again, and usually stale).
   */
  async move(
    raceId: string,
    playerId: string,
    move: { puzzle: number; ply: number; uci: string },
    now: number,
  ): Promise<{
    correct: boolean;
    reply: string | null;
    progress: RacerProgress;
    player: RacerPlayerView;
    allDone: boolean;
  }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const race = await this.#startedRace(raceId);
      const state = raceState(race, now);
      if (state === "lobby" || state === "countdown") {
        throw new HttpError(409, "not_started", "The race has not started yet");
      }
      if (state === "finished") throw new HttpError(409, "race_over", "The race is over");
      const key = `${raceId}/${playerId}`;
      const kept = this.#players.get(key);
      const row =
        kept ??
        (await this.db
          .selectFrom("racer_players")
          .selectAll()
          .where("race_id", "=", raceId)
          .where("id", "=", playerId)
          .executeTakeFirst());
      if (!row) throw new HttpError(403, "not_player", "You are not in this race");
      const second = Math.floor(now / 1000);
      const windowMoves = row.window_second === second ? row.window_moves : 0;
      // A kept row may be behind (the player's other socket, on another process): refusals are made on a fresh one.
      const refuse = (error: HttpError) => {
        if (kept) this.#players.delete(key);
        else throw error;
      };
      if (windowMoves >= RACER_MOVES_PER_SECOND) {
        refuse(new HttpError(429, "too_fast", "Too many moves: slow down"));
        continue;
      }
      const puzzles = puzzlesOf(race);
      const verdict = judgeRacerMove(puzzles, progressOf(row), move);
      if (verdict.kind === "done") {
        refuse(new HttpError(409, "done", "You have gone through every puzzle"));
        continue;
      }
      if (verdict.kind === "stale") {
        refuse(new HttpError(409, "stale", "That move is for another puzzle or ply than yours"));
        continue;
      }
      const progress = verdict.progress;
      const written = await this.db
        .updateTable("racer_players")
        .set({
          progress: JSON.stringify(progress),
          score: scoreOf(progress),
          version: row.version + 1,
          window_second: second,
          window_moves: windowMoves + 1,
        })
        .where("race_id", "=", raceId)
        .where("id", "=", playerId)
        .where("version", "=", row.version)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) === 0) {
        this.#players.delete(key);
        continue;
      }
      const updated = {
        ...row,
        progress: JSON.stringify(progress),
        score: scoreOf(progress),
        version: row.version + 1,
        window_second: second,
        window_moves: windowMoves + 1,
      };
      this.#keep(key, updated);
      let allDone = false;
      if (isDone(progress, puzzles)) allDone = await this.#endIfAllDone(raceId, puzzles, now);
      return {
        correct: verdict.kind === "correct",
        reply: verdict.reply,
        progress,
        player: playerView(updated, puzzles),
        allDone,
      };
    }
    throw new HttpError(409, "busy", "Your progress changed meanwhile: try again");
  }

  #keep(key: string, row: PlayerRow): void {
    if (this.#players.size >= KEPT_ROWS) this.#players.delete(this.#players.keys().next().value as string);
    this.#players.set(key, row);
  }

  async #startedRace(raceId: string): Promise<RaceRow> {
    const kept = this.#started.get(raceId);
    if (kept) return kept;
    const race = await this.db
      .selectFrom("racer_races")
      .selectAll()
      .where("id", "=", raceId)
      .executeTakeFirst();
    if (!race) throw notFound();
    if (race.starts_at !== null) {
      if (this.#started.size >= KEPT_ROWS) this.#started.delete(this.#started.keys().next().value as string);
      this.#started.set(raceId, race);
    }
    return race;
  }

  /** Once every player has gone through the puzzles, the race ends now. */
  async #endIfAllDone(raceId: string, puzzles: readonly RacerPuzzleView[], now: number): Promise<boolean> {
    const rows = await this.db
      .selectFrom("racer_players")
      .select("progress")
      .where("race_id", "=", raceId)
      .execute();
    if (!rows.every((row) => isDone(progressOf(row), puzzles))) return false;
    const ended = await this.db
      .updateTable("racer_races")
      .set({ ends_at: iso(now) })
      .where("id", "=", raceId)
      .where("ends_at", ">", iso(now))
      .executeTakeFirst();
    return Number(ended.numUpdatedRows) > 0;
  }

  /** The race's rematch: one for everyone, made by the first who asks once it is over. */
  async rematch(raceId: string, puzzles: () => Promise<RacerPuzzleView[]>, now: number): Promise<string> {
    const race = await this.db
      .selectFrom("racer_races")
      .selectAll()
      .where("id", "=", raceId)
      .executeTakeFirst();
    if (!race) throw notFound();
    if (raceState(race, now) !== "finished") throw new HttpError(409, "not_over", "The race is not over yet");
    if (race.rematch_id) return race.rematch_id;
    const id = await this.create(await puzzles(), { public: false }, now);
    const set = await this.db
      .updateTable("racer_races")
      .set({ rematch_id: id })
      .where("id", "=", raceId)
      .where("rematch_id", "is", null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) > 0) return id;
    // Someone else's rematch came first: theirs it is.
    await this.db.deleteFrom("racer_races").where("id", "=", id).execute();
    const again = await this.db
      .selectFrom("racer_races")
      .select("rematch_id")
      .where("id", "=", raceId)
      .executeTakeFirstOrThrow();
    return again.rematch_id as string;
  }
}
