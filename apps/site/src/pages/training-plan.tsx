import type { DailyPlan, PlanStep } from "@ct/machines";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "../app/routing";
import { useHydrated } from "../lib/hydration";
import { STEP_PARAM, stepParam, stepPlace, stepTextKey, stepToTrain } from "../training/plan-figures";
import { planFlowMachine } from "../training/plan-flow";
import { planNow } from "../training/plan-records";
import { useTrainingPosition } from "../training/training-flow";
import { LoadingModule, TrainingSetScreen } from "../training/training-screen";
import { useDailyPlan } from "../training/use-daily-plan";

const SCENARIO = "plan";

/**
 * /training/plan (issue 39): the trainer on today's plan. Each puzzle comes from the plan's step to train, read from
 * the records at each load, so the plan moves as the player works: the due reviews (the cards' own puzzles), the
 * weak themes (the coach's chooser, weak themes only), new puzzles at the player's level; a new visitor's "Find your
 * level" first, whose target follows their results. `?step=` (a step's own link on the plan) trains that step while
 * it is not done. The line above the board says which step and how far; once the plan is done, new puzzles at the
 * player's level follow.
 */
export function Component() {
  // The plan is made from this browser's records: the server and hydration render the loading page.
  if (!useHydrated()) return <LoadingModule />;
  return <PlanScreen />;
}

function PlanScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = stepParam(params.get(STEP_PARAM));
  const plan = useDailyPlan();
  // Which step brought which puzzle: written as a puzzle loads, read when it shows.
  const kinds = useRef(new Map<number, PlanStep["kind"] | null>());
  const logic = useMemo(
    () =>
      planFlowMachine({
        step: () => stepToTrain(planNow(), asked),
        chosen: (positionId, kind) => kinds.current.set(positionId, kind),
      }),
    [asked],
  );
  return (
    // Another step (?step=) is another flow: the screen starts again with its loads.
    <TrainingSetScreen
      key={asked ?? ""}
      set={{
        scenarioId: SCENARIO,
        title: t("plan.title"),
        description: t("plan.intro"),
        phase: null,
        themes: [],
        total: 0,
        back: { to: "/", label: t("plan.page.back") },
        logic,
        tools: false,
        ...(plan
          ? {
              progress: {
                value: Math.min(plan.done, plan.total),
                max: Math.max(plan.total, 1),
                text: t("plan.ringLabel", { done: plan.done, total: plan.total }),
              },
            }
          : {}),
        notice: plan ? <WhichStep plan={plan} kinds={kinds.current} /> : null,
      }}
    />
  );
}

/** The line above the board: the step of the puzzle shown and how far it is ("Step 2 of 3: Weak themes, 2 of 5"). */
function WhichStep({
  plan,
  kinds,
}: {
  plan: DailyPlan;
  kinds: ReadonlyMap<number, PlanStep["kind"] | null>;
}) {
  const { t } = useTranslation();
  const position = useTrainingPosition();
  const kind = position ? kinds.get(position.id) : undefined;
  if (kind === undefined) return null;
  const step = kind ? plan.steps.find((candidate) => candidate.kind === kind) : undefined;
  const place = kind ? stepPlace(plan, kind) : null;
  const text =
    step && place && !plan.complete
      ? t("plan.page.stepOf", {
          index: place.index,
          count: place.count,
          name: t(`plan.steps.${stepTextKey(step.kind)}`),
          done: Math.min(step.done, step.total),
          total: step.total,
        })
      : t("plan.page.complete");
  return (
    <p
      data-slot="plan-step"
      data-step={kind ?? "done"}
      className="m-0 rounded-md border border-line bg-surface-sunken px-3 py-2 text-sm font-semibold text-fg"
    >
      {text}
    </p>
  );
}
