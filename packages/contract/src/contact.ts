import { z } from "zod";
import {
  CONTACT_LIMITS,
  CONTACT_MAX_PAGE_SIZE,
  CONTACT_PAGE_SIZE,
  type ContactField,
  isContactEmail,
} from "./contact-rules";
import { queryIntegerSchema } from "./params";

/** No control characters (a line break in a name or subject would end up in a mail header). */
const ONE_LINE = /^[^\p{Cc}]*$/u;
/** Text with line breaks and tabs, but no other control characters. */
const TEXT = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;

function field(name: ContactField, label: string, pattern: RegExp) {
  const max = CONTACT_LIMITS[name];
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(pattern, `${label} must not contain control characters`);
}

/** Spec section 3: a contact message. Every field is required and trimmed; lengths are bounded. */
export const contactMessageSchema = z.object({
  name: field("name", "Name", ONE_LINE),
  email: field("email", "Email", ONE_LINE).refine(isContactEmail, "Email must be a valid email address"),
  subject: field("subject", "Subject", ONE_LINE),
  message: field("message", "Message", TEXT),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/**
 * Body of POST /api/email/contact: the message plus two signals against bots.
 * - `website`: a honeypot. The form hides this field from people (and from screen readers and the keyboard), so
 *   any value in it comes from a bot filling every input.
 * - `elapsed_ms`: how long the form was open before it was sent. Below `CONTACT_MIN_FILL_MS`, or missing, the
 *   sender is taken for a bot.
 * A bot's message is answered exactly like a person's but never stored or sent, so it learns nothing.
 */
export const contactSubmissionSchema = contactMessageSchema.extend({
  website: z.string().max(10_000).optional(),
  elapsed_ms: z.number().int().min(0).optional(),
});
export type ContactSubmission = z.input<typeof contactSubmissionSchema>;

/** The answer to a message that was received (stored for delivery, or quietly dropped as a bot's). */
export const contactReceiptSchema = z.object({ received: z.literal(true) });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/** A stored message waits in the outbox (`pending`) until the mail server accepted it (`delivered`). */
export const contactMessageStatusSchema = z.enum(["pending", "delivered"]);
export type ContactMessageStatus = z.infer<typeof contactMessageStatusSchema>;

/** One received message as the admin list shows it. Times are ISO 8601. */
export const receivedContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: contactMessageStatusSchema,
  /** Delivery attempts so far (a delivered message counts the successful one). */
  attempts: z.number().int(),
  /** Why the latest attempt failed; null once delivered or before the first attempt. */
  last_error: z.string().nullable(),
  /** When the next delivery attempt is due; null once delivered. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type ReceivedContactMessage = z.infer<typeof receivedContactMessageSchema>;

/** GET /api/admin/messages: newest first, a page at a time. */
export const contactMessageListQuerySchema = z.object({
  page: queryIntegerSchema({ min: 1, max: 100_000 }).default(1),
  per_page: queryIntegerSchema({ min: 1, max: CONTACT_MAX_PAGE_SIZE }).default(CONTACT_PAGE_SIZE),
});

export const contactMessageListSchema = z.object({
  messages: z.array(receivedContactMessageSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;
