import { cva, type VariantProps } from "class-variance-authority";
import { Progress } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";

/**
 * `comfortable`: a card with the title, the subtitle and the progress bar on rows of their own. `compact` (the
 * training screen, which must fit a laptop screen): below 992 px no card and only the title, the actions and a thin
 * progress row (the subtitle is left to screen readers); from 992 px one card row with the title, the progress and
 * the actions. The children (tools: filters, say) get a full-width row under it in both.
 */
export const titleBarVariants = cva("", {
  variants: {
    density: {
      comfortable: "flex flex-col gap-3 rounded-lg border border-line bg-surface px-5 py-4 shadow-sm",
      compact:
        "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:gap-y-2 lg:rounded-lg lg:border lg:border-line lg:bg-surface lg:px-4 lg:py-2.5 lg:shadow-sm",
    },
  },
  defaultVariants: { density: "comfortable" },
});

export type TitleBarProps = Omit<React.ComponentProps<"header">, "title"> &
  VariantProps<typeof titleBarVariants> & {
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
    /**
     * The progress split by how puzzles went (the trainer's honest scores): the bar shows clean solves, solves with
     * help and failures apart, in green, amber and red (the text beside it says the same in words).
     */
    segments?: { clean: number; helped: number; failed: number } | undefined;
    /** What screen readers hear for the bar when it says more than `progressText` (the split in words). */
    valueText?: string | undefined;
    /** A figure beside the progress (the player's rating): it keeps the title's row free on a phone. */
    meta?: React.ReactNode;
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
  meta,
  segments,
  valueText,
  density,
  className,
  children,
  ...props
}: TitleBarProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  const compact = density === "compact";
  const progress = (
    <div
      data-slot="title-bar-progress-row"
      className={cn(
        "flex items-center gap-3",
        compact && "col-span-2 gap-2 lg:col-span-1 lg:col-start-2 lg:row-start-1 lg:gap-3",
      )}
    >
      <Progress.Root
        data-slot="title-bar-progress"
        value={clamped}
        max={safeMax}
        aria-label={progressLabel}
        {...(valueText || progressText ? { getValueLabel: () => valueText ?? progressText ?? "" } : {})}
        {...(valueText ? { title: valueText } : {})}
        className={cn(
          "relative h-2.5 flex-1 overflow-hidden rounded-full bg-surface-strong",
          compact && "h-1.5 lg:h-2.5",
        )}
      >
        {segments ? (
          <div className="flex h-full" data-slot="title-bar-segments">
            {(["clean", "helped", "failed"] as const).map((kind) =>
              segments[kind] > 0 ? (
                <span
                  key={kind}
                  data-segment={kind}
                  className={cn(
                    "h-full transition-[width] duration-300",
                    kind === "clean"
                      ? "bg-brand"
                      : kind === "helped"
                        ? "bg-outcome-helped"
                        : "bg-outcome-failed",
                  )}
                  style={{ width: `${(Math.min(segments[kind], safeMax) / safeMax) * 100}%` }}
                />
              ) : null,
            )}
          </div>
        ) : (
          <Progress.Indicator
            className="h-full rounded-full bg-brand transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        )}
      </Progress.Root>
      {progressText ? (
        <span
          aria-hidden
          className={cn(
            "shrink-0 text-sm font-semibold text-fg-muted tabular-nums",
            compact && "text-xs lg:text-sm",
          )}
        >
          {progressText}
        </span>
      ) : null}
      {meta ? <div className="flex shrink-0 items-center">{meta}</div> : null}
    </div>
  );
  if (!compact) {
    return (
      <header
        data-slot="title-bar"
        data-density="comfortable"
        className={cn(titleBarVariants({ density }), className)}
        {...props}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <Heading className="m-0 text-xl font-bold text-fg md:text-2xl">{title}</Heading>
            {subtitle ? <p className="m-0 text-sm text-fg-subtle">{subtitle}</p> : null}
          </div>
          {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
        </div>
        {progress}
        {children}
      </header>
    );
  }
  return (
    <header
      data-slot="title-bar"
      data-density="compact"
      className={cn(titleBarVariants({ density }), className)}
      {...props}
    >
      <div className="flex min-w-0 flex-col lg:row-start-1">
        <Heading className="m-0 text-lg leading-tight font-bold text-fg lg:text-xl">{title}</Heading>
        {subtitle ? <p className="m-0 text-sm text-fg-subtle max-lg:sr-only">{subtitle}</p> : null}
      </div>
      {actions ? (
        <div className="flex items-center justify-end gap-2 lg:col-start-3 lg:row-start-1">{actions}</div>
      ) : null}
      {children ? <div className="col-span-2 min-w-0 lg:col-span-3">{children}</div> : null}
      {progress}
    </header>
  );
}
