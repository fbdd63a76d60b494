import { z } from "zod";
import { queryIntegerSchema } from "./params";
import { GAME_PHASES, parsePhase } from "./phases";

export const gamePhaseSchema = z.enum(GAME_PHASES);

const text = (max: number) => z.string().trim().min(1).max(max);
/** Optional text: blank (empty or only whitespace) means none and is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .overwrite((value) => (value === "" ? null : value))
    .default(null);

/** A move in coordinate form (e2e4, e7e8q) or standard notation (Nf3, O-O, exd5+, e8=Q#). */
export const moveTextSchema = z
  .string()
  .trim()
  .min(2)
  .max(12)
  .regex(
    /^(?:[a-h][1-8][a-h][1-8][qrbn]?|O-O(?:-O)?[+#]?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?)[!?]{0,2}$/,
    "must be a move in coordinate form (e2e4) or standard notation (Nf3)",
  );

export const hintsSchema = z.object({
  subtle_en: text(500),
  subtle_ar: optionalText(500),
  moderate_en: text(500),
  moderate_ar: optionalText(500),
  explicit_en: text(500),
  explicit_ar: optionalText(500),
});
export type Hints = z.infer<typeof hintsSchema>;

/** A lichess game address (https://lichess.org/<game id>[/white|/black][#ply]): the only game links the site shows. */
export const LICHESS_GAME_URL =
  /^https:\/\/lichess\.org\/[A-Za-z0-9]{8,12}(?:\/(?:white|black))?(?:#\d{1,4})?$/;
export const lichessGameUrlSchema = z
  .string()
  .trim()
  .max(200)
  .regex(LICHESS_GAME_URL, "must be a lichess game address");

/** The lichess game address of a text, or null when it is not one (the importer keeps only these). */
export function lichessGameUrl(text: string | null | undefined): string | null {
  const value = (text ?? "").trim();
  return LICHESS_GAME_URL.test(value) ? value : null;
}

export const gameMetadataSchema = z.object({
  white: optionalText(120),
  black: optionalText(120),
  white_elo: z.number().int().min(0).max(4000).nullable().default(null),
  black_elo: z.number().int().min(0).max(4000).nullable().default(null),
  move_number: z.number().int().min(1).max(1000).nullable().default(null),
  side_to_move: z.enum(["white", "black"]).nullable().default(null),
  opening: optionalText(120),
  eco: z
    .string()
    .regex(/^[A-E][0-9]{2}$/, "must be an ECO code such as B20")
    .nullable()
    .default(null),
  /**
   * The game the puzzle came from on lichess (the lichess puzzle database's GameUrl), e.g.
   * https://lichess.org/787zsVup/black#48. Only lichess game addresses are kept; absent on older puzzles.
   */
  game_url: lichessGameUrlSchema.nullable().optional(),
  /**
   * The game's moves up to the position, in standard notation (our own puzzles, from an analysed game), from
   * `start_fen` when the game did not start from the standard position.
   */
  moves: z.array(z.string().trim().min(2).max(12)).max(1000).optional(),
  start_fen: z.string().trim().min(3).max(100).optional(),
});

/** A position's game when nothing is known of it. */
export const EMPTY_GAME_METADATA: z.output<typeof gameMetadataSchema> = {
  white: null,
  black: null,
  white_elo: null,
  black_elo: null,
  move_number: null,
  side_to_move: null,
  opening: null,
  eco: null,
};
export type GameMetadata = z.infer<typeof gameMetadataSchema>;

/** What a caller sends to create or replace a position. */
export const positionInputSchema = z.object({
  sequence_number: z.number().int().min(1).max(2_000_000_000).optional(),
  fen: z.string().trim().min(3).max(100),
  description_en: text(1000),
  description_ar: optionalText(1000),
  explanation_en: text(4000),
  explanation_ar: optionalText(4000),
  correct_moves: z.array(moveTextSchema).min(1).max(10),
  /** The whole solution line in coordinate form, opponent replies included; starts with the first correct move. */
  solution: z.array(moveTextSchema).max(40).default([]),
  difficulty: z.number().int().min(0).max(4000),
  /** Puzzle rating (Glicko-2); none: the server estimates it from the difficulty. */
  rating: z.number().int().min(0).max(4000).nullable().default(null),
  /** Deviation of `rating`; none: 350 (not yet played), or the stored one when an update keeps the rating. */
  rating_deviation: z.number().int().min(0).max(500).nullable().default(null),
  tags: z.array(text(60)).max(30).default([]),
  game_phase: gamePhaseSchema,
  themes: z.array(text(60)).max(30).default([]),
  hints: hintsSchema,
  game_metadata: gameMetadataSchema.default(() => ({ ...EMPTY_GAME_METADATA })),
  /** Where the position came from: a lichess puzzle id, a game reference, "seed:…". */
  source: optionalText(200),
});
export type PositionInput = z.input<typeof positionInputSchema>;
export type ValidPositionInput = z.output<typeof positionInputSchema>;

export const positionSchema = positionInputSchema.extend({
  id: z.number().int().positive(),
  sequence_number: z.number().int().positive(),
  /** Every stored puzzle has a rating and a deviation (rounded Glicko-2 values). */
  rating: z.number().int(),
  rating_deviation: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Position = z.output<typeof positionSchema>;

export const nextPositionSchema = z.object({
  position: positionSchema.nullable(),
  no_more_puzzles: z.boolean(),
});
export type NextPosition = z.infer<typeof nextPositionSchema>;

export const statsSchema = z.object({
  total_puzzles: z.number().int(),
  unique_openings: z.number().int(),
  unique_themes: z.number().int(),
  /** Beyond the spec (the library issue): the puzzles of each phase, every phase present. */
  phases: z.record(gamePhaseSchema, z.number().int()),
  /** Beyond the spec: the puzzles of each stored theme (the tagger's and imported ones), by theme key. */
  themes: z.record(z.string(), z.number().int()),
});
export type Stats = z.infer<typeof statsSchema>;

export const phaseCountsSchema = z.object({ counts: z.record(gamePhaseSchema, z.number().int()) });
export type PhaseCounts = z.infer<typeof phaseCountsSchema>;

/** GET /tactical-positions/phase/{phase}/openings: the openings of a phase's positions, with their counts. */
export const phaseOpeningsSchema = z.object({
  openings: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type PhaseOpenings = z.infer<typeof phaseOpeningsSchema>;

export const analysisStatusSchema = z.object({
  isRunning: z.boolean(),
  gamesAnalyzed: z.number().int(),
  totalGamesAnalyzed: z.number().int(),
  puzzlesGenerated: z.number().int(),
  lastUpdate: z.string().nullable(),
  /** Beyond the spec: an admin stopped analysis (workers hand their jobs back until resumed). */
  paused: z.boolean(),
});
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

/** Paging of list calls: never an unbounded dump. */
export const MAX_PER_PAGE = 200;
export const pagingSchema = z.object({
  page: queryIntegerSchema({ min: 1, max: 1_000_000 }).default(1),
  per_page: queryIntegerSchema({ min: 1, max: MAX_PER_PAGE }).default(50),
});

const ecoCode = z.string().regex(/^[A-E][0-9]{2}$/, "must be an ECO code such as B20");

/** POST /tactical-positions/search: every criterion is optional; they combine with AND. */
export const positionSearchSchema = z
  .object({
    phase: z.string().transform((value, ctx) => {
      const phase = parsePhase(value);
      if (!phase) ctx.addIssue({ code: "custom", message: "must be opening, middlegame or endgame" });
      return phase ?? "opening";
    }),
    /** Positions that have all of these themes. */
    themes: z.array(z.string().trim().min(1).max(60)).max(10),
    opening: z.string().trim().min(1).max(120),
    eco_from: ecoCode,
    eco_to: ecoCode,
    difficulty_min: z.number().int().min(0).max(4000),
    difficulty_max: z.number().int().min(0).max(4000),
    /** Words in the descriptions or explanations, English or Arabic, case-insensitive. */
    text: z.string().trim().min(1).max(200),
  })
  .partial()
  .extend({
    page: z.number().int().min(1).max(1_000_000).default(1),
    per_page: z.number().int().min(1).max(MAX_PER_PAGE).default(50),
  });
export type PositionSearchInput = z.input<typeof positionSearchSchema>;
export type PositionSearch = z.output<typeof positionSearchSchema>;

export const searchResultSchema = z.object({
  positions: z.array(positionSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** POST /tactical-positions/batch: up to 20,000 positions, stored all together or not at all. */
export const MAX_BATCH = 20_000;
export const positionBatchSchema = z.object({
  positions: z.array(positionInputSchema).min(1).max(MAX_BATCH),
});
export const batchResultSchema = z.object({
  created: z.number().int(),
  first_id: z.number().int().nullable(),
});
