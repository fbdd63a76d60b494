import type { ContactMessageList, ContactSubmission } from "@ct/contract";
import { api } from "./client";
import { CLIENT_KEY_HEADER } from "./positions";

/**
 * Spec section 7: POST /email/contact with name, email, subject and message (plus the form's bot signals). Any
 * non-success answer (refused input, too many messages, server down) rejects, and the form shows the failure text.
 */
export async function sendContactMessage(message: ContactSubmission): Promise<void> {
  await api.post("email/contact", { json: message, retry: 0 });
}

/** The admin's list of received messages: newest first, a page at a time (bearer token). */
export const messagesAdminApi = {
  list: (token: string, page: number, perPage: number) =>
    api
      .get("admin/messages", {
        headers: { ...CLIENT_KEY_HEADER, Authorization: `Bearer ${token}` },
        searchParams: { page, per_page: perPage },
        retry: 0,
      })
      .json<ContactMessageList>(),
};
