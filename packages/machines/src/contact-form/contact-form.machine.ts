import { assign, fromPromise, setup } from "xstate";
import type { ContactFormContext, ContactFormEvent, ContactMessage } from "./types";
import { validateContactMessage } from "./validate";

const empty: ContactMessage = { name: "", email: "", subject: "", message: "" };

/**
 * Contact form (spec section 4): idle → sending → success | error. Invalid input stays in idle with field errors;
 * a failed send keeps what was typed so the visitor can try again.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
  },
  actors: {
    sendMessage: fromPromise<void, ContactMessage>(async () => {
      throw new Error("sendMessage actor not provided");
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateContactMessage(context.values)).length === 0,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== "form.change") return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
    }),
    showErrors: assign({ fieldErrors: ({ context }) => validateContactMessage(context.values) }),
    clearForm: assign({ values: empty, fieldErrors: {} }),
  },
}).createMachine({
  id: "contactForm",
  context: { values: empty, fieldErrors: {} },
  initial: "idle",
  states: {
    idle: {
      on: {
        "form.change": { actions: "setValue" },
        "form.submit": [{ guard: "isValid", target: "sending" }, { actions: "showErrors" }],
      },
    },
    sending: {
      invoke: {
        src: "sendMessage",
        input: ({ context }) => ({
          name: context.values.name.trim(),
          email: context.values.email.trim(),
          subject: context.values.subject.trim(),
          message: context.values.message.trim(),
        }),
        onDone: { target: "success", actions: "clearForm" },
        onError: { target: "error" },
      },
    },
    success: {
      on: { "form.reset": { target: "idle" } },
    },
    error: {
      on: {
        "form.change": { target: "idle", actions: "setValue" },
        "form.submit": [
          { guard: "isValid", target: "sending" },
          { target: "idle", actions: "showErrors" },
        ],
      },
    },
  },
});

export type ContactFormMachine = typeof contactFormMachine;
