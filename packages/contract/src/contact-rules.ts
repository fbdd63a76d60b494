/**
 * Rules of a contact message (spec sections 3 and 5) without zod, so the contact form's machine and the site can
 * check a message exactly as the server does without shipping the schemas.
 */

/** The four fields of a contact message, in form order. */
export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Longest accepted value of each field, in characters after trimming (an email address is at most 254). */
export const CONTACT_LIMITS: Readonly<Record<ContactField, number>> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

/**
 * A form sent sooner than this after it was opened is taken for a bot: answered like success, never stored. A
 * person needs longer than this to type four fields.
 */
export const CONTACT_MIN_FILL_MS = 3000;

/** Messages accepted from one client network within the window; more are answered 429. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

/** Admin list of received messages: default and largest page size. */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_MAX_PAGE_SIZE = 100;

/**
 * An email address as an `<input type="email">` accepts it (the HTML standard's pattern), with a dot in the domain
 * so a local host name is not mistaken for a reachable address.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isContactEmail(value: string): boolean {
  return value.length <= CONTACT_LIMITS.email && EMAIL.test(value);
}

/** Why a field is refused: empty, not an email address, or longer than its limit. */
export type ContactFieldProblem = "required" | "email" | "tooLong";

/** Each field's problem (none for a good message); values are trimmed first, as the server trims them. */
export function contactFieldProblems(
  values: Readonly<Record<ContactField, string>>,
): Partial<Record<ContactField, ContactFieldProblem>> {
  const problems: Partial<Record<ContactField, ContactFieldProblem>> = {};
  for (const field of CONTACT_FIELDS) {
    const value = values[field].trim();
    if (value === "") problems[field] = "required";
    else if (value.length > CONTACT_LIMITS[field]) problems[field] = "tooLong";
    else if (field === "email" && !isContactEmail(value)) problems[field] = "email";
  }
  return problems;
}
