import { ChevronLeft, ChevronRight, Eye, Flag, Lightbulb, RotateCcw } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export type TrainingControl = "previous" | "reset" | "hint" | "showAnswer" | "next";

export interface TrainingControlsLabels {
  /** Accessible name of the group, e.g. "Training controls". */
  label: string;
  previous: string;
  reset: string;
  hint: string;
  showAnswer: string;
  next: string;
  complete: string;
}

export type TrainingControlsProps = Omit<React.ComponentProps<"div">, "children"> & {
  labels: TrainingControlsLabels;
  onPrevious: () => void;
  onReset: () => void;
  onHint: () => void;
  onShowAnswer: () => void;
  onNext: () => void;
  /** Called by Complete, which replaces Next on the last position. */
  onComplete: () => void;
  /** The last position: Next becomes Complete (spec section 4). */
  isLast?: boolean;
  /** Buttons to disable, e.g. `{ previous: true }` at the first position (Complete follows `next`). */
  disabled?: Partial<Record<TrainingControl, boolean>>;
};

/** The trainer's buttons: Previous, Reset, Hint, Show Answer, and Next (Complete at the end). */
export function TrainingControls({
  labels,
  onPrevious,
  onReset,
  onHint,
  onShowAnswer,
  onNext,
  onComplete,
  isLast = false,
  disabled = {},
  className,
  ...props
}: TrainingControlsProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset
    <div
      role="group"
      aria-label={labels.label}
      data-slot="training-controls"
      className={cn("flex flex-wrap items-center gap-2", className)}
      {...props}
    >
      <Button variant="secondary" disabled={disabled.previous} onClick={onPrevious}>
        <ChevronLeft aria-hidden className="rtl:rotate-180" />
        {labels.previous}
      </Button>
      <Button variant="secondary" disabled={disabled.reset} onClick={onReset}>
        <RotateCcw aria-hidden />
        {labels.reset}
      </Button>
      <Button variant="secondary" disabled={disabled.hint} onClick={onHint}>
        <Lightbulb aria-hidden />
        {labels.hint}
      </Button>
      <Button variant="secondary" disabled={disabled.showAnswer} onClick={onShowAnswer}>
        <Eye aria-hidden />
        {labels.showAnswer}
      </Button>
      {isLast ? (
        <Button data-action="complete" disabled={disabled.next} onClick={onComplete} className="ms-auto">
          <Flag aria-hidden />
          {labels.complete}
        </Button>
      ) : (
        <Button data-action="next" disabled={disabled.next} onClick={onNext} className="ms-auto">
          {labels.next}
          <ChevronRight aria-hidden className="rtl:rotate-180" />
        </Button>
      )}
    </div>
  );
}
