import { createHash, randomBytes } from "node:crypto";
import { PLAYER_SESSION_COOKIE, PLAYER_SESSION_IDLE_MS, type PlayerSession } from "@ct/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";

/**
 * Player sessions. The cookie (PLAYER_SESSION_COOKIE) holds 32 random bytes (base64url); the server stores only
 * their SHA-256, so neither a copy of the database nor its logs sign anybody in, and every server process sees a
 * sign-out at once. A session lives while it is used: each request that carries it moves `last_seen_at` on (a write
 * at most once a minute) and renews the cookie; 30 days without one end it.
 *
 * A player's session is a cookie and nothing else: the admin's guards read only a bearer token or the API key, so
 * no player can reach an admin route (players/accounts.test.ts proves it).
 */

/** `last_seen_at` is written at most this often per session. */
export const SESSION_TOUCH_MS = 60_000;

/** The cookie's lifetime, renewed while the session is used (the server's idle limit is the same). */
const COOKIE_MAX_AGE_S = Math.floor(PLAYER_SESSION_IDLE_MS / 1000);

/** What the cookie holds: 32 random bytes in base64url (43 characters); anything else is not ours. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 (hex) of a cookie's id or a reset token: what the database keeps instead of the secret. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A live session and its player. */
export interface LiveSession {
  idHash: string;
  publicId: string;
  player: { id: number; username: string };
}

export interface SessionOptions {
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
}

/** Creates, finds, lists and ends player sessions in player_sessions. */
export class PlayerSessions {
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    options: SessionOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  private idleCutoff(now: number): string {
    return new Date(now - PLAYER_SESSION_IDLE_MS).toISOString();
  }

  /** A new session: the cookie's value (shown only here) and its public id. Dead sessions go on the way. */
  async create(
    playerId: number,
    userAgent: string | undefined,
  ): Promise<{ cookie: string; publicId: string }> {
    const now = this.now();
    const cookie = randomBytes(32).toString("base64url");
    const publicId = randomBytes(12).toString("base64url");
    const at = new Date(now).toISOString();
    await this.db.deleteFrom("player_sessions").where("last_seen_at", "<=", this.idleCutoff(now)).execute();
    await this.db
      .insertInto("player_sessions")
      .values({
        id_hash: secretHash(cookie),
        public_id: publicId,
        player_id: playerId,
        created_at: at,
        last_seen_at: at,
        user_agent: (userAgent ?? "").slice(0, 300),
      })
      .execute();
    return { cookie, publicId };
  }

