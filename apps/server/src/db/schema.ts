import type { Generated } from "kysely";

/**
 * The database as Kysely sees it. Conventions (both dialects): timestamps are ISO-8601 text, JSON is text,
 * booleans are integers 0/1. Repositories convert to and from the contract's types.
 * Each migration in ./migrations that adds a table adds its interface here.
 */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface PositionsTable {
  id: Generated<number>;
  sequence_number: number;
  fen: string;
  description_en: string;
  description_ar: string | null;
  explanation_en: string;
  explanation_ar: string | null;
  correct_moves: string; // JSON string[]
  solution: string; // JSON string[]
  difficulty: number;
  rating: number | null;
  tags: string; // JSON string[]
  game_phase: string;
  themes: string; // JSON string[]
  hints: string; // JSON Hints
  game_metadata: string; // JSON GameMetadata
  opening: string | null;
  eco: string | null;
  source: string | null;
  created_at: string;
  updated_at: string;
}

export interface PositionFacetsTable {
  kind: "phase" | "theme" | "opening";
  value: string;
  count: number;
}

export interface AnalysisStatusTable {
  id: number;
  is_running: number;
  games_analyzed: number;
  total_games_analyzed: number;
  puzzles_generated: number;
  last_update: string | null;
}

export interface Database {
  app_meta: AppMetaTable;
  positions: PositionsTable;
  position_facets: PositionFacetsTable;
  analysis_status: AnalysisStatusTable;
}
