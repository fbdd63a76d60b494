import type { Generated } from "kysely";

/** A player account (migration 0018). */
export interface PlayersTable {
  id: Generated<number>;
  /** As the player typed it (shown). */
  username: string;
  /** Lower case: the unique key, so names are unique without regard to case. */
  username_key: string;
  /** argon2id. */
  password_hash: string;
  /** Only used to mail a password-reset link. */
  email: string | null;
  created_at: string;
  updated_at: string;
}

/** One signed-in browser: the cookie's random id is stored only as its SHA-256. */
export interface PlayerSessionsTable {
  /** SHA-256 (hex) of the cookie's 32 random bytes. */
  id_hash: string;
  /** A random short id that names the session in the account's list (revoking one). */
  public_id: string;
  player_id: number;
  created_at: string;
  /** Moved on by requests (at most once a minute); the session is dead 30 days after it. */
  last_seen_at: string;
  user_agent: string;
}

/** A mailed password-reset token: valid for an hour, used once. */
export interface PlayerPasswordResetsTable {
  /** SHA-256 (hex) of the token in the link. */
  token_hash: string;
  player_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One mail to a player in the outbox (players/mail.ts), delivered by the contact outbox's loop. */
export interface PlayerMailsTable {
  id: Generated<number>;
  player_id: number;
  recipient: string;
  subject: string;
  /** The plain-text body; emptied once delivered (it holds a reset link). */
  body: string;
  message_id: string;
  status: "pending" | "delivered" | "expired";
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  /** A mail still undelivered at this time is not sent any more (its link has expired). */
  expires_at: string;
  delivered_at: string | null;
}

/** A WebAuthn credential (passkey) of a player. */
export interface PlayerPasskeysTable {
  /** The credential id, base64url. */
  credential_id: string;
  player_id: number;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter (bigint: PostgreSQL returns it as text). */
  counter: number | string;
  /** JSON string[] of the authenticator's transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn ceremony under way: its challenge, kept until it is answered or expires. */
export interface PlayerPasskeyChallengesTable {
  id: string;
  /** The player adding a passkey; null for a sign-in with one. */
  player_id: number | null;
  kind: "register" | "authenticate";
  challenge: string;
  expires_at: string;
}

/** Tables of player accounts and their sessions (migration 0018). */
export interface PlayerTables {
  players: PlayersTable;
  player_sessions: PlayerSessionsTable;
  player_password_resets: PlayerPasswordResetsTable;
  player_mails: PlayerMailsTable;
  player_passkeys: PlayerPasskeysTable;
  player_passkey_challenges: PlayerPasskeyChallengesTable;
}
