import type { ApiError } from "@ct/contract";
import type {
  AccountField,
  AccountFieldErrors,
  AccountFieldProblem,
  AccountFormName,
  AccountSubmitResult,
} from "@ct/machines";
import { ACCOUNT_FORM_FIELDS } from "@ct/machines";

/**
 * How the site reads the account API's refusals (`{ error, message, details? }`, packages/contract): each detail on
 * one of the form's fields becomes that field's problem, a code the page writes in the reader's language (the
 * server's messages are English and meant for developers); what names no field becomes the form's failure.
 * Pure, so it is tested without a server (refusal.test.ts).
 */

/** The field a detail's path names ("body.new_password" → new_password), if the form has it. */
function fieldOf(form: AccountFormName, path: string): AccountField | null {
  const name = path.replace(/^body\./, "");
  return (ACCOUNT_FORM_FIELDS[form] as readonly string[]).includes(name) ? (name as AccountField) : null;
}

const PASSWORD_FIELD = /password/;

/** The problem a server message names (its words, or its error code), for one field. */
export function problemOf(field: AccountField, text: string): AccountFieldProblem {
  const words = text.toLowerCase();
  if (/required|empty/.test(words)) return "required";
  if (field === "username") {
    if (/taken|exists|already|in use|unavailable/.test(words)) return "usernameTaken";
    return /must|letters|invalid|format|characters/.test(words) ? "usernameFormat" : "invalid";
  }
  if (field === "email") {
    if (/at most|too long|longer/.test(words)) return "emailTooLong";
    return /invalid|valid|email/.test(words) ? "emailInvalid" : "invalid";
  }
  if (PASSWORD_FIELD.test(field)) {
    if (/common|guess|breach|known|weak/.test(words)) return "passwordCommon";
    if (/at least|too short|shorter/.test(words)) return "passwordTooShort";
    if (/at most|too long|longer/.test(words)) return "passwordTooLong";
    if (/wrong|incorrect|not (correct|right)|does not match|mismatch/.test(words)) return "passwordWrong";
  }
  return "invalid";
}

/** Seconds to wait from a Retry-After header (seconds, or an HTTP date), or null when it says nothing usable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function isApiError(body: unknown): body is ApiError {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as ApiError).error === "string" &&
    typeof (body as ApiError).message === "string"
  );
}

/**
 * A refused answer as the form's result. `status` and `body` are the answer's; `retryAfter` its Retry-After header.
 * - 429: too many attempts (how long to wait, when the server says);
 * - 401: sign-in's wrong name or password, elsewhere the session ended, unless it names a wrong password;
 * - 400/403/409 with details: each field's problem; a detail on no field of the form (a reset link's token) is an
 *   expired link on the reset form;
 * - 403 (the password asked again was wrong) and 409 (sign-up's name taken) without details;
 * - anything else: the server's failure.
 */
export function refusal(
  form: AccountFormName,
  status: number,
  body: unknown,
  retryAfter: string | null = null,
  now = Date.now(),
): AccountSubmitResult {
  const error = isApiError(body) ? body : null;
  const text = error ? `${error.error} ${error.message}` : "";
  if (status === 429) {
    const seconds = retryAfterSeconds(retryAfter, now);
    return {
      ok: false,
      failure: "rate-limited",
      ...(seconds !== null ? { retryAfterSeconds: seconds } : {}),
    };
  }
  const fieldErrors: AccountFieldErrors = {};
  let unplaced = false;
  for (const detail of error?.details ?? []) {
    const field = fieldOf(form, detail.path);
    if (field) fieldErrors[field] ??= problemOf(field, `${detail.message} ${error?.error ?? ""}`);
    else unplaced = true;
  }
  const placed = Object.keys(fieldErrors).length > 0;
  // The password asked again (to change it, to delete the account).
  const confirmField: AccountField | null =
    form === "password" ? "current_password" : form === "delete" ? "password" : null;
  const wrongPassword = /wrong|incorrect|not (correct|right)|invalid.?password|password.?invalid/i.test(text);

  if (status === 401) {
    if (form === "signIn") return { ok: false, failure: "invalid-credentials" };
    if (confirmField && wrongPassword) return { ok: false, fieldErrors: { [confirmField]: "passwordWrong" } };
    return { ok: false, failure: "signed-out" };
  }
  if (status === 400 || status === 403 || status === 409 || status === 422) {
    // The reset form's one field is the new password: any other refusal is about the link's token.
    if (form === "resetComplete") {
      if (placed && !unplaced) return { ok: false, fieldErrors };
      return { ok: false, failure: "invalid-token", ...(placed ? { fieldErrors } : {}) };
    }
    if (placed) return { ok: false, fieldErrors };
    if (status === 409 && form === "signUp") return { ok: false, fieldErrors: { username: "usernameTaken" } };
    if (confirmField && (status === 403 || wrongPassword)) {
      return { ok: false, fieldErrors: { [confirmField]: "passwordWrong" } };
    }
    if (form === "signIn" && wrongPassword) return { ok: false, failure: "invalid-credentials" };
  }
  return { ok: false, failure: "server" };
}
