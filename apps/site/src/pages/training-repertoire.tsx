import { OPENINGS } from "@ct/chess";
import { isCardDue, type RepertoireRecords } from "@ct/machines";
import { type RepertoireOpeningItem, RepertoireOpenings } from "@ct/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account/store";
import { useHydrated } from "../lib/hydration";
import { downloadPgn, starterExportPgn } from "../training/repertoire/export";
import { MyRepertoiresSection } from "../training/repertoire/my-repertoires-section";
import { useRepertoireRecords } from "../training/repertoire/records-store";
import {
  loadStarter,
  repertoireId,
  STARTER_IDS,
  starterPgn,
  WHITE_OPENINGS,
} from "../training/repertoire/starters";
import { renderRouterLink } from "../training/site-link";
import { BackLink, Page } from "./page";

/**
 * /training/repertoire (issue 40): the player's own repertoires (MyRepertoiresSection), then the 29 openings of the
 * starter repertoire, each with the side the player plays, the lines learnt, mastered and due in this browser, and its
 * Learn, Drill and Export. The lines' count comes with the
 * files, which the browser fetches after the page is shown (the server renders the list without the figures).
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  // A signed-in player's progress is kept on the account (the account sync), a visitor's in this browser.
  const account = useAccount();
  const records = useRepertoireRecords();
  const totals = useLineTotals();
  const now = Date.now();
  const collator = new Intl.Collator(language);
  const openings: RepertoireOpeningItem[] = OPENINGS.map((opening) => {
    const id = repertoireId(opening.name);
    const name = language === "ar" ? opening.name_ar : opening.name;
    const total = totals?.get(id);
    const figures = openingFigures(records, id, now);
    return {
      id,
      name,
      side: t(`repertoire.side.${WHITE_OPENINGS.has(opening.name) ? "white" : "black"}`),
      progress: total === undefined ? "" : t("repertoire.linesLearnt", { learnt: figures.learnt, total }),
      figures: [
        ...(figures.mastered > 0 ? [t("repertoire.linesMastered", { mastered: figures.mastered })] : []),
        ...(figures.due > 0 ? [t("repertoire.linesDue", { due: figures.due })] : []),
      ],
      share: total ? figures.learnt / total : 0,
      learn: {
        href: `/training/repertoire/${id}?mode=learn`,
        label: t("repertoire.learn"),
        name: t("repertoire.learnOpening", { opening: name }),
      },
      drill: {
        href: `/training/repertoire/${id}?mode=drill`,
        label: t("repertoire.drill"),
        name: t("repertoire.drillOpening", { opening: name }),
      },
      exportPgn: {
        label: t("myRepertoires.export"),
        name: t("myRepertoires.exportName", { name }),
        onClick: () => {
          void loadStarter(id).then((file) => {
            if (file) downloadPgn(opening.name, starterExportPgn(file));
          });
        },
      },
    };
  }).sort((a, b) => collator.compare(a.name, b.name));
  return (
    <Page title={t("repertoire.title")}>
      <div className="flex flex-col gap-4" data-slot="repertoire">
        <p className="m-0 max-w-3xl text-fg-muted">{t("repertoire.intro")}</p>
        <p className="m-0 text-sm text-fg-muted">
          {t(account.status === "signed-in" ? "repertoire.progressNoteAccount" : "repertoire.progressNote")}
        </p>
        <MyRepertoiresSection records={records} />
        <h2 className="m-0 mt-2 text-xl font-bold text-fg">{t("myRepertoires.startersTitle")}</h2>
        <RepertoireOpenings openings={openings} renderLink={renderRouterLink} />
        <BackLink to="/training" label={t("training.backToModules")} />
      </div>
    </Page>
  );
}

/** Each starter's number of lines (its games), once the browser has fetched the files. */
function useLineTotals(): Map<string, number> | null {
  const hydrated = useHydrated();
  const [totals, setTotals] = useState<Map<string, number> | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    void Promise.all(
      STARTER_IDS.map(
        async (id) => [id, ((await starterPgn(id)) ?? "").split("[Event ").length - 1] as const,
      ),
    ).then((entries) => {
      if (live) setTotals(new Map(entries));
    });
    return () => {
      live = false;
    };
  }, [hydrated]);
  return totals;
}

/** The records' figures for one opening: lines learnt, lines whose latest drill was clean, moves due. */
function openingFigures(records: RepertoireRecords, id: string, now: number) {
  const lines = Object.entries(records.lines).filter(([lineId]) => lineId.startsWith(`${id}/`));
  const cards = Object.values(records.cards).filter((card) => card.key.startsWith(`${id}:`));
  return {
    learnt: lines.filter(([, line]) => line.learnt !== null).length,
    mastered: lines.filter(([, line]) => line.drilled !== null && line.clean).length,
    due: cards.filter((card) => isCardDue(card, now)).length,
  };
}
