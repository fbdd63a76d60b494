import { Alert, Card, CardContent } from "@ct/ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "../app/routing";

/** A link between the account pages, in running text. */
export const textLinkClass = "font-semibold text-brand underline underline-offset-2 hover:no-underline";

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={textLinkClass}>
      {children}
    </Link>
  );
}

/** What the page a player lands on says about how they left the account (router state, set by the account page). */
export type AccountNotice = "signedOut" | "signedOutEverywhere" | "deleted";

function noticeOf(state: unknown): AccountNotice | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return notice === "signedOut" || notice === "signedOutEverywhere" || notice === "deleted" ? notice : null;
}

/**
 * The frame of the sign-up, sign-in and reset pages: a narrow column with the page's heading and what it is for,
 * a notice when the player just left the account, and the form in a card.
 */
export function AccountFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const notice = noticeOf(useLocation().state);
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold text-brand">{title}</h1>
      <p className="mt-0 mb-6 text-fg-muted">{intro}</p>
      {notice ? (
        <Alert variant="success" className="mb-4" data-slot="account-notice">
          {t(`account.notices.${notice}`)}
        </Alert>
      ) : null}
      <Card>
        <CardContent className="pt-5">{children}</CardContent>
      </Card>
    </main>
  );
}
