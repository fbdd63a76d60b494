import type { Account } from "@ct/contract";
import {
  type AccountField,
  type AccountFormName,
  type AccountSubmitInput,
  type AccountSubmitResult,
  type AccountValues,
  accountFormMachine,
  selectAccountFormFailure,
  selectAccountFormFieldErrors,
  selectAccountFormRetryAfter,
  selectAccountFormStatus,
  selectAccountFormValues,
} from "@ct/machines";
import type { AccountFormProps } from "@ct/ui";
import { useMachine } from "@xstate/react";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { submitAccountForm } from "./api";
import { accountChanged } from "./store";
import { failureText, fieldProblemText, formFields } from "./texts";

export interface UseAccountFormOptions {
  /** The reset link's token (the reset form). */
  token?: string;
  /** Values to start from. */
  values?: AccountValues;
  /** The server accepted the form; `account` is its answer when it sent the account (sign-in, sign-up, email). */
  onAccepted?: (account: Account | null) => void;
}

/**
 * One account form on a page: its machine (packages/machines account-forms) sending through the account API, and
 * the props of `AccountForm` in the reader's language. A form refused because the session ended tells the account
 * store, so the page follows (the account page goes to sign in).
 */
export function useAccountForm(form: AccountFormName, options: UseAccountFormOptions = {}) {
  const { t } = useTranslation();
  const latest = useRef(options);
  latest.current = options;
  const machine = useMemo(
    () =>
      accountFormMachine.provide({
        actors: {
          submit: fromPromise<AccountSubmitResult, AccountSubmitInput>(async ({ input }) => {
            const token = latest.current.token;
            const { result, account } = await submitAccountForm(input, token ? { token } : {});
            if (result.ok) latest.current.onAccepted?.(account);
            else if (result.failure === "signed-out") void accountChanged();
            return result;
          }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { form, ...(options.values ? { values: options.values } : {}) },
  });
  const status = selectAccountFormStatus(snapshot);
  const failure = selectAccountFormFailure(snapshot);
  const fieldErrors = selectAccountFormFieldErrors(snapshot);
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, problem]) => [
      field,
      problem ? fieldProblemText(t, field as AccountField, problem) : undefined,
    ]),
  );
  const props: Pick<
    AccountFormProps,
    "fields" | "values" | "errors" | "status" | "error" | "showPasswordLabel" | "onFieldChange" | "onSubmit"
  > = {
    fields: formFields(t, form),
    values: selectAccountFormValues(snapshot),
    errors,
    status: status === "submitting" ? "sending" : status === "succeeded" ? "success" : "idle",
    error: failure ? failureText(t, failure, selectAccountFormRetryAfter(snapshot)) : null,
    showPasswordLabel: t("account.fields.showPassword"),
    onFieldChange: (field, value) => send({ type: "form.change", field: field as AccountField, value }),
    onSubmit: () => send({ type: "form.submit" }),
  };
  return { props, snapshot, send, failure };
}
