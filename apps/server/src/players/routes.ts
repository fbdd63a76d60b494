import { randomBytes } from "node:crypto";
import {
  type AccountExport,
  accountDeleteSchema,
  accountExportSchema,
  accountOkSchema,
  accountSchema,
  accountSessionSchema,
  accountUpdateSchema,
  PASSWORD_RESET_LIFETIME_MS,
  PASSWORD_RESET_REQUEST_LIMIT,
  PLAYER_SIGN_UP_LIMIT,
  passwordChangeSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  playerSessionsSchema,
  signInSchema,
  signUpSchema,
} from "@ct/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { HashCost } from "../auth/accounts";
import { LoginRateLimiter } from "../auth/rate-limit";
import { ContactRateLimiter } from "../contact/rate-limit";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { siteBaseUrl } from "../http/site-url";
import { accountOf, type Player, PlayerAccounts, passwordProblem, usernameKey } from "./accounts";
import { PlayerMails, playerMailDomain, resetMail } from "./mail";
import {
  clearSessionCookie,
  hasSessionCookie,
  PlayerSessions,
  requireSameOrigin,
  requireSession,
  secretHash,
  sessionOf,
  startSession,
} from "./session";

export interface PlayerRoutesOptions extends AppContext {
  /** argon2 cost of new hashes (default PASSWORD_HASH_COST; tests pass a cheap one). */
  hashCost?: HashCost;
  /** Tells the player mail outbox's loop that a mail is waiting (it otherwise looks every few seconds). */
  onMailQueued?: () => void;
}

/**
 * A part of the account's export (GET /api/account/export): the keys it adds to the JSON. The progress on the
 * server registers its records here (`registerExportPart("progress", ...)`); a part's name is its key, so
 * registering again (another app in one process) replaces it.
 */
export type ExportPart = (context: AppContext, player: { id: number; username: string }) => Promise<unknown>;

const exportParts = new Map<string, ExportPart>();

/** Adds a part to every account export, under the key `name` (not one of exported_at, account, sessions). */
export function registerExportPart(name: string, part: ExportPart): void {
  if (name === "exported_at" || name === "account" || name === "sessions") {
    throw new Error(`the export part ${name} would replace the account's own`);
  }
  exportParts.set(name, part);
}

/** The answer to a wrong name and to a wrong password alike, so neither reveals which names exist. */
const invalidCredentials = () => new HttpError(401, "invalid_credentials", "Invalid username or password");
/** The password asked again (password change, delete) is not the account's. */
const wrongPassword = () =>
  new HttpError(403, "wrong_password", "The password is not right", [
    { path: "body.password", message: "The password is not right" },
  ]);

/** A 400 on one field, in the shape zod's refusals have. */
function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, "bad_request", message, [{ path: `body.${field}`, message }]);
}

function tooMany(reply: FastifyReply, retryAfterMs: number, what: string): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "too_many_requests", `${what}: try again in ${seconds} second(s)`);
}

const ok = { ok: true as const };

/**
 * /api/account: optional player accounts (issue 38). A session is a cookie (players/session.ts); every
 * state-changing route refuses a request sent from another site (requireSameOrigin) before anything else.
 */
