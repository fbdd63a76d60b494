import type { PhaseCounts } from "@ct/contract";
import { Alert, Button, ModuleCard } from "@ct/ui";
import {
  BookOpen,
  ChartLine,
  Crown,
  Flame,
  RotateCcw,
  Shapes,
  SlidersHorizontal,
  Swords,
  Target,
  Users,
  Zap,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverApiOf } from "../api/client";
import { firstReads, positionsApi } from "../api/positions";
import { Link, type LoaderFunctionArgs, useLoaderData } from "../app/routing";
import { TRAINING_MODULES } from "../training/modules";
import {
  progress,
  useCompletedScenarios,
  useDueReviews,
  useHasProgress,
  useOutcomeCountsOf,
  useSolvedCounts,
} from "../training/progress";
import { renderRouterLink } from "../training/site-link";
import { useResource } from "../training/use-resource";
import { Page } from "./page";

const linkClass =
  "inline-flex items-center gap-1.5 rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-sunken";

const SCENARIO_IDS = TRAINING_MODULES.map((module) => module.scenarioId);

/** The module cards' counts, loaded by the server as it renders the page (see home.tsx's loader). */
export async function loader({ context }: LoaderFunctionArgs) {
  const client = serverApiOf(context);
  if (!client) return null;
  return {
    counts: await firstReads(client)
      .phaseCounts()
      .catch(() => null),
  };
}

/** /training (spec section 2): the three module cards with live counts and Start, and the local progress. */
export function Component() {
  const { t } = useTranslation();
  const first = useLoaderData<typeof loader>();
  const counts = useResource<PhaseCounts>(() => positionsApi.phaseCounts(), first?.counts);
  const solved = useSolvedCounts(SCENARIO_IDS);
  const completed = useCompletedScenarios();
  const due = useDueReviews().length;
  const outcomes = useOutcomeCountsOf(SCENARIO_IDS);

  return (
    <Page title={t("training.title")}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="m-0 max-w-3xl text-fg-muted">{t("training.intro")}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/training/themes" data-slot="themes-link" className={linkClass}>
              <Shapes aria-hidden className="size-4" />
              {t("training.themes.link")}
            </Link>
            <Link to="/training/repertoire" data-slot="repertoire-link" className={linkClass}>
              <BookOpen aria-hidden className="size-4" />
              {t("repertoire.moduleLink")}
            </Link>
            <Link to="/training/dashboard" data-slot="dashboard-link" className={linkClass}>
              <ChartLine aria-hidden className="size-4" />
              {t("dashboard.link")}
            </Link>
            <Link to="/training/streak" data-slot="streak-link" className={linkClass}>
              <Flame aria-hidden className="size-4" />
              {t("training.streak.link")}
            </Link>
            <Link to="/training/storm" data-slot="storm-link" className={linkClass}>
              <Zap aria-hidden className="size-4" />
              {t("storm.link")}
            </Link>
            <Link to="/training/racer" data-slot="racer-link" className={linkClass}>
              <Users aria-hidden className="size-4" />
              {t("racer.link")}
            </Link>
            <Link to="/training/weaknesses" data-slot="weaknesses-link" className={linkClass}>
              <Target aria-hidden className="size-4" />
              {t("weaknesses.link")}
            </Link>
            <Link to="/training/custom" data-slot="custom-set-link" className={linkClass}>
              <SlidersHorizontal aria-hidden className="size-4" />
              {t("customSet.link")}
            </Link>
            <Link to="/training/endgame-course" data-slot="endgame-course-link" className={linkClass}>
              <Crown aria-hidden className="size-4" />
              {t("endgameCourse.moduleLink")}
            </Link>
            <Link
              to="/training/my-games"
              data-slot="my-games-link"
              title={t("training.myGames.intro")}
              className={linkClass}
            >
              <Swords aria-hidden className="size-4" />
              {t("training.myGames.link")}
            </Link>
            <Link to="/training/review" data-slot="review-link" className={linkClass}>
              <RotateCcw aria-hidden className="size-4" />
              {t("training.review.link")}
              {due > 0 ? (
                <span className="rounded-full bg-brand px-1.5 text-xs font-bold text-brand-fg">
                  {t("training.review.due", { count: due })}
                </span>
              ) : null}
            </Link>
          </div>
        </div>
        {counts.status === "error" ? <Alert variant="error">{t("training.loadFailed")}</Alert> : null}
        <div className="grid gap-4 md:grid-cols-3">
          {TRAINING_MODULES.map((module) => {
            const count = counts.data?.counts[module.phase];
            const done = solved[module.scenarioId] ?? 0;
            return (
              <ModuleCard
                key={module.id}
                data-module={module.id}
                title={t(`training.modules.${module.key}.title`)}
                description={t(`training.modules.${module.key}.description`)}
                positionCount={
                  count === undefined
                    ? null
                    : [
                        done > 0
                          ? t("training.positionCountSolved", { count, solved: done })
                          : t("training.positionCount", { count }),
                        done > 0 ? t("training.outcomeSplit", { ...outcomes[module.scenarioId] }) : null,
                        completed.has(module.scenarioId) ? t("training.completedBadge") : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")
                }
                countLoadingLabel={t("training.countLoading")}
                countError={counts.status === "error" ? t("training.countError") : null}
                startLabel={t("training.start")}
                href={`/training/${module.id}`}
                renderLink={renderRouterLink}
                icon={<span className="text-2xl leading-none">{module.glyph}</span>}
              />
            );
          })}
        </div>
        <ResetProgress />
      </div>
    </Page>
  );
}

/** "Reset all progress" with an inline confirmation (spec section 4: resetting clears the local records). */
function ResetProgress() {
  const { t } = useTranslation();
  const hasProgress = useHasProgress();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);

  return (
    <section aria-label={t("training.resetProgress.action")} className="flex flex-col items-start gap-3">
      {confirming ? (
        <Alert variant="warning" className="flex w-full max-w-2xl flex-col gap-3">
          <p className="m-0">{t("training.resetProgress.confirm")}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              onClick={() => {
                progress.resetAll();
                setConfirming(false);
                setDone(true);
              }}
            >
              {t("training.resetProgress.confirmAction")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("training.resetProgress.cancel")}
            </Button>
          </div>
        </Alert>
      ) : (
        <Button
          variant="secondary"
          disabled={!hasProgress}
          onClick={() => {
            setDone(false);
            setConfirming(true);
          }}
        >
          {t("training.resetProgress.action")}
        </Button>
      )}
      {done ? <Alert variant="success">{t("training.resetProgress.done")}</Alert> : null}
    </section>
  );
}
