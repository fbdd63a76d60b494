import { buttonVariants } from "@ct/ui";
import { AlertDialog } from "radix-ui";
import { useTranslation } from "react-i18next";

/**
 * The warning two minutes before an idle admin's session expires: an alert dialog (announced at once, modal, the
 * focus kept inside) with "Stay signed in" first in focus, so Enter or Space keeps the session; Escape keeps it too
 * (the admin is plainly there). "Log out" ends it now. A click outside does nothing. The editor behind it keeps its
 * unsaved fields whichever way the session ends.
 */
export function SessionWarning({
  open,
  onStay,
  onLogout,
}: {
  open: boolean;
  onStay: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // Closed by "Stay signed in" (the dialog's Cancel) or Escape.
        if (!next) onStay();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay data-slot="session-warning-overlay" className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          data-slot="session-warning"
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-line bg-surface p-6 shadow-lg"
        >
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="m-0 text-lg font-bold text-fg">
              {t("admin.session.warningTitle")}
            </AlertDialog.Title>
            <AlertDialog.Description className="m-0 text-sm text-fg-muted">
              {t("admin.session.warningDetail")}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonVariants({ variant: "secondary" })} onClick={onLogout}>
              {t("admin.session.logout")}
            </button>
            <AlertDialog.Cancel className={buttonVariants({ variant: "primary" })}>
              {t("admin.session.stay")}
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
