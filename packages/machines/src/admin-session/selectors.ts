import type { SnapshotFrom } from "xstate";
import type { AdminSessionMachine } from "./admin-session.machine";

type Snapshot = SnapshotFrom<AdminSessionMachine>;

/** True while the stored session is being checked (the guard shows its spinner). */
export const selectIsChecking = (s: Snapshot) => s.matches("checking") || s.matches("validating");
export const selectIsAuthenticated = (s: Snapshot) => s.matches("authenticated");
export const selectToken = (s: Snapshot) => (s.matches("authenticated") ? s.context.token : null);
export const selectEndedBy = (s: Snapshot) => s.context.endedBy;
/** The warning before an idle expiry is on show ("Stay signed in" / "Log out"). */
export const selectSessionWarning = (s: Snapshot) => s.matches({ authenticated: "warning" });
