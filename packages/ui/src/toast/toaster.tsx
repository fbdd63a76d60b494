import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { cn } from "../lib/cn";

/** One message of the toaster: `id` tells it apart from the others (the same text may come twice). */
export interface ToastMessage {
  id: string;
  text: string;
}

export type ToasterProps = {
  /** The messages on show, oldest first; each goes by itself after `duration`, or when dismissed. */
  toasts: readonly ToastMessage[];
  /** A message closed (its time ran out, its close button, Escape or a swipe): drop it from `toasts`. */
  onDismiss: (id: string) => void;
  /** Said before each message by screen readers, e.g. 'Notification'. */
  label: string;
  /** The name of the region that holds the messages; `{hotkey}` is replaced by its key (F8). */
  regionLabel: string;
  /** The name of each message's close button, e.g. 'Dismiss'. */
  closeLabel: string;
  /** How long a message stays, in ms (longer while hovered or focused). Default 6000. */
  duration?: number;
  /** Where a swipe dismisses a message: towards the page's end side (`right` in English, `left` in Arabic). */
  swipeDirection?: "left" | "right";
  className?: string;
};

/**
 * Short confirmations of what just happened ('Draft saved', 'Post published'), in the bottom corner at the end of
 * the line (Radix Toast). Each is announced politely by screen readers, once, as it appears; the messages stay in a
 * region (F8 moves the focus there) until their time runs out.
 *
 * **Do**
 * - Confirm an action whose result is not on screen any more: a save that took the admin back to the list.
 * - Say what happened in two or three words, in the past: "Post updated".
 *
 * **Don't**
 * - Don't put errors or anything the admin must act on in a toast: it goes by itself. Use an Alert.
 * - Don't put the only way to do something in a toast (an Undo button, say): keyboard users may never reach it.
 */
export function Toaster({
  toasts,
  onDismiss,
  label,
  regionLabel,
  closeLabel,
  duration = 6000,
  swipeDirection = "right",
  className,
}: ToasterProps) {
  return (
    <Toast.Provider label={label} duration={duration} swipeDirection={swipeDirection}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type="background"
          data-slot="toast"
          onOpenChange={(open) => {
            if (!open) onDismiss(toast.id);
          }}
          className="pointer-events-auto flex items-center gap-3 rounded-md border border-success-line bg-success-soft py-2 ps-4 pe-2 text-sm font-semibold text-success-strong shadow-lg data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)"
        >
          <Toast.Description className="m-0 flex-1">{toast.text}</Toast.Description>
          <Toast.Close
            aria-label={closeLabel}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-surface focus-visible:outline-3 focus-visible:outline-brand [&_svg]:size-4"
          >
            <X aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        data-slot="toast-viewport"
        label={regionLabel}
        className={cn(
          "pointer-events-none fixed end-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none",
          className,
        )}
      />
    </Toast.Provider>
  );
}
