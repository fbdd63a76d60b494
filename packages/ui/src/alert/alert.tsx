import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

export const alertVariants = cva("rounded-md border px-4 py-3 text-sm", {
  variants: {
    variant: {
      error: "border-danger-line bg-danger-soft text-danger-strong",
      success: "border-success-line bg-success-soft text-success-strong",
      warning: "border-warning-line bg-warning-soft text-warning-strong",
      info: "border-line-strong bg-surface-muted text-fg-soft",
    },
  },
  defaultVariants: { variant: "info" },
});

export type AlertProps = React.ComponentProps<"div"> &
  VariantProps<typeof alertVariants> & {
    /** A short bold line above the message. */
    title?: string | undefined;
  };

/**
 * A message banner: errors are announced at once (role alert), others politely (role status).
 *
 * **Do**
 * - Use `error` for what failed and what to do next ("Could not load positions. Try again."), next to the thing
 *   that failed.
 * - Use `success` to confirm an action the player cannot see otherwise (a message sent, a file uploaded).
 *
 * **Don't**
 * - Don't use it for a move's verdict (that is the FeedbackCard) or for a field's error (the field shows its own).
 * - Don't show an error alert before the player did anything: it interrupts screen readers at once.
 */
export function Alert({ variant, title, className, children, ...props }: AlertProps) {
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      data-slot="alert"
      data-variant={variant ?? "info"}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      {title ? <p className="m-0 font-bold">{title}</p> : null}
      {children}
    </div>
  );
}
