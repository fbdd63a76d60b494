import { AccountForm } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "../../app/routing";
import { AccountFrame, TextLink } from "../frame";
import { safeNext } from "../next-path";
import { accountChanged, accountSignedIn } from "../store";
import { useAccountForm } from "../use-account-form";

/**
 * /account/sign-up: a username (3-20 letters a-z, digits, _ or -), a password (at least 10 characters, not a common
 * one) and an optional email for password resets. The browser checks the formats first; the server's refusals (a
 * name taken, a common password) come back under their fields. Signed up, the player is signed in and goes on to
 * `next` or the trainer.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nextParam = params.get("next");
  const next = safeNext(nextParam);
  const form = useAccountForm("signUp", {
    onAccepted: (account) => {
      if (account) accountSignedIn(account);
      else void accountChanged();
      navigate(next, { replace: true });
    },
  });
  const carry = nextParam ? `?next=${encodeURIComponent(next)}` : "";

  return (
    <AccountFrame title={t("account.signUp.title")} intro={t("account.signUp.intro")}>
      <AccountForm
        {...form.props}
        submitLabel={t("account.signUp.submit")}
        sendingLabel={t("account.signUp.sending")}
        footer={
          <p className="m-0 text-sm text-fg-muted">
            {t("account.signUp.haveAccount")}{" "}
            <TextLink to={`/account/sign-in${carry}`}>{t("account.signUp.signIn")}</TextLink>
          </p>
        }
      />
    </AccountFrame>
  );
}
