import {
  DOCUMENTS_MAX,
  type DocumentKind,
  isMergedDocument,
  mergeDocumentBodies,
  type PlayerDocument,
  type ProgressEvent,
} from "@ct/contract";
import {
  applyProgressEventTo,
  compareProgressEvents,
  EMPTY_PROGRESS,
  isMyGamesId,
  type ProgressState,
  playerRatingOf,
  progressStateOf,
  recordsOf,
} from "@ct/machines/account-progress";
import type { Kysely, Transaction } from "kysely";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { ESTIMATED_DEVIATION } from "../positions/ratings";
import { movePuzzleRating, puzzleRatingsMoved } from "../positions/selection";

/**
 * A player's progress on the server (issue 38). The browser sends each of its progress writes as an event; the
 * server stores each event once (its key is the browser's idempotency key) and keeps a snapshot: the records the
 * events build when replayed in (at, key) order through the browser's own pure functions (@ct/machines), so a second
 * device reads exactly what the first one holds.
 *
 * One player's writes queue on their snapshot row (locked on PostgreSQL; SQLite has one writer), so several server
 * processes storing events of one player at once lose and double nothing. The snapshot moves forward one event at a
 * time while events arrive in order; an event that sorts before the last one applied (another device's, or one
 * queued offline) makes the records be replayed from the first event.
 *
 * The player's rating is the server's: a result on a library puzzle is stored with the library's figures for the
 * puzzle (rating, deviation, themes, phase), whatever the browser said, and a player's first result on a puzzle
 * moves the puzzle's rating (positions/selection.ts `movePuzzleRating`).
 */

/** The answer of GET /api/account/progress and POST /api/account/events, as JSON text. */
export interface StoredProgress {
  /** `{"records":…,"events":n}` (and `"stored":k` after a write), serialized. */
  json: string;
  events: number;
  stored: number;
  /** Library puzzles whose rating this write moved. */
  moved: number[];
}

type ResultEvent = Extract<ProgressEvent, { type: "result" }>;

/** An event time is kept as ISO 8601 in UTC with milliseconds (it sorts as text), at most a day ahead of the server. */
const FUTURE_MS = 24 * 60 * 60 * 1000;

const isLibraryResult = (event: ProgressEvent): event is ResultEvent =>
  event.type === "result" && !isMyGamesId(event.puzzle.id);

export class DocumentLimitError extends Error {}

export class PlayerProgress {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The player's records and how many events they hold. */
  async read(playerId: number): Promise<StoredProgress> {
    const row = await this.db
      .selectFrom("player_snapshots")
      .select(["records", "events"])
      .where("player_id", "=", playerId)
      .executeTakeFirst();
    const events = Number(row?.events ?? 0);
    return { json: `{"records":${row?.records ?? "{}"},"events":${events}}`, events, stored: 0, moved: [] };
  }

