import { TrainingControls, type TrainingControlsLabels } from "@ct/ui";
import { useTranslation } from "react-i18next";
import { useTrainingControls, useTrainingEvents } from "../training-flow";

/** Previous, Reset, Hint, Show Answer and Next: in the side panel from 992 px, a bar fixed to the screen's bottom below. */
export function ActionBar() {
  const { t } = useTranslation();
  const controls = useTrainingControls();
  const events = useTrainingEvents();
  return (
    <div
      data-slot="action-bar"
      className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:border-t max-lg:border-line max-lg:bg-surface max-lg:px-4 max-lg:pt-2 max-lg:pb-[max(0.5rem,env(safe-area-inset-bottom))] max-lg:shadow-[0_-2px_8px_rgb(0_0_0/0.08)]"
    >
      <TrainingControls
        layout="compact"
        className="mx-auto max-w-[800px]"
        labels={t("training.controls", { returnObjects: true }) as TrainingControlsLabels}
        onPrevious={events.previous}
        onReset={events.reset}
        onHint={events.hint}
        onShowAnswer={events.showAnswer}
        onNext={events.next}
        onComplete={events.complete}
        isLast={controls.atEnd}
        disabled={{
          previous: !controls.previous,
          reset: !controls.reset,
          hint: !controls.hint,
          showAnswer: !controls.showAnswer,
          next: controls.atEnd ? !controls.complete : !controls.next,
        }}
      />
    </div>
  );
}
