import type { Passkey } from "@ct/contract";
import { Alert, Button, formatDateTime, PasskeyList } from "@ct/ui";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../app/language";
import { addPasskey, listPasskeys, passkeysSupported, removePasskey } from "../passkeys";
import { describeUserAgent } from "../user-agent";
import { callFailure, type Loaded, NotLoaded, Section } from "./account-section";

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
export function PasskeysSection() {
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
      {passkeys.status !== "loaded" ? (
        <NotLoaded state={passkeys} onRetry={() => setReloads((n) => n + 1)} />
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
