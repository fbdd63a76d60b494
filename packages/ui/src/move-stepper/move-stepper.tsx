import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

/** Texts of the stepper, in the page's language. */
export interface MoveStepperLabels {
  /** Accessible name of the button group, e.g. "Step through the moves". */
  group: string;
  /** e.g. "Starting position". */
  first: string;
  /** e.g. "Previous move". */
  previous: string;
  /** e.g. "Next move". */
  next: string;
  /** e.g. "Last move". */
  last: string;
}

export type MoveStepperProps = Omit<React.ComponentProps<"div">, "children"> & {
  labels: MoveStepperLabels;
  /** The move on show: -1 for the starting position, up to `count - 1`. */
  index: number;
  /** Number of moves in the line. */
  count: number;
  onIndexChange: (index: number) => void;
  /** Where the line stands, e.g. "Move 3 of 16"; shown beside the buttons and announced. */
  status?: string;
};

/**
 * Buttons to step through a line of moves: to the starting position, one move back, one forward, to the last
 * move. The arrows point the way the line reads, so they turn round in a right-to-left page.
 */
export function MoveStepper({
  labels,
  index,
  count,
  onIndexChange,
  status,
  className,
  ...props
}: MoveStepperProps) {
  const atStart = index <= -1;
  const atEnd = index >= count - 1;
  const buttons = [
    { key: "first", label: labels.first, icon: ChevronsLeft, to: -1, disabled: atStart },
    { key: "previous", label: labels.previous, icon: ChevronLeft, to: index - 1, disabled: atStart },
    { key: "next", label: labels.next, icon: ChevronRight, to: index + 1, disabled: atEnd },
    { key: "last", label: labels.last, icon: ChevronsRight, to: count - 1, disabled: atEnd },
  ] as const;
  return (
    <div data-slot="move-stepper" className={cn("flex flex-wrap items-center gap-3", className)} {...props}>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset */}
      <div role="group" aria-label={labels.group} className="flex gap-1">
        {buttons.map(({ key, label, icon: Icon, to, disabled }) => (
          <Button
            key={key}
            variant="secondary"
            size="icon"
            data-step={key}
            aria-label={label}
            title={label}
            // aria-disabled rather than disabled: the button keeps focus when the line reaches its end.
            aria-disabled={disabled || undefined}
            onClick={() => {
              if (!disabled) onIndexChange(to);
            }}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-surface"
          >
            <Icon aria-hidden className="rtl:rotate-180" />
          </Button>
        ))}
      </div>
      {status !== undefined ? (
        <p role="status" className="m-0 text-sm text-fg-muted">
          {status}
        </p>
      ) : null}
    </div>
  );
}
