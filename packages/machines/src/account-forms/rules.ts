import type { AccountField, AccountFieldErrors, AccountFormName, AccountValues } from "./types";

/**
 * The account rules of packages/contract/src/account.ts without zod, so the forms refuse in the browser what the
 * server would refuse, without shipping the schemas (rules.test.ts checks the two agree).
 */
export const ACCOUNT_RULES = {
  /** 3-20 letters a-z, digits, `_` or `-`. */
  username: /^[A-Za-z0-9_-]{3,20}$/,
  passwordMin: 10,
  passwordMax: 1024,
  emailMax: 254,
  /** One `@` between non-empty parts and a dot in the domain, as the server checks. */
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
} as const;

/** Each form's fields, in the order they show. */
export const ACCOUNT_FORM_FIELDS: Readonly<Record<AccountFormName, readonly AccountField[]>> = {
  signUp: ["username", "password", "email"],
  signIn: ["username", "password"],
  resetRequest: ["username"],
  resetComplete: ["new_password"],
  email: ["email"],
  password: ["current_password", "new_password"],
  delete: ["password"],
};

/** Fields that hold a password: never trimmed, and emptied once a form was accepted. */
export const PASSWORD_FIELDS: ReadonlySet<AccountField> = new Set([
  "password",
  "current_password",
  "new_password",
]);

/** The value sent for a field: names and addresses trimmed (as the server trims them), passwords as typed. */
export function sentValue(field: AccountField, value: string): string {
  return PASSWORD_FIELDS.has(field) ? value : value.trim();
}

function newPasswordProblem(value: string): AccountFieldErrors[AccountField] {
  if (value === "") return "required";
  if (value.length < ACCOUNT_RULES.passwordMin) return "passwordTooShort";
  if (value.length > ACCOUNT_RULES.passwordMax) return "passwordTooLong";
  return undefined;
}

function emailProblem(value: string): AccountFieldErrors[AccountField] {
  if (value === "") return undefined;
  if (value.length > ACCOUNT_RULES.emailMax) return "emailTooLong";
  if (!ACCOUNT_RULES.email.test(value)) return "emailInvalid";
  return undefined;
}

/**
 * What the form's own rules refuse (none: ready to send). Sign-up checks the name's format and a new password's
 * length; sign-in only asks for both fields (a name that cannot exist fails like any wrong name, on the server), so
 * it tells nothing about which names exist. The email is optional everywhere.
 */
export function validateAccountForm(form: AccountFormName, values: AccountValues): AccountFieldErrors {
  const value = (field: AccountField) => sentValue(field, values[field] ?? "");
  const problems: AccountFieldErrors = {};
  const set = (field: AccountField, problem: AccountFieldErrors[AccountField]) => {
    if (problem) problems[field] = problem;
  };
  switch (form) {
    case "signUp":
      set(
        "username",
        value("username") === ""
          ? "required"
          : ACCOUNT_RULES.username.test(value("username"))
            ? undefined
            : "usernameFormat",
      );
      set("password", newPasswordProblem(value("password")));
      set("email", emailProblem(value("email")));
      break;
    case "signIn":
      set("username", value("username") === "" ? "required" : undefined);
      set("password", value("password") === "" ? "required" : undefined);
      break;
    case "resetRequest":
      set("username", value("username") === "" ? "required" : undefined);
      break;
    case "resetComplete":
      set("new_password", newPasswordProblem(value("new_password")));
      break;
    case "email":
      set("email", emailProblem(value("email")));
      break;
    case "password":
      set("current_password", value("current_password") === "" ? "required" : undefined);
      set("new_password", newPasswordProblem(value("new_password")));
      break;
    case "delete":
      set("password", value("password") === "" ? "required" : undefined);
      break;
  }
  return problems;
}
