import { Label } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";

export const inputClassName =
  "h-10 w-full rounded-md border border-line-input bg-surface px-3 text-sm text-fg placeholder:text-fg-faint disabled:opacity-60 aria-[invalid=true]:border-danger";

export type TextFieldProps = React.ComponentProps<"input"> & {
  label: string;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | null | undefined;
  /** Help shown under the input while there is no error. */
  hint?: string | undefined;
};

/**
 * A labelled input with its message: the label is always visible and tied to the input; an error marks the input
 * invalid (red border) and is announced with it. The border keeps 3:1 against the page in both themes.
 *
 * **Do**
 * - Keep the label short and above the field ("Username", "Email"); put format help in `hint`.
 * - Write errors that say how to fix them ("Please enter a valid email address."), shown after the field is left or
 *   the form sent, not on every keystroke.
 * - Set `autoComplete` and the right `type` (`email`, `password`), so phones offer the right keyboard.
 *
 * **Don't**
 * - Don't use the placeholder as the label: it disappears as soon as the player types.
 * - Don't mark a field invalid in colour only; `error` gives the text that screen readers announce.
 * - Don't make FEN, moves or addresses right-to-left in Arabic: those inputs stay `dir="ltr"`.
 */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const message = error || hint;
  return (
    <div data-slot="text-field" className={cn("flex flex-col gap-1", className)}>
      <Label.Root htmlFor={inputId} className="text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      <input
        id={inputId}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...props}
      />
      {message ? (
        <p id={messageId} className={cn("m-0 text-sm", error ? "text-danger" : "text-fg-subtle")}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
