import { z } from "zod";
import { DIFFICULTY_NAMES } from "./library-rules";

/**
 * Player accounts (issue 38): optional accounts so a player's training follows them to every device. Training,
 * statistics and the blog need no account; an anonymous visitor keeps everything in the browser as before.
 *
 * The API lives under /api/account. The session is a cookie (PLAYER_SESSION_COOKIE) holding a random id that the
 * server stores hashed; a state-changing request must come from the site's own origin. A player's session never
 * satisfies an admin guard (the admin keeps its bearer token).
 */

/** The session cookie's name. */
export const PLAYER_SESSION_COOKIE = "ct_session";
/** A session ends after this long without a request. */
export const PLAYER_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A password-reset link works once, for this long. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

export const PLAYER_PASSWORD_MIN_LENGTH = 10;
export const PLAYER_PASSWORD_MAX_LENGTH = 1024;

/** 3-20 letters, digits, `_` or `-`; unique without regard to case. */
export const playerUsernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,20}$/, "Username must be 3-20 letters, digits, _ or -");

export const playerPasswordSchema = z
  .string({ error: "Password is required" })
  .min(PLAYER_PASSWORD_MIN_LENGTH, `Password must be at least ${PLAYER_PASSWORD_MIN_LENGTH} characters`)
  .max(PLAYER_PASSWORD_MAX_LENGTH, `Password must be at most ${PLAYER_PASSWORD_MAX_LENGTH} characters`);

/** Optional: only used to mail a password-reset link. An empty string means none. */
export const playerEmailSchema = z
  .string()
  .trim()
  .max(254, "Email must be at most 254 characters")
  .refine((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), "Email is invalid");

/** POST /api/account/sign-up */
export const signUpSchema = z.object({
  username: playerUsernameSchema,
  password: playerPasswordSchema,
  email: playerEmailSchema.optional(),
});
export type SignUp = z.infer<typeof signUpSchema>;

/** POST /api/account/sign-in: no format rules (a name that cannot exist fails like any wrong name). */
export const signInSchema = z.object({
  username: z.string({ error: "Username is required" }).min(1, "Username is required").max(200),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
});
export type SignIn = z.infer<typeof signInSchema>;

/** The signed-in player (GET /api/account, and the answer to sign-up and sign-in). */
export const accountSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** GET /api/account/session: who is signed in on this browser (null: nobody). Never a 401. */
export const accountSessionSchema = z.object({ account: accountSchema.nullable() });
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** PATCH /api/account: change the email (empty string removes it). */
export const accountUpdateSchema = z.object({ email: playerEmailSchema });

/** POST /api/account/password: change the password (the current one is asked again). */
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, "Password is required").max(PLAYER_PASSWORD_MAX_LENGTH),
  new_password: playerPasswordSchema,
});

/** One signed-in browser of the player (GET /api/account/sessions). */
export const playerSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string(),
  current: z.boolean(),
});
export const playerSessionsSchema = z.object({ sessions: z.array(playerSessionSchema) });
export type PlayerSession = z.infer<typeof playerSessionSchema>;

/** POST /api/account/password-reset: always 202 with the same answer, known name or not. */
export const passwordResetRequestSchema = z.object({
  username: z.string().min(1, "Username is required").max(200),
});
/** POST /api/account/password-reset/complete: the token from the mailed link and the new password. */
export const passwordResetCompleteSchema = z.object({
  token: z.string().min(10).max(200),
  new_password: playerPasswordSchema,
});

/** POST /api/account/delete: the password is asked again. */
export const accountDeleteSchema = z.object({
  password: z.string().min(1, "Password is required").max(PLAYER_PASSWORD_MAX_LENGTH),
});

/**
 * The answer of the account's actions that have nothing else to say: sign-out, sign-out everywhere, a password
 * change, revoking a session, a password-reset request (202, the same whether the name exists or not) and its
 * completion, deleting the account.
 */
export const accountOkSchema = z.object({ ok: z.literal(true) });
export type AccountOk = z.infer<typeof accountOkSchema>;

/**
 * GET /api/account/export: everything stored about the player, as JSON. The account and its sessions are here;
 * the progress on the server adds its own parts (more keys).
 */
