import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from "@ct/ui";
import type { TFunction } from "i18next";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { AccountCallError, SignedOutError } from "../api";
import { PasskeyError } from "../passkeys";
import { accountChanged } from "../store";
import { passkeyProblemText } from "../texts";

/** What went wrong with a call of the page, in the reader's language; a session that ended tells the store. */
export function callFailure(t: TFunction, error: unknown): string {
  if (error instanceof PasskeyError) return passkeyProblemText(t, error.problem, false);
  if (error instanceof SignedOutError) {
    void accountChanged();
    return t("account.errors.signedOut");
  }
  if (error instanceof AccountCallError) {
    return t(error.status === 429 ? "account.errors.tooManyAttempts" : "account.errors.server");
  }
  return t("account.errors.network");
}

/** A card of the page: a titled region with what it is for. */
export function Section({
  title,
  intro,
  children,
  danger = false,
  slot,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  danger?: boolean;
  slot: string;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} data-slot={slot} className={danger ? "border-danger-line" : undefined}>
      <CardHeader>
        <CardTitle id={id} className={danger ? "text-danger-strong" : undefined}>
          {title}
        </CardTitle>
        {intro ? <CardDescription>{intro}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A list the page reads after hydration: loading, failed with what to say, or loaded. */
export type Loaded<T> =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "loaded"; value: T };

/** A list not loaded yet: a spinner while it loads, or what went wrong and Try again. */
export function NotLoaded({
  state,
  onRetry,
}: {
  state: Exclude<Loaded<unknown>, { status: "loaded" }>;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (state.status === "loading") return <Spinner layout="inline" size="sm" label={t("common.loading")} />;
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert variant="error">{state.message}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("account.page.retry")}
      </Button>
    </div>
  );
}
