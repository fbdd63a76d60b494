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

/** A message banner: errors are announced at once (role alert), others politely (role status). */
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
