import { isIPv6 } from "node:net";
import type { Kysely, Transaction } from "kysely";
import { isPostgres } from "../db/dialect";
import type { AdminLoginLimitsTable, Database } from "../db/schema";

/**
 * Login rate limiting, with its truth in the database (admin_login_limits) so every server instance enforces the
 * same limits. Two keys count failed logins:
 *
 * - the client's network (`net:`: the /24 of an IPv4 address, or the /64 of an IPv6 address: see `clientNetwork`).
 *   It counts failures for every username, so it also stops one client spraying many names. A locked network is
 *   refused whatever username it tries.
 * - the username (`user:`), across all networks: it slows a guessing attack spread over many addresses.
 *
 * A username lock must not let an attacker lock the real admin out. So it binds only networks that have failed a
 * login within the window themselves: the admin, logging in from a network with no recent failures, gets through
 * while the attacker's networks are held back. Each attacking network still gets at most one guess per window
 * while the name is locked, because its first failure makes it "recent". A success clears its network's failures.
 *
 * Five failures within 15 minutes lock a key for 1 minute; each further lock doubles, up to 30 minutes. The lock
 * count is forgiven once a key has been quiet (no failure, no lock) for a whole window. After a lock ends, the
 * failures of the window still count, so the next failure locks again at once for twice as long.
 *
 * An attempt is recorded as a failure before its password is checked, inside a transaction that also checks the
 * locks (row locks on PostgreSQL; SQLite serialises writers), so a burst of parallel requests cannot get more
 * guesses than the limit; a success then takes its provisional failure back.
 */
export interface LimitPolicy {
  maxFailures: number;
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
}

export const LOGIN_LIMITS: LimitPolicy = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 30 * 60_000,
};

/** One key's state: times (ms) of its latest failures, how many locks in a row, and until when it is locked. */
export interface LimitState {
  failures: number[];
  lockouts: number;
  lockedUntil: number | null;
}

const EMPTY: LimitState = { failures: [], lockouts: 0, lockedUntil: null };

/** Length of the nth lock in a row (n ≥ 1): 1 minute, doubling, capped. */
export function lockDelayMs(lockouts: number, policy: LimitPolicy = LOGIN_LIMITS): number {
  return Math.min(policy.firstLockMs * 2 ** Math.max(0, lockouts - 1), policy.maxLockMs);
}

function lockRemainingMs(state: LimitState, now: number): number {
  return state.lockedUntil !== null && state.lockedUntil > now ? state.lockedUntil - now : 0;
}

function recentFailures(state: LimitState, now: number, policy: LimitPolicy): number[] {
  return state.failures.filter((time) => time > now - policy.windowMs);
}

/** The state after one more failure at `now`, locking the key when it reaches the limit. */
export function withFailure(state: LimitState, now: number, policy: LimitPolicy = LOGIN_LIMITS): LimitState {
  const quietSince = Math.max(state.failures.at(-1) ?? 0, state.lockedUntil ?? 0);
  const lockouts = now - quietSince > policy.windowMs ? 0 : state.lockouts;
  const failures = [...recentFailures(state, now, policy), now].slice(-policy.maxFailures);
  if (failures.length < policy.maxFailures) return { failures, lockouts, lockedUntil: state.lockedUntil };
  return { failures, lockouts: lockouts + 1, lockedUntil: now + lockDelayMs(lockouts + 1, policy) };
}

/** The state without the provisional failure recorded at `at` (the attempt succeeded). */
export function withoutFailure(state: LimitState, at: number): LimitState {
  const index = state.failures.lastIndexOf(at);
  if (index < 0) return state;
  return { ...state, failures: state.failures.filter((_, i) => i !== index) };
}

/**
 * How long a login from this network for this username must wait (0: it may try now). A locked network waits
 * for its lock; a locked username holds back only networks with recent failures, until the earlier of the
 * username's unlock and the moment the network's latest failure leaves the window.
 */
export function loginWaitMs(
  network: LimitState,
  user: LimitState,
  now: number,
  policy: LimitPolicy = LOGIN_LIMITS,
): number {
  const networkWait = lockRemainingMs(network, now);
  if (networkWait > 0) return networkWait;
  const userWait = lockRemainingMs(user, now);
  const recent = recentFailures(network, now, policy);
  if (userWait === 0 || recent.length === 0) return 0;
  return Math.min(userWait, Math.max(...recent) + policy.windowMs - now);
}

