import { Progress } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";

export type TitleBarProps = Omit<React.ComponentProps<"header">, "title"> & {
  /** The module's title, e.g. 'Middle Game Strategy'. */
  title: string;
  /** A line under the title. */
  subtitle?: string | undefined;
  /** Progress through the module: `value` of `max` (e.g. positions solved of the module's positions). */
  value: number;
  max: number;
  /** Accessible name of the progress bar, e.g. "Progress". */
  progressLabel: string;
  /** The progress in words, shown beside the bar and read by screen readers, e.g. "3 of 10 solved". */
  progressText?: string | undefined;
  /** Heading level of the title: 1 on the training screen (its page heading). */
  headingLevel?: 1 | 2;
  /** Controls at the end of the bar (a back link, say). */
  actions?: React.ReactNode;
};

/** The training screen's title bar: the module title and a progress bar (spec section 2). */
export function TitleBar({
  title,
  subtitle,
  value,
  max,
  progressLabel,
  progressText,
  headingLevel = 1,
  actions,
  className,
  ...props
}: TitleBarProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  return (
    <header
      data-slot="title-bar"
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white px-5 py-4 shadow-sm",
        className,
      )}
      {...props}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading className="m-0 text-xl font-bold text-neutral-900 md:text-2xl">{title}</Heading>
          {subtitle ? <p className="m-0 text-sm text-neutral-600">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
      <div className="flex items-center gap-3">
        <Progress.Root
          data-slot="title-bar-progress"
          value={clamped}
          max={safeMax}
          aria-label={progressLabel}
          {...(progressText ? { getValueLabel: () => progressText } : {})}
          className="relative h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-200"
        >
          <Progress.Indicator
            className="h-full rounded-full bg-brand transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </Progress.Root>
        {progressText ? (
          <span aria-hidden className="shrink-0 text-sm font-semibold text-neutral-700 tabular-nums">
            {progressText}
          </span>
        ) : null}
      </div>
    </header>
  );
}
