import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

export const spinnerVariants = cva("flex items-center justify-center", {
  variants: {
    layout: {
      inline: "inline-flex",
      /** Centred in the space it is given: the admin guard's session check (spec section 2). */
      centered: "min-h-[50vh] w-full",
    },
    size: {
      sm: "[&>span:first-child]:size-5",
      md: "[&>span:first-child]:size-8",
      lg: "[&>span:first-child]:size-12",
    },
  },
  defaultVariants: { layout: "centered", size: "md" },
});

export type SpinnerProps = React.ComponentProps<"div"> &
  VariantProps<typeof spinnerVariants> & {
    /** Announced to assistive technology while it spins. */
    label: string;
  };

export function Spinner({ label, layout, size, className, ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      data-slot="spinner"
      data-layout={layout ?? "centered"}
      className={cn(spinnerVariants({ layout, size }), className)}
      {...props}
    >
      <span
        aria-hidden
        className="inline-block animate-spin rounded-full border-4 border-line-strong border-t-brand"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
