import type { ContactFieldProblem } from "@ct/contract";

/** Spec section 3: a contact message. */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactMessage;
/** Why a field is refused: empty, not an email address, or longer than the server accepts. */
export type ContactFieldError = ContactFieldProblem;

/**
 * What the machine hands to its `sendMessage` actor: the trimmed message plus the two signals the server uses
 * against bots (POST /api/email/contact): the honeypot's value and how long the form was open.
 */
export interface ContactSendInput extends ContactMessage {
  website: string;
  elapsed_ms: number;
}

export interface ContactFormInput {
  /** The clock (tests pass their own); the fill time is measured with it. Default `Date.now`. */
  now?: () => number;
}

export interface ContactFormContext {
  /** What the visitor typed; kept after a failed send so nothing is lost. */
  values: ContactMessage;
  fieldErrors: Partial<Record<ContactField, ContactFieldError>>;
  /** The hidden honeypot field: people never see it, so it stays empty unless a bot fills it. */
  honeypot: string;
  /** When the visitor started this message (the form opened, or the previous message was sent). */
  openedAt: number;
  now: () => number;
}

export type ContactFormEvent =
  | { type: "form.change"; field: ContactField; value: string }
  | { type: "form.honeypot"; value: string }
  | { type: "form.submit" }
  | { type: "form.reset" };
