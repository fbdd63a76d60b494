export { type ContactFormMachine, contactFormMachine } from "./contact-form.machine";
export * from "./selectors";
export type * from "./types";
export { validateContactMessage } from "./validate";
