import type { PickReason } from "@ct/machines";
import { WhyThisPuzzle as WhyLine } from "@ct/ui";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { useSearchParams } from "../app/routing";
import { progress, useOutcomeCounts } from "../training/progress";
import { useTrainingPosition, weaknessFlowMachine } from "../training/training-flow";
import { TrainingSetScreen } from "../training/training-screen";
import { useResource } from "../training/use-resource";
import { FOCUS_PARAM, nextWeaknessPick, whyText } from "../training/weakness-mode";

/**
 * /training/weaknesses (issue 39): the trainer with puzzles the coach chooses, about 7 in 10 from the player's weak
 * themes (per theme over the last 30 days, packages/machines/src/coach/weakness.ts) and the rest from anything, all
 * at their level; a line above the board says why this puzzle. With no weak theme yet it says so and trains at the
 * player's level. `?theme=pin` (the dashboard's "Train …" links) narrows the weak share to that weak theme.
 */
const SCENARIO = "weaknesses";

export function Component() {
  const { t } = useTranslation();
  // The title bar's progress: the puzzles finished in this mode, and how many of them were clean.
  const outcomes = useOutcomeCounts(SCENARIO);
  const finished = outcomes.clean + outcomes.helped + outcomes.failed;
  const [params] = useSearchParams();
  const focus = params.get(FOCUS_PARAM);
  // Which choice brought which puzzle: written as a puzzle loads, read when it shows.
  const reasons = useRef(new Map<number, PickReason>());
  const logic = useMemo(
    () =>
      weaknessFlowMachine({
        choose: () => nextWeaknessPick(progress.rating(), Date.now(), Math.random, focus),
        chosen: (positionId, pick) => reasons.current.set(positionId, pick.reason),
      }),
    [focus],
  );
  return (
    // Another focus (?theme=) is another flow: the screen starts again with its loads.
    <TrainingSetScreen
      key={focus ?? ""}
      set={{
        scenarioId: SCENARIO,
        title: t("weaknesses.title"),
        description: t("weaknesses.intro"),
        phase: null,
        themes: [],
        total: 0,
        back: { to: "/training", label: t("training.backToModules") },
        logic,
        tools: false,
        progress: {
          value: outcomes.clean,
          max: Math.max(finished, 1),
          text: t("weaknesses.progress", { count: finished, solved: outcomes.clean }),
        },
        notice: <WhyThisPuzzle reasons={reasons.current} />,
      }}
    />
  );
}

/** The line above the board: why the coach chose the puzzle shown (inside the flow, so it follows the puzzle). */
function WhyThisPuzzle({ reasons }: { reasons: ReadonlyMap<number, PickReason> }) {
  const { t, i18n } = useTranslation();
  const position = useTrainingPosition();
  const themes = useResource(() => libraryApi.themes());
  const reason = position ? reasons.get(position.id) : undefined;
  // A theme's reason waits for the themes' names (a moment, once: the list is cached).
  if (!reason || (reason.kind === "weak-theme" && themes.status === "loading")) return null;
  const known = themes.data?.themes ?? [];
  const name = (key: string) => {
    const theme = known.find((candidate) => candidate.key === key);
    return (i18n.language === "ar" ? theme?.name_ar : theme?.name_en) || key;
  };
  const text = whyText(reason, name);
  return (
    <WhyLine
      label={t("weaknesses.why.label")}
      text={t(`weaknesses.why.${text.key}`, text.values)}
      reason={reason.kind}
    />
  );
}
