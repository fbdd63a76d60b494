import type { Account, Passkey, PlayerSession } from "@ct/contract";
import {
  AccountForm,
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DeleteAccountDialog,
  formatDateTime,
  PasskeyList,
  SessionList,
  type SessionListItem,
  Spinner,
} from "@ct/ui";
import type { TFunction } from "i18next";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../app/language";
import { Link, useNavigate } from "../../app/routing";
import { Page } from "../../pages/page";
import {
  AccountCallError,
  exportAccount,
  loadSessions,
  revokeSession,
  SignedOutError,
  signOut,
  signOutEverywhere,
} from "../api";
import { type AccountNotice, textLinkClass } from "../frame";
import { signInPath } from "../next-path";
import { addPasskey, listPasskeys, PasskeyError, passkeysSupported, removePasskey } from "../passkeys";
import { accountChanged, accountSignedIn, accountSignedOut, useAccount } from "../store";
import { passkeyProblemText } from "../texts";
import { useAccountForm } from "../use-account-form";
import { describeUserAgent } from "../user-agent";

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

/** What went wrong with a call of the page, in the reader's language; a session that ended tells the store. */
function callFailure(t: TFunction, error: unknown): string {
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
function Section({
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

function AccountSections({
  account,
  onLeave,
}: {
  account: Account;
  onLeave: (notice: AccountNotice) => void;
}) {
  // Changing the password may sign other browsers out: the list is read again after it.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    // Two columns from 992 px: who the player is and how they sign in; then where they are signed in and the
    // account's end. One column, in that order, below.
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">
        <ProfileSection account={account} />
        <EmailSection account={account} />
        <PasswordSection account={account} onChanged={() => setSessionsVersion((n) => n + 1)} />
        <PasskeysSection />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <SessionsSection version={sessionsVersion} />
        <SignOutSection onLeave={onLeave} />
        <ExportSection account={account} />
        <DeleteSection account={account} onDeleted={() => onLeave("deleted")} />
      </div>
    </div>
  );
}

function ProfileSection({ account }: { account: Account }) {
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

function EmailSection({ account }: { account: Account }) {
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

function PasswordSection({ account, onChanged }: { account: Account; onChanged: () => void }) {
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
function thisDevice(t: TFunction): string {
  const { browser, system } = describeUserAgent(navigator.userAgent);
  return t("account.page.sessions.device", {
    browser: browser ?? t("account.page.sessions.unknownBrowser"),
    system: system ?? t("account.page.sessions.unknownSystem"),
  });
}

/**
 * The player's passkeys: listed (with a remove button each) wherever the page is open; added with the browser's
 * own dialog where the browser can make one.
 */
function PasskeysSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [passkeys, setPasskeys] = useState<Loaded<Passkey[]>>({ status: "loading" });
  const [reloads, setReloads] = useState(0);
  // "adding", or the id of the passkey being removed.
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after an addition or a removal
  useEffect(() => {
    let current = true;
    listPasskeys()
      .then((value) => current && setPasskeys({ status: "loaded", value }))
      .catch((failure: unknown) => {
        if (current) setPasskeys({ status: "failed", message: callFailure(t, failure) });
      });
    return () => {
      current = false;
    };
  }, [reloads, t]);

  const run = async (what: string, action: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setMessage(null);
    setError(null);
    try {
      await action();
      setMessage(done);
      setReloads((n) => n + 1);
    } catch (failure) {
      setError(callFailure(t, failure));
    } finally {
      setBusy(null);
    }
  };

  const items =
    passkeys.status === "loaded"
      ? passkeys.value.map((passkey) => {
          const added = formatDateTime(language, passkey.created_at);
          return {
            id: passkey.id,
            name: passkey.name,
            added: t("account.passkeys.created", { date: added }),
            lastUsed: passkey.last_used_at
              ? t("account.passkeys.lastUsed", { date: formatDateTime(language, passkey.last_used_at) })
              : t("account.passkeys.neverUsed"),
            removeLabel: t("account.passkeys.removeLabel", { name: passkey.name, date: added }),
          };
        })
      : [];

  return (
    <Section slot="account-passkeys" title={t("account.passkeys.title")} intro={t("account.passkeys.intro")}>
      {passkeys.status === "loading" ? (
        <Spinner layout="inline" size="sm" label={t("common.loading")} />
      ) : passkeys.status === "failed" ? (
        <div className="flex flex-col items-start gap-3">
          <Alert variant="error">{passkeys.message}</Alert>
          <Button variant="secondary" size="sm" onClick={() => setReloads((n) => n + 1)}>
            {t("account.page.retry")}
          </Button>
        </div>
      ) : (
        <PasskeyList
          passkeys={items}
          labels={{
            caption: t("account.passkeys.caption"),
            empty: t("account.passkeys.none"),
            remove: t("account.passkeys.remove"),
            removing: t("account.passkeys.removing"),
          }}
          removing={busy === "adding" ? null : busy}
          onRemove={(id) => void run(id, () => removePasskey(id), t("account.passkeys.removed"))}
        />
      )}
      <div className="mt-3">
        {supported ? (
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => void run("adding", () => addPasskey(thisDevice(t)), t("account.passkeys.added"))}
          >
            {busy === "adding" ? t("account.passkeys.adding") : t("account.passkeys.add")}
          </Button>
        ) : (
          <p className="m-0 text-sm text-fg-subtle">{t("account.passkeys.unsupported")}</p>
        )}
      </div>
      <div role="status" className="mt-3 empty:mt-0">
        {message ? <p className="m-0 text-sm text-success-strong">{message}</p> : null}
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

type Loaded<T> =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "loaded"; value: T };

function SessionsSection({ version }: { version: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [sessions, setSessions] = useState<Loaded<PlayerSession[]>>({ status: "loading" });
  const [reloads, setReloads] = useState(0);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the password changed or after a revoke
  useEffect(() => {
    let current = true;
    loadSessions()
      .then((value) => current && setSessions({ status: "loaded", value }))
      .catch((failure: unknown) => {
        if (current) setSessions({ status: "failed", message: callFailure(t, failure) });
      });
    return () => {
      current = false;
    };
  }, [version, reloads, t]);

  const revoke = async (id: string) => {
    setRevoking(id);
    setMessage(null);
    setError(null);
    try {
      await revokeSession(id);
      setMessage(t("account.page.sessions.revoked"));
      setReloads((n) => n + 1);
    } catch (failure) {
      setError(callFailure(t, failure));
    } finally {
      setRevoking(null);
    }
  };

  const items: SessionListItem[] =
    sessions.status === "loaded"
      ? sessions.value.map((session) => {
          const { browser, system } = describeUserAgent(session.user_agent);
          const device = t("account.page.sessions.device", {
            browser: browser ?? t("account.page.sessions.unknownBrowser"),
            system: system ?? t("account.page.sessions.unknownSystem"),
          });
          const lastSeen = formatDateTime(language, session.last_seen_at);
          return {
            id: session.id,
            device,
            current: session.current,
            signedIn: t("account.page.sessions.signedIn", {
              date: formatDateTime(language, session.created_at),
            }),
            lastSeen: t("account.page.sessions.lastSeen", { date: lastSeen }),
            revokeLabel: t("account.page.sessions.revokeLabel", { device, date: lastSeen }),
          };
        })
      : [];

  return (
    <Section
      slot="account-sessions"
      title={t("account.page.sessions.title")}
      intro={t("account.page.sessions.intro")}
    >
      {sessions.status === "loading" ? (
        <Spinner layout="inline" size="sm" label={t("common.loading")} />
      ) : sessions.status === "failed" ? (
        <div className="flex flex-col items-start gap-3">
          <Alert variant="error">{sessions.message}</Alert>
          <Button variant="secondary" size="sm" onClick={() => setReloads((n) => n + 1)}>
            {t("account.page.retry")}
          </Button>
        </div>
      ) : (
        <SessionList
          sessions={items}
          labels={{
            caption: t("account.page.sessions.caption"),
            current: t("account.page.sessions.current"),
            revoke: t("account.page.sessions.revoke"),
            revoking: t("account.page.sessions.revoking"),
          }}
          revoking={revoking}
          onRevoke={(id) => void revoke(id)}
        />
      )}
      <div role="status" className="mt-3 empty:mt-0">
        {message ? <p className="m-0 text-sm text-success-strong">{message}</p> : null}
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

function SignOutSection({ onLeave }: { onLeave: (notice: AccountNotice) => void }) {
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

function ExportSection({ account }: { account: Account }) {
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

function DeleteSection({ account, onDeleted }: { account: Account; onDeleted: () => void }) {
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
