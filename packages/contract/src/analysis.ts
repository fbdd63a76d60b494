import { z } from "zod";

/** Engine budget per search of an analysis job, in nodes: reproducible across machines, unlike time. */
export const ANALYSIS_NODES = { min: 10_000, max: 20_000_000, default: 500_000 } as const;

/** Query of POST /api/analysis/jobs (the body is the PGN text itself). */
export const analysisUploadQuerySchema = z.object({
  name: z.string().trim().min(1).max(200).default("upload.pgn"),
  nodes: z.coerce
    .number()
    .int()
    .min(ANALYSIS_NODES.min)
    .max(ANALYSIS_NODES.max)
    .default(ANALYSIS_NODES.default),
});

/**
 * A job id in a path (`/api/analysis/jobs/{id}/...`): a whole number from 1 written plainly, `^[1-9][0-9]*$` (no
 * sign, leading zero, spaces, decimals or exponent).
 */
export const analysisJobIdSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/, "Invalid job id: a whole number from 1")
  .transform(Number);

export const analysisJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(["queued", "running", "done", "failed", "cancelled"]),
  total_games: z.number().int(),
  games_analyzed: z.number().int(),
  puzzles: z.number().int(),
  /** Games skipped as malformed, numbered from 1 in the file. */
  problems: z.array(z.object({ game: z.number().int(), message: z.string() })),
  nodes: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AnalysisJobSummary = z.infer<typeof analysisJobSchema>;