  /**
   * The live session of a cookie value, or undefined (not ours, ended, or idle for 30 days: such a row is
   * deleted). `touched`: this call moved `last_seen_at` on (it does so at most once a minute).
   */
  async find(cookie: string): Promise<{ session: LiveSession; touched: boolean } | undefined> {
    if (!COOKIE_VALUE.test(cookie)) return undefined;
    const now = this.now();
    const idHash = secretHash(cookie);
    const row = await this.db
      .selectFrom("player_sessions as s")
      .innerJoin("players as p", "p.id", "s.player_id")
      .select(["s.id_hash", "s.public_id", "s.last_seen_at", "p.id", "p.username"])
      .where("s.id_hash", "=", idHash)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.last_seen_at <= this.idleCutoff(now)) {
      await this.db.deleteFrom("player_sessions").where("id_hash", "=", idHash).execute();
      return undefined;
    }
    const session = { idHash, publicId: row.public_id, player: { id: row.id, username: row.username } };
    const at = new Date(now).toISOString();
    if (Date.parse(row.last_seen_at) > now - SESSION_TOUCH_MS) return { session, touched: false };
    const result = await this.db
      .updateTable("player_sessions")
      .set({ last_seen_at: at })
      .where("id_hash", "=", idHash)
      .where("last_seen_at", "<", new Date(now - SESSION_TOUCH_MS).toISOString())
      .executeTakeFirst();
    return { session, touched: Number(result.numUpdatedRows) > 0 };
  }

  /** Ends one session; true when it was live. */
  async revoke(idHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("player_sessions")
      .where("id_hash", "=", idHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ends the player's session of this public id; its id hash, or undefined when the player has none such. */
  async revokePublic(playerId: number, publicId: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom("player_sessions")
      .where("player_id", "=", playerId)
      .where("public_id", "=", publicId)
      .returning("id_hash")
      .executeTakeFirst();
    return row?.id_hash;
  }

  /** Ends every session of the player; how many there were. */
  async revokeAll(playerId: number): Promise<number> {
    const result = await this.db
      .deleteFrom("player_sessions")
      .where("player_id", "=", playerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The player's live sessions, most recently used first; `current` marks the one of `currentIdHash`. */
  async list(playerId: number, currentIdHash: string | undefined): Promise<PlayerSession[]> {
    const rows = await this.db
      .selectFrom("player_sessions")
      .select(["id_hash", "public_id", "created_at", "last_seen_at", "user_agent"])
      .where("player_id", "=", playerId)
      .where("last_seen_at", ">", this.idleCutoff(this.now()))
      .orderBy("last_seen_at", "desc")
      .orderBy("created_at", "desc")
      .execute();
    return rows.map((row) => ({
      id: row.public_id,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      user_agent: row.user_agent,
      current: row.id_hash === currentIdHash,
    }));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The cookie.

/** The values of the cookie `name` in a Cookie header (a browser may send two of one name: other paths). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    values.push(
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1"),
    );
  }
  return values;
}

/** The session cookie's value as the request carries it (the first one of our shape). */
function sessionCookie(request: FastifyRequest): string | undefined {
  return cookieValues(request.headers.cookie, PLAYER_SESSION_COOKIE).find((value) =>
    COOKIE_VALUE.test(value),
  );
}

/** Whether a host name (no port) is this machine's: `localhost`, `*.localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return (
    host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1"
  );
}

/**
 * Whether the cookie gets `Secure`: always when PUBLIC_URL is https; never when PUBLIC_URL declares a plain-http
 * site elsewhere than on this machine (the operator runs it without TLS, where a Secure cookie would never come
 * back); otherwise (PUBLIC_URL unset or local) unless the request is to localhost, 127.0.0.1 or ::1.
 */
export function cookieSecure(request: FastifyRequest, config: Pick<Config, "publicUrl">): boolean {
  const site = new URL(config.publicUrl);
  if (site.protocol === "https:") return true;
  if (!isLoopbackHost(site.hostname)) return false;
  return !isLoopbackHost(request.hostname);
}

function setCookieHeader(value: string, maxAge: number, secure: boolean): string {
  return `${PLAYER_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const present = reply.getHeader("set-cookie");
  const list = present === undefined ? [] : Array.isArray(present) ? present : [String(present)];
  reply.header("set-cookie", [
    ...list.filter((line) => !line.startsWith(`${PLAYER_SESSION_COOKIE}=`)),
    cookie,
  ]);
}

/** Requests whose session was used (touched): their answer renews the cookie for another 30 days. */
const renewals = new WeakMap<FastifyRequest, string>();

/** Puts a new session's cookie on the answer (it replaces any the browser had). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, "publicUrl">,
  cookie: string,
): void {
  renewals.delete(request);
  appendSetCookie(reply, setCookieHeader(cookie, COOKIE_MAX_AGE_S, cookieSecure(request, config)));
}

/** Tells the browser to forget its session cookie. */
export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, "publicUrl">,
): void {
  renewals.delete(request);
  appendSetCookie(reply, setCookieHeader("", 0, cookieSecure(request, config)));
}

/**
 * Renews the cookie of a session a request used (see `sessionOf`) on its answer, whichever route answered, so the
 * browser keeps it as long as the server does. Registered once, on the root of the app.
 */
export function registerPlayerSessions(app: FastifyInstance, context: Pick<AppContext, "config">): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const cookie = renewals.get(request);
    if (cookie !== undefined && reply.statusCode < 400) {
      appendSetCookie(
        reply,
        setCookieHeader(cookie, COOKIE_MAX_AGE_S, cookieSecure(request, context.config)),
      );
    }
    return payload;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Who is asking.

/** One answer per request, however many routes and hooks ask. */
const sessions = new WeakMap<FastifyRequest, Promise<LiveSession | null>>();

/**
 * The live session of the request's cookie, or null: none, not ours, ended, or idle for 30 days. Asking moves the
 * session's `last_seen_at` on (at most once a minute) and then renews the cookie on the answer.
 */
export function sessionOf(
  context: Pick<AppContext, "db">,
  request: FastifyRequest,
): Promise<LiveSession | null> {
  let known = sessions.get(request);
  if (!known) {
    known = (async () => {
      const cookie = sessionCookie(request);
      if (!cookie) return null;
      const found = await new PlayerSessions(context.db).find(cookie);
      if (!found) return null;
      if (found.touched) renewals.set(request, cookie);
      return found.session;
    })();
    sessions.set(request, known);
  }
  return known;
}

/**
 * Signs the browser in as the player: its earlier session (another account's, say) ends, a new one begins and its
 * cookie goes on the answer.
 */
export async function startSession(
  context: Pick<AppContext, "db" | "config">,
  request: FastifyRequest,
  reply: FastifyReply,
  playerId: number,
): Promise<void> {
  const sessions = new PlayerSessions(context.db);
  const earlier = await sessionOf(context, request);
  if (earlier) await sessions.revoke(earlier.idHash);
  const { cookie } = await sessions.create(playerId, request.headers["user-agent"]);
  setSessionCookie(request, reply, context.config, cookie);
}

/** Whether the request carries a session cookie at all (live or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return cookieValues(request.headers.cookie, PLAYER_SESSION_COOKIE).length > 0;
}

/**
 * The signed-in player of the request, or null (see `sessionOf`). For the routes of a player's own data: a null
 * answer is theirs to turn into a 401.
 */
export async function playerOf(
  context: AppContext,
  request: FastifyRequest,
): Promise<{ id: number; username: string } | null> {
  return (await sessionOf(context, request))?.player ?? null;
}

/** The signed-in player's session, or a JSON 401. */
export async function requireSession(context: AppContext, request: FastifyRequest): Promise<LiveSession> {
  const session = await sessionOf(context, request);
  if (!session) throw new HttpError(401, "unauthorized", "Sign in to use your account");
  return session;
}

// ---------------------------------------------------------------------------------------------------------------
// Cross-site requests.

const crossSite = () => new HttpError(403, "forbidden", "Cross-site request refused");

/** `host[:port]` without the default ports, lower case. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, "");
}

/**
 * Whether an origin (`scheme://host[:port]`) is the site's own: PUBLIC_URL's origin; or the host the request was
 * sent to (its Host header, a browser's own: a page elsewhere cannot forge it); or, for a request to this
 * machine, any page on this machine (the site's development server proxies /api from another port).
 */
function isSiteOrigin(origin: string, request: FastifyRequest, config: Pick<Config, "publicUrl">): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin === new URL(config.publicUrl).origin) return true;
  if (normalHost(url.host) === normalHost(request.host)) return true;
  return isLoopbackHost(request.hostname) && isLoopbackHost(url.hostname);
}

function single(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/**
 * Refuses (403) a state-changing request that a page of another site made the browser send. The browser's
 * `Origin` must be the site's own (see `isSiteOrigin`); without one, the `Referer`'s origin. A request with neither
 * is not a cross-site browser request (browsers send Origin with every cross-site POST, PUT, PATCH or DELETE, a
 * form's included): a script or a tool, which carries no victim's cookie, so it passes, unless `Sec-Fetch-Site`
 * says a browser sent it from another site.
 * `Origin: null` (a sandboxed frame, a redirect across sites) is refused. GET and HEAD change nothing and pass.
 */
export function requireSameOrigin(request: FastifyRequest, context: AppContext): void {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
  const origin = single(request.headers.origin);
  const referer = single(request.headers.referer);
  if (origin !== undefined) {
    if (!isSiteOrigin(origin, request, context.config)) throw crossSite();
    return;
  }
  if (referer !== undefined) {
    let refererOrigin: string;
    try {
      refererOrigin = new URL(referer).origin;
    } catch {
      throw crossSite();
    }
    if (!isSiteOrigin(refererOrigin, request, context.config)) throw crossSite();
    return;
  }
  const fetchSite = single(request.headers["sec-fetch-site"]);
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw crossSite();
}
