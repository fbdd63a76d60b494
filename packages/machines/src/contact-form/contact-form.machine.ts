import { assign, fromPromise, setup } from "xstate";
import type {
  ContactFormContext,
  ContactFormEvent,
  ContactFormInput,
  ContactMessage,
  ContactSendInput,
} from "./types";
import { validateContactMessage } from "./validate";

const empty: ContactMessage = { name: "", email: "", subject: "", message: "" };

/**
 * Contact form (spec section 4): idle → sending → success | error. Invalid input stays in idle with field errors;
 * a failed send keeps what was typed so the visitor can try again. After a success the form is empty and typing
 * starts the next message. The message goes out with the honeypot's value and the time the form was open, which
 * the server uses to tell bots from people.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as ContactFormInput | undefined,
  },
  actors: {
    sendMessage: fromPromise<void, ContactSendInput>(async () => {
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
    setHoneypot: assign(({ event }) => (event.type === "form.honeypot" ? { honeypot: event.value } : {})),
    showErrors: assign({ fieldErrors: ({ context }) => validateContactMessage(context.values) }),
    clearForm: assign(({ context }) => ({
      values: empty,
      fieldErrors: {},
      honeypot: "",
      openedAt: context.now(),
    })),
  },
}).createMachine({
  id: "contactForm",
  context: ({ input }) => {
    const now = input?.now ?? Date.now;
    return { values: empty, fieldErrors: {}, honeypot: "", openedAt: now(), now };
  },
  initial: "idle",
  on: {
    "form.honeypot": { actions: "setHoneypot" },
  },
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
          website: context.honeypot,
          elapsed_ms: Math.max(0, Math.round(context.now() - context.openedAt)),
        }),
        onDone: { target: "success", actions: "clearForm" },
        onError: { target: "error" },
      },
    },
    success: {
      on: {
        "form.change": { target: "idle", actions: "setValue" },
        "form.reset": { target: "idle" },
      },
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
