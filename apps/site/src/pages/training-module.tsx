import type { PhaseCounts } from "@ct/contract";
import { useTranslation } from "react-i18next";
import { positionsApi } from "../api/positions";
import { useParams } from "../app/routing";
import { moduleById } from "../training/modules";
import { TrainingSetScreen } from "../training/training-screen";
import { useResource } from "../training/use-resource";
import { MissingPage } from "./page";

/** /training/{moduleId} (spec section 2): the training screen of one game phase. */
export function Component() {
  const { t } = useTranslation();
  const { moduleId } = useParams();
  const module = moduleById(moduleId);
  const counts = useResource<PhaseCounts>(() => positionsApi.phaseCounts());
  if (!module) {
    return (
      <MissingPage
        title={t("training.moduleNotFound")}
        message={t("training.moduleNotFoundBody")}
        back={{ to: "/training", label: t("training.backToModules") }}
      />
    );
  }
  return (
    <TrainingSetScreen
      set={{
        scenarioId: module.scenarioId,
        title: t(`training.modules.${module.key}.title`),
        description: t(`training.modules.${module.key}.description`),
        phase: module.phase,
        themes: [],
        total: counts.data?.counts[module.phase] ?? 0,
        back: { to: "/training", label: t("training.backToModules") },
        address: true,
        // The Opening module leads to the repertoire trainer, the Endgame module to the endgame course (issue 40).
        ...(module.phase === "opening"
          ? {
              related: {
                to: "/training/repertoire",
                label: t("repertoire.moduleLink"),
                slot: "repertoire-link",
              },
            }
          : {}),
        ...(module.phase === "endgame"
          ? {
              related: {
                to: "/training/endgame-course",
                label: t("endgameCourse.moduleLink"),
                slot: "endgame-course-link",
              },
            }
          : {}),
      }}
    />
  );
}
