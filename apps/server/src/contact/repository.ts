import { randomUUID } from "node:crypto";
import type { ContactMessageInput, ContactMessageList, ReceivedContactMessage } from "@ct/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import { isPostgres } from "../db/dialect";
import type { ContactMessagesTable, Database } from "../db/schema";

export type ContactMessageRow = Selectable<ContactMessagesTable>;

/** Longest error text kept for a failed attempt. */
const MAX_ERROR_LENGTH = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

function toReceived(row: ContactMessageRow): ReceivedContactMessage {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
  };
}

/**
 * The contact outbox in the database (migration 0007). A stored message is `pending` and due at once; a sender
 * claims due messages under a lease, then marks each delivered or failed (with the time of its next attempt).
 */
export class ContactMessages {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a message for delivery; it is durable when this resolves. `domain` ends its Message-ID. */
  async store(message: ContactMessageInput, domain: string, now = Date.now()): Promise<number> {
    const at = iso(now);
    const row = await this.db
      .insertInto("contact_messages")
      .values({
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        message_id: `<contact.${randomUUID()}@${domain}>`,
        status: "pending",
        attempts: 0,
        next_attempt_at: at,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: at,
        delivered_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Newest first, a page at a time. */
  async list(page: number, perPage: number): Promise<ContactMessageList> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom("contact_messages")
        .selectAll()
        .orderBy("id", "desc")
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      this.db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll<number | string>().as("total"))
        .executeTakeFirstOrThrow(),
    ]);
    const total = Number(count.total);
    return {
      messages: rows.map(toReceived),
      total,
      total_pages: Math.ceil(total / perPage),
      page,
      per_page: perPage,
    };
  }

  async get(id: number): Promise<ReceivedContactMessage | undefined> {
    const row = await this.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? toReceived(row) : undefined;
  }

  /**
   * Takes the oldest due message: pending, its attempt due, and not held by a live lease. One UPDATE both picks and
   * takes it, and checks the condition again on the row it changes, so of two senders racing for one message only
   * one gets it (PostgreSQL re-reads a row changed by a concurrent transaction; SQLite runs the statement alone).
   * The pick is a scalar subquery (`id = (...)`): PostgreSQL runs it once, where `id in (... limit 1)` may be
   * re-run per row and take several messages.
   */
  async claim(owner: string, leaseMs: number, now: number): Promise<ContactMessageRow | undefined> {
    const at = iso(now);
    const due = sql<boolean>`(status = 'pending' and next_attempt_at <= ${at} and (lease_until is null or lease_until < ${at}))`;
    const candidate = this.db
      .selectFrom("contact_messages")
      .select("id")
      .where(due)
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(1)
      .$if(isPostgres(this.db), (query) => query.forUpdate().skipLocked());
    return this.db
      .updateTable("contact_messages")
      .set({ lease_owner: owner, lease_until: iso(now + leaseMs) })
      .where("id", "=", candidate)
      .where(due)
      .returningAll()
      .executeTakeFirst();
  }

  /** The mail server accepted the message: it is delivered and never sent again. */
  async delivered(id: number, now: number): Promise<void> {
    await this.db
      .updateTable("contact_messages")
      .set((eb) => ({
        status: "delivered",
        attempts: eb("attempts", "+", 1),
        delivered_at: iso(now),
        next_attempt_at: null,
        lease_owner: null,
        lease_until: null,
        last_error: null,
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }

  /** An attempt failed: its error is kept and the message waits until `retryAt`. */
  async failed(id: number, owner: string, error: string, retryAt: number, now: number): Promise<void> {
    await this.db
      .updateTable("contact_messages")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        last_error: error.slice(0, MAX_ERROR_LENGTH),
        next_attempt_at: iso(Math.max(retryAt, now)),
        lease_owner: null,
        lease_until: null,
      }))
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("lease_owner", "=", owner)
      .execute();
  }
}
