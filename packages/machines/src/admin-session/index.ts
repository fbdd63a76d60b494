export {
  type AdminSessionMachine,
  adminSessionMachine,
  SESSION_REFRESH_AFTER_MS,
  SESSION_REFRESH_RETRY_MS,
  SESSION_WARNING_MS,
} from "./admin-session.machine";
export * from "./selectors";
export type * from "./types";