export async function playerRoutes(app: FastifyInstance, context: PlayerRoutesOptions): Promise<void> {
  const accounts = new PlayerAccounts(context.db, context.hashCost ? { hashCost: context.hashCost } : {});
  const sessions = new PlayerSessions(context.db);
  // The players' failed sign-ins, kept apart from the admin's in the one table (keys `player:...`).
  const signInLimits = new LoginRateLimiter(context.db, undefined, "player");
  const signUpLimits = new ContactRateLimiter(context.db, PLAYER_SIGN_UP_LIMIT, "signup");
  const resetLimits = new ContactRateLimiter(context.db, PASSWORD_RESET_REQUEST_LIMIT, "reset");
  const domain = playerMailDomain(context.config);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Account";

  /**
   * Checks the signed-in player's password again (password change, delete) under the sign-in limits, so a
   * stolen session cannot guess it faster than a sign-in could.
   */
  async function confirmPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    player: { id: number; username: string },
    password: string,
  ): Promise<void> {
    const gate = await signInLimits.begin(request.ip, usernameKey(player.username), Date.now());
    if (!gate.allowed) throw tooMany(reply, gate.retryAfterMs, "Too many wrong passwords");
    const verified = await accounts.verify(player.username, password);
    if (!verified || verified.id !== player.id) throw wrongPassword();
    await signInLimits.succeeded(request.ip, usernameKey(player.username), gate.attemptAt);
  }

  async function currentAccount(playerId: number): Promise<Player> {
    const player = await accounts.get(playerId);
    // Deleted by another request between the session check and now.
    if (!player) throw new HttpError(401, "unauthorized", "Sign in to use your account");
    return player;
  }

  route({
    method: "POST",
    url: "/account/sign-up",
    tag,
    status: 201,
    summary:
      "Create an account (username 3-20 letters, digits, _ or -, unique in any case; password of 10+ characters, " +
      "not one of the most common; optional email, only for password reset) and sign this browser in (the " +
      "session cookie). 409 when the name is taken; at most 5 attempts per client network an hour (429)",
    body: signUpSchema,
    response: accountSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      const problem = passwordProblem(body.password);
      if (problem) throw fieldError("password", problem);
      // Every attempt counts, a taken name's too: the 409 cannot be used to list names quickly.
      const gate = await signUpLimits.take(request.ip, Date.now());
      if (!gate.allowed) throw tooMany(reply, gate.retryAfterMs, "Too many sign-ups from your network");
      const player = await accounts.create(body.username, body.password, body.email || null);
      if (!player)
        throw new HttpError(409, "conflict", "That username is taken", [
          { path: "body.username", message: "That username is taken" },
        ]);
      await startSession(context, request, reply, player.id);
      request.log.info({ player: player.id }, "player signed up");
      return accountOf(player);
    },
  });

  route({
    method: "POST",
    url: "/account/sign-in",
    tag,
    summary:
      "Sign in with username (any case) and password; sets the session cookie. A wrong name and a wrong " +
      "password get the same 401; repeated failures answer 429 with Retry-After (the admin login's limits)",
    body: signInSchema,
    response: accountSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      const key = usernameKey(body.username);
      const gate = await signInLimits.begin(request.ip, key, Date.now());
      if (!gate.allowed) throw tooMany(reply, gate.retryAfterMs, "Too many failed sign-ins");
      const player = await accounts.verify(body.username, body.password);
      if (!player) throw invalidCredentials();
      await signInLimits.succeeded(request.ip, key, gate.attemptAt);
      await startSession(context, request, reply, player.id);
      return accountOf(player);
    },
  });

  route({
    method: "POST",
    url: "/account/sign-out",
    tag,
    summary: "End this browser's session (on every server) and forget its cookie; signed out already is fine",
    response: accountOkSchema,
    handler: async ({ request, reply }) => {
      requireSameOrigin(request, context);
      const session = await sessionOf(context, request);
      if (session) await sessions.revoke(session.idHash);
      clearSessionCookie(request, reply, context.config);
      return ok;
    },
  });

  route({
    method: "POST",
    url: "/account/sign-out-everywhere",
    tag,
    summary: "End every session of the signed-in player, this one included",
    response: accountOkSchema,
    handler: async ({ request, reply }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      await sessions.revokeAll(session.player.id);
      clearSessionCookie(request, reply, context.config);
      return ok;
    },
  });

  route({
    method: "GET",
    url: "/account/session",
    tag,
    summary: "Who is signed in on this browser: the account, or null. Never a 401",
    response: accountSessionSchema,
    handler: async ({ request, reply }) => {
      const session = await sessionOf(context, request);
      if (!session) {
        if (hasSessionCookie(request)) clearSessionCookie(request, reply, context.config);
        return { account: null };
      }
      const player = await accounts.get(session.player.id);
      return { account: player ? accountOf(player) : null };
    },
  });

  route({
    method: "GET",
    url: "/account",
    tag,
    summary: "The signed-in player's account; 401 when not signed in",
    response: accountSchema,
    handler: async ({ request }) => {
      const session = await requireSession(context, request);
      return accountOf(await currentAccount(session.player.id));
    },
  });

  route({
    method: "PATCH",
    url: "/account",
    tag,
    summary: "Change the email (an empty string removes it)",
    body: accountUpdateSchema,
    response: accountSchema,
    handler: async ({ body, request }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      const player = await accounts.setEmail(session.player.id, body.email || null);
      if (!player) throw new HttpError(401, "unauthorized", "Sign in to use your account");
      return accountOf(player);
    },
  });

  route({
    method: "POST",
    url: "/account/password",
    tag,
    summary:
      "Change the password (the current one is asked again: 403 when wrong, under the sign-in limits). Every " +
      "other session of the player ends; this one stays",
    body: passwordChangeSchema,
    response: accountOkSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      const problem = passwordProblem(body.new_password);
      if (problem) throw fieldError("new_password", problem);
      await confirmPassword(request, reply, session.player, body.current_password);
      await accounts.setPassword(session.player.id, body.new_password, session.idHash);
      return ok;
    },
  });

  route({
    method: "GET",
    url: "/account/sessions",
    tag,
    summary: "The signed-in player's sessions (browsers), most recently used first; `current` is this one",
    response: playerSessionsSchema,
    handler: async ({ request }) => {
      const session = await requireSession(context, request);
      return { sessions: await sessions.list(session.player.id, session.idHash) };
    },
  });

  route({
    method: "DELETE",
    url: "/account/sessions/:id",
    tag,
    summary: "End one of the player's sessions (its id from the list); 404 when the player has none such",
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "Session id is invalid") }),
    response: accountOkSchema,
    handler: async ({ params, request, reply }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      const ended = await sessions.revokePublic(session.player.id, params.id);
      if (!ended) throw new HttpError(404, "not_found", "No such session");
      if (ended === session.idHash) clearSessionCookie(request, reply, context.config);
      return ok;
    },
  });

  route({
    method: "POST",
    url: "/account/password-reset",
    tag,
    status: 202,
    summary:
      "Ask for a password-reset link: mailed (valid one hour, once) when the account has an email. Always the " +
      "same 202, whether the name exists or not; at most 10 requests per client network an hour (429)",
    body: passwordResetRequestSchema,
    response: accountOkSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      const now = Date.now();
      const gate = await resetLimits.take(request.ip, now);
      if (!gate.allowed) throw tooMany(reply, gate.retryAfterMs, "Too many password-reset requests");
      const player = await accounts.find(body.username);
      if (player?.email) {
        const queued = await queueReset(context, player as Player & { email: string }, domain, now);
        if (queued) {
          request.log.info({ player: player.id }, "password-reset mail queued");
          context.onMailQueued?.();
        }
      }
      return ok;
    },
  });

  route({
    method: "POST",
    url: "/account/password-reset/complete",
    tag,
    summary:
      "Set a new password with the token of a reset link. The token works once and for one hour (400 " +
      "otherwise); every session of the player ends (sign in again)",
    body: passwordResetCompleteSchema,
    response: accountOkSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      const problem = passwordProblem(body.new_password);
      if (problem) throw fieldError("new_password", problem);
      const now = new Date().toISOString();
      // Taking the token and checking it is one statement: of two requests with one token, one wins.
      const taken = await context.db
        .updateTable("player_password_resets")
        .set({ used_at: now })
        .where("token_hash", "=", secretHash(body.token))
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .returning("player_id")
        .executeTakeFirst();
      if (!taken) throw new HttpError(400, "invalid_token", "The reset link is invalid or has expired");
      await accounts.setPassword(taken.player_id, body.new_password);
      if (hasSessionCookie(request)) clearSessionCookie(request, reply, context.config);
      request.log.info({ player: taken.player_id }, "password reset");
      return ok;
    },
  });

  route({
    method: "POST",
    url: "/account/delete",
    tag,
    summary:
      "Delete the account and every record of it (sessions, progress, passkeys) at once; the password is asked " +
      "again (403 when wrong, under the sign-in limits)",
    body: accountDeleteSchema,
    response: accountOkSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      await confirmPassword(request, reply, session.player, body.password);
      await accounts.delete(session.player.id);
      clearSessionCookie(request, reply, context.config);
      request.log.info({ player: session.player.id }, "player account deleted");
      return ok;
    },
  });

  route({
    method: "GET",
    url: "/account/export",
    tag,
    summary:
      "Everything stored about the signed-in player, as JSON: the account, its sessions and the progress (a " +
      "file to keep: Content-Disposition attachment)",
    response: accountExportSchema,
    handler: async ({ request, reply }) => {
      const session = await requireSession(context, request);
      const player = await currentAccount(session.player.id);
      const answer: AccountExport = {
        exported_at: new Date().toISOString(),
        account: accountOf(player),
        sessions: await sessions.list(player.id, session.idHash),
      };
      for (const [name, part] of exportParts) answer[name] = await part(context, session.player);
      reply.header("content-disposition", 'attachment; filename="chess-trainer-account.json"');
      return answer;
    },
  });
}

