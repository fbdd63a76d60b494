import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type AdminToken, SESSION_LIFETIME_MS } from "@ct/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";

/**
 * Admin tokens are JWTs (HS256) built with node:crypto. The header is fixed here: a token whose header differs in
 * any byte (another `alg`, `none`, extra fields) is refused before anything else, so the algorithm is never taken
 * from the token. Each token carries a random id (`jti`) that names its row in admin_sessions: logging out revokes
 * the row, and every server instance sees that.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** Longer than any token this module issues; anything bigger is refused unread. */
const MAX_TOKEN_LENGTH = 1024;

const claimsSchema = z.object({
  /** The account id. */
  sub: z.string().regex(/^[1-9][0-9]{0,15}$/),
  name: z.string(),
  jti: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  /** Issued at and expiry, seconds since the epoch (JWT NumericDate). */
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

/**
 * The signing key: derived from TOKEN_SECRET for this one purpose, so the same secret could sign something else
 * one day without a token of one kind passing for the other.
 */
export function tokenKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("chess-trainer admin token v1").digest();
}

function signature(key: Buffer, signed: string): string {
  return createHmac("sha256", key).update(signed).digest("base64url");
}

/** A signed token for these claims. */
export function signToken(claims: TokenClaims, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signed = `${HEADER}.${payload}`;
  return `${signed}.${signature(key, signed)}`;
}

/**
 * The claims of a token this server signed, whatever its expiry; undefined for anything else (garbage, another
 * header, a bad signature, claims of the wrong shape). The signature is compared in constant time.
 */
export function readToken(token: string, key: Buffer): TokenClaims | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, given] = parts as [string, string, string];
  if (header !== HEADER) return undefined;
  const expected = Buffer.from(signature(key, `${header}.${payload}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  try {
    const claims = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return claims.success ? claims.data : undefined;
  } catch {
    return undefined;
  }
}

/** A live admin session, as a verified token shows it. */
export interface AdminSession {
  sessionId: string;
  accountId: number;
  username: string;
  expiresAt: string;
}

export interface TokenOptions {
  /** Token lifetime (default: the spec's 30 minutes). */
  lifetimeMs?: number;
  /** The clock, in ms since the epoch (tests issue tokens in the past with it). */
  now?: () => number;
}

/** Issues, verifies and revokes admin tokens against admin_sessions. */
export class AdminTokens {
  private readonly key: Buffer;
  private readonly lifetimeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    secret: string,
    options: TokenOptions = {},
  ) {
    this.key = tokenKey(secret);
    this.lifetimeMs = options.lifetimeMs ?? SESSION_LIFETIME_MS;
    this.now = options.now ?? Date.now;
  }

  /** A new session for the account; expired sessions are deleted on the way. */
  async issue(account: { id: number; username: string }, address?: string): Promise<AdminToken> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiry = issuedAt + Math.floor(this.lifetimeMs / 1000);
    const claims: TokenClaims = {
      sub: String(account.id),
      name: account.username,
      jti: randomBytes(18).toString("base64url"),
      iat: issuedAt,
      exp: expiry,
    };
    const createdAt = new Date(issuedAt * 1000).toISOString();
    const expiresAt = new Date(expiry * 1000).toISOString();
    await this.db
      .deleteFrom("admin_sessions")
      .where("expires_at", "<", new Date(this.now()).toISOString())
      .execute();
    await this.db
      .insertInto("admin_sessions")
      .values({
        id: claims.jti,
        account_id: account.id,
        address: address?.slice(0, 64) ?? null,
        created_at: createdAt,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();
    return { access_token: signToken(claims, this.key), expires_at: expiresAt };
  }

  /**
   * The session a token grants, or undefined: the signature must be ours, the token unexpired, its session
   * neither revoked nor expired, and its account must still exist.
   */
  async verify(token: string): Promise<AdminSession | undefined> {
    const claims = readToken(token, this.key);
    const now = this.now();
    if (!claims || claims.exp * 1000 <= now) return undefined;
    const row = await this.db
      .selectFrom("admin_sessions as s")
      .innerJoin("admin_accounts as a", "a.id", "s.account_id")
      .select(["s.id", "s.account_id", "s.expires_at", "a.username"])
      .where("s.id", "=", claims.jti)
      .where("s.account_id", "=", Number(claims.sub))
      .where("s.revoked_at", "is", null)
      .where("s.expires_at", ">", new Date(now).toISOString())
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      sessionId: row.id,
      accountId: row.account_id,
      username: row.username,
      expiresAt: row.expires_at,
    };
  }

  /**
   * A new token for the live session this token belongs to, valid for a whole lifetime from now; undefined when
   * the token grants nothing (see `verify`). The session keeps its id and row, whose expiry moves on with the new
   * token: logging out with any token of the session ends it for all of them, and a password change or a deleted
   * account ends it as before. An earlier token of the session (another tab's) still works until its own expiry.
   */
  async refresh(token: string): Promise<AdminToken | undefined> {
    const claims = readToken(token, this.key);
    if (!claims || !(await this.verify(token))) return undefined;
    const issuedAt = Math.floor(this.now() / 1000);
    const expiry = issuedAt + Math.floor(this.lifetimeMs / 1000);
    const expiresAt = new Date(expiry * 1000).toISOString();
    const result = await this.db
      .updateTable("admin_sessions")
      .set({ expires_at: expiresAt })
      .where("id", "=", claims.jti)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", new Date(this.now()).toISOString())
      .executeTakeFirst();
    // Revoked (or ended) between the check and the update: no new token.
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return {
      access_token: signToken({ ...claims, iat: issuedAt, exp: expiry }, this.key),
      expires_at: expiresAt,
    };
  }

  /**
   * Ends the token's session. Undefined when the token is not one of ours (bad signature); false when its
   * session had already ended (revoked, expired, or its account deleted); true when this call ended it.
   */
  async revoke(token: string): Promise<boolean | undefined> {
    const claims = readToken(token, this.key);
    if (!claims) return undefined;
    const now = new Date(this.now()).toISOString();
    const result = await this.db
      .updateTable("admin_sessions")
      .set({ revoked_at: now })
      .where("id", "=", claims.jti)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

/** The token of an `Authorization: Bearer <token>` header; undefined when the header is missing or malformed. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(authorization ?? "");
  return match?.[1];
}
