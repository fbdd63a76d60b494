import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Config } from "../config";
import { mailDomain, smtpOptions } from "../contact/mailer";
import { ContactOutbox, type OutboxOptions, type OutboxStore } from "../contact/outbox";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import type { PlayerMailsTable } from "./schema";

export type PlayerMailRow = Selectable<PlayerMailsTable>;

/** Longest error text kept for a failed attempt. */
const MAX_ERROR_LENGTH = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** A mail to a player: to their address, in plain text. */
export interface PlayerMailInput {
  playerId: number;
  to: string;
  subject: string;
  body: string;
  /** Not sent once this time has passed (the link it carries has expired). */
  expiresAt: number;
}

/**
 * The outbox of mails to players (migration 0018), delivered by the contact outbox's loop (contact/outbox.ts)
 * with its lease and retry rules. A mail is stored in the transaction of what it announces (a reset token), so it
 * is durable when the request is answered. A mail whose link expired before it could be sent is not sent, and a
 * delivered mail's body (which held a reset link) is emptied.
 */
export class PlayerMails implements OutboxStore<PlayerMailRow> {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a mail for delivery, in the caller's transaction; `domain` ends its Message-ID. */
  static async queue(
    trx: Transaction<Database> | Kysely<Database>,
    mail: PlayerMailInput,
    domain: string,
    now = Date.now(),
  ): Promise<void> {
    const at = iso(now);
    await trx
      .insertInto("player_mails")
      .values({
        player_id: mail.playerId,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        message_id: `<account.${randomUUID()}@${domain}>`,
        status: "pending",
        attempts: 0,
        next_attempt_at: at,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: at,
        expires_at: iso(mail.expiresAt),
        delivered_at: null,
      })
      .execute();
  }

  /**
   * Takes the oldest due mail under a lease (one UPDATE picks and takes it, as the contact messages' `claim` does).
   * Mails whose time ran out on the way are marked expired first, and their bodies emptied.
   */
  async claim(owner: string, leaseMs: number, now: number): Promise<PlayerMailRow | undefined> {
    const at = iso(now);
    await this.db
      .updateTable("player_mails")
      .set({ status: "expired", body: "", next_attempt_at: null, lease_owner: null, lease_until: null })
      .where("status", "=", "pending")
      .where("expires_at", "<=", at)
      .execute();
    const due = sql<boolean>`(status = 'pending' and next_attempt_at <= ${at} and expires_at > ${at} and (lease_until is null or lease_until < ${at}))`;
    const candidate = this.db
      .selectFrom("player_mails")
      .select("id")
      .where(due)
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(1)
      .$if(isPostgres(this.db), (query) => query.forUpdate().skipLocked());
    return this.db
      .updateTable("player_mails")
      .set({ lease_owner: owner, lease_until: iso(now + leaseMs) })
      .where("id", "=", candidate)
      .where(due)
      .returningAll()
      .executeTakeFirst();
  }

  async delivered(id: number, now: number): Promise<void> {
    await this.db
      .updateTable("player_mails")
      .set((eb) => ({
        status: "delivered",
        body: "",
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

  async failed(id: number, owner: string, error: string, retryAt: number, now: number): Promise<void> {
    await this.db
      .updateTable("player_mails")
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

/** Mails players through the SMTP server of SMTP_URL, from CONTACT_FROM (the site's own address). */
export class PlayerMailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly config: Pick<Config, "contactFrom"> & { smtpUrl: string }) {
    this.transport = nodemailer.createTransport(smtpOptions(config.smtpUrl));
  }

  async send(mail: PlayerMailRow): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.config.contactFrom,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.body,
      messageId: mail.message_id,
      date: new Date(mail.created_at),
    });
    if (info.rejected.length > 0 && info.accepted.length === 0) {
      throw new Error(`the mail server refused the recipient: ${info.rejected.join(", ")}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** The delivery loop of the mails to players: the contact outbox's loop over PlayerMails. */
export function playerMailOutbox(
  db: Kysely<Database>,
  config: Pick<Config, "contactFrom"> & { smtpUrl: string },
  options: Pick<OutboxOptions<PlayerMailRow>, "log" | "now" | "idleMs" | "leaseMs"> = {},
): ContactOutbox<PlayerMailRow> {
  return new ContactOutbox<PlayerMailRow>({
    db,
    store: new PlayerMails(db),
    sender: new PlayerMailer(config),
    names: { outbox: "player mail outbox", mail: "player mail" },
    ...options,
  });
}

/** The domain of the site's From address, for Message-IDs. */
export function playerMailDomain(config: Pick<Config, "contactFrom">): string {
  return mailDomain(config.contactFrom);
}

/** The password-reset mail: the link, how long it works, and what to do when the player did not ask (en + ar). */
export function resetMail(username: string, link: string): { subject: string; body: string } {
  return {
    subject: "Reset your Chess Trainer password / إعادة تعيين كلمة المرور",
    body: [
      `Hello ${username},`,
      "",
      "Someone asked to reset the password of your Chess Trainer account. To choose a new password, open this",
      "link within one hour (it works once):",
      "",
      link,
      "",
      "If you did not ask, ignore this mail: your password stays as it is.",
      "",
      "—",
      "",
      `مرحبًا ${username}،`,
      "",
      "طلب أحدهم إعادة تعيين كلمة مرور حسابك في مدرّب الشطرنج. لاختيار كلمة مرور جديدة افتح هذا الرابط خلال ساعة",
      "واحدة (يعمل مرة واحدة فقط):",
      "",
      link,
      "",
      "إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.",
    ].join("\n"),
  };
}