export const accountExportSchema = z.looseObject({
  exported_at: z.string(),
  account: accountSchema,
  sessions: z.array(playerSessionSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** One passkey of the player (GET /api/account/passkeys). */
export const passkeySchema = z.object({
  /** The credential id (base64url); DELETE /api/account/passkeys/:id removes it. */
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const passkeysSchema = z.object({ passkeys: z.array(passkeySchema) });
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * The start of a passkey ceremony (POST /api/account/passkeys/options to add one, POST
 * /api/account/passkey-sign-in/options to sign in): `options` go to @simplewebauthn/browser's `startRegistration`
 * or `startAuthentication` as `optionsJSON`; `ceremony` comes back with its answer.
 */
export const passkeyCeremonySchema = z.object({
  ceremony: z.string(),
  options: z.record(z.string(), z.unknown()),
});
/** The authenticator's answer, as @simplewebauthn/browser returns it (checked by the server's library). */
const webAuthnResponse = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
});
/** POST /api/account/passkeys: the answer to the options, and a name for the passkey (default "Passkey"). */
export const passkeyRegistrationSchema = z.object({
  ceremony: z.string().min(1).max(64),
  response: webAuthnResponse,
  name: z.string().trim().max(100, "Name must be at most 100 characters").optional(),
});
/** POST /api/account/passkey-sign-in: the answer to the options. */
export const passkeySignInSchema = z.object({
  ceremony: z.string().min(1).max(64),
  response: webAuthnResponse,
});

/** Sign-up attempts per client network (an IPv4 /24 or IPv6 /64) per hour; more answer 429. */
export const PLAYER_SIGN_UP_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;
/** Password-reset requests per client network per hour; more answer 429. */
export const PASSWORD_RESET_REQUEST_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Progress on the server. The browser's records (packages/machines: progress, rating, review cards) keep one shape on
// both sides: the server stores the player's events and replays them through the same pure functions
// (`applyProgressEvent` in @ct/machines), so the records it answers are exactly what the browser would have built.

/** The longest record (one storage key's JSON text) a merge may bring. */
export const PROGRESS_RECORD_MAX_CHARS = 8_000_000;

/** An idempotency key: the browser makes one per event (a uuid); sending it twice stores it once. */
const eventKey = z
  .string()
  .regex(/^[A-Za-z0-9:_-]{8,80}$/, "Event key must be 8-80 letters, digits, : _ or -");
const isoTime = z.iso
  .datetime({ offset: true })
  .refine((value) => !Number.isNaN(Date.parse(value)), "Time is not a real date");
const scenarioId = z.string().min(1).max(120);
const positionId = z.string().min(1).max(40);
const fen = z.string().min(10).max(120);

const sessionMove = z.object({
  positionId,
  fen,
  move: z.string().min(2).max(10),
  evaluation: z.enum(["excellent", "best", "good", "interesting", "inaccuracy", "mistake", "blunder"]),
  timeSpentMs: z.number().int().min(0).max(86_400_000),
});

const ratedPuzzle = z.object({
  id: z.number().int(),
  rating: z.number().min(0).max(4000),
  rating_deviation: z.number().min(0).max(500),
  themes: z.array(z.string().max(60)).max(40),
  game_phase: z.string().max(40),
});

const eventBase = { key: eventKey, at: isoTime };

/** The review card a try was served for (an unseen puzzle of the card's main theme, issue 39). */
const forCard = z.number().int().optional();

/** One thing the trainer recorded; the types mirror the browser's `progress` writes one to one. */
export const progressEventSchema = z.discriminatedUnion("type", [
  z.object({ ...eventBase, type: z.literal("move"), scenarioId, move: sessionMove }),
  z.object({
    ...eventBase,
    type: z.literal("outcome"),
    scenarioId,
    positionId,
    fen,
    outcome: z.enum(["clean", "helped", "failed"]),
    /**
     * What the review cards (issue 39) keep of the try, when the trainer knew it: its time, the puzzle's themes and
     * rating, and the card it was served for. Optional: events stored before the cards stay valid.
     */
    timeMs: z.number().int().min(0).max(86_400_000).optional(),
    themes: z.array(z.string().max(60)).max(40).optional(),
    rating: z.number().min(0).max(4000).optional(),
    forCard,
  }),
  z.object({
    ...eventBase,
    type: z.literal("session-end"),
    scenarioId,
    startTime: isoTime,
    totalPositions: z.number().int().min(0).max(1_000_000).optional(),
    completed: z.boolean().optional(),
  }),
  /**
   * A result on a puzzle: the first one moves the rating. For a library puzzle the server replaces `puzzle` with the
   * library's own figures (rating, deviation, themes, phase) before storing the event, and marks it `unrated` when
   * the library has no such puzzle (then it rates nothing; a loss still makes it a review card, unless the try was
   * served for another card: `forCard`). The player's own
   * puzzles (My games, negative ids) never rate.
   */
  z.object({
    ...eventBase,
    type: z.literal("result"),
    puzzle: ratedPuzzle,
    result: z.enum(["win", "loss"]),
    unrated: z.boolean().optional(),
    forCard,
  }),
  z.object({ ...eventBase, type: z.literal("seen"), puzzleId: z.number().int() }),
  z.object({ ...eventBase, type: z.literal("order"), order: z.enum(["sequence", "rated"]) }),
  z.object({
    ...eventBase,
    type: z.literal("difficulty"),
    difficulty: z.enum(DIFFICULTY_NAMES as [string, ...string[]]),
  }),
  z.object({ ...eventBase, type: z.literal("streak"), length: z.number().int().min(0).max(100_000) }),
  z.object({ ...eventBase, type: z.literal("forget-my-games") }),
  z.object({ ...eventBase, type: z.literal("reset") }),
  /**
   * A browser's anonymous records joining the account (the first sign-in offers it): attempts are united by time,
   * the rating recomputed from them in order, reviews keep the earliest due.
   */
  z.object({
    ...eventBase,
    type: z.literal("merge"),
    records: z.record(z.string().max(100), z.string().max(PROGRESS_RECORD_MAX_CHARS)),
  }),
]);
export type ProgressEvent = z.infer<typeof progressEventSchema>;

/** At most this many events per request. */
export const PROGRESS_EVENTS_MAX = 200;

/** POST /api/account/events */
export const progressEventsSchema = z.object({
  events: z.array(progressEventSchema).min(1).max(PROGRESS_EVENTS_MAX),
});

/**
 * The player's records as the browser keeps them: storage key → JSON text (the keys of PROGRESS_KEYS, RATING_KEY,
 * COACH_CARDS_KEY; the running session stays on its device). Answer of GET /api/account/progress and of POST events.
 */
export const progressSnapshotSchema = z.object({
  records: z.record(z.string(), z.string()),
  /** How many events the records hold. */
  events: z.number().int(),
  /** Events of this request stored now (the others had been stored before: sent twice). */
  stored: z.number().int().optional(),
});
export type ProgressSnapshot = z.infer<typeof progressSnapshotSchema>;

/**
 * Documents the player keeps whole (last write wins): a My games set (kind "my-games", id the set's id), the board
 * and appearance settings (kind "settings", id "board" or "theme"), the player's own opening repertoires
 * ("repertoire/mine"). Two more are progress that only grows, merged rather than replaced (progress-documents.ts):
 * the repertoire's lines and cards ("repertoire/progress") and the endgame course's exercises passed
 * ("endgame-course/progress"). GET /api/account/documents lists them; PUT and DELETE
 * /api/account/documents/:kind/:id write one.
 */
export const DOCUMENT_KINDS = ["my-games", "settings", "repertoire", "endgame-course"] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;
export const documentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Document id is invalid");
/** A document's body is at most this many bytes (UTF-8); a larger one is refused with 413. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** A player keeps at most this many documents; one more is refused with 409. */
export const DOCUMENTS_MAX = 100;
export const playerDocumentSchema = z.object({
  kind: documentKindSchema,
  id: documentIdSchema,
  /** JSON text, at most DOCUMENT_MAX_BYTES. */
  body: z.string(),
  updated_at: z.string(),
});
export const playerDocumentsSchema = z.object({ documents: z.array(playerDocumentSchema) });
/** PUT /api/account/documents/:kind/:id: the whole document (JSON text; its size is checked by the route). */
export const playerDocumentWriteSchema = z.object({
  body: z.string().refine((text) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }, "Document body must be JSON text"),
});
export type PlayerDocument = z.infer<typeof playerDocumentSchema>;

/** The documents of issue 40's kinds, by `kind/id`; no other id is taken for these kinds. */
export const COURSE_DOCUMENTS = [
  "repertoire/progress",
  "repertoire/mine",
  "endgame-course/progress",
] as const;
/**
 * The most bytes each of them holds (UTF-8). The repertoire's take the documents' largest: all 29 starters drilled
 * are 588 cards, about 217 kB, and a player may add up to 50 repertoires of their own with their cards. The
 * course's list of 40 ids is under 2 kB.
 */
export const COURSE_DOCUMENT_MAX_BYTES: Record<(typeof COURSE_DOCUMENTS)[number], number> = {
  "repertoire/progress": DOCUMENT_MAX_BYTES,
  "repertoire/mine": DOCUMENT_MAX_BYTES,
  "endgame-course/progress": 64 * 1024,
};

const repertoireLineSchema = z.object({
  learnt: isoTime.nullable(),
  drilled: isoTime.nullable(),
  clean: z.boolean(),
  drills: z.number().int().min(0),
});
const repertoireCardSchema = z.looseObject({
  key: z.string().max(200),
  due: isoTime,
  reps: z.number().int().min(0),
  lastReview: isoTime.nullable(),
});
/** "repertoire/progress": the repertoire's records as the browser keeps them (lines by id, move cards by key). */
export const repertoireProgressDocumentSchema = z.object({
  version: z.literal(1),
  lines: z.record(z.string().max(200), repertoireLineSchema),
  cards: z.record(z.string().max(200), repertoireCardSchema),
});
/** "endgame-course/progress": the ids of the exercises passed. */
export const endgameProgressDocumentSchema = z.object({
  solved: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/, "Exercise id is invalid")).max(1000),
});
/** "repertoire/mine": the player's own repertoires, as their page keeps them (a JSON object or list). */
export const myRepertoiresDocumentSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/** The schema of a document's body by `kind/id`; null for a kind kept as any JSON (my-games, settings). */
export function courseDocumentSchema(name: string): z.ZodType | null {
  if (name === "repertoire/progress") return repertoireProgressDocumentSchema;
  if (name === "endgame-course/progress") return endgameProgressDocumentSchema;
  if (name === "repertoire/mine") return myRepertoiresDocumentSchema;
  return null;
}
