import { AlertDialog } from "radix-ui";
import { useRef } from "react";
import { buttonVariants } from "../button";
import { cn } from "../lib/cn";

export type ConfirmDialogProps = {
  open: boolean;
  /** Called with false when the dialog closes: Cancel, Escape, or after Confirm. */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. 'Are you sure you want to delete this post?'. */
  title: string;
  /** What will happen, e.g. which post goes. */
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** A destructive action gets a red confirm button. Default true. */
  destructive?: boolean;
  className?: string;
};

/**
 * A confirmation (Radix AlertDialog): the focus starts on Cancel, Escape cancels, a click outside does nothing, and
 * only the confirm button calls `onConfirm`. Closed, it gives the focus back to what had it when it opened (the
 * button or link that asked), which is still there after Cancel.
 *
 * **Do**
 * - Ask before what cannot be undone or loses work: deleting a post, importing progress over the current one.
 * - Name the action in the title and on the button ("Delete this post?" / "Delete"), and say what is lost in
 *   `description`.
 * - Set `destructive` when confirming destroys something, so the button is the danger one.
 *
 * **Don't**
 * - Don't confirm ordinary actions (Next, Save): a dialog that always appears is clicked through unread.
 * - Don't label the buttons Yes and No; a player should know what happens from the button alone.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  destructive = true,
  className,
}: ConfirmDialogProps) {
  // Opened by the caller (a Delete button, a link the editor stopped), not by a Dialog.Trigger: remember what had the
  // focus, and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay data-slot="confirm-dialog-overlay" className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          data-slot="confirm-dialog"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-line bg-surface p-6 shadow-lg",
            className,
          )}
        >
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="m-0 text-lg font-bold text-fg">{title}</AlertDialog.Title>
            <AlertDialog.Description className="m-0 text-sm text-fg-muted">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: "secondary" })}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: destructive ? "danger" : "primary" })}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
