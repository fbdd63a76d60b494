import { AccountForm } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "../../app/routing";
import { AccountFrame, TextLink } from "../frame";
import { useAccountForm } from "../use-account-form";

/**
 * /account/reset: without a token, asks for a reset link by username (the answer is the same whether the name
 * exists or has an email: nothing tells which accounts exist); with the mailed link's `?token=`, sets a new
 * password, then sends the player to sign in with it. A used or expired link says so and offers a new one.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return token ? <NewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const { t } = useTranslation();
  const form = useAccountForm("resetRequest");
  return (
    <AccountFrame title={t("account.reset.title")} intro={t("account.reset.intro")}>
      <AccountForm
        {...form.props}
        message={form.props.status === "success" ? t("account.reset.sent") : null}
        submitLabel={t("account.reset.submit")}
        sendingLabel={t("account.reset.sending")}
        footer={
          <p className="m-0 text-sm">
            <TextLink to="/account/sign-in">{t("account.reset.backToSignIn")}</TextLink>
          </p>
        }
      />
    </AccountFrame>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const form = useAccountForm("resetComplete", { token });
  const done = form.props.status === "success";
  return (
    <AccountFrame title={t("account.reset.title")} intro={t("account.reset.newIntro")}>
      <AccountForm
        {...form.props}
        message={done ? t("account.reset.done") : null}
        submitLabel={t("account.reset.newSubmit")}
        sendingLabel={t("account.reset.newSending")}
        footer={
          <div className="flex flex-col gap-2 text-sm">
            <p className="m-0">
              <TextLink to="/account/sign-in">{t("account.reset.backToSignIn")}</TextLink>
            </p>
            {form.failure === "invalid-token" ? (
              <p className="m-0">
                <TextLink to="/account/reset">{t("account.reset.askAgain")}</TextLink>
              </p>
            ) : null}
          </div>
        }
      />
    </AccountFrame>
  );
}
