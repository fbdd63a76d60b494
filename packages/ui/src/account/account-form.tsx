import type * as React from "react";
import { useEffect, useRef } from "react";
import { alertVariants } from "../alert";
import { Button } from "../button";
import { TextField } from "../field";
import { cn } from "../lib/cn";
import { PasswordField } from "./password-field";

/** One field of an account form. */
export interface AccountFormField {
  /** The input's `name`, and its key in `values` and `errors` ("username", "new_password"). */
  name: string;
  label: string;
  type: "text" | "email" | "password";
  /** `username`, `email`, `current-password` or `new-password`, so browsers and password managers fill it. */
  autoComplete: string;
  /** Help under the field while it has no error ("3 to 20 characters ..."). */
  hint?: string | undefined;
  /** Marked required (the email of sign-up is optional). Default true. */
  required?: boolean | undefined;
  maxLength?: number | undefined;
}

export type AccountFormStatus = "idle" | "sending" | "success";

export type AccountFormProps = Omit<React.ComponentProps<"form">, "onSubmit" | "onChange" | "children"> & {
  fields: readonly AccountFormField[];
  values: Readonly<Record<string, string | undefined>>;
  /** Each field's message (already translated); a field with one is marked invalid. */
  errors?: Readonly<Record<string, string | undefined>> | undefined;
  status: AccountFormStatus;
  /** Why the whole form was refused ("Wrong username or password."): shown and announced above the button. */
  error?: string | null | undefined;
  /** What a success did ("Your email address is saved."), announced politely. */
  message?: string | null | undefined;
  submitLabel: string;
  /** The button's text while sending (it is disabled then). */
  sendingLabel: string;
  /** The show-password toggle's name. */
  showPasswordLabel: string;
  /** `danger` for a form that destroys something. Default `primary`. */
  submitVariant?: "primary" | "secondary" | "danger";
  onFieldChange: (name: string, value: string) => void;
  /** The player asked to send; the caller validates and sends. */
  onSubmit: () => void;
  /** Under the button: links to the other account pages ("Forgot your password?"). */
  footer?: React.ReactNode;
  /**
   * The signed-in player's name, for a form without a username field (changing the password): a hidden
   * `autoComplete="username"` field tells password managers which account's password changes.
   */
  accountName?: string | undefined;
};

/**
 * An account form (sign up, sign in, reset a password, the account page's email and password): labelled fields
 * with their `autoComplete`, a show-password toggle on each password, the caller's messages under their fields, and
 * two live regions: the form's refusal (an alert) and what a success did (a status). The form does not validate by
 * itself; after a refused send, by the caller's rules or by the server's answer, the first invalid field gets the
 * focus. The button is disabled and says so while sending. Names, addresses and passwords are typed left to right
 * in both languages.
 *
 * **Do**
 * - Give every field its `autoComplete` (`username`, `email`, `current-password`, `new-password`): password managers
 *   fill sign-in and offer a strong password at sign-up.
 * - Put each rule in the field's `hint` before the player types ("At least 10 characters"), and say what to change
 *   in its error, in the page's language (the server's messages are for developers).
 * - Say a refusal that names no field (a wrong name or password, too many attempts) in `error`: it is announced.
 *
 * **Don't**
 * - Don't say which of the name or the password was wrong at sign-in: that tells which accounts exist.
 * - Don't clear what was typed after a refusal, apart from passwords once a form was accepted.
 */
export function AccountForm({
  fields,
  values,
  errors = {},
  status,
  error,
  message,
  submitLabel,
  sendingLabel,
  showPasswordLabel,
  submitVariant = "primary",
  onFieldChange,
  onSubmit,
  footer,
  accountName,
  className,
  ...props
}: AccountFormProps) {
  const sending = status === "sending";
  const inputs = useRef(new Map<string, HTMLInputElement>());
  // Set by a send; once the answer is in (not sending any more), the first field it refused gets the focus.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current || sending) return;
    focusPending.current = false;
    const first = fields.find((field) => errors[field.name]);
    if (first) inputs.current.get(first.name)?.focus();
  });

  return (
    <form
      data-slot="account-form"
      data-status={status}
      // A form sent before the page's scripts run (a quick Enter on the server-rendered page) goes natively: as a
      // POST its fields (the password) stay out of the address, its history and its logs; the server answers it
      // with the page again (apps/server/src/app.ts).
      method="post"
      noValidate
      aria-busy={sending || undefined}
      className={cn("flex flex-col gap-4", className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (sending) return;
        focusPending.current = true;
        onSubmit();
      }}
      {...props}
    >
      {accountName !== undefined ? (
        <input type="text" name="username" autoComplete="username" value={accountName} readOnly hidden />
      ) : null}
      {fields.map((field) => {
        const common = {
          ref: (element: HTMLInputElement | null) => {
            if (element) inputs.current.set(field.name, element);
            else inputs.current.delete(field.name);
          },
          label: field.label,
          name: field.name,
          autoComplete: field.autoComplete,
          required: field.required ?? true,
          maxLength: field.maxLength,
          hint: field.hint,
          value: values[field.name] ?? "",
          error: errors[field.name],
          dir: "ltr" as const,
          onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
            onFieldChange(field.name, event.target.value),
        };
        return field.type === "password" ? (
          <PasswordField key={field.name} showLabel={showPasswordLabel} {...common} />
        ) : (
          <TextField
            key={field.name}
            type={field.type}
            spellCheck={false}
            autoCapitalize="none"
            {...common}
          />
        );
      })}
      {/* Live regions stay in the page (an added region is not always read); empty, they take no room. */}
      <div data-slot="account-form-error" role="alert" className="empty:-mt-4">
        {error ? <p className={cn(alertVariants({ variant: "error" }), "m-0")}>{error}</p> : null}
      </div>
      <Button type="submit" variant={submitVariant} disabled={sending} className="self-start">
        {sending ? sendingLabel : submitLabel}
      </Button>
      <div data-slot="account-form-status" role="status" className="empty:-mt-4">
        {message ? <p className={cn(alertVariants({ variant: "success" }), "m-0")}>{message}</p> : null}
      </div>
      {footer ? <div data-slot="account-form-footer">{footer}</div> : null}
    </form>
  );
}
