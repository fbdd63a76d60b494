import { AccountForm, Alert, Button } from "@ct/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "../../app/routing";
import { AccountFrame, TextLink } from "../frame";
import { safeNext } from "../next-path";
import { PasskeyError, passkeysSupported, signInWithPasskey } from "../passkeys";
import { accountChanged, accountSignedIn, useAccount } from "../store";
import { passkeyProblemText } from "../texts";
import { useAccountForm } from "../use-account-form";

/**
 * /account/sign-in: the username and password, then on to `next` (a page of this site) or the trainer. A wrong
 * name or password is one message for both (nothing tells which names exist); too many attempts says how long to
 * wait. Already signed in, the page says as whom, and signing in again changes the account.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nextParam = params.get("next");
  const next = safeNext(nextParam);
  const account = useAccount();
  const form = useAccountForm("signIn", {
    onAccepted: (signedIn) => {
      if (signedIn) accountSignedIn(signedIn);
      else void accountChanged();
      navigate(next, { replace: true });
    },
  });
  const carry = nextParam ? `?next=${encodeURIComponent(next)}` : "";
  // Passkeys where the browser can use them (known after hydration: the server renders the form alone).
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(passkeysSupported()), []);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const withPasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyError(null);
    try {
      accountSignedIn(await signInWithPasskey());
      navigate(next, { replace: true });
    } catch (error) {
      setPasskeyError(
        error instanceof PasskeyError
          ? passkeyProblemText(t, error.problem, true)
          : t(error instanceof TypeError ? "account.errors.network" : "account.errors.server"),
      );
      setPasskeyBusy(false);
    }
  };

  return (
    <AccountFrame title={t("account.signIn.title")} intro={t("account.signIn.intro")}>
      {account.status === "signed-in" ? (
        <Alert variant="info" className="mb-4" data-slot="signed-in-as">
          {t("account.signIn.signedInAs", { username: account.account.username })}{" "}
          <TextLink to="/account">{t("account.signIn.goToAccount")}</TextLink>
        </Alert>
      ) : null}
      <AccountForm
        {...form.props}
        submitLabel={t("account.signIn.submit")}
        sendingLabel={t("account.signIn.sending")}
        footer={
          <div className="flex flex-col gap-2 text-sm">
            {passkeys ? (
              <div data-slot="passkey-sign-in" className="mb-2 flex flex-col gap-3">
                <p className="m-0 flex items-center gap-3 text-fg-subtle" aria-hidden>
                  <span className="h-px flex-1 bg-line" />
                  {t("account.passkeys.or")}
                  <span className="h-px flex-1 bg-line" />
                </p>
                <Button
                  variant="secondary"
                  disabled={passkeyBusy || form.props.status === "sending"}
                  onClick={() => void withPasskey()}
                >
                  {passkeyBusy ? t("account.passkeys.signingIn") : t("account.passkeys.signIn")}
                </Button>
                <div role="alert" className="empty:-mt-3">
                  {passkeyError ? (
                    <Alert variant="error" role="none">
                      {passkeyError}
                    </Alert>
                  ) : null}
                </div>
              </div>
            ) : null}
            <p className="m-0">
              <TextLink to="/account/reset">{t("account.signIn.forgot")}</TextLink>
            </p>
            <p className="m-0 text-fg-muted">
              {t("account.signIn.noAccount")}{" "}
              <TextLink to={`/account/sign-up${carry}`}>{t("account.signIn.signUp")}</TextLink>
            </p>
          </div>
        }
      />
    </AccountFrame>
  );
}
