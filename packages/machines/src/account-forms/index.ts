export { type AccountFormMachine, accountFormMachine } from "./account-form.machine";
export { ACCOUNT_FORM_FIELDS, ACCOUNT_RULES, PASSWORD_FIELDS, validateAccountForm } from "./rules";
export * from "./selectors";
export type * from "./types";