/** Reset links of one player at most per hour; more requests are answered alike and mail nothing. */
const RESETS_PER_HOUR = 3;

/**
 * Stores a reset token (its hash) and the mail with its link in one transaction; false when the player already
 * had RESETS_PER_HOUR links within the hour (nothing stored). Expired tokens of the player go on the way.
 */
async function queueReset(
  context: PlayerRoutesOptions,
  player: Player & { email: string },
  domain: string,
  now: number,
): Promise<boolean> {
  const token = randomBytes(32).toString("base64url");
  const link = `${siteBaseUrl(context.config.publicUrl)}/account/reset?token=${token}`;
  const expiresAt = now + PASSWORD_RESET_LIFETIME_MS;
  const mail = resetMail(player.username, link);
  return context.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("player_password_resets")
      .where("player_id", "=", player.id)
      .where("expires_at", "<=", new Date(now).toISOString())
      .execute();
    const recent = await trx
      .selectFrom("player_password_resets")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("player_id", "=", player.id)
      .where("created_at", ">", new Date(now - 60 * 60_000).toISOString())
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= RESETS_PER_HOUR) return false;
    await trx
      .insertInto("player_password_resets")
      .values({
        token_hash: secretHash(token),
        player_id: player.id,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
        used_at: null,
      })
      .execute();
    await PlayerMails.queue(trx, { playerId: player.id, to: player.email, ...mail, expiresAt }, domain, now);
    return true;
  });
}
