import type { SnapshotFrom } from "xstate";
import type { ContactFormMachine } from "./contact-form.machine";

type Snapshot = SnapshotFrom<ContactFormMachine>;

export const selectContactStatus = (s: Snapshot) => s.value as "idle" | "sending" | "success" | "error";
export const selectContactValues = (s: Snapshot) => s.context.values;
export const selectContactFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectContactHoneypot = (s: Snapshot) => s.context.honeypot;
export const selectContactSending = (s: Snapshot) => s.matches("sending");
