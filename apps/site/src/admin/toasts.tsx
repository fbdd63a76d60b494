import { Toaster, type ToastMessage } from "@ct/ui";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

/** A message of the admin area's toaster: a text key and its values, translated when shown. */
interface AdminToast {
  id: string;
  key: string;
  values?: Record<string, string>;
}

let toasts: readonly AdminToast[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function publish(next: readonly AdminToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a short confirmation in the admin area ('Post published'). The toaster lives in the admin layout, so a
 * message shown just before a navigation (the editor going back to the list after a save) is seen on the next page.
 */
export function showToast(key: string, values?: Record<string, string>): void {
  counter += 1;
  publish([...toasts, { id: `toast-${counter}`, key, ...(values ? { values } : {}) }]);
}

function dismissToast(id: string): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The admin area's toaster, in the page's language and direction. */
export function AdminToaster() {
  const { t, i18n } = useTranslation();
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  const messages: ToastMessage[] = shown.map((toast) => ({ id: toast.id, text: t(toast.key, toast.values) }));
  return (
    <Toaster
      toasts={messages}
      onDismiss={dismissToast}
      label={t("admin.editorWork.toast.label")}
      regionLabel={t("admin.editorWork.toast.region")}
      closeLabel={t("admin.editorWork.toast.close")}
      swipeDirection={i18n.dir(i18n.language) === "rtl" ? "left" : "right"}
    />
  );
}
