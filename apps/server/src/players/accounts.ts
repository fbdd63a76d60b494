import type { Account } from "@ct/contract";
import argon2 from "argon2";
import type { Kysely } from "kysely";
import { generatePassword, type HashCost, PASSWORD_HASH_COST } from "../auth/accounts";
import type { Database } from "../db/schema";
import { isCommonPassword } from "./common-passwords";

/** A player as the server knows it (the account, plus its id). */
export interface Player {
  id: number;
  username: string;
  email: string | null;
  created_at: string;
}

/** The contract's account for a player. */
export function accountOf(player: Player): Account {
  return { username: player.username, email: player.email, created_at: player.created_at };
}

/** The key a username is unique by (and looked up by at sign-in): its lower case. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** Why a password is refused beyond the contract's length rules; null when it is fine. */
export function passwordProblem(password: string): string | null {
  return isCommonPassword(password) ? "That password is too common" : null;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random password with the given cost: a sign-in for an unknown name is checked against it, so it
 * takes as long as one for a known name (the admin's login does the same, auth/accounts.ts). A cache per cost
 * and process: nothing depends on it for correctness.
 */
function dummyHash(cost: HashCost): Promise<string> {
  const key = `${cost.memoryCost}:${cost.timeCost}:${cost.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = argon2.hash(generatePassword(), { type: argon2.argon2id, ...cost });
    dummyHashes.set(key, hash);
  }
  return hash;
}

const COLUMNS = ["id", "username", "email", "created_at"] as const;

/**
 * Player accounts with argon2id hashes (the admin's cost, PASSWORD_HASH_COST; tests pass a cheap one). The routes
 * check names, passwords and emails with the contract's schemas first; this store checks only what needs the
 * database.
 */
export class PlayerAccounts {
  private readonly cost: HashCost;

  constructor(
    private readonly db: Kysely<Database>,
    options: { hashCost?: HashCost } = {},
  ) {
    this.cost = options.hashCost ?? PASSWORD_HASH_COST;
  }

  private hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.cost });
  }

  /**
   * Creates an account; undefined when the name is taken in any case (also when another server process took it a
   * moment earlier: the unique key decides).
   */
  async create(username: string, password: string, email: string | null): Promise<Player | undefined> {
    const hash = await this.hash(password);
    const now = new Date().toISOString();
    return this.db
      .insertInto("players")
      .values({
        username: username.trim(),
        username_key: usernameKey(username),
        password_hash: hash,
        email,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column("username_key").doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  async get(id: number): Promise<Player | undefined> {
    return this.db.selectFrom("players").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  }

  /** The account of a name, in any case. */
  async find(username: string): Promise<Player | undefined> {
    return this.db
      .selectFrom("players")
      .select(COLUMNS)
      .where("username_key", "=", usernameKey(username))
      .executeTakeFirst();
  }

  /**
   * The account when the password is right, for a name in any case. An unknown name costs the same argon2
   * verification as a known one (against a dummy hash of the same cost), so neither the answer nor its time tells
   * which names exist. A hash of an older cost is replaced on the way.
   */
  async verify(username: string, password: string): Promise<Player | undefined> {
    const row = await this.db
      .selectFrom("players")
      .select([...COLUMNS, "password_hash"])
      .where("username_key", "=", usernameKey(username))
      .executeTakeFirst();
    const hash = row?.password_hash ?? (await dummyHash(this.cost));
    const matches = await argon2.verify(hash, password);
    if (!row || !matches) return undefined;
    if (argon2.needsRehash(row.password_hash, this.cost)) {
      await this.db
        .updateTable("players")
        .set({ password_hash: await this.hash(password) })
        .where("id", "=", row.id)
        .where("password_hash", "=", row.password_hash)
        .execute();
    }
    const { password_hash: _, ...player } = row;
    return player;
  }

  /**
   * Sets a new password and ends every session of the player but `keepSession` (the id hash of the browser that
   * changed it, if any), and every reset link not used yet. False when there is no such player.
   */
  async setPassword(id: number, password: string, keepSession?: string): Promise<boolean> {
    const hash = await this.hash(password);
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("players")
        .set({ password_hash: hash, updated_at: now })
        .where("id", "=", id)
        .returning("id")
        .executeTakeFirst();
      if (!updated) return false;
      await trx
        .deleteFrom("player_sessions")
        .where("player_id", "=", id)
        .$if(keepSession !== undefined, (query) => query.where("id_hash", "!=", keepSession as string))
        .execute();
      await trx
        .updateTable("player_password_resets")
        .set({ used_at: now })
        .where("player_id", "=", id)
        .where("used_at", "is", null)
        .execute();
      return true;
    });
  }

  /** Sets or (null) removes the email; the account as it is now, undefined when there is no such player. */
  async setEmail(id: number, email: string | null): Promise<Player | undefined> {
    return this.db
      .updateTable("players")
      .set({ email, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  /**
   * Deletes the player; every row of theirs (sessions, reset links, mails, passkeys, progress) goes with it through
   * the foreign keys' ON DELETE CASCADE. False when there was no such player.
   */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom("players").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
