import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ContactSender } from "./mailer";
import { ContactMessages } from "./repository";

/** Waits between attempts of one message: 30 s after the first failure, doubling, at most 1 hour. */
export const RETRY = { firstMs: 30_000, maxMs: 60 * 60_000 } as const;

/** How long to wait after the nth failed attempt (n ≥ 1). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(RETRY.firstMs * 2 ** Math.max(0, failedAttempts - 1), RETRY.maxMs);
}

export interface OutboxOptions {
  db: Kysely<Database>;
  sender: ContactSender;
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
export class ContactOutbox {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  private readonly messages: ContactMessages;
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly log: NonNullable<OutboxOptions["log"]>;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private poked = false;

  constructor(private readonly options: OutboxOptions) {
    this.messages = new ContactMessages(options.db);
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
          this.log("warn", "contact outbox: looking for due messages failed", { error: String(error) });
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
        this.log("warn", "contact message not delivered; will retry", {
          message: id,
          attempts,
          retryAt: new Date(retryAt).toISOString(),
          error: reason,
        });
        result.failed++;
        continue;
      }
      await this.messages.delivered(id, this.now());
      this.log("info", "contact message delivered", { message: id });
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
