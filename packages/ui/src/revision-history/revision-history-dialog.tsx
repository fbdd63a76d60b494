import { Dialog } from "radix-ui";
import { useRef } from "react";
import { Alert } from "../alert";
import { Button } from "../button";
import { cn } from "../lib/cn";
import { Spinner } from "../spinner";

/** One saved version as the dialog lists it: its texts already in the page's language. */
export interface RevisionItem {
  id: number;
  /** When it was saved, as the page writes a moment ('Nov 28, 2026, 11:21 AM'). */
  time: string;
  /** The same moment in ISO 8601, for `<time datetime>`. */
  dateTime: string;
  title: string;
  /** Its length, e.g. '312 words'. */
  words: string;
}

export type RevisionHistoryDialogProps = {
  open: boolean;
  /** Called with false when the dialog asks to close: Close, Escape, or a click on the backdrop. */
  onOpenChange: (open: boolean) => void;
  /** 'Post history'. */
  title: string;
  /** What the list is and what restoring does. */
  description: string;
  /** The list's name for screen readers, e.g. 'Saved versions'. */
  listLabel: string;
  /** The list is being read, could not be read (with Try again), or is here. */
  state: "loading" | "error" | "ready";
  /** Newest first; the first is the post as it is stored now. */
  revisions: readonly RevisionItem[];
  onRestore: (id: number) => void;
  onRetry: () => void;
  /** The version being fetched to restore: its button is disabled meanwhile. */
  restoring?: number | null;
  /** Why the last restore failed, shown above the list. */
  error?: string | null;
  labels: {
    loading: string;
    error: string;
    retry: string;
    empty: string;
    /** The badge of the newest version, the post as stored now: 'Current'. */
    current: string;
    restore: string;
    /** The restore button's full name, e.g. 'Restore the version of {time}'. */
    restoreLabel: (revision: RevisionItem) => string;
    close: string;
  };
  className?: string;
};

/**
 * The editor's History (Radix Dialog): the post's last saved versions, newest first, each with when it was saved,
 * its title and its length, and a Restore button that puts that version in the editor (the caller decides what
 * restoring means; the post's editor makes it unsaved changes). Escape, Close and the backdrop close it.
 *
 * **Do**
 * - Say in `description` that a restored version is saved only when the admin saves.
 *
 * **Don't**
 * - Don't restore on a click of the row itself: only the button restores, so reading the list changes nothing.
 */
export function RevisionHistoryDialog({
  open,
  onOpenChange,
  title,
  description,
  listLabel,
  state,
  revisions,
  onRestore,
  onRetry,
  restoring = null,
  error = null,
  labels,
  className,
}: RevisionHistoryDialogProps) {
  // Opened from the editor's History button, not a Dialog.Trigger: the focus goes back to it on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-slot="revision-history-overlay" className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content
          data-slot="revision-history"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-line bg-surface p-6 shadow-lg",
            className,
          )}
        >
          <div className="flex flex-col gap-1">
            <Dialog.Title className="m-0 text-lg font-bold text-fg">{title}</Dialog.Title>
            <Dialog.Description className="m-0 text-sm text-fg-muted">{description}</Dialog.Description>
          </div>
          {error ? <Alert variant="error">{error}</Alert> : null}
          {state === "loading" ? <Spinner layout="inline" label={labels.loading} className="py-6" /> : null}
          {state === "error" ? (
            <Alert variant="error" className="flex flex-wrap items-center justify-between gap-3">
              <span>{labels.error}</span>
              <Button variant="secondary" size="sm" onClick={onRetry}>
                {labels.retry}
              </Button>
            </Alert>
          ) : null}
          {state === "ready" && revisions.length === 0 ? (
            <p className="m-0 text-sm text-fg-muted">{labels.empty}</p>
          ) : null}
          {state === "ready" && revisions.length > 0 ? (
            <ul
              aria-label={listLabel}
              // While a restore runs every Restore button is disabled: the list, which scrolls when the dialog is
              // short, then takes the focus itself so a keyboard can still scroll it (axe's scrollable-region-focusable).
              tabIndex={restoring !== null ? 0 : undefined}
              className="m-0 flex min-h-0 list-none flex-col divide-y divide-line overflow-y-auto rounded-md border border-line p-0 focus-visible:outline-3 focus-visible:outline-brand"
            >
              {revisions.map((revision, index) => (
                <li
                  key={revision.id}
                  data-slot="revision"
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <p className="m-0 flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
                      <time dateTime={revision.dateTime}>{revision.time}</time>
                      {index === 0 ? (
                        <span className="rounded-full bg-success-muted px-2 py-0.5 text-xs text-success-strong">
                          {labels.current}
                        </span>
                      ) : null}
                    </p>
                    <p className="m-0 truncate text-sm text-fg-soft" dir="auto">
                      {revision.title}
                    </p>
                    <p className="m-0 text-xs text-fg-muted">{revision.words}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={labels.restoreLabel(revision)}
                    disabled={restoring !== null}
                    onClick={() => onRestore(revision.id)}
                  >
                    {labels.restore}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{labels.close}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
