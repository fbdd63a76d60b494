import type * as React from "react";
import { cn } from "../lib/cn";

export type BannerProps = React.ComponentProps<"div"> & {
  /** The site's promise, shown above the navigation on every page. */
  text: string;
};

/**
 * The site banner (spec section 1): one line above the navigation, in the brand colour in the light theme and a
 * calmer deep green in the dark one (`--banner`, `--banner-fg`: 9.2:1 and 9.6:1).
 *
 * **Do**
 * - Keep it to the site's one-line promise, in the page's language.
 *
 * **Don't**
 * - Don't put links, buttons or news in it, and don't use it for errors or notices: those are Alerts in the page.
 * - Don't add a second banner; there is one, on every page.
 */
export function Banner({ text, className, ...props }: BannerProps) {
  return (
    <div
      data-slot="banner"
      className={cn("bg-banner px-4 py-2 text-center text-sm font-semibold text-banner-fg", className)}
      {...props}
    >
      {text}
    </div>
  );
}
