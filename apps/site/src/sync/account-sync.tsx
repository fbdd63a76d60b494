import { MergeOffer } from "@ct/ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account/store";
import { useMergeOffer } from "./offer-store";
import { browserOwner } from "./owner";

/**
 * The trainer's progress following a signed-in player, on every page (the shell renders it): the page's sync starts
 * after hydration once a player is signed in, or the browser holds a player's records (the server's answer about the
 * session may not come: the records and their outbox stay the player's). It is loaded then, so an anonymous
 * visitor's pages load none of it. The offer to add this browser's anonymous progress to the account shows under
 * the bar while there is one to answer.
 */
export function AccountSync() {
  const { t } = useTranslation();
  const account = useAccount();
  const { offer, add, keep } = useMergeOffer();
  const [adding, setAdding] = useState(false);
  const sync = useRef<{ started: boolean; stop: (() => void) | null }>({ started: false, stop: null });

  useEffect(() => {
    const current = sync.current;
    if (current.started || (account.status !== "signed-in" && browserOwner() === null)) return;
    current.started = true;
    void import("./page-sync").then(({ startPageSync }) => {
      if (current.started) current.stop = startPageSync();
    });
  }, [account.status]);
  useEffect(() => {
    const current = sync.current;
    return () => {
      current.started = false;
      current.stop?.();
      current.stop = null;
    };
  }, []);
  useEffect(() => {
    if (!offer) setAdding(false);
  }, [offer]);

  if (!offer) return null;
  return (
    <div className="mx-auto w-full max-w-nav px-4 pt-4">
      <MergeOffer
        adding={adding}
        labels={{
          title: t("sync.offer.title"),
          description: t("sync.offer.body", { count: offer.puzzles }),
          add: t("sync.offer.add"),
          adding: t("sync.offer.adding"),
          keep: t("sync.offer.keep"),
        }}
        onAdd={() => {
          setAdding(true);
          add();
        }}
        onKeep={keep}
      />
    </div>
  );
}
