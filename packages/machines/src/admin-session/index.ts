export { type AdminSessionMachine, adminSessionMachine } from "./admin-session.machine";
export * from "./selectors";
export type * from "./types";
