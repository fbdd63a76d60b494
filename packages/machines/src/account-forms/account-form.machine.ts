import { assign, fromPromise, setup } from "xstate";
import { ACCOUNT_FORM_FIELDS, PASSWORD_FIELDS, sentValue, validateAccountForm } from "./rules";
import type {
  AccountFailure,
  AccountFormContext,
  AccountFormEvent,
  AccountFormInput,
  AccountFormName,
  AccountSubmitInput,
  AccountSubmitResult,
  AccountValues,
} from "./types";

/** The form's fields, empty, with `given` values on top. */
function startValues(form: AccountFormName, given: AccountValues = {}): AccountValues {
  return Object.fromEntries(ACCOUNT_FORM_FIELDS[form].map((field) => [field, given[field] ?? ""]));
}

/**
 * One account form (sign-up, sign-in, reset, the account page's email, password and delete): idle → submitting →
 * succeeded, or back to idle with what was refused. Its own rules (rules.ts) refuse before anything is sent, field
 * by field; the server's refusals come back through the `submit` actor as field problems and/or a failure of the
 * whole form (wrong name or password, an expired link, too many attempts). What was typed stays after a refusal;
 * passwords are emptied once the form was accepted. Typing in a field clears its problem and the form's failure.
 */
export const accountFormMachine = setup({
  types: {
    context: {} as AccountFormContext,
    events: {} as AccountFormEvent,
    input: {} as AccountFormInput,
  },
  actors: {
    submit: fromPromise<AccountSubmitResult, AccountSubmitInput>(async () => {
      throw new Error("submit actor not provided");
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateAccountForm(context.form, context.values)).length === 0,
    accepted: (_, params: { result: AccountSubmitResult }) => params.result.ok,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      if (event.type !== "form.change") return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return {
        values: { ...context.values, [event.field]: event.value },
        fieldErrors,
        failure: null,
        retryAfterSeconds: null,
      };
    }),
    showErrors: assign({
      fieldErrors: ({ context }) => validateAccountForm(context.form, context.values),
      failure: null,
      retryAfterSeconds: null,
    }),
    clearRefusal: assign({ fieldErrors: {}, failure: null, retryAfterSeconds: null }),
    showRefusal: assign((_, params: { result: AccountSubmitResult }) => {
      const result = params.result;
      if (result.ok) return {};
      const fieldErrors = result.fieldErrors ?? {};
      // A refusal that names no field and no reason is the server's fault.
      const failure: AccountFailure | null =
        result.failure ?? (Object.keys(fieldErrors).length > 0 ? null : "server");
      return { fieldErrors, failure, retryAfterSeconds: result.retryAfterSeconds ?? null };
    }),
    showNetworkFailure: assign({ failure: "network", retryAfterSeconds: null }),
    acceptAndForgetPasswords: assign(({ context }) => ({
      values: Object.fromEntries(
        Object.entries(context.values).map(([field, value]) => [
          field,
          PASSWORD_FIELDS.has(field as keyof AccountValues) ? "" : value,
        ]),
      ),
      successes: context.successes + 1,
    })),
    resetForm: assign(({ context, event }) =>
      event.type === "form.reset"
        ? {
            values: startValues(context.form, event.values),
            fieldErrors: {},
            failure: null,
            retryAfterSeconds: null,
          }
        : {},
    ),
  },
}).createMachine({
  id: "accountForm",
  context: ({ input }) => ({
    form: input.form,
    values: startValues(input.form, input.values),
    fieldErrors: {},
    failure: null,
    retryAfterSeconds: null,
    successes: 0,
  }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "form.change": { actions: "setValue" },
        "form.submit": [{ guard: "isValid", target: "submitting" }, { actions: "showErrors" }],
        "form.reset": { actions: "resetForm" },
      },
    },
    submitting: {
      entry: "clearRefusal",
      invoke: {
        src: "submit",
        input: ({ context }) => ({
          form: context.form,
          values: Object.fromEntries(
            Object.entries(context.values).map(([field, value]) => [
              field,
              sentValue(field as keyof AccountValues, value ?? ""),
            ]),
          ),
        }),
        onDone: [
          {
            guard: { type: "accepted", params: ({ event }) => ({ result: event.output }) },
            target: "succeeded",
            actions: "acceptAndForgetPasswords",
          },
          {
            target: "idle",
            actions: { type: "showRefusal", params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: "idle", actions: "showNetworkFailure" },
      },
    },
    succeeded: {
      on: {
        "form.change": { target: "idle", actions: "setValue" },
        "form.submit": [
          { guard: "isValid", target: "submitting" },
          { target: "idle", actions: "showErrors" },
        ],
        "form.reset": { target: "idle", actions: "resetForm" },
      },
    },
  },
});

export type AccountFormMachine = typeof accountFormMachine;
