export { type LoginFormMachine, loginFormMachine } from "./login-form.machine";
export * from "./selectors";
export type * from "./types";
