import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@ct/ui";
import type { TFunction } from "i18next";
import { type ReactNode, useId } from "react";
import { AccountCallError, SignedOutError } from "../api";
import { PasskeyError } from "../passkeys";
import { accountChanged } from "../store";
import { passkeyProblemText } from "../texts";

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
