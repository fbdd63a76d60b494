import { numberFormat } from "@ct/texts/number-format";
import type * as React from "react";
import { cn } from "../lib/cn";

/** A time change to flash beside the clock: a combo's bonus or a wrong move's cost. `id` changes with each one. */
export interface StormHudFlash {
  kind: "bonus" | "malus";
  text: string;
  id: number;
}

export type StormHudProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** The time left, formatted (2:47). */
  clock: string;
  clockLabel: string;
  /** Under 10 seconds: the clock turns red. */
  low?: boolean;
  score: number;
  scoreLabel: string;
  combo: number;
  comboLabel: string;
  /** The way to the next bonus, 0 to 1. */
  comboProgress: number;
  /** Under the bar: when the next bonus comes. */
  comboNote: string;
  flash?: StormHudFlash | null;
  /** Formats the numbers in the page's language. */
  locale?: string;
};

/**
 * Puzzle Storm's figures during a run: the clock, the puzzles solved, and the combo with its bar to the next time
 * bonus. A bonus (+3 s) or a wrong move's cost (−10 s) flashes beside the clock.
 */
export function StormHud({
  clock,
  clockLabel,
  low = false,
  score,
  scoreLabel,
  combo,
  comboLabel,
  comboProgress,
  comboNote,
  flash = null,
  locale,
  className,
  ...props
}: StormHudProps) {
  const number = numberFormat(locale);
  const percent = Math.round(Math.min(1, Math.max(0, comboProgress)) * 100);
  return (
    <div
      data-slot="storm-hud"
      className={cn("grid grid-cols-2 gap-3 rounded-md border border-line bg-surface p-3", className)}
      {...props}
    >
      <div className="flex flex-col">
        <span className="text-xs text-fg-muted">{clockLabel}</span>
        <span className="flex items-baseline gap-2">
          <span
            data-slot="storm-clock"
            data-low={low || undefined}
            dir="ltr"
            className={cn("text-3xl font-bold tabular-nums", low ? "text-danger" : "text-fg")}
          >
            {clock}
          </span>
          {flash ? (
            <span
              key={flash.id}
              data-slot="storm-flash"
              data-kind={flash.kind}
              className={cn(
                "rounded-sm px-1.5 text-sm font-semibold",
                flash.kind === "bonus"
                  ? "bg-success-soft text-success-strong"
                  : "bg-danger-soft text-danger-strong",
              )}
            >
              {flash.text}
            </span>
          ) : null}
        </span>
      </div>
      <div className="flex flex-col items-end">
        <span className="text-xs text-fg-muted">{scoreLabel}</span>
        <span data-slot="storm-score" className="text-3xl font-bold tabular-nums text-fg">
          {number.format(score)}
        </span>
      </div>
      <div className="col-span-2 flex flex-col gap-1">
        <div className="flex items-baseline justify-between text-sm">
          <span className="text-fg-muted">{comboLabel}</span>
          <span data-slot="storm-combo" className="font-semibold tabular-nums text-fg">
            {number.format(combo)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={comboLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={comboNote}
          className="h-2 overflow-hidden rounded-full bg-surface-sunken"
        >
          <div
            className="h-full rounded-full bg-brand transition-[width] duration-150 rtl:ms-auto"
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="text-xs text-fg-muted">{comboNote}</span>
      </div>
    </div>
  );
}
