import { Label } from "radix-ui";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { alertVariants } from "../alert";
import { Button } from "../button";
import { TextField } from "../field";
import { cn } from "../lib/cn";

export const CONTACT_FORM_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];
export type ContactFormStatus = "idle" | "sending" | "success" | "error";

export interface ContactFormLabels {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Label of the hidden honeypot field (only bots ever meet it). */
  honeypot: string;
  /** A note above the fields: 'All fields are required.' */
  allRequired: string;
  submit: string;
  /** The submit button's text while the message is being sent. */
  sending: string;
}

export type ContactFormProps = Omit<React.ComponentProps<"form">, "onSubmit" | "onChange"> & {
  labels: ContactFormLabels;
  values: Readonly<Record<ContactFormField, string>>;
  /** Each field's message (already translated); a field with one is marked invalid. */
  errors?: Partial<Record<ContactFormField, string>> | undefined;
  /** The honeypot's value. */
  honeypot?: string | undefined;
  status: ContactFormStatus;
  /** The text of the status area: the thank-you after a success, the failure text after an error. */
  statusMessage?: string | null | undefined;
  /** Longest value of each field (what the server accepts). */
  maxLengths?: Partial<Record<ContactFormField, number>> | undefined;
  onFieldChange: (field: ContactFormField, value: string) => void;
  onHoneypotChange?: ((value: string) => void) | undefined;
  /** The visitor asked to send; the caller validates and sends. */
  onSubmit: () => void;
};

const autoComplete: Record<Exclude<ContactFormField, "message">, string> = {
  name: "name",
  email: "email",
  subject: "off",
};

/**
 * The contact form (spec sections 2 and 5): name, email, subject and message, all required; the email field is of
 * email type; the message area is at least 150 px high. The form does not validate by itself: the caller's messages
 * appear under their fields, and after a refused send the first invalid field gets the focus. A honeypot field sits
 * off-screen, hidden from screen readers and out of the tab order, so only bots fill it. The status area announces
 * the outcome (a polite status for success, an alert for failure); Send is disabled while sending.
 */
export function ContactForm({
  labels,
  values,
  errors = {},
  honeypot = "",
  status,
  statusMessage,
  maxLengths = {},
  onFieldChange,
  onHoneypotChange,
  onSubmit,
  className,
  ...props
}: ContactFormProps) {
  const id = useId();
  const sending = status === "sending";
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    subject: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const [attempt, setAttempt] = useState(0);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  // After a send was asked for, move the focus to the first field the caller refused (if any).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per attempt, reading the errors of that render
  useEffect(() => {
    if (attempt === 0) return;
    const first = CONTACT_FORM_FIELDS.find((field) => errorsRef.current[field]);
    if (first) refs[first].current?.focus();
  }, [attempt]);

  const messageId = `${id}-message`;
  const messageHintId = `${messageId}-error`;
  const trapId = `${id}-website`;

  return (
    <form
      data-slot="contact-form"
      data-status={status}
      // A form sent before the page's scripts run goes natively: as a POST, the name, email and message stay out of
      // the address, its history and its logs; the server answers it with the page again (apps/server/src/app.ts).
      method="post"
      noValidate
      aria-busy={sending || undefined}
      className={cn("relative flex flex-col gap-4", className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (sending) return;
        setAttempt((n) => n + 1);
        onSubmit();
      }}
      {...props}
    >
      <p className="m-0 text-sm text-fg-subtle">{labels.allRequired}</p>
      {(["name", "email", "subject"] as const).map((field) => (
        <TextField
          key={field}
          ref={refs[field]}
          label={labels[field]}
          name={field}
          type={field === "email" ? "email" : "text"}
          autoComplete={autoComplete[field]}
          required
          maxLength={maxLengths[field]}
          value={values[field]}
          error={errors[field]}
          onChange={(event) => onFieldChange(field, event.target.value)}
        />
      ))}
      <div data-slot="contact-form-message" className="flex flex-col gap-1">
        <Label.Root htmlFor={messageId} className="text-sm font-semibold text-fg-soft">
          {labels.message}
        </Label.Root>
        <textarea
          ref={refs.message}
          id={messageId}
          name="message"
          required
          rows={6}
          maxLength={maxLengths.message}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? messageHintId : undefined}
          onChange={(event) => onFieldChange("message", event.target.value)}
          className="min-h-[150px] w-full resize-y rounded-md border border-line-input bg-surface px-3 py-2 text-sm text-fg aria-[invalid=true]:border-danger"
        />
        {errors.message ? (
          <p id={messageHintId} className="m-0 text-sm text-danger">
            {errors.message}
          </p>
        ) : null}
      </div>
      {/* The honeypot: off-screen, hidden from assistive technology and never reached with Tab. */}
      <div
        data-slot="contact-form-trap"
        aria-hidden="true"
        className="pointer-events-none absolute -start-[10000px] top-0 size-px overflow-hidden"
      >
        <label htmlFor={trapId}>{labels.honeypot}</label>
        <input
          id={trapId}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => onHoneypotChange?.(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? labels.sending : labels.submit}
      </Button>
      <div data-slot="contact-form-status" role="status">
        {status === "success" && statusMessage ? (
          <p className={cn(alertVariants({ variant: "success" }), "m-0")}>{statusMessage}</p>
        ) : null}
      </div>
      {status === "error" && statusMessage ? (
        <div role="alert" className={alertVariants({ variant: "error" })}>
          {statusMessage}
        </div>
      ) : null}
    </form>
  );
}
