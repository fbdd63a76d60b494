import { Check, CircleDot, HardDrive, LoaderCircle } from "lucide-react";
import { cn } from "../lib/cn";

/** What the editor says about the admin's work; `none` says nothing (a new post nobody touched). */
export type SaveIndicatorState = "none" | "saved" | "saving" | "notSaved" | "savedLocally";

export type SaveIndicatorProps = {
  state: SaveIndicatorState;
  /** 'Saved', 'Saving…', 'Not saved', 'Saved locally', in the page's language. */
  labels: Record<Exclude<SaveIndicatorState, "none">, string>;
  className?: string;
};

const ICONS = {
  saved: Check,
  saving: LoaderCircle,
  notSaved: CircleDot,
  savedLocally: HardDrive,
} as const;

/**
 * Whether the admin's work is stored: Saved (on the server), Saving…, Not saved, Saved locally (in this browser
 * only). A polite live region: screen readers hear each change once the reader is idle, and it is always in the
 * page (empty for `none`), so the first change is heard too.
 *
 * **Do**
 * - Put it beside the actions that save, so "Not saved" sits next to the button that fixes it.
 *
 * **Don't**
 * - Don't use it for errors: a failed save is an Alert with what to do next.
 */
export function SaveIndicator({ state, labels, className }: SaveIndicatorProps) {
  const Icon = state === "none" ? null : ICONS[state];
  return (
    <p
      role="status"
      aria-live="polite"
      data-slot="save-indicator"
      data-state={state}
      className={cn(
        "m-0 inline-flex min-h-8 items-center gap-1.5 text-sm text-fg-muted [&_svg]:size-4 [&_svg]:shrink-0",
        state === "saved" && "text-success-strong",
        state === "notSaved" && "text-warning-strong",
        className,
      )}
    >
      {Icon ? <Icon aria-hidden className={state === "saving" ? "animate-spin" : undefined} /> : null}
      {state === "none" ? null : labels[state]}
    </p>
  );
}
