import type { AccountFailure, AccountField, AccountFieldProblem, AccountFormName } from "@ct/machines";
import { ACCOUNT_RULES } from "@ct/machines";
import type { AccountFormField } from "@ct/ui";
import type { TFunction } from "i18next";
import type { PasskeyProblem } from "./passkeys";

/** A field's problem in the reader's language. */
export function fieldProblemText(t: TFunction, field: AccountField, problem: AccountFieldProblem): string {
  switch (problem) {
    case "required":
      return t(field === "username" ? "account.errors.usernameRequired" : "account.errors.passwordRequired");
    case "usernameFormat":
      return t("account.errors.usernameFormat");
    case "usernameTaken":
      return t("account.errors.usernameTaken");
    case "passwordTooShort":
      return t("account.errors.passwordTooShort", { min: ACCOUNT_RULES.passwordMin });
    case "passwordTooLong":
      return t("account.errors.passwordTooLong", { max: ACCOUNT_RULES.passwordMax });
    case "passwordCommon":
      return t("account.errors.passwordCommon");
    case "passwordWrong":
      return t("account.errors.passwordWrong");
    case "emailInvalid":
      return t("account.errors.emailInvalid");
    case "emailTooLong":
      return t("account.errors.emailTooLong", { max: ACCOUNT_RULES.emailMax });
    case "invalid":
      return t("account.errors.invalid");
  }
}

/** A form's refusal in the reader's language; too many attempts says for how long, in minutes, when it is known. */
export function failureText(t: TFunction, failure: AccountFailure, retryAfterSeconds: number | null): string {
  switch (failure) {
    case "invalid-credentials":
      return t("account.errors.invalidCredentials");
    case "invalid-token":
      return t("account.errors.invalidToken");
    case "rate-limited":
      return retryAfterSeconds !== null && retryAfterSeconds > 0
        ? t("account.errors.rateLimited", { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) })
        : t("account.errors.tooManyAttempts");
    case "signed-out":
      return t("account.errors.signedOut");
    case "network":
      return t("account.errors.network");
    case "server":
      return t("account.errors.server");
  }
}

/** The fields of a form as the page shows them: labels, hints and what browsers should fill in. */
export function formFields(t: TFunction, form: AccountFormName): AccountFormField[] {
  const newPassword = (name: "password" | "new_password", label: string): AccountFormField => ({
    name,
    label,
    type: "password",
    autoComplete: "new-password",
    hint: t("account.fields.passwordHint", { min: ACCOUNT_RULES.passwordMin }),
    maxLength: ACCOUNT_RULES.passwordMax,
  });
  const username = (hint: boolean): AccountFormField => ({
    name: "username",
    label: t("account.fields.username"),
    type: "text",
    autoComplete: "username",
    ...(hint ? { hint: t("account.fields.usernameHint"), maxLength: 20 } : { maxLength: 200 }),
  });
  const email = (label: string, hint: string): AccountFormField => ({
    name: "email",
    label,
    type: "email",
    autoComplete: "email",
    required: false,
    hint,
    maxLength: ACCOUNT_RULES.emailMax,
  });
  const currentPassword = (name: "password" | "current_password", label: string): AccountFormField => ({
    name,
    label,
    type: "password",
    autoComplete: "current-password",
    maxLength: ACCOUNT_RULES.passwordMax,
  });
  switch (form) {
    case "signUp":
      return [
        username(true),
        newPassword("password", t("account.fields.password")),
        email(t("account.fields.email"), t("account.fields.emailHint")),
      ];
    case "signIn":
      return [username(false), currentPassword("password", t("account.fields.password"))];
    case "resetRequest":
      return [username(false)];
    case "resetComplete":
      return [newPassword("new_password", t("account.fields.newPassword"))];
    case "email":
      return [email(t("account.page.email.label"), t("account.page.email.intro"))];
    case "password":
      return [
        currentPassword("current_password", t("account.fields.currentPassword")),
        newPassword("new_password", t("account.fields.newPassword")),
      ];
    case "delete":
      return [currentPassword("password", t("account.fields.password"))];
  }
}

/** Why a passkey could not be added (`signingIn` false) or used to sign in, in the reader's language. */
export function passkeyProblemText(t: TFunction, problem: PasskeyProblem, signingIn: boolean): string {
  switch (problem) {
    case "cancelled":
      return t(signingIn ? "account.passkeys.signInCancelled" : "account.passkeys.cancelled");
    case "exists":
      return t("account.passkeys.exists");
    case "refused":
      return t(signingIn ? "account.passkeys.signInRefused" : "account.passkeys.refused");
    case "too-many":
      return t("account.passkeys.tooMany");
    case "rate-limited":
      return t("account.errors.tooManyAttempts");
    case "unsupported":
      return t("account.passkeys.unsupported");
  }
}
