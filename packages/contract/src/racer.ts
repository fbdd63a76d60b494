import { z } from "zod";
import { playerUsernameSchema } from "./account";

/**
 * Puzzle Racer (issue 41): up to 10 players race through the same puzzles for 90 seconds, live over a WebSocket.
 * The race lives in the database; every move is judged on the server (see packages/machines/src/racer).
 *
 * Routes under /api/racer; the socket is /api/racer/races/:id/socket. A player's secret token (from create, join
 * or the queue) is what the socket's first message carries: only that player's moves go through it.
 */

export const RACER_MAX_PLAYERS = 10;
export const RACER_RACE_MS = 90_000;
/** From the owner's start to the first move. */
export const RACER_COUNTDOWN_MS = 3_000;
/** The public queue starts a race this long after a second player joined it. */
export const RACER_QUEUE_WAIT_MS = 10_000;
/** Joins (create, join, queue) from one network per minute. */
export const RACER_JOINS_PER_MINUTE = 30;
/** A player's moves per second (counted in the database, so across server processes). */
export const RACER_MOVES_PER_SECOND = 10;

export const racerIdSchema = z.string().regex(/^[A-Za-z0-9]{8}$/, "Race id must be 8 letters or digits");

/** A guest's name follows the username rule; a signed-in player races under their username. */
export const racerJoinSchema = z.object({ name: playerUsernameSchema.optional() });
export type RacerJoin = z.infer<typeof racerJoinSchema>;

/** One puzzle of a race: the position and its line (coordinate moves, the opponent's replies included). */
export const racerPuzzleSchema = z.object({
  id: z.number().int(),
  fen: z.string(),
  line: z.array(z.string()).min(1),
  rating: z.number().int(),
});
export type RacerPuzzleView = z.infer<typeof racerPuzzleSchema>;

export const racerStateSchema = z.enum(["lobby", "countdown", "racing", "finished"]);
export type RacerState = z.infer<typeof racerStateSchema>;

/** What everyone sees of a player. */
export const racerPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  signed_in: z.boolean(),
  score: z.number().int(),
  solved: z.number().int(),
  /** Index of the puzzle they are on (puzzles.length once through them all). */
  puzzle: z.number().int(),
  combo: z.number().int(),
  best_combo: z.number().int(),
  errors: z.number().int(),
  done: z.boolean(),
});
export type RacerPlayerView = z.infer<typeof racerPlayerSchema>;

export const racerRaceSchema = z.object({
  id: z.string(),
  link: z.string(),
  public: z.boolean(),
  state: racerStateSchema,
  owner: z.string().nullable(),
  /** ISO times; null before the start. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** The server's clock when this was read (the browser's clock may differ). */
  now: z.string(),
  players: z.array(racerPlayerSchema),
  /** The race's puzzles, once it has started (its countdown included). */
  puzzles: z.array(racerPuzzleSchema).nullable(),
  rematch: z.string().nullable(),
});
export type RacerRace = z.infer<typeof racerRaceSchema>;

/** The answer to create, join and the queue: the race and who you are in it (keep the token). */
export const racerEntrySchema = z.object({
  id: z.string(),
  link: z.string(),
  race: racerRaceSchema,
  player: z.object({ id: z.string(), name: z.string(), token: z.string() }),
});
export type RacerEntry = z.infer<typeof racerEntrySchema>;

/** A player's own progress (the puzzle and ply they are at). */
export const racerProgressSchema = z.object({
  puzzle: z.number().int(),
  ply: z.number().int(),
  solved: z.number().int(),
  bonus: z.number().int(),
  combo: z.number().int(),
  best_combo: z.number().int(),
  moves: z.number().int(),
  errors: z.number().int(),
});
export type RacerProgress = z.infer<typeof racerProgressSchema>;

// ------------------------------------------------------------------------------------------------------------
// The socket: messages in (from the browser) and out (from the server), JSON text frames.

export const racerClientMessageSchema = z.discriminatedUnion("type", [
  /** The first message: who this socket is (the token from join). */
  z.object({ type: z.literal("hello"), token: z.string().min(10).max(100) }),
  /** The owner starts the countdown (two players at least). */
  z.object({ type: z.literal("start") }),
  /** A move on the puzzle and ply the player is at. */
  z.object({
    type: z.literal("move"),
    puzzle: z.number().int().min(0).max(1000),
    ply: z.number().int().min(0).max(100),
    uci: z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, "Move must be in coordinate form (e2e4, e7e8q)"),
  }),
  /** After the end: a new race with the same players invited. */
  z.object({ type: z.literal("rematch") }),
  z.object({ type: z.literal("ping") }),
]);
export type RacerClientMessage = z.infer<typeof racerClientMessageSchema>;

export type RacerServerMessage =
  /** The whole race: after hello, after a reconnect to the channel, and when players join. */
  | { type: "state"; race: RacerRace; you: string; progress: RacerProgress }
  /** Someone's progress after a move. */
  | { type: "progress"; player: RacerPlayerView; at: number }
  /** The judgement of your own move; `reply` is the opponent's answer when the line goes on. */
  | {
      type: "verdict";
      correct: boolean;
      reply: string | null;
      progress: RacerProgress;
    }
  /** The end, with everyone's results (best first). */
  | { type: "end"; race: RacerRace }
  /** A rematch race: join it by its id. */
  | { type: "rematch"; id: string; link: string }
  | { type: "pong" }
  | { type: "error"; error: string; message: string };