/**
 * The network a client address belongs to, for every per-client limit and de-duplication (logins, contact
 * messages, puzzle results): an IPv4 address's /24, an IPv6 address's /64. One subscriber, host or cloud customer
 * usually has many addresses of one /24 (or a whole /64), and counting each address apart let a hundred of them
 * report a puzzle result a hundred times; a /24 shared by unrelated visitors (a campus NAT) shares their limits.
 */
export function clientNetwork(address: string): string {
  const ipv4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(address);
  if (ipv4?.[1]) return `${ipv4[1]}.0/24`;
  const bare = address.split("%")[0] ?? address;
  if (!isIPv6(bare)) return address;
  const width = (groups: string[]) => groups.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const [head = "", tail] = bare.split("::");
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? first : [...first, ...Array(8 - width(first) - width(last)).fill("0"), ...last];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

export type LoginGate = { allowed: true; attemptAt: number } | { allowed: false; retryAfterMs: number };

type Row = AdminLoginLimitsTable;

function toState(row: Row | undefined): LimitState {
  if (!row) return EMPTY;
  const failures = JSON.parse(row.failures) as number[];
  return {
    failures,
    lockouts: row.lockouts,
    lockedUntil: row.locked_until === null ? null : Date.parse(row.locked_until),
  };
}

function toRow(state: LimitState, now: number): Omit<Row, "key"> {
  return {
    failures: JSON.stringify(state.failures),
    lockouts: state.lockouts,
    locked_until: state.lockedUntil === null ? null : new Date(state.lockedUntil).toISOString(),
    updated_at: new Date(now).toISOString(),
  };
}

/** The rows of `keys`, locked for this transaction on PostgreSQL (in key order, so two logins cannot deadlock). */
async function lockRows(trx: Transaction<Database>, keys: string[]): Promise<Map<string, Row>> {
  let query = trx.selectFrom("admin_login_limits").selectAll().where("key", "in", keys).orderBy("key");
  if (isPostgres(trx)) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.key, row]));
}

/** The login rate limiter over admin_login_limits; `now` is passed in so tests can move the clock. */
export class LoginRateLimiter {
  /**
   * `scope` keeps the counts of different logins apart in the one table: the admin's (no scope: keys `net:...`,
   * `user:...`) and the players' (`player`: keys `player:net:...`, `player:user:...`), so a player's failures never
   * lock the admin out, nor the other way round.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: LimitPolicy = LOGIN_LIMITS,
    private readonly scope = "",
  ) {}

  private keys(address: string, username: string): { network: string; user: string } {
    const prefix = this.scope ? `${this.scope}:` : "";
    return {
      network: `${prefix}net:${clientNetwork(address)}`,
      user: `${prefix}user:${username.toLowerCase()}`.slice(0, 300),
    };
  }

  /**
   * Call before checking a password. Refused: how long to wait. Allowed: the attempt is already counted as a
   * failure (see the module comment); call `succeeded` with `attemptAt` when the password was right.
   */
  async begin(address: string, username: string, now: number): Promise<LoginGate> {
    const { network, user } = this.keys(address, username);
    // A row untouched this long holds nothing that still counts (its failures, lock and lock count are over).
    const stale = new Date(now - this.policy.windowMs - this.policy.maxLockMs).toISOString();
    await this.db.deleteFrom("admin_login_limits").where("updated_at", "<", stale).execute();
    return this.db.transaction().execute(async (trx) => {
      const keys = [network, user].sort();
      // Inserting first gives PostgreSQL rows to lock (SQLite holds its write lock from the transaction's start).
      await trx
        .insertInto("admin_login_limits")
        .values(keys.map((key) => ({ key, ...toRow(EMPTY, now) })))
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      const rows = await lockRows(trx, keys);
      const states = { network: toState(rows.get(network)), user: toState(rows.get(user)) };
      const wait = loginWaitMs(states.network, states.user, now, this.policy);
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      for (const [key, state] of [
        [network, states.network],
        [user, states.user],
      ] as const) {
        await trx
          .updateTable("admin_login_limits")
          .set(toRow(withFailure(state, now, this.policy), now))
          .where("key", "=", key)
          .execute();
      }
      return { allowed: true, attemptAt: now };
    });
  }

  /** The password was right: the network's failures are cleared and the username's provisional one taken back. */
  async succeeded(address: string, username: string, attemptAt: number): Promise<void> {
    const { network, user } = this.keys(address, username);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("admin_login_limits").where("key", "=", network).execute();
      const row = (await lockRows(trx, [user])).get(user);
      if (!row) return;
      await trx
        .updateTable("admin_login_limits")
        .set({ failures: JSON.stringify(withoutFailure(toState(row), attemptAt).failures) })
        .where("key", "=", user)
        .execute();
    });
  }
}
