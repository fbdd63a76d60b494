import {
  CONTACT_MIN_FILL_MS,
  type ContactSubmission,
  contactMessageListQuerySchema,
  contactMessageListSchema,
  contactReceiptSchema,
  contactSubmissionSchema,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { mailDomain } from "./mailer";
import { ContactRateLimiter } from "./rate-limit";
import { ContactMessages } from "./repository";

export interface ContactRoutesOptions extends AppContext {
  /** Tells the delivery loop that a message is waiting (it otherwise looks every few seconds). */
  onStored?: () => void;
}

/** Why a submission is taken for a bot's, or null for a person's. */
export function botSignal(
  body: Pick<ContactSubmission, "website" | "elapsed_ms">,
): "honeypot" | "too_fast" | null {
  if ((body.website ?? "").trim() !== "") return "honeypot";
  if (body.elapsed_ms === undefined || body.elapsed_ms < CONTACT_MIN_FILL_MS) return "too_fast";
  return null;
}

/** POST /api/email/contact (spec section 7, Contact) and the admin's list of received messages. */
export async function contactRoutes(app: FastifyInstance, context: ContactRoutesOptions): Promise<void> {
  const messages = new ContactMessages(context.db);
  const limiter = new ContactRateLimiter(context.db);
  const domain = mailDomain(context.config.contactFrom);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Contact";

  route({
    method: "POST",
    url: "/email/contact",
    tag,
    summary:
      "Send a message (name, email, subject, message; all required). It is stored before the answer (202) and " +
      "mailed from the outbox, retried until the mail server takes it. At most 5 messages per client network in " +
      "10 minutes (429 with Retry-After). `website` must stay empty and `elapsed_ms` (how long the form was " +
      "open) be at least 3000: otherwise the message is taken for a bot's, answered alike and dropped",
    body: contactSubmissionSchema,
    response: contactReceiptSchema,
    status: 202,
    handler: async ({ body, request, reply }) => {
      const gate = await limiter.take(request.ip, Date.now());
      if (!gate.allowed) {
        const seconds = Math.max(1, Math.ceil(gate.retryAfterMs / 1000));
        reply.header("retry-after", String(seconds));
        throw new HttpError(429, "too_many_requests", `Too many messages: try again in ${seconds} second(s)`);
      }
      const signal = botSignal(body);
      if (signal) {
        request.log.info({ signal }, "contact message taken for a bot's and dropped");
        return { received: true as const };
      }
      const { name, email, subject, message } = body;
      const id = await messages.store({ name, email, subject, message }, domain);
      request.log.info({ message: id }, "contact message stored for delivery");
      context.onStored?.();
      return { received: true as const };
    },
  });

  route({
    method: "GET",
    url: "/admin/messages",
    tag,
    summary:
      "Received contact messages, newest first, a page at a time, each with its delivery status, attempts and " +
      "last error (admin token or API key)",
    guard: requireWriter(context.writer),
    query: contactMessageListQuerySchema,
    response: contactMessageListSchema,
    handler: ({ query }) => messages.list(query.page, query.per_page),
  });
}
