import type { SnapshotFrom } from "xstate";
import type { LoginFormMachine } from "./login-form.machine";

type Snapshot = SnapshotFrom<LoginFormMachine>;

/** The submit button reads 'Logging in...' and is disabled while this is true. */
export const selectLoginSubmitting = (s: Snapshot) => s.matches("submitting");
export const selectLoginFailure = (s: Snapshot) => s.context.failure;
export const selectLoginDone = (s: Snapshot) => s.status === "done";
