import type { Generated } from "kysely";

/** One progress write of a player's browser (migration 0019), stored once per idempotency key. */
export interface PlayerEventsTable {
  /** bigserial on PostgreSQL: PostgreSQL returns it as text. */
  id: Generated<number | string>;
  player_id: number;
  /** The browser's idempotency key. */
  key: string;
  /** ISO 8601, UTC, milliseconds: sorts as text in time order. */
  at: string;
  type: string;
  /** The puzzle of a `result` event; null for the others. */
  puzzle_id: number | null;
  /** The whole event (JSON), as the server stored it (a library puzzle's figures filled in by the server). */
  body: string;
}

/** The records a player's events build (migration 0019). */
export interface PlayerSnapshotsTable {
  player_id: number;
  /** JSON object: storage key → JSON text. */
  records: string;
  events: number;
  /** The last event applied, in (at, key) order; empty strings before the first. */
  through_at: string;
  through_key: string;
  updated_at: string;
}

/** A document the player keeps whole, last write wins (migration 0019). */
export interface PlayerDocumentsTable {
  player_id: number;
  kind: string;
  id: string;
  /** JSON text. */
  body: string;
  updated_at: string;
}

/** Tables of a player's progress on the server (migration 0019). */
export interface ProgressTables {
  player_events: PlayerEventsTable;
  player_snapshots: PlayerSnapshotsTable;
  player_documents: PlayerDocumentsTable;
}
