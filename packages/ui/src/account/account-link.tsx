import { CircleUserRound, LogIn } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import { isActivePath, type RenderLinkProps } from "../nav-bar";

/** What the link renderer gets: the bar's link props, the link's name when it has one, and its slot and state. */
export type AccountLinkRenderProps = RenderLinkProps & {
  "aria-label"?: string;
  "data-slot"?: string;
  "data-state"?: string;
};

export type AccountLinkProps = {
  /**
   * Who is signed in on this browser: `signed-out` links to sign in, `signed-in` to the account page with the
   * player's name; `unknown` (the server's page, before the browser asked) holds the link's room, invisible, so
   * the bar does not move when the answer comes.
   */
  state: "unknown" | "signed-out" | "signed-in";
  href: string;
  /** The link's text: "Sign in", or the player's name. */
  label: string;
  /** The link's accessible name when it differs: "Your account: ada" (it must contain the text shown). */
  ariaLabel?: string | undefined;
  /** The page's path: the link is the current page on its page (and under it: /account/...). */
  currentPath?: string | undefined;
  /** Renders the link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: ((props: AccountLinkRenderProps) => React.ReactNode) | undefined;
  className?: string | undefined;
};

const linkClass =
  "inline-flex min-h-10 min-w-10 max-w-44 items-center justify-center gap-1.5 rounded-md border border-line-strong px-2 text-sm font-semibold text-fg no-underline hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand md:px-3";

/**
 * The navigation bar's account link (issue 38): "Sign in" for a visitor, the player's name once signed in, both
 * with an icon; the name is cut with an ellipsis past the link's width. It sits in the bar's end beside the theme and
 * language toggles, in the bar on phones too: there (below 768 px) it is a square like the theme toggle, its text
 * read but not shown, a signed-in player's square holding the name's first letter.
 *
 * **Do**
 * - Show the signed-in name: it tells the player which account the training goes to.
 * - Pass `unknown` while the browser has not asked yet, so the server's page and the hydrated one match.
 *
 * **Don't**
 * - Don't make it a menu of account actions: the account page has them, one click away.
 */
export function AccountLink({
  state,
  href,
  label,
  ariaLabel,
  currentPath,
  renderLink = ({ children, ...props }) => <a {...props}>{children}</a>,
  className,
}: AccountLinkProps) {
  const signedIn = state === "signed-in";
  const Icon = signedIn ? CircleUserRound : LogIn;
  const content = (
    <>
      <Icon
        aria-hidden
        className={cn("size-4 shrink-0", signedIn ? "hidden md:block" : "rtl:-scale-x-100")}
      />
      {signedIn ? (
        <span
          aria-hidden
          data-slot="account-link-initial"
          className="flex size-6 items-center justify-center rounded-full bg-brand text-xs font-bold text-brand-fg uppercase md:hidden"
        >
          {Array.from(label)[0]}
        </span>
      ) : null}
      <span className="sr-only md:not-sr-only md:truncate" dir={signedIn ? "ltr" : undefined}>
        {label}
      </span>
    </>
  );
  if (state === "unknown") {
    return (
      <span
        data-slot="account-link"
        data-state={state}
        aria-hidden
        className={cn(linkClass, "invisible", className)}
      >
        {content}
      </span>
    );
  }
  const current = currentPath !== undefined && isActivePath(currentPath, href);
  return renderLink({
    href,
    className: cn(
      linkClass,
      current && "border-brand bg-brand-soft text-brand hover:bg-brand-soft",
      className,
    ),
    children: content,
    "data-slot": "account-link",
    "data-state": state,
    "data-active": current,
    ...(current ? { "aria-current": "page" as const } : {}),
    ...(ariaLabel ? { "aria-label": ariaLabel } : {}),
  });
}
