import type { DailyPlan, PlanStep } from "@ct/machines";
import { PlanCard, type PlanStepItem } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useLanguage } from "../app/language";
import { stepHref, stepTextKey } from "./plan-figures";
import { renderRouterLink } from "./site-link";
import { useDailyPlan } from "./use-daily-plan";
import { useResource } from "./use-resource";

/** At most this many weak themes are named under the weak step. */
const NAMED_THEMES = 3;

/**
 * Today's plan on the home page and the dashboard (issue 39): the ring, the streak and the steps, each linking into
 * /training/plan; made again from the records as the player works. Loaded after the page's first paint (plan-part):
 * the coach's plan and the cards' code stay out of the page's first scripts.
 */
export function PlanSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const plan = useDailyPlan();
  if (!plan) return null;
  return <PlanView plan={plan} headingLevel={headingLevel} />;
}

function PlanView({ plan, headingLevel }: { plan: DailyPlan; headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const weakNames = useWeakNames(plan);
  const current = plan.steps.find((step) => step.done < step.total);
  const detail = (step: PlanStep) => {
    switch (step.kind) {
      case "find-level":
        return t("plan.details.findLevel", { rating: step.rating });
      case "review":
        return t("plan.details.review");
      case "weak":
        return weakNames ? t("plan.details.weak", { themes: weakNames }) : undefined;
      case "new":
        return t("plan.details.new", { rating: step.rating });
    }
  };
  const steps: PlanStepItem[] = plan.steps.map((step) => ({
    key: stepTextKey(step.kind),
    name: t(`plan.steps.${stepTextKey(step.kind)}`),
    ...(detail(step) ? { detail: detail(step) } : {}),
    count: t("plan.count", { done: step.done, total: step.total }),
    done: step.done,
    total: step.total,
    state: step.done >= step.total ? "done" : step === current ? "current" : "waiting",
    action: { href: stepHref(step.kind), label: step.done > 0 ? t("plan.continue") : t("plan.start") },
  }));
  const { days, today } = plan.streak;
  return (
    <PlanCard
      id="daily-plan"
      title={t("plan.title")}
      intro={t(plan.kind === "find-level" ? "plan.findLevelIntro" : "plan.intro")}
      ring={{
        value: plan.done,
        max: plan.total,
        text: t("plan.ring", { done: plan.done, total: plan.total }),
        label: t("plan.ringLabel", { done: plan.done, total: plan.total }),
      }}
      streak={{
        days,
        text: t("plan.streak", { count: days }),
        ...(days > 0 ? { note: t(today ? "plan.streakToday" : "plan.streakKeep") } : {}),
      }}
      steps={steps}
      complete={plan.complete ? t("plan.complete") : null}
      doneLabel={t("plan.done")}
      renderLink={renderRouterLink}
      headingLevel={headingLevel}
    />
  );
}

/** The weak step's themes by name in the page's language ("Pin, Fork"), null while the names load. */
function useWeakNames(plan: DailyPlan): string | null {
  const { language } = useLanguage();
  const weak = plan.steps.find((step) => step.kind === "weak");
  const themes = useResource(() => libraryApi.themes());
  if (weak?.kind !== "weak" || themes.status === "loading") return null;
  const known = new Map((themes.data?.themes ?? []).map((theme) => [theme.key, theme]));
  const names = weak.themes
    .slice(0, NAMED_THEMES)
    .map((key) => (language === "ar" ? known.get(key)?.name_ar : known.get(key)?.name_en) || key);
  return new Intl.ListFormat(language, { type: "conjunction", style: "narrow" }).format(names);
}
