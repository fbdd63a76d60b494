import { Pause, Play, X } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export type AnalysisProgressState = "running" | "paused" | "done" | "cancelled";

export interface AnalysisProgressLabels {
  title: string;
  /** The progress bar's name: "Games analysed". */
  progress: string;
  /** Games done of the total, as text: "3 of 12 games". */
  games: string;
  /** The game in progress and how far it is ("Game 4: Anderssen – Kieseritzky"), when one is. */
  current?: string | null;
  stage?: string | null;
  /** "23 positions per second" (or "Measuring speed…"). */
  speed: string;
  /** "about 2 min left", when known. */
  left?: string | null;
  /** A message for the state (paused, cancelled, done), when there is one. */
  status?: string | null;
  pause: string;
  resume: string;
  cancel: string;
}

export type AnalysisProgressProps = Omit<React.ComponentProps<"section">, "children"> & {
  state: AnalysisProgressState;
  /** Games finished and games to analyse. */
  done: number;
  total: number;
  labels: AnalysisProgressLabels;
  onPause?: () => void;
  onResume?: () => void;
  onCancel?: () => void;
};

/**
 * The progress of an analysis of the player's games: a bar of games done against the total, the game in progress,
 * the speed and the time left, and Pause / Resume and Cancel while it is not over. Every text is a prop.
 */
export function AnalysisProgress({
  state,
  done,
  total,
  labels,
  onPause,
  onResume,
  onCancel,
  className,
  ...props
}: AnalysisProgressProps) {
  const over = state === "done" || state === "cancelled";
  const figures = [labels.speed, labels.left].filter(Boolean).join(" · ");
  return (
    <section
      data-slot="analysis-progress"
      data-state={state}
      aria-label={labels.title}
      className={cn("flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm", className)}
      {...props}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="m-0 text-lg font-bold text-fg">{labels.title}</h2>
        <p className="m-0 text-sm font-semibold text-fg tabular-nums" data-slot="analysis-games">
          {labels.games}
        </p>
      </div>
      <progress
        className="h-3 w-full accent-brand"
        max={Math.max(1, total)}
        value={Math.min(done, total)}
        aria-label={labels.progress}
        aria-valuetext={labels.games}
      />
      {!over && labels.current ? (
        <p className="m-0 text-sm text-fg" data-slot="analysis-current">
          <bdi>{labels.current}</bdi>
          {labels.stage ? <span className="text-fg-muted"> · {labels.stage}</span> : null}
        </p>
      ) : null}
      {!over ? (
        <p className="m-0 text-sm text-fg-muted tabular-nums" data-slot="analysis-speed" aria-live="off">
          {figures}
        </p>
      ) : null}
      {labels.status ? (
        <p className="m-0 text-sm font-semibold text-fg" role="status" data-slot="analysis-status">
          {labels.status}
        </p>
      ) : null}
      {!over ? (
        <div className="flex flex-wrap gap-2">
          {state === "running" ? (
            <Button variant="secondary" onClick={onPause}>
              <Pause aria-hidden />
              {labels.pause}
            </Button>
          ) : (
            <Button onClick={onResume}>
              <Play aria-hidden className="rtl:rotate-180" />
              {labels.resume}
            </Button>
          )}
          <Button variant="ghost" onClick={onCancel}>
            <X aria-hidden />
            {labels.cancel}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
