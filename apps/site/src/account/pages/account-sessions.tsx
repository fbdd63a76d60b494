import type { PlayerSession } from "@ct/contract";
import { Alert, formatDateTime, SessionList, type SessionListItem } from "@ct/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../app/language";
import { loadSessions, revokeSession } from "../api";
import { describeUserAgent } from "../user-agent";
import { callFailure, type Loaded, NotLoaded, Section } from "./account-section";

export function SessionsSection({ version }: { version: number }) {
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
      {sessions.status !== "loaded" ? (
        <NotLoaded state={sessions} onRetry={() => setReloads((n) => n + 1)} />
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
