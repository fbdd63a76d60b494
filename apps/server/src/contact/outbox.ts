import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ContactSender } from "./mailer";
import { type ContactMessageRow, ContactMessages } from "./repository";

/** Waits between attempts of one message: 30 s after the first failure, doubling, at most 1 hour. */
export const RETRY = { firstMs: 30_000, maxMs: 60 * 60_000 } as const;

/** How long to wait after the nth failed attempt (n ≥ 1). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(RETRY.firstMs * 2 ** Math.max(0, failedAttempts - 1), RETRY.maxMs);
}

/**
 * Where an outbox's mails wait: claimed under a lease, then marked delivered or failed. The contact messages
 * (repository.ts) by default; the mails to players (players/mail.ts) have a table of their own.
 */
export interface OutboxStore<Row extends { id: number | string; attempts: number | string }> {
  claim(owner: string, leaseMs: number, now: number): Promise<Row | undefined>;
  delivered(id: number, now: number): Promise<void>;
  failed(id: number, owner: string, error: string, retryAt: number, now: number): Promise<void>;
}

export interface OutboxOptions<
  Row extends { id: number | string; attempts: number | string } = ContactMessageRow,
> {
  db: Kysely<Database>;
  sender: Pick<ContactSender, "close"> & { send(mail: NoInfer<Row>): Promise<void> };
  /** The mails it delivers (default: the contact messages). */
  store?: OutboxStore<Row>;
  /** What its log lines call itself and one mail (default "contact outbox", "contact message"). */
  names?: { outbox: string; mail: string };
  /** How long a claimed message stays this sender's (default 2 minutes; one attempt is bounded well below). */
  leaseMs?: number;
  /** Pause between looks for due messages (default 5 s); a new message wakes the loop at once (`poke`). */
  idleMs?: number;
  /** The clock (tests move it to make a retry due). */
  now?: () => number;
  log?: (level: "info" | "warn", message: string, details?: Record<string, unknown>) => void;
}

export interface DrainResult {
  delivered: number;
  failed: number;
}

/**
 * The delivery loop of the contact outbox. It claims due messages one at a time under a lease, mails each, and
 * marks it delivered, or records the error and when to try again. Any number of server instances can run it on one
 * database: a claimed message belongs to one sender until its lease runs out, so no message is mailed twice while
 * its sender is alive. (A sender that dies after the mail server accepted a message but before it was marked may
 * mail it once more when the lease runs out; the mail keeps its Message-ID, so mail clients show one message.)
 */
export class ContactOutbox<
  Row extends { id: number | string; attempts: number | string } = ContactMessageRow,
> {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  private readonly messages: OutboxStore<Row>;
  private readonly names: { outbox: string; mail: string };
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly log: NonNullable<OutboxOptions["log"]>;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private poked = false;

  constructor(private readonly options: OutboxOptions<Row>) {
    this.messages = options.store ?? (new ContactMessages(options.db) as unknown as OutboxStore<Row>);
    this.names = options.names ?? { outbox: "contact outbox", mail: "contact message" };
    this.leaseMs = options.leaseMs ?? 120_000;
    this.idleMs = options.idleMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  /** Runs in the background until `stop()`. */
  start(): void {
    this.loop ??= (async () => {
      while (!this.stopping) {
        this.poked = false;
        await this.drain().catch((error: unknown) => {
          this.log("warn", `${this.names.outbox}: looking for due messages failed`, { error: String(error) });
        });
        if (!this.poked && !this.stopping) await this.sleep(this.idleMs);
      }
    })();
  }

  /** A message was stored: look now rather than at the next tick. */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  /** Finishes the message being sent, then ends the loop and closes the mail transport. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.options.sender.close?.();
  }

  /** Sends every message that is due now, one at a time; resolves when none is left. */
  async drain(): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, failed: 0 };
    while (!this.stopping) {
      const row = await this.messages.claim(this.id, this.leaseMs, this.now());
      if (!row) break;
      const id = Number(row.id);
      try {
        await this.options.sender.send(row);
      } catch (error) {
        const attempts = Number(row.attempts) + 1;
        const at = this.now();
        const retryAt = at + retryDelayMs(attempts);
        const reason = error instanceof Error ? error.message : String(error);
        await this.messages.failed(id, this.id, reason, retryAt, at);
        this.log("warn", `${this.names.mail} not delivered; will retry`, {
          message: id,
          attempts,
          retryAt: new Date(retryAt).toISOString(),
          error: reason,
        });
        result.failed++;
        continue;
      }
      await this.messages.delivered(id, this.now());
      this.log("info", `${this.names.mail} delivered`, { message: id });
      result.delivered++;
    }
    return result;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
