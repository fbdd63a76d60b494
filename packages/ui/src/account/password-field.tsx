import { Eye, EyeOff } from "lucide-react";
import { Label } from "radix-ui";
import * as React from "react";
import { inputClassName } from "../field";
import { cn } from "../lib/cn";

export type PasswordFieldProps = Omit<React.ComponentProps<"input">, "type"> & {
  label: string;
  /** The toggle's accessible name, e.g. "Show password"; pressed, it shows what was typed. */
  showLabel: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | null | undefined;
  /** Help shown under the input while there is no error ("At least 10 characters"). */
  hint?: string | undefined;
};

/**
 * A labelled password input with a show-password toggle: a button inside the field's end (a toggle button,
 * `aria-pressed`) that shows what was typed and hides it again, keeping the focus where it was typed. The input keeps
 * its `name` and `autoComplete`, so password managers fill and save it; the toggle is skipped by nothing and reached
 * with Tab right after the input.
 *
 * **Do**
 * - Set `autoComplete`: `current-password` to sign in or confirm, `new-password` to choose one (sign-up, reset,
 *   change), so browsers offer the saved one or a strong new one.
 * - Put the rules in `hint` ("At least 10 characters") and say what is wrong in `error`.
 *
 * **Don't**
 * - Don't ask for a new password twice: the toggle lets the player check what was typed.
 * - Don't block pasting: pasting from a password manager is the safe way to fill it.
 */
export function PasswordField({
  label,
  showLabel,
  error,
  hint,
  id,
  className,
  dir,
  ref,
  ...props
}: PasswordFieldProps) {
  const generated = React.useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const message = error || hint;
  const [shown, setShown] = React.useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div data-slot="password-field" className={cn("flex flex-col gap-1", className)}>
      <Label.Root htmlFor={inputId} className="text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      {/* The input and its toggle share one direction, so the toggle sits at the end the text runs to. */}
      <div className="relative" dir={dir}>
        <input
          ref={ref}
          id={inputId}
          type={shown ? "text" : "password"}
          spellCheck={false}
          autoCapitalize="none"
          className={cn(inputClassName, "pe-11")}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...props}
        />
        <button
          type="button"
          data-slot="password-field-toggle"
          aria-pressed={shown}
          aria-controls={inputId}
          aria-label={showLabel}
          title={showLabel}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
        >
          <Icon aria-hidden className="size-4" />
        </button>
      </div>
      {message ? (
        <p id={messageId} className={cn("m-0 text-sm", error ? "text-danger" : "text-fg-subtle")}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
