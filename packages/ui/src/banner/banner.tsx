import type * as React from "react";
import { cn } from "../lib/cn";

export type BannerProps = React.ComponentProps<"div"> & {
  /** The site's promise, shown above the navigation on every page. */
  text: string;
};

/** The site banner (spec section 1): one line in the brand colour. */
export function Banner({ text, className, ...props }: BannerProps) {
  return (
    <div
      data-slot="banner"
      className={cn("bg-brand px-4 py-2 text-center text-sm font-semibold text-brand-fg", className)}
      {...props}
    >
      {text}
    </div>
  );
}
