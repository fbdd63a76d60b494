import type { SnapshotFrom } from "xstate";
import type { AccountFormMachine } from "./account-form.machine";

type Snapshot = SnapshotFrom<AccountFormMachine>;

export type AccountFormStatus = "idle" | "submitting" | "succeeded";

export const selectAccountFormStatus = (s: Snapshot) => s.value as AccountFormStatus;
/** The submit button is disabled and says it is sending while this is true. */
export const selectAccountFormSubmitting = (s: Snapshot) => s.matches("submitting");
export const selectAccountFormSucceeded = (s: Snapshot) => s.matches("succeeded");
export const selectAccountFormValues = (s: Snapshot) => s.context.values;
export const selectAccountFormFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectAccountFormFailure = (s: Snapshot) => s.context.failure;
export const selectAccountFormRetryAfter = (s: Snapshot) => s.context.retryAfterSeconds;
export const selectAccountFormSuccesses = (s: Snapshot) => s.context.successes;
