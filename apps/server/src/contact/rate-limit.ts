import { CONTACT_RATE_LIMIT } from "@ct/contract";
import type { Kysely } from "kysely";
import { clientNetwork } from "../auth/rate-limit";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";

export interface ContactLimitPolicy {
  max: number;
  windowMs: number;
}

export type ContactGate = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * The hits of a key after one more attempt at `now`: allowed while fewer than `max` fall within the window
 * (a sliding window); refused, the wait is until the oldest of them leaves it.
 */
export function admitHit(
  hits: readonly number[],
  now: number,
  policy: ContactLimitPolicy = CONTACT_RATE_LIMIT,
): { gate: ContactGate; hits: number[] } {
  const recent = hits.filter((time) => time > now - policy.windowMs);
  if (recent.length >= policy.max) {
    const oldest = Math.min(...recent);
    return { gate: { allowed: false, retryAfterMs: oldest + policy.windowMs - now }, hits: recent };
  }
  return { gate: { allowed: true }, hits: [...recent, now] };
}

/**
 * Limits contact messages per client network (an IPv4 /24, or an IPv6 /64: see `clientNetwork`), with its
 * counts in the database so every server instance enforces the same limit. The check and the count happen in one
 * transaction (a row lock on PostgreSQL; SQLite serialises writers), so a burst of parallel requests cannot get
 * more messages through than the limit.
 */
export class ContactRateLimiter {
  /**
   * `scope` keeps the counts of different uses apart in the one table: contact messages (`net`, the default) and
   * puzzle attempts (`attempts`) each have their own limit per network.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: ContactLimitPolicy = CONTACT_RATE_LIMIT,
    private readonly scope = "net",
  ) {}

  /** Counts one message from `address` at `now`, or refuses it with how long to wait. */
  async take(address: string, now: number): Promise<ContactGate> {
    const key = `${this.scope}:${clientNetwork(address)}`.slice(0, 100);
    const at = new Date(now).toISOString();
    // A row untouched for a whole window holds no hit that still counts.
    const stale = new Date(now - this.policy.windowMs).toISOString();
    await this.db.deleteFrom("contact_rate_limits").where("updated_at", "<", stale).execute();
    return this.db.transaction().execute(async (trx) => {
      // Inserting first gives PostgreSQL a row to lock (SQLite holds its write lock from the transaction's start).
      await trx
        .insertInto("contact_rate_limits")
        .values({ key, hits: "[]", updated_at: at })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      const row = await trx
        .selectFrom("contact_rate_limits")
        .select("hits")
        .where("key", "=", key)
        .$if(isPostgres(trx), (query) => query.forUpdate())
        .executeTakeFirstOrThrow();
      const { gate, hits } = admitHit(JSON.parse(row.hits) as number[], now, this.policy);
      await trx
        .updateTable("contact_rate_limits")
        .set({ hits: JSON.stringify(hits), updated_at: at })
        .where("key", "=", key)
        .execute();
      return gate;
    });
  }
}
