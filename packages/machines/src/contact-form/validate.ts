import type { ContactField, ContactFieldError, ContactMessage } from "./types";

/** A pragmatic email shape: something@something.tld without spaces (the server checks it again). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5: name, email, subject and message are all required; the email must be an email. */
export function validateContactMessage(
  values: ContactMessage,
): Partial<Record<ContactField, ContactFieldError>> {
  const errors: Partial<Record<ContactField, ContactFieldError>> = {};
  for (const field of ["name", "email", "subject", "message"] as const) {
    if (values[field].trim() === "") errors[field] = "required";
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = "email";
  return errors;
}
