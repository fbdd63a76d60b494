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
  /**
   * `wrap` (default): every button with its label, wrapping onto more rows when narrow. `compact` (a side panel, a
   * phone's action bar): one row; where the group is narrow, Previous and Reset (under 480 px) and Show Answer
   * (under 384 px) show their icon only, their label kept for screen readers and as a tooltip.
   */
  layout?: "wrap" | "compact";
};

/** A label that gives way to its button's icon when the group is narrower than the container query allows. */
function Label({ text, hideBelow }: { text: string; hideBelow?: "sm" | "md" | undefined }) {
  if (!hideBelow) return <>{text}</>;
  return <span className={hideBelow === "md" ? "@max-[30rem]:sr-only" : "@max-[24rem]:sr-only"}>{text}</span>;
}

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
  layout = "wrap",
  className,
  ...props
}: TrainingControlsProps) {
  const compact = layout === "compact";
  /** In the compact layout, a label that may shrink to the icon, and its tooltip. */
  const shrink = (text: string, below: "sm" | "md") =>
    compact
      ? {
          title: text,
          label: <Label text={text} hideBelow={below} />,
          className: below === "md" ? "@max-[30rem]:px-3" : "@max-[24rem]:px-3",
        }
      : { title: undefined, label: text, className: undefined };
  const previous = shrink(labels.previous, "md");
  const reset = shrink(labels.reset, "md");
  const showAnswer = shrink(labels.showAnswer, "sm");
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset
    <div
      role="group"
      aria-label={labels.label}
      data-slot="training-controls"
      data-layout={layout}
      className={cn(
        "flex items-center gap-2",
        compact ? "@container flex-nowrap gap-1.5" : "flex-wrap",
        className,
      )}
      {...props}
    >
      <Button
        variant="secondary"
        disabled={disabled.previous}
        onClick={onPrevious}
        title={previous.title}
        className={previous.className}
      >
        <ChevronLeft aria-hidden className="rtl:rotate-180" />
        {previous.label}
      </Button>
      <Button
        variant="secondary"
        disabled={disabled.reset}
        onClick={onReset}
        title={reset.title}
        className={reset.className}
      >
        <RotateCcw aria-hidden />
        {reset.label}
      </Button>
      <Button variant="secondary" disabled={disabled.hint} onClick={onHint}>
        <Lightbulb aria-hidden />
        {labels.hint}
      </Button>
      <Button
        variant="secondary"
        disabled={disabled.showAnswer}
        onClick={onShowAnswer}
        title={showAnswer.title}
        className={showAnswer.className}
      >
        <Eye aria-hidden />
        {showAnswer.label}
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
