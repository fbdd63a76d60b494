import { Monitor } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

/** One signed-in browser, its texts already written in the page's language. */
export interface SessionListItem {
  id: string;
  /** What it is: "Firefox on Windows". */
  device: string;
  /** This browser: marked, and not revoked from the list (Sign out does that). */
  current: boolean;
  /** "Signed in Nov 28, 2026, 9:14 PM". */
  signedIn: string;
  /** "Last active Nov 29, 2026, 8:02 AM". */
  lastSeen: string;
  /** The revoke button's accessible name, naming the browser: "Sign out of Firefox on Windows, last active ...". */
  revokeLabel: string;
}

export interface SessionListLabels {
  /** The list's name: "Signed-in browsers". */
  caption: string;
  /** The mark of the current browser: "This browser". */
  current: string;
  /** The revoke button's text: "Sign out". */
  revoke: string;
  /** Its text while that browser is being signed out. */
  revoking: string;
}

export type SessionListProps = Omit<React.ComponentProps<"ul">, "children"> & {
  sessions: readonly SessionListItem[];
  labels: SessionListLabels;
  /** The session being signed out (its button is disabled and says so). */
  revoking?: string | null | undefined;
  onRevoke: (id: string) => void;
};

/**
 * The player's signed-in browsers (the account page): each with what it is, when it signed in and when it was last
 * active; the current one marked "This browser" and listed first; every other one with a button that signs it out.
 * A named list, each button named after its browser, so a screen reader's list of buttons says which is which.
 *
 * **Do**
 * - Describe each browser as a person knows it ("Firefox on Windows"), not by its user-agent string.
 * - Give each button a `revokeLabel` naming its browser and when it was last active.
 *
 * **Don't**
 * - Don't offer to revoke the current browser here: signing out of this browser is the page's Sign out.
 * - Don't ask to confirm a revoke: the browser can simply sign in again.
 */
export function SessionList({ sessions, labels, revoking, onRevoke, className, ...props }: SessionListProps) {
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <ul
      data-slot="session-list"
      aria-label={labels.caption}
      className={cn("m-0 flex list-none flex-col divide-y divide-line p-0", className)}
      {...props}
    >
      {ordered.map((session) => (
        <li
          key={session.id}
          data-slot="session-list-item"
          data-current={session.current || undefined}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
        >
          <Monitor aria-hidden className="size-5 shrink-0 text-fg-subtle" />
          <div className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
            <p className="m-0 flex flex-wrap items-center gap-2 font-semibold text-fg">
              <span>{session.device}</span>
              {session.current ? (
                <span
                  data-slot="session-list-current"
                  className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand"
                >
                  {labels.current}
                </span>
              ) : null}
            </p>
            <p className="m-0 text-sm text-fg-subtle">{session.lastSeen}</p>
            <p className="m-0 text-sm text-fg-subtle">{session.signedIn}</p>
          </div>
          {session.current ? null : (
            <Button
              variant="secondary"
              size="sm"
              aria-label={revoking === session.id ? undefined : session.revokeLabel}
              disabled={revoking === session.id}
              onClick={() => onRevoke(session.id)}
            >
              {revoking === session.id ? labels.revoking : labels.revoke}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
