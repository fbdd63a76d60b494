import { z } from "zod";
import { DIFFICULTY_NAMES, type Difficulty, decodeSeen, SEEN_LIMIT, SEEN_MAX_CHARS } from "./library-rules";
import { queryIntegerSchema } from "./params";
import { positionSchema } from "./positions";

/**
 * The puzzle library API: the next puzzle for a player (by rating, difficulty, phase, themes, opening, and the
 * puzzles the player saw recently), results that move puzzle ratings, and the themes with their counts.
 */

export * from "./library-rules";

const THEME_KEY = /^[A-Za-z0-9]{1,60}$/;

/** GET /tactical-positions/next */
export const nextPuzzleQuerySchema = z.object({
  rating: queryIntegerSchema({ min: 0, max: 4000 }).default(1500),
  deviation: queryIntegerSchema({ min: 0, max: 500 }).default(500),
  difficulty: z
    .string()
    .refine((value): value is Difficulty => DIFFICULTY_NAMES.includes(value as Difficulty), {
      message: `must be one of ${DIFFICULTY_NAMES.join(", ")}`,
    })
    .default("normal"),
  phase: z.string().max(30).optional(),
  themes: z
    .string()
    .max(700)
    .transform((value) =>
      value
        .split(",")
        .map((theme) => theme.trim())
        .filter(Boolean),
    )
    .refine((themes) => themes.length <= 10, "at most 10 themes")
    .refine((themes) => themes.every((theme) => THEME_KEY.test(theme)), "themes are keys such as fork,pin")
    .optional(),
  opening: z.string().trim().min(1).max(120).optional(),
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
});
export type NextPuzzleQuery = z.output<typeof nextPuzzleQuerySchema>;

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
