import { randomBytes } from "node:crypto";
import { adminPasswordSchema, adminUsernameSchema } from "@ct/contract";
import argon2 from "argon2";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "../db/schema";

/** argon2id work factors: memory in KiB, passes, lanes. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * Production cost: 46 MiB and two passes, one lane (OWASP's argon2id guidance), about 80 ms per hash on the
 * development machine. One lane keeps a login from taking both cores of a small server.
 */
export const PASSWORD_HASH_COST: HashCost = { memoryCost: 47_104, timeCost: 2, parallelism: 1 };

export interface AdminAccount {
  id: number;
  username: string;
  created_at: string;
  updated_at: string;
}

/** A username or password the account store refuses; the message is meant for the person who typed it. */
export class AccountError extends Error {}

/** The value when `schema` accepts it; otherwise an AccountError such as "the password must be at least ...". */
function valid(schema: z.ZodType<string>, what: string, value: string): string {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AccountError(`the ${what} ${result.error.issues.map((issue) => issue.message).join(", ")}`);
}

/** A strong random password (144 bits) for the generated first account. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random password with the given cost: a login for an unknown name is checked against it, so it takes
 * as long as one for a known name and the answer's timing does not reveal which names exist. Computed once per
 * cost and process (a cache: nothing depends on it for correctness).
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

/**
 * Admin accounts with argon2id password hashes. Tests pass a lower `hashCost` explicitly; everything else uses
 * PASSWORD_HASH_COST.
 */
export class AdminAccounts {
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

  async list(): Promise<AdminAccount[]> {
    return this.db
      .selectFrom("admin_accounts")
      .select(["id", "username", "created_at", "updated_at"])
      .orderBy("username")
      .execute();
  }

  async find(username: string): Promise<AdminAccount | undefined> {
    return this.db
      .selectFrom("admin_accounts")
      .select(["id", "username", "created_at", "updated_at"])
      .where("username", "=", username)
      .executeTakeFirst();
  }

  /**
   * Creates an account; undefined when the name is already taken (also when another server instance created it
   * a moment earlier). Throws AccountError for a bad name or a short password.
   */
  async create(username: string, password: string): Promise<AdminAccount | undefined> {
    valid(adminUsernameSchema, "username", username);
    const hash = await this.hash(valid(adminPasswordSchema, "password", password));
    const now = new Date().toISOString();
    const inserted = await this.db
      .insertInto("admin_accounts")
      .values({ username, password_hash: hash, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column("username").doNothing())
      .returning(["id", "username", "created_at", "updated_at"])
      .executeTakeFirst();
    return inserted;
  }

  /**
   * Sets a new password and ends every session of the account, so a token obtained with the old password stops
   * working. False when there is no such account.
   */
  async setPassword(username: string, password: string): Promise<boolean> {
    const hash = await this.hash(valid(adminPasswordSchema, "password", password));
    return this.db.transaction().execute(async (trx) => {
      const account = await trx
        .updateTable("admin_accounts")
        .set({ password_hash: hash, updated_at: new Date().toISOString() })
        .where("username", "=", username)
        .returning("id")
        .executeTakeFirst();
      if (!account) return false;
      await trx.deleteFrom("admin_sessions").where("account_id", "=", account.id).execute();
      return true;
    });
  }

  /**
   * The account when the password is right. An unknown name costs the same argon2 verification as a known one
   * (against a dummy hash), so wrong name and wrong password cannot be told apart by time either.
   */
  async verify(username: string, password: string): Promise<AdminAccount | undefined> {
    const row = await this.db
      .selectFrom("admin_accounts")
      .select(["id", "username", "password_hash", "created_at", "updated_at"])
      .where("username", "=", username)
      .executeTakeFirst();
    const hash = row?.password_hash ?? (await dummyHash(this.cost));
    const matches = await argon2.verify(hash, password);
    if (!row || !matches) return undefined;
    return { id: row.id, username: row.username, created_at: row.created_at, updated_at: row.updated_at };
  }

  /** Whether the stored hash matches `password` (used at start to skip rehashing an unchanged password). */
  async hasPassword(username: string, password: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("admin_accounts")
      .select("password_hash")
      .where("username", "=", username)
      .executeTakeFirst();
    if (!row) return false;
    return (
      !argon2.needsRehash(row.password_hash, this.cost) && (await argon2.verify(row.password_hash, password))
    );
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("admin_accounts")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** What `ensureAdminAccount` did at start. */
export type EnsureResult =
  | { action: "created" | "updated" | "unchanged"; username: string }
  | { action: "generated"; username: string; password: string }
  | { action: "none" };

/**
 * Makes sure the site has an admin at start (and on every start):
 * - with ADMIN_PASSWORD set, the account ADMIN_USERNAME gets that password (created, or updated when it changed);
 * - otherwise, when there is no admin account at all, ADMIN_USERNAME (default `admin`) is created with a generated
 *   password, which `print` shows exactly this once: it is stored only as a hash. There is no built-in password.
 * When several instances start together on one database, only the one whose insert wins prints a password.
 */
export async function ensureAdminAccount(
  db: Kysely<Database>,
  config: { adminUsername: string; adminPassword: string | undefined },
  options: { print: (message: string) => void; hashCost?: HashCost },
): Promise<EnsureResult> {
  const accounts = new AdminAccounts(db, options.hashCost ? { hashCost: options.hashCost } : {});
  const username = config.adminUsername;
  if (config.adminPassword !== undefined) {
    if (!(await accounts.find(username))) {
      if (await accounts.create(username, config.adminPassword)) return { action: "created", username };
    }
    if (await accounts.hasPassword(username, config.adminPassword)) return { action: "unchanged", username };
    await accounts.setPassword(username, config.adminPassword);
    return { action: "updated", username };
  }
  if ((await accounts.count()) > 0) return { action: "none" };
  const password = generatePassword();
  if (!(await accounts.create(username, password))) return { action: "none" };
  options.print(
    [
      "",
      "================================================================================",
      ` No admin account existed: created "${username}" with this generated password:`,
      "",
      `     ${password}`,
      "",
      " It is shown only this once (only its hash is stored). Change it with",
      `   npm run cli -- admin set-password ${username}`,
      " or set ADMIN_USERNAME and ADMIN_PASSWORD.",
      "================================================================================",
      "",
    ].join("\n"),
  );
  return { action: "generated", username, password };
}
