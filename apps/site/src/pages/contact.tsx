import { CONTACT_LIMITS, type ContactField, type ContactFieldProblem } from "@ct/contract";
import {
  contactFormMachine,
  selectContactFieldErrors,
  selectContactHoneypot,
  selectContactStatus,
  selectContactValues,
} from "@ct/machines";
import { Card, CardContent, ContactForm, type ContactFormLabels } from "@ct/ui";
import { useMachine } from "@xstate/react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { sendContactMessage } from "../api/contact";
import { Page } from "./page";

const requiredKey: Record<ContactField, string> = {
  name: "contact.errors.nameRequired",
  email: "contact.errors.emailRequired",
  subject: "contact.errors.subjectRequired",
  message: "contact.errors.messageRequired",
};

function problemText(t: TFunction, field: ContactField, problem: ContactFieldProblem): string {
  if (problem === "required") return t(requiredKey[field]);
  if (problem === "email") return t("contact.errors.emailInvalid");
  return t("contact.errors.tooLong", { max: CONTACT_LIMITS[field] });
}

/**
 * /contact (spec sections 2, 4, 5 and 8): the contact form driven by the contact-form machine (idle, sending,
 * success, error), with the spec's thank-you and failure texts.
 */
export function Component() {
  const { t } = useTranslation();
  const machine = useMemo(
    () =>
      contactFormMachine.provide({
        actors: { sendMessage: fromPromise(({ input }) => sendContactMessage(input)) },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: {} });
  const status = selectContactStatus(snapshot);
  const fieldErrors = selectContactFieldErrors(snapshot);
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([field, problem]) => [
      field,
      problemText(t, field as ContactField, problem),
    ]),
  );

  return (
    <Page title={t("contact.title")}>
      <p className="mb-6 max-w-2xl text-fg-muted">{t("contact.intro")}</p>
      <Card className="max-w-2xl">
        <CardContent className="pt-6">
          <ContactForm
            labels={t("contact.form", { returnObjects: true }) as ContactFormLabels}
            values={selectContactValues(snapshot)}
            errors={errors}
            honeypot={selectContactHoneypot(snapshot)}
            status={status}
            statusMessage={
              status === "success" ? t("contact.success") : status === "error" ? t("contact.failure") : null
            }
            maxLengths={CONTACT_LIMITS}
            onFieldChange={(field, value) => send({ type: "form.change", field, value })}
            onHoneypotChange={(value) => send({ type: "form.honeypot", value })}
            onSubmit={() => send({ type: "form.submit" })}
          />
        </CardContent>
      </Card>
    </Page>
  );
}
