import type { Account } from "@ct/contract";
import { AccountForm } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../app/language";
import { accountChanged, accountSignedIn } from "../store";
import { useAccountForm } from "../use-account-form";
import { Section } from "./account-section";

export function ProfileSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const since = new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(account.created_at));
  return (
    <Section slot="account-profile" title={t("account.page.profile")}>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-semibold text-fg-soft">{t("account.page.username")}</dt>
        <dd className="m-0 min-w-0" data-slot="account-username">
          <bdi>{account.username}</bdi>
        </dd>
        <dt className="font-semibold text-fg-soft">{t("account.page.memberSince")}</dt>
        <dd className="m-0">
          <time dateTime={account.created_at}>{since}</time>
        </dd>
      </dl>
    </Section>
  );
}

export function EmailSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const form = useAccountForm("email", {
    values: { email: account.email ?? "" },
    onAccepted: (changed) => {
      if (changed) accountSignedIn(changed);
      else void accountChanged();
    },
  });
  const removed = (form.props.values.email ?? "").trim() === "";
  return (
    <Section slot="account-email" title={t("account.page.email.title")}>
      <AccountForm
        {...form.props}
        message={
          form.props.status === "success"
            ? t(removed ? "account.page.email.removed" : "account.page.email.saved")
            : null
        }
        submitVariant="secondary"
        submitLabel={t("account.page.email.save")}
        sendingLabel={t("account.page.email.saving")}
      />
    </Section>
  );
}

export function PasswordSection({ account, onChanged }: { account: Account; onChanged: () => void }) {
  const { t } = useTranslation();
  const form = useAccountForm("password", { onAccepted: onChanged });
  return (
    <Section slot="account-password" title={t("account.page.password.title")}>
      <AccountForm
        {...form.props}
        accountName={account.username}
        message={form.props.status === "success" ? t("account.page.password.changed") : null}
        submitVariant="secondary"
        submitLabel={t("account.page.password.submit")}
        sendingLabel={t("account.page.password.sending")}
      />
    </Section>
  );
}

/** A name for this device's passkey, as the player would recognise it: "Chrome on Android". */
