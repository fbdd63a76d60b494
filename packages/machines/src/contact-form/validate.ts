import { contactFieldProblems } from "@ct/contract";
import type { ContactField, ContactFieldError, ContactMessage } from "./types";

/**
 * Spec section 5: name, email, subject and message are all required; the email must be an email address. The
 * rules (and the length limits) are the server's own, from the contract, so the form refuses what the server would.
 */
export function validateContactMessage(
  values: ContactMessage,
): Partial<Record<ContactField, ContactFieldError>> {
  return contactFieldProblems(values);
}
