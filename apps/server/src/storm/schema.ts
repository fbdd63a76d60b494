import type { Generated } from "kysely";

/** One accepted Storm run of a signed-in player (migration 0021). */
export interface StormRunsTable {
  id: Generated<number>;
  player_id: number;
  /** SHA-256 (hex) of the signed run id: unique per player. */
  run_key: string;
  score: number;
  moves: number;
  errors: number;
  best_combo: number;
  duration_ms: number;
  /** ISO 8601, UTC. */
  created_at: string;
}

export interface StormTables {
  storm_runs: StormRunsTable;
}
