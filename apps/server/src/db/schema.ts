import type { Generated } from "kysely";
import type { ProgressTables } from "../players/progress-schema";
import type { PlayerTables } from "../players/schema";
import type { RacerTables } from "../racer/schema";
import type { StormTables } from "../storm/schema";

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
  /** fenKey(fen) (migration 0012): the index of "is this position stored?". */
  fen_key: number;
  description_en: string;
  description_ar: string | null;
  explanation_en: string;
  explanation_ar: string | null;
  correct_moves: string; // JSON string[]
  solution: string; // JSON string[]
  difficulty: number;
  /** Glicko-2 rating (migration 0009): every position has one; fractional, shown rounded. */
  rating: number | null;
  rating_deviation: number | null;
  rating_volatility: number | null;
  /** Attempts that moved the rating (the first of each client network). */
  rating_attempts: Generated<number>;
  /** floor(rating / RATING_BAND) (migration 0010): the selection indexes' key, kept with the rating. */
  rating_band: number;
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

/** One theme of one position with its rating band: the index "next puzzle" reads by theme (migration 0010). */
export interface PositionThemesTable {
  theme: string;
  rating_band: number;
  position_id: number;
}

/** The first attempt a client network reported for a puzzle (only that one moves the puzzle's rating). */
export interface PuzzleAttemptsTable {
  position_id: number;
  network: string;
  result: "win" | "loss";
  created_at: string;
}

export interface AnalysisStatusTable {
  id: number;
  is_running: number;
  games_analyzed: number;
  total_games_analyzed: number;
  puzzles_generated: number;
  last_update: string | null;
}

export type AnalysisJobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface AnalysisJobsTable {
  id: Generated<number>;
  name: string;
  pgn: string;
  status: AnalysisJobStatus;
  total_games: number;
  /** Index of the next game to analyse: where a restarted worker resumes. */
  next_game: number;
  games_analyzed: number;
  puzzles: number;
  problems: string; // JSON {game, message}[] of games skipped as malformed
  /** Engine budget per search, in nodes (reproducible across machines). */
  nodes: number;
  worker: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Progress of one file import: where a re-run continues (see migration 0004). */
export interface ImportsTable {
  id: Generated<number>;
  kind: string;
  path: string;
  size: number | string; // bigint: PostgreSQL returns it as text
  first_line_hash: string;
  byte_offset: number | string; // bigint
  line: number;
  read: number;
  imported: number;
  skipped_existing: number;
  refused: number;
  complete: number;
  started_at: string;
  updated_at: string;
}

/** One admin account (migration 0005); `password_hash` is an argon2id PHC string. */
export interface AdminAccountsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

/** One issued admin token, by its random id: revoked on logout, dropped once expired. */
export interface AdminSessionsTable {
  id: string;
  account_id: number;
  address: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Login rate-limit state of one key (a client network or a username), see auth/rate-limit.ts. */
export interface AdminLoginLimitsTable {
  key: string;
  failures: string; // JSON number[]: times (ms) of the latest failures
  lockouts: number;
  locked_until: string | null;
  updated_at: string;
}

/** One blog post (migration 0006); `content` is sanitised HTML, `excerpt` and `search_text` derive from it. */
export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  /** Title and body text folded for case- and diacritic-insensitive search (blog/rows.ts `searchKey`). */
  search_text: string;
  tags: string; // JSON string[], in the author's order
  featured_image: string | null;
  /** `en` or `ar` (migration 0013; 'en' when an insert gives none). */
  language: Generated<string>;
  author: string;
  published: number;
  published_date: string | null;
  first_published_at: string | null;
  /** List order: published_date, else updated_at. */
  sort_at: string;
  created_at: string;
  updated_at: string;
  /** Settings (migration 0017): the admin's excerpt, SEO title and description, social image; null when none. */
  custom_excerpt: string | null;
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
  /** When a scheduled post (published = 0) goes out, ISO 8601 UTC; null for a draft or a published post. */
  publish_at: string | null;
}

/**
 * One tag of one post, with the post's published flag copied in for the tag counts. `tag_key` is what tags are
 * compared by (`tagKey`: any case is one tag, migration 0008); every row of a key has the same spelling, the first.
 */
export interface BlogPostTagsTable {
  post_id: number;
  tag: string;
  tag_key: string;
  published: number;
}

/**
 * One revision of a post (migration 0015): its title, sanitised HTML, tags (JSON, as stored) and language as one save
 * left them, with the text's word count. Written in the save's transaction; a post keeps its 20 newest, and its
 * revisions go with it.
 */
export interface BlogPostRevisionsTable {
  id: Generated<number>;
  post_id: number;
  title: string;
  content: string;
  tags: string; // JSON string[]
  language: string;
  word_count: number;
  created_at: string;
}

/**
 * A slug a post had before it was renamed (migration 0016), pointing at the post: its old addresses redirect to its
 * current slug. Goes with the post.
 */
export interface BlogSlugRedirectsTable {
  slug: string;
  post_id: number;
  created_at: string;
}

/** One contact message in the outbox (migration 0007); see contact/outbox.ts. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The mail's Message-ID, fixed when the message is stored. */
  message_id: string;
  status: "pending" | "delivered";
  attempts: number;
  /** When the next delivery attempt is due; null once delivered. */
  next_attempt_at: string | null;
  /** The sender holding the message while it mails it, and until when. */
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Contact rate-limit state of one client network, see contact/rate-limit.ts. */
export interface ContactRateLimitsTable {
  key: string;
  hits: string; // JSON number[]: times (ms) of the latest accepted messages
  updated_at: string;
}

export interface Database extends PlayerTables, ProgressTables, RacerTables, StormTables {
  app_meta: AppMetaTable;
  positions: PositionsTable;
  position_facets: PositionFacetsTable;
  position_themes: PositionThemesTable;
  puzzle_attempts: PuzzleAttemptsTable;
  analysis_status: AnalysisStatusTable;
  analysis_jobs: AnalysisJobsTable;
  imports: ImportsTable;
  admin_accounts: AdminAccountsTable;
  admin_sessions: AdminSessionsTable;
  admin_login_limits: AdminLoginLimitsTable;
  blog_posts: BlogPostsTable;
  blog_post_tags: BlogPostTagsTable;
  blog_post_revisions: BlogPostRevisionsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  contact_messages: ContactMessagesTable;
  contact_rate_limits: ContactRateLimitsTable;
}
