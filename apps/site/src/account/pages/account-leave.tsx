import type { Account } from "@ct/contract";
import { Alert, Button, DeleteAccountDialog } from "@ct/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { exportAccount, signOut, signOutEverywhere } from "../api";
import type { AccountNotice } from "../frame";
import { useAccountForm } from "../use-account-form";
import { callFailure, Section } from "./account-section";

export function SignOutSection({ onLeave }: { onLeave: (notice: AccountNotice) => void }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (everywhere: boolean) => {
    setSending(true);
    setError(null);
    try {
      await (everywhere ? signOutEverywhere() : signOut());
      onLeave(everywhere ? "signedOutEverywhere" : "signedOut");
    } catch (failure) {
      setError(callFailure(t, failure));
      setSending(false);
    }
  };
  return (
    <Section
      slot="account-sign-out"
      title={t("account.page.signOut.title")}
      intro={t("account.page.signOut.intro")}
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={sending} onClick={() => void run(false)}>
          {t("account.page.signOut.button")}
        </Button>
        <Button variant="secondary" disabled={sending} onClick={() => void run(true)}>
          {t("account.page.signOut.everywhere")}
        </Button>
      </div>
      <div role="alert" className="mt-3 empty:mt-0">
        {error ? (
          <Alert variant="error" role="none">
            {error}
          </Alert>
        ) : null}
      </div>
    </Section>
  );
}

export function ExportSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setSending(true);
    setError(null);
    try {
      const { blob, filename } = await exportAccount();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = filename ?? `chess-trainer-${account.username}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError(callFailure(t, failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <Section
      slot="account-export"
      title={t("account.page.export.title")}
      intro={t("account.page.export.intro")}
    >
      <Button variant="secondary" disabled={sending} onClick={() => void download()}>
        {sending ? t("account.page.export.sending") : t("account.page.export.button")}
      </Button>
      <div role="alert" className="mt-3 empty:mt-0">
        {error ? (
          <Alert variant="error" role="none">
            {error}
          </Alert>
        ) : null}
      </div>
    </Section>
  );
}

export function DeleteSection({ account, onDeleted }: { account: Account; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useAccountForm("delete", { onAccepted: onDeleted });
  return (
    <Section
      slot="account-delete"
      danger
      title={t("account.page.delete.title")}
      intro={t("account.page.delete.intro")}
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("account.page.delete.button")}
      </Button>
      <DeleteAccountDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.send({ type: "form.reset" });
        }}
        labels={{
          title: t("account.page.delete.dialogTitle"),
          description: t("account.page.delete.dialogDescription", { username: account.username }),
          password: t("account.fields.password"),
          showPassword: t("account.fields.showPassword"),
          cancel: t("account.page.delete.cancel"),
          confirm: t("account.page.delete.confirm"),
          sending: t("account.page.delete.sending"),
        }}
        password={form.props.values.password ?? ""}
        onPasswordChange={(value) => form.props.onFieldChange("password", value)}
        passwordError={form.props.errors?.password}
        error={form.props.error}
        sending={form.props.status === "sending"}
        onConfirm={form.props.onSubmit}
      />
    </Section>
  );
}
