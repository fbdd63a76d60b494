/**
 * The player's account forms (issue 38): sign up, sign in, ask for a password-reset link, set a new password with
 * it, and the account page's email, password and delete forms. One machine drives them all; each form names its
 * fields and its rules (rules.ts).
 */
export type AccountFormName =
  | "signUp"
  | "signIn"
  | "resetRequest"
  | "resetComplete"
  | "email"
  | "password"
  | "delete";

/** The fields, named as the API's bodies name them (packages/contract/src/account.ts). */
export type AccountField = "username" | "password" | "email" | "current_password" | "new_password";

export type AccountValues = Partial<Record<AccountField, string>>;

/**
 * Why a field is refused, as a code the site translates: by the form's own rules before sending, or by the server
 * (its `details`, a name already taken, a wrong password).
 */
export type AccountFieldProblem =
  | "required"
  | "usernameFormat"
  | "usernameTaken"
  | "passwordTooShort"
  | "passwordTooLong"
  | "passwordCommon"
  | "passwordWrong"
  | "emailInvalid"
  | "emailTooLong"
  /** The server refused the value for a reason the form does not know. */
  | "invalid";

export type AccountFieldErrors = Partial<Record<AccountField, AccountFieldProblem>>;

/** Why a whole form was refused (shown above its button, announced). */
export type AccountFailure =
  /** Sign-in: the name and password do not match (the server never says which). */
  | "invalid-credentials"
  /** Reset: the link's token was used already or is over an hour old. */
  | "invalid-token"
  /** Too many attempts from this account or network: `retryAfterSeconds` says for how long, when the server says. */
  | "rate-limited"
  /** The session ended (an account page form answered 401). */
  | "signed-out"
  /** The server could not be reached. */
  | "network"
  /** The server failed. */
  | "server";

/**
 * What the form's `submit` actor resolves to: done, or refused (by field and/or as a whole). It rejects only when
 * the call itself failed (network); the machine then reports `network`.
 */
export type AccountSubmitResult =
  | { ok: true }
  | {
      ok: false;
      fieldErrors?: AccountFieldErrors;
      failure?: AccountFailure;
      retryAfterSeconds?: number;
    };

/** What the machine hands to its `submit` actor: the form and its values, names and emails trimmed. */
export interface AccountSubmitInput {
  form: AccountFormName;
  values: AccountValues;
}

export interface AccountFormInput {
  form: AccountFormName;
  /** Values to start from (the account page's email form starts from the saved address). */
  values?: AccountValues;
}

export interface AccountFormContext {
  form: AccountFormName;
  values: AccountValues;
  fieldErrors: AccountFieldErrors;
  failure: AccountFailure | null;
  /** With `rate-limited`: how long the server asked to wait, in seconds, when it said. */
  retryAfterSeconds: number | null;
  /** How many times the form was sent and accepted (a page tells "saved" again after a second save). */
  successes: number;
}

export type AccountFormEvent =
  | { type: "form.change"; field: AccountField; value: string }
  | { type: "form.submit" }
  /** Back to empty (or to `values`): the account page after its data changed. */
  | { type: "form.reset"; values?: AccountValues };
