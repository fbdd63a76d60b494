import { z } from "zod";
import {
  DIFFICULTY_NAMES,
  type Difficulty,
  decodeSeen,
  LIBRARY_RATING_BOUNDS,
  SEEN_LIMIT,
  SEEN_MAX_CHARS,
} from "./library-rules";
import { queryIntegerSchema } from "./params";
import { type GamePhase, parsePhase } from "./phases";
import { positionSchema } from "./positions";

/**
 * The puzzle library API: the next puzzle for a player (by rating, difficulty, phase, themes, opening, and the
 * puzzles the player saw recently), results that move puzzle ratings, and the themes with their counts.
 */

export * from "./library-rules";

const THEME_KEY = /^[A-Za-z0-9]{1,60}$/;

/** `themes=fork,pin`: theme keys, comma-separated; a puzzle must have every one. */
const themesQuerySchema = z
  .string()
  .max(700)
  .transform((value) =>
    value
      .split(",")
      .map((theme) => theme.trim())
      .filter(Boolean),
  )
  .refine((themes) => themes.length <= 10, "at most 10 themes")
  .refine((themes) => themes.every((theme) => THEME_KEY.test(theme)), "themes are keys such as fork,pin");

/** One end of a custom set's rating range (issue 39): a whole number within the library's bounds. */
const ratingBoundSchema = queryIntegerSchema(LIBRARY_RATING_BOUNDS).optional();

/** `min ≤ max` when both are given, said on `min` (the route's 400 names `query.min`). */
function rangeInOrder(
  query: { min?: number | undefined; max?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.min !== undefined && query.max !== undefined && query.min > query.max)
    ctx.addIssue({
      code: "custom",
      path: ["min"],
      message: `the rating range's minimum (${query.min}) must not be above its maximum (${query.max})`,
    });
}

/** GET /tactical-positions/next */
export const nextPuzzleQuerySchema = z
  .object({
    rating: queryIntegerSchema({ min: 0, max: 4000 }).default(1500),
    deviation: queryIntegerSchema({ min: 0, max: 500 }).default(500),
    difficulty: z
      .string()
      .refine((value): value is Difficulty => DIFFICULTY_NAMES.includes(value as Difficulty), {
        message: `must be one of ${DIFFICULTY_NAMES.join(", ")}`,
      })
      .default("normal"),
    phase: z.string().max(30).optional(),
    themes: themesQuerySchema.optional(),
    opening: z.string().trim().min(1).max(120).optional(),
    /** A custom set's rating range (issue 39): only puzzles rated min..max, the target moved into it. */
    min: ratingBoundSchema,
    max: ratingBoundSchema,
    seen: z
      .string()
      .max(SEEN_MAX_CHARS)
      .transform((value, ctx) => {
        const ids = value === "" ? [] : decodeSeen(value);
        if (ids === null || ids.length > SEEN_LIMIT) {
          ctx.addIssue({ code: "custom", message: `must be encodeSeen's text of at most ${SEEN_LIMIT} ids` });
          return z.NEVER;
        }
        return ids;
      })
      .optional(),
  })
  .superRefine(rangeInOrder);
export type NextPuzzleQuery = z.output<typeof nextPuzzleQuerySchema>;

/**
 * GET /tactical-positions/count: a custom set (issue 39), every filter optional: the rating range, every one of
 * the themes, the phase (any spelling `parsePhase` reads) and the opening (its name as stored).
 */
export const puzzleSetQuerySchema = z
  .object({
    min: ratingBoundSchema,
    max: ratingBoundSchema,
    themes: themesQuerySchema.optional(),
    phase: z
      .string()
      .max(30)
      .transform((value, ctx): GamePhase => {
        const phase = parsePhase(value);
        if (!phase) {
          ctx.addIssue({ code: "custom", message: "use opening, middlegame or endgame" });
          return z.NEVER;
        }
        return phase;
      })
      .optional(),
    opening: z.string().trim().min(1).max(120).optional(),
  })
  .superRefine(rangeInOrder);
export type PuzzleSetQuery = z.output<typeof puzzleSetQuerySchema>;

export const puzzleCountSchema = z.object({
  /** Stored puzzles that match every filter of the set. */
  count: z.number().int().min(0),
});
export type PuzzleCount = z.infer<typeof puzzleCountSchema>;

export const nextPuzzleSchema = z.object({
  /** The chosen puzzle, or null when no stored puzzle matches the filters at all. */
  position: positionSchema.nullable(),
});
export type NextPuzzle = z.infer<typeof nextPuzzleSchema>;

/** POST /tactical-positions/{id}/attempts: a first-try result of a player (no account needed). */
export const puzzleAttemptSchema = z.object({
  result: z.enum(["win", "loss"]),
  rating: z.number().int().min(0).max(4000),
  deviation: z.number().int().min(0).max(500),
});
export type PuzzleAttempt = z.infer<typeof puzzleAttemptSchema>;

export const puzzleAttemptResultSchema = z.object({
  /** False when this client network had reported on this puzzle before: the rating did not move again. */
  counted: z.boolean(),
  rating: z.number().int(),
  rating_deviation: z.number().int(),
});
export type PuzzleAttemptResult = z.infer<typeof puzzleAttemptResultSchema>;

/** At most this many attempts per client network in `windowMs` (then 429). */
export const ATTEMPT_RATE_LIMIT = { max: 120, windowMs: 10 * 60 * 1000 } as const;

export const themeCountSchema = z.object({
  key: z.string(),
  group: z.enum(["motif", "mate", "goal", "length", "phase", "other"]),
  count: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  description_en: z.string(),
  description_ar: z.string(),
});
export const themesSchema = z.object({ themes: z.array(themeCountSchema) });
export type ThemeCount = z.infer<typeof themeCountSchema>;
