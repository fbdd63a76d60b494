import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../app/routing";
import { useHydrated } from "../lib/hydration";
import { useDueReviews, useNextReview } from "../training/progress";
import { backLinkClass, LoadingModule, TrainingSetScreen } from "../training/training-screen";
import { Page } from "./page";

/**
 * /training/review: the puzzles missed or solved with help that are due again (spaced: a day, then 3, 7 and 21 days),
 * the longest-waiting first, in the training screen. The list is taken when the page opens, so a puzzle reviewed
 * now stays in this session's list.
 */
export function Component() {
  // The due list is in this browser's storage: the server (and hydration) render the module's loading page.
  if (!useHydrated()) return <LoadingModule />;
  return <ReviewScreen />;
}

function ReviewScreen() {
  const { t } = useTranslation();
  const due = useDueReviews();
  const [ids] = useState(() => due);
  if (ids.length === 0) return <NothingDue />;
  return (
    <TrainingSetScreen
      set={{
        scenarioId: "review",
        title: t("training.review.setTitle", { count: ids.length }),
        description: t("training.review.intro"),
        phase: null,
        themes: [],
        ids,
        total: ids.length,
        back: { to: "/training", label: t("training.backToModules") },
      }}
    />
  );
}

function NothingDue() {
  const { t, i18n } = useTranslation();
  const next = useNextReview();
  const date = next
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(next),
      )
    : null;
  return (
    <Page title={t("training.review.title")}>
      <div className="flex max-w-3xl flex-col items-start gap-4">
        <p className="m-0 text-lg font-semibold text-fg" role="status">
          {t("training.review.empty")}
        </p>
        {/* When nothing waits at all, the intro below already says how puzzles come here. */}
        {date ? <p className="m-0 text-fg-muted">{t("training.review.nextDue", { date })}</p> : null}
        <p className="m-0 text-fg-muted">{t("training.review.intro")}</p>
        <Link to="/training" className={backLinkClass}>
          {t("training.review.start")}
        </Link>
      </div>
    </Page>
  );
}
