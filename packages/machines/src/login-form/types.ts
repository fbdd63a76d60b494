export interface Credentials {
  username: string;
  password: string;
}

/** Spec section 8: the two login messages, as codes the site translates. */
export type LoginFailure = "invalid-credentials" | "error";

export interface LoginFormContext {
  failure: LoginFailure | null;
  /** The token of the last successful login, handed to the admin session. */
  token: string | null;
}

export type LoginFormEvent = { type: "form.submit"; credentials: Credentials } | { type: "form.edit" };

/**
 * What the login actor resolves to: a token, or null when the server refused the credentials
 * ("login returns false"); it rejects when the call itself failed ("login throws").
 */
export type LoginResult = { token: string } | null;
