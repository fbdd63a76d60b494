import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Config } from "../config";

/** What a mail is made from: a stored contact message. */
export interface ContactMail {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The Message-ID fixed when the message was stored. */
  message_id: string;
  /** When the visitor sent it (ISO 8601). */
  created_at: string;
}

/** Sends one contact message; rejects when the mail server did not accept it. */
export interface ContactSender {
  send(mail: ContactMail): Promise<void>;
  close?(): void;
}

/** Bounds on one attempt, so a mail server that hangs cannot hold a message past its lease (outbox.ts). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * SMTP options from SMTP_URL: `smtp://host:port` (STARTTLS when the server offers it), `smtps://host:465` (TLS
 * from the start), credentials as `smtp://user:password@host` (percent-encoded). Query flags: `ignoreTLS=true`
 * never upgrades to TLS (a local sink in plain text), `requireTLS=true` refuses to send unless STARTTLS works.
 */
export function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const flag = (name: string) => ["true", "1", "yes"].includes(url.searchParams.get(name) ?? "");
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    ignoreTLS: flag("ignoreTLS"),
    requireTLS: flag("requireTLS"),
    ...TIMEOUTS,
  };
}

/** The domain of an address or `Name <address>`, for Message-IDs. */
export function mailDomain(address: string): string {
  const bare = /<([^>]+)>/.exec(address)?.[1] ?? address;
  return bare.split("@")[1]?.trim() || "localhost";
}

/**
 * The mail for one message: to CONTACT_TO from CONTACT_FROM, Reply-To the visitor (so answering the mail answers
 * them), a subject that says where it comes from, and a plain-text body with every field.
 */
export function composeContactMail(mail: ContactMail, route: { to: string; from: string }): Mail.Options {
  const body = [
    "A visitor sent this message with the contact form of the chess trainer.",
    "",
    `Name:    ${mail.name}`,
    `Email:   ${mail.email}`,
    `Subject: ${mail.subject}`,
    `Sent:    ${mail.created_at}`,
    "",
    "Message:",
    "",
    mail.message,
    "",
    "--",
    `Reply to this mail to answer ${mail.name} at ${mail.email}.`,
  ].join("\n");
  return {
    from: route.from,
    to: route.to,
    replyTo: { name: mail.name, address: mail.email },
    subject: `Contact form: ${mail.subject}`,
    text: body,
    messageId: mail.message_id,
    date: new Date(mail.created_at),
  };
}

/** Mails contact messages through the SMTP server of SMTP_URL with nodemailer. */
export class ContactMailer implements ContactSender {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly config: Pick<Config, "contactTo" | "contactFrom"> & { smtpUrl: string }) {
    this.transport = nodemailer.createTransport(smtpOptions(config.smtpUrl));
  }

  async send(mail: ContactMail): Promise<void> {
    const info = await this.transport.sendMail(
      composeContactMail(mail, { to: this.config.contactTo, from: this.config.contactFrom }),
    );
    if (info.rejected.length > 0 && info.accepted.length === 0) {
      throw new Error(`the mail server refused every recipient: ${info.rejected.join(", ")}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}