  /**
   * Stores the events not stored before (by key; the first of a key within `sent` too) and brings the snapshot up
   * to date, in one transaction; acknowledged once durable.
   */
  async record(playerId: number, sent: readonly ProgressEvent[]): Promise<StoredProgress> {
    const now = this.now();
    const events = normalized(sent, now);
    if (events.length === 0) return this.read(playerId);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const stamp = new Date(now).toISOString();
      await trx
        .insertInto("player_snapshots")
        .values({
          player_id: playerId,
          records: "{}",
          events: 0,
          through_at: "",
          through_key: "",
          updated_at: stamp,
        })
        .onConflict((conflict) => conflict.column("player_id").doNothing())
        .execute();
      // The player's writes queue here: on PostgreSQL the row stays locked until this transaction ends.
      const snapshot = await trx
        .selectFrom("player_snapshots")
        .selectAll()
        .where("player_id", "=", playerId)
        .$if(isPostgres(trx), (query) => query.forUpdate())
        .executeTakeFirstOrThrow();
      const known = new Set(
        (
          await trx
            .selectFrom("player_events")
            .select("key")
            .where("player_id", "=", playerId)
            .where(
              "key",
              "in",
              events.map((event) => event.key),
            )
            .execute()
        ).map((row) => row.key),
      );
      const fresh = await withLibraryFigures(
        trx,
        events.filter((event) => !known.has(event.key)),
      );
      if (fresh.length === 0)
        return {
          json: `{"records":${snapshot.records},"events":${Number(snapshot.events)},"stored":0}`,
          events: Number(snapshot.events),
          stored: 0,
          moved: [],
        };

      // Puzzles the player had a result on before this write: a result on them now teaches the puzzle nothing.
      const puzzleIds = [...new Set(fresh.filter(isLibraryResult).map((event) => event.puzzle.id))];
      const playedBefore = new Set(
        puzzleIds.length === 0
          ? []
          : (
              await trx
                .selectFrom("player_events")
                .select("puzzle_id")
                .where("player_id", "=", playerId)
                .where("puzzle_id", "in", puzzleIds)
                .execute()
            ).map((row) => Number(row.puzzle_id)),
      );
      await trx
        .insertInto("player_events")
        .values(
          fresh.map((event) => ({
            player_id: playerId,
            key: event.key,
            at: event.at,
            type: event.type,
            puzzle_id: event.type === "result" ? event.puzzle.id : null,
            body: JSON.stringify(event),
          })),
        )
        .execute();

      const ordered = [...fresh].sort(compareProgressEvents);
      const first = ordered[0] as ProgressEvent;
      const inOrder =
        Number(snapshot.events) === 0 ||
        compareProgressEvents(first, { at: snapshot.through_at, key: snapshot.through_key }) > 0;
      let state: ProgressState;
      let sequence: ProgressEvent[];
      if (inOrder) {
        state = progressStateOf(JSON.parse(snapshot.records) as Record<string, string>);
        sequence = ordered;
      } else {
        state = EMPTY_PROGRESS;
        sequence = (
          await trx.selectFrom("player_events").select("body").where("player_id", "=", playerId).execute()
        )
          .map((row) => JSON.parse(row.body) as ProgressEvent)
          .sort(compareProgressEvents);
      }

      // A player's first result on a library puzzle teaches the puzzle, with the player's rating as it stood.
      const freshKeys = new Set(fresh.map((event) => event.key));
      const lessons: { id: number; player: { rating: number; deviation: number }; result: "win" | "loss" }[] =
        [];
      const taught = new Set(playedBefore);
      for (const event of sequence) {
        if (
          isLibraryResult(event) &&
          freshKeys.has(event.key) &&
          !event.unrated &&
          !taught.has(event.puzzle.id)
        ) {
          taught.add(event.puzzle.id);
          const player = playerRatingOf(state);
          if (!player.rated.includes(event.puzzle.id))
            lessons.push({ id: event.puzzle.id, player, result: event.result });
        }
        state = applyProgressEventTo(state, event);
      }

      const last = sequence.at(-1) as ProgressEvent;
      const total = inOrder ? Number(snapshot.events) + fresh.length : sequence.length;
      const records = JSON.stringify(recordsOf(state));
      await trx
        .updateTable("player_snapshots")
        .set({ records, events: total, through_at: last.at, through_key: last.key, updated_at: stamp })
        .where("player_id", "=", playerId)
        .execute();
      // Puzzles are locked in id order: two players' writes never wait on each other's puzzles in a circle.
      const moved: number[] = [];
      for (const lesson of lessons.sort((a, b) => a.id - b.id)) {
        const move = await movePuzzleRating(trx, lesson.id, lesson.player, lesson.result);
        if (move?.moved) moved.push(lesson.id);
      }
      return {
        json: `{"records":${records},"events":${total},"stored":${fresh.length}}`,
        events: total,
        stored: fresh.length,
        moved,
      };
    });
    puzzleRatingsMoved(this.db, outcome.moved);
    return outcome;
  }

  /** Every event of the player in (at, key) order, as stored (the account's export). */
  async events(playerId: number): Promise<ProgressEvent[]> {
    const rows = await this.db
      .selectFrom("player_events")
      .select("body")
      .where("player_id", "=", playerId)
      .execute();
    return rows.map((row) => JSON.parse(row.body) as ProgressEvent).sort(compareProgressEvents);
  }

  async documents(playerId: number): Promise<PlayerDocument[]> {
    const rows = await this.db
      .selectFrom("player_documents")
      .select(["kind", "id", "body", "updated_at"])
      .where("player_id", "=", playerId)
      .orderBy("kind")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ ...row, kind: row.kind as DocumentKind }));
  }

  /**
   * Writes a document whole (last write wins). Throws DocumentLimitError when it would be the player's
   * DOCUMENTS_MAX + 1st.
   */
  /**
   * Writes a document whole; a merged one (repertoire/progress, endgame-course/progress) is merged into the stored
   * version instead, keeping the better of both, under a lock on the player's row (PostgreSQL; SQLite has one
   * writer), so two devices writing at once both keep their progress. Answers the document as stored.
   */
  async putDocument(playerId: number, kind: DocumentKind, id: string, sent: string): Promise<PlayerDocument> {
    const updated_at = new Date(this.now()).toISOString();
    const name = `${kind}/${id}`;
    let body = sent;
    await this.db.transaction().execute(async (trx) => {
      if (isMergedDocument(name)) {
        await trx
          .selectFrom("players")
          .select("id")
          .where("id", "=", playerId)
          .$if(isPostgres(trx), (query) => query.forUpdate())
          .executeTakeFirst();
        const stored = await trx
          .selectFrom("player_documents")
          .select("body")
          .where("player_id", "=", playerId)
          .where("kind", "=", kind)
          .where("id", "=", id)
          .executeTakeFirst();
        body = mergeDocumentBodies(name, stored?.body, sent);
      }
      const count = await trx
        .selectFrom("player_documents")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("player_id", "=", playerId)
        .where((eb) => eb.or([eb("kind", "!=", kind), eb("id", "!=", id)]))
        .executeTakeFirstOrThrow();
      if (Number(count.count) >= DOCUMENTS_MAX) throw new DocumentLimitError();
      await trx
        .insertInto("player_documents")
        .values({ player_id: playerId, kind, id, body, updated_at })
        .onConflict((conflict) =>
          conflict.columns(["player_id", "kind", "id"]).doUpdateSet({ body, updated_at }),
        )
        .execute();
    });
    return { kind, id, body, updated_at };
  }

  /** Removes a document; false when there was none. */
  async deleteDocument(playerId: number, kind: DocumentKind, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("player_documents")
      .where("player_id", "=", playerId)
      .where("kind", "=", kind)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** The events of one request: the first of each key, each time in UTC (at most a day ahead of `now`). */
function normalized(sent: readonly ProgressEvent[], now: number): ProgressEvent[] {
  const seen = new Set<string>();
  const events: ProgressEvent[] = [];
  for (const event of sent) {
    if (seen.has(event.key)) continue;
    seen.add(event.key);
    const at = new Date(Math.min(Date.parse(event.at), now + FUTURE_MS)).toISOString();
    events.push({ ...event, at });
  }
  return events;
}

/**
 * Results on library puzzles with the library's figures in place of the browser's (the rating and deviation shown,
 * rounded, as the site gets them), or marked `unrated` when the library has no such puzzle.
 */
async function withLibraryFigures(
  trx: Transaction<Database>,
  events: ProgressEvent[],
): Promise<ProgressEvent[]> {
  const ids = [...new Set(events.filter(isLibraryResult).map((event) => event.puzzle.id))];
  if (ids.length === 0) return events;
  const rows = await trx
    .selectFrom("positions")
    .select(["id", "rating", "rating_deviation", "difficulty", "themes", "game_phase"])
    .where("id", "in", ids)
    .execute();
  const figures = new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        rating: Math.round(Number(row.rating ?? row.difficulty)),
        rating_deviation: Math.round(Number(row.rating_deviation ?? ESTIMATED_DEVIATION)),
        themes: JSON.parse(row.themes) as string[],
        game_phase: row.game_phase,
      },
    ]),
  );
  return events.map((event) => {
    if (!isLibraryResult(event)) return event;
    const puzzle = figures.get(event.puzzle.id);
    const { key, at, type, result } = event;
    return puzzle
      ? { key, at, type, puzzle, result }
      : { key, at, type, puzzle: event.puzzle, result, unrated: true };
  });
}
