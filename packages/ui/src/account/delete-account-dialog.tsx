import { AlertDialog } from "radix-ui";
import { useRef } from "react";
import { alertVariants } from "../alert";
import { Button } from "../button";
import { cn } from "../lib/cn";
import { PasswordField } from "./password-field";

export interface DeleteAccountDialogLabels {
  /** The question: "Delete your account?". */
  title: string;
  /** What goes, and that the password confirms it. */
  description: string;
  password: string;
  showPassword: string;
  cancel: string;
  /** The destructive button: "Delete my account". */
  confirm: string;
  /** Its text while deleting. */
  sending: string;
}

export type DeleteAccountDialogProps = {
  open: boolean;
  /** Called with false on Cancel or Escape (not while deleting). */
  onOpenChange: (open: boolean) => void;
  labels: DeleteAccountDialogLabels;
  password: string;
  onPasswordChange: (value: string) => void;
  /** The password field's message ("That password is not correct."). */
  passwordError?: string | null | undefined;
  /** Why the deletion failed otherwise (network, too many attempts), announced. */
  error?: string | null | undefined;
  sending: boolean;
  /** The player confirmed with their password; the caller checks it and deletes. */
  onConfirm: () => void;
  className?: string;
};

/**
 * Deleting the account (Radix AlertDialog): the question, what goes, and the password asked again, so a slip of the
 * mouse deletes nothing. The focus starts in the password field; Enter or the danger button sends it; Cancel and
 * Escape close it unless the deletion is under way. A wrong password is said under the field and the dialog stays
 * open. Closed, it gives the focus back to the button that opened it.
 *
 * **Do**
 * - Say in `description` what is deleted (the account, its training records, every signed-in browser) and that it
 *   cannot be undone.
 * - Keep the dialog open with the field's error when the password is wrong.
 *
 * **Don't**
 * - Don't offer it without the password: the dialog is the last check before everything goes.
 * - Don't close it while sending: the answer must be seen.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  labels,
  password,
  onPasswordChange,
  passwordError,
  error,
  sending,
  onConfirm,
  className,
}: DeleteAccountDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => (sending && !next ? undefined : onOpenChange(next))}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          data-slot="delete-account-dialog-overlay"
          className="fixed inset-0 z-40 bg-overlay"
        />
        <AlertDialog.Content
          data-slot="delete-account-dialog"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            event.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border border-line bg-surface p-6 shadow-lg",
            className,
          )}
        >
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="m-0 text-lg font-bold text-fg">{labels.title}</AlertDialog.Title>
            <AlertDialog.Description className="m-0 text-sm text-fg-muted">
              {labels.description}
            </AlertDialog.Description>
          </div>
          <form
            className="flex flex-col gap-4"
            noValidate
            aria-busy={sending || undefined}
            onSubmit={(event) => {
              event.preventDefault();
              if (!sending) onConfirm();
            }}
          >
            <PasswordField
              ref={input}
              label={labels.password}
              showLabel={labels.showPassword}
              name="password"
              autoComplete="current-password"
              required
              dir="ltr"
              value={password}
              error={passwordError}
              onChange={(event) => onPasswordChange(event.target.value)}
            />
            <div data-slot="delete-account-dialog-error" role="alert" className="empty:-mt-4">
              {error ? <p className={cn(alertVariants({ variant: "error" }), "m-0")}>{error}</p> : null}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={sending}>
                  {labels.cancel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="danger" disabled={sending}>
                {sending ? labels.sending : labels.confirm}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
