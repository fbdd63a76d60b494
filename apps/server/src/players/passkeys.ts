import { randomBytes } from "node:crypto";
import type { Passkey } from "@ct/contract";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";

/**
 * Passkeys (WebAuthn) as a second way into an account, through @simplewebauthn/server. A ceremony's challenge is
 * kept in player_passkey_challenges (so any server process can finish what another began), used once, for five
 * minutes. The relying party is the page's own origin: the request's `Origin` (which requireSameOrigin has
 * vetted before this runs), else PUBLIC_URL; its host name is the RP ID.
 */

/** How long a ceremony may take. */
export const PASSKEY_CEREMONY_MS = 5 * 60_000;
/** At most this many passkeys per account. */
export const PASSKEYS_PER_PLAYER = 10;

/** A passkey ceremony refused: the message is for the developer; the player sees the site's own. */
export class PasskeyError extends Error {}

/** The relying party of a request: the page's origin and its host name (the RP ID). */
export function relyingParty(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl">,
): { origin: string; rpID: string } {
  const given = request.headers.origin;
  let origin = new URL(config.publicUrl).origin;
  if (typeof given === "string") {
    try {
      origin = new URL(given).origin;
    } catch {}
  }
  return { origin, rpID: new URL(origin).hostname };
}

function parseTransports(text: string): AuthenticatorTransport[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value)
      ? (value.filter((t) => typeof t === "string") as AuthenticatorTransport[])
      : [];
  } catch {
    return [];
  }
}

/** Passkeys of players and their ceremonies. */
export class PlayerPasskeys {
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  async list(playerId: number): Promise<Passkey[]> {
    const rows = await this.db
      .selectFrom("player_passkeys")
      .select(["credential_id", "name", "created_at", "last_used_at"])
      .where("player_id", "=", playerId)
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({
      id: row.credential_id,
      name: row.name,
      created_at: row.created_at,
      last_used_at: row.last_used_at,
    }));
  }

  /** Removes one of the player's passkeys; false when the player has none such. */
  async remove(playerId: number, credentialId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("player_passkeys")
      .where("player_id", "=", playerId)
      .where("credential_id", "=", credentialId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Stores a ceremony's challenge; its id names it to the browser. Expired ceremonies go on the way. */
  private async begin(kind: "register" | "authenticate", challenge: string, playerId: number | null) {
    const now = this.now();
    const id = randomBytes(18).toString("base64url");
    await this.db
      .deleteFrom("player_passkey_challenges")
      .where("expires_at", "<=", new Date(now).toISOString())
      .execute();
    await this.db
      .insertInto("player_passkey_challenges")
      .values({
        id,
        player_id: playerId,
        kind,
        challenge,
        expires_at: new Date(now + PASSKEY_CEREMONY_MS).toISOString(),
      })
      .execute();
    return id;
  }

  /** Takes a ceremony's challenge (once): undefined when unknown, used, expired, of another kind or player. */
  private async take(id: string, kind: "register" | "authenticate", playerId: number | null) {
    const row = await this.db
      .deleteFrom("player_passkey_challenges")
      .where("id", "=", id)
      .where("kind", "=", kind)
      .where("expires_at", ">", new Date(this.now()).toISOString())
      .returning(["challenge", "player_id"])
      .executeTakeFirst();
    if (!row || row.player_id !== playerId) return undefined;
    return row.challenge;
  }

  /** Options for `navigator.credentials.create()` to add a passkey to the player's account. */
  async registrationOptions(player: { id: number; username: string }, rp: { rpID: string }) {
    const existing = await this.db
      .selectFrom("player_passkeys")
      .select(["credential_id", "transports"])
      .where("player_id", "=", player.id)
      .execute();
    if (existing.length >= PASSKEYS_PER_PLAYER) {
      throw new PasskeyError(`an account keeps at most ${PASSKEYS_PER_PLAYER} passkeys`);
    }
    const options = await generateRegistrationOptions({
      rpName: "Chess Trainer",
      rpID: rp.rpID,
      userName: player.username,
      attestationType: "none",
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: parseTransports(row.transports),
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    const ceremony = await this.begin("register", options.challenge, player.id);
    return { ceremony, options };
  }

  /** Verifies the authenticator's answer and stores the passkey; a PasskeyError when it does not hold. */
  async register(
    player: { id: number },
    rp: { origin: string; rpID: string },
    ceremony: string,
    response: RegistrationResponseJSON,
    name: string,
  ): Promise<Passkey> {
    const challenge = await this.take(ceremony, "register", player.id);
    if (!challenge) throw new PasskeyError("the ceremony is unknown, used or expired");
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
      });
    } catch (error) {
      throw new PasskeyError(error instanceof Error ? error.message : String(error));
    }
    if (!verification.verified || !verification.registrationInfo) {
      throw new PasskeyError("the authenticator's answer does not verify");
    }
    const { credential } = verification.registrationInfo;
    const at = new Date(this.now()).toISOString();
    const inserted = await this.db
      .insertInto("player_passkeys")
      .values({
        credential_id: credential.id,
        player_id: player.id,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
        name,
        created_at: at,
        last_used_at: null,
      })
      .onConflict((conflict) => conflict.column("credential_id").doNothing())
      .returning("credential_id")
      .executeTakeFirst();
    if (!inserted) throw new PasskeyError("this passkey is registered already");
    return { id: credential.id, name, created_at: at, last_used_at: null };
  }

  /** Options for `navigator.credentials.get()` to sign in with a passkey (any account's: discoverable). */
  async authenticationOptions(rp: { rpID: string }) {
    const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "preferred" });
    const ceremony = await this.begin("authenticate", options.challenge, null);
    return { ceremony, options };
  }

  /**
   * The player the authenticator's answer signs in, or a PasskeyError. The signature counter must move on when the
   * authenticator keeps one (a clone's would lag behind); the passkey's counter and last use are stored.
   */
  async authenticate(
    rp: { origin: string; rpID: string },
    ceremony: string,
    response: AuthenticationResponseJSON,
  ): Promise<number> {
    const challenge = await this.take(ceremony, "authenticate", null);
    if (!challenge) throw new PasskeyError("the ceremony is unknown, used or expired");
    const row = await this.db
      .selectFrom("player_passkeys")
      .selectAll()
      .where("credential_id", "=", response.id)
      .executeTakeFirst();
    if (!row) throw new PasskeyError("no account has this passkey");
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
          counter: Number(row.counter),
          transports: parseTransports(row.transports),
        },
        requireUserVerification: false,
      });
    } catch (error) {
      throw new PasskeyError(error instanceof Error ? error.message : String(error));
    }
    if (!verification.verified) throw new PasskeyError("the authenticator's answer does not verify");
    const updated = await this.db
      .updateTable("player_passkeys")
      .set({
        counter: verification.authenticationInfo.newCounter,
        last_used_at: new Date(this.now()).toISOString(),
      })
      .where("credential_id", "=", row.credential_id)
      .where("counter", "=", row.counter)
      .executeTakeFirst();
    // Another sign-in with the same counter got there first: a replayed or cloned answer.
    if (Number(updated.numUpdatedRows) === 0) throw new PasskeyError("the passkey's counter moved meanwhile");
    return row.player_id;
  }
}
