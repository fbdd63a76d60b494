import { z } from "zod";
import { GAME_PHASES } from "./phases";

/** A coordinate move as a Storm run sends it (e2e4, e7e8q). */
const uciSchema = z
  .string()
  .regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, "must be a move in coordinate form (e2e4)");

/** One puzzle of a Storm run: the position the player faces and its solution line (coordinate moves). */
export const stormPuzzleSchema = z.object({
  id: z.number().int().positive(),
  fen: z.string(),
  /** The player's move, the opponent's reply, and so on; ends on a player's move. */
  solution: z.array(uciSchema).min(1),
  /** Other first moves that also count (several mates in one). */
  correct: z.array(uciSchema),
  rating: z.number().int(),
  ratingDeviation: z.number().int(),
  phase: z.enum(GAME_PHASES),
  themes: z.array(z.string()),
  /** The opponent's move that led to `fen` (coordinate form), shown as the puzzle starts; null when not known. */
  lastMove: uciSchema.nullable(),
});
export type StormPuzzleData = z.infer<typeof stormPuzzleSchema>;

/** GET /api/storm/run: a run's puzzles, easiest first, and its signed id (the server checks the run against it). */
export const stormRunSchema = z.object({
  runId: z.string(),
  puzzles: z.array(stormPuzzleSchema),
});
export type StormRun = z.infer<typeof stormRunSchema>;

/** Largest run the server checks: far more moves than 3 minutes (and every combo bonus) allow a person. */
export const STORM_MAX_MOVES = 600;

/** POST /api/storm/runs: the run's id and its moves; the score is computed on the server, never sent. */
export const stormSubmissionSchema = z.object({
  runId: z.string().min(10).max(4000),
  moves: z
    .array(
      z.object({
        puzzleId: z.number().int().positive(),
        uci: uciSchema,
        atMs: z.number().int().min(0).max(3_600_000),
      }),
    )
    .max(STORM_MAX_MOVES),
  /** When the player ended the run (ms since the clock started); none: at the last move, or when the clock ran out. */
  endMs: z.number().int().min(0).max(3_600_000).optional(),
});
export type StormSubmission = z.infer<typeof stormSubmissionSchema>;

/** What the server made of a submitted run: its score, the player's best and the run's place in the all-time table. */
export const stormResultSchema = z.object({
  score: z.number().int(),
  moves: z.number().int(),
  errors: z.number().int(),
  bestCombo: z.number().int(),
  timeLeftMs: z.number().int(),
  durationMs: z.number().int(),
  results: z.array(z.enum(["solved", "failed"])),
  /** Whether the run was kept (signed-in players only). */
  stored: z.boolean(),
  /** The signed-in player's best score, this run included; null for an anonymous player (the browser keeps it). */
  personalBest: z.number().int().nullable(),
  /** Where this score stands among the players' best runs of all time (1 = first). */
  rank: z.number().int(),
});
export type StormResult = z.infer<typeof stormResultSchema>;

export const stormPeriodSchema = z.enum(["day", "all"]);
export type StormPeriod = z.infer<typeof stormPeriodSchema>;

export const stormLeaderboardQuerySchema = z.object({ period: stormPeriodSchema.default("all") });

/** GET /api/storm/leaderboard: signed-in players' best runs, one per player, best first. */
export const stormLeaderboardSchema = z.object({
  period: stormPeriodSchema,
  /** The signed-in player's best score of the period; null when anonymous or without a run. */
  personalBest: z.number().int().nullable(),
  entries: z.array(
    z.object({
      rank: z.number().int(),
      username: z.string(),
      score: z.number().int(),
      bestCombo: z.number().int(),
      at: z.string(),
    }),
  ),
});
export type StormLeaderboard = z.infer<typeof stormLeaderboardSchema>;
