import { KeyRound } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

/** One passkey of the player, its texts already written in the page's language. */
export interface PasskeyListItem {
  id: string;
  /** Its name, as given when it was added ("Chrome on Android"). */
  name: string;
  /** "Added Nov 28, 2026, 9:14 PM". */
  added: string;
  /** "Last used ..." or "Not used yet". */
  lastUsed: string;
  /** The remove button's accessible name, naming the passkey. */
  removeLabel: string;
}

export interface PasskeyListLabels {
  /** The list's name: "Your passkeys". */
  caption: string;
  /** Said instead of the list when there is none: "No passkeys yet.". */
  empty: string;
  remove: string;
  /** The remove button's text while that passkey goes. */
  removing: string;
}

export type PasskeyListProps = Omit<React.ComponentProps<"div">, "children"> & {
  passkeys: readonly PasskeyListItem[];
  labels: PasskeyListLabels;
  /** The passkey being removed (its button is disabled and says so). */
  removing?: string | null | undefined;
  onRemove: (id: string) => void;
};

/**
 * The player's passkeys (the account page): each with its name, when it was added and last used, and a button that
 * removes it, named after it. Without passkeys, one sentence says so. Adding one is the page's button under the
 * list, since it starts the browser's own dialog.
 *
 * **Do**
 * - Name each passkey by where it lives ("Chrome on Android"), so the player knows which one to remove.
 * - Say when each was last used: an old, unused one is the one to remove.
 *
 * **Don't**
 * - Don't hide the list when the browser cannot make passkeys: the ones made elsewhere can still be removed here.
 */
export function PasskeyList({ passkeys, labels, removing, onRemove, className, ...props }: PasskeyListProps) {
  return (
    <div data-slot="passkey-list" className={cn("flex flex-col", className)} {...props}>
      {passkeys.length === 0 ? (
        <p data-slot="passkey-list-empty" className="m-0 text-sm text-fg-subtle">
          {labels.empty}
        </p>
      ) : (
        <ul aria-label={labels.caption} className="m-0 flex list-none flex-col divide-y divide-line p-0">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <KeyRound aria-hidden className="size-5 shrink-0 text-fg-subtle" />
              <div className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5">
                <p className="m-0 font-semibold break-words text-fg">{passkey.name}</p>
                <p className="m-0 text-sm text-fg-subtle">{passkey.lastUsed}</p>
                <p className="m-0 text-sm text-fg-subtle">{passkey.added}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={removing === passkey.id ? undefined : passkey.removeLabel}
                disabled={removing === passkey.id}
                onClick={() => onRemove(passkey.id)}
              >
                {removing === passkey.id ? labels.removing : labels.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
