import { Alert, Spinner } from "@ct/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "../../app/routing";
import { Page } from "../../pages/page";
import { type AccountNotice, textLinkClass } from "../frame";
import { signInPath } from "../next-path";
import { accountSignedOut, useAccount } from "../store";
import { AccountSections } from "./account-sections";

/**
 * /account: the signed-in player's account. The server renders the page's frame (the account is the browser's to
 * ask for); once hydrated, the account store knows who is signed in: nobody goes to sign in and comes back here,
 * a player sees the name, the email form, the password form, the signed-in browsers, sign out (here or
 * everywhere), the export of their data, and the deletion of the account behind a dialog asking the password.
 */
export function Component() {
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  // Set when the player leaves the account here (signs out, deletes it): no detour through the sign-in page then.
  const [left, setLeft] = useState<AccountNotice | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (account.status === "signed-out" && !leaving.current)
      navigate(signInPath("/account"), { replace: true });
  }, [account.status, navigate]);

  const leave = useCallback(
    (notice: AccountNotice) => {
      leaving.current = true;
      accountSignedOut();
      if (notice === "deleted") setLeft(notice);
      else navigate("/account/sign-in", { state: { notice } });
    },
    [navigate],
  );

  return (
    <Page title={t("account.page.title")}>
      {left === "deleted" ? (
        <div className="flex max-w-3xl flex-col gap-4">
          <Alert variant="success" data-slot="account-notice">
            {t("account.notices.deleted")}
          </Alert>
          <p className="m-0">
            <Link to="/" className={textLinkClass}>
              {t("notFound.returnHome")}
            </Link>
          </p>
        </div>
      ) : account.status === "signed-in" ? (
        <AccountSections account={account.account} onLeave={leave} />
      ) : (
        <Spinner label={t("account.page.loading")} />
      )}
    </Page>
  );
}
