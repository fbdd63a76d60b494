import type * as React from "react";
import { Alert } from "../alert";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";
import { formatDateTime } from "../lib/dates";

/** GET /api/analysis/status (spec section 3). */
export interface AnalysisStatusValue {
  isRunning: boolean;
  gamesAnalyzed: number;
  totalGamesAnalyzed: number;
  puzzlesGenerated: number;
  lastUpdate: string | null;
  /** The admin stopped the worker (Stop analysis); it takes no job until resumed. Absent: not known here. */
  paused?: boolean | undefined;
}

export interface AnalysisStatusLabels {
  title: string;
  running: string;
  /** Stopped by the admin: the page's button then offers Resume. */
  stopped: string;
  /** Not stopped, with nothing to analyse: it takes the next upload. */
  idle: string;
  gamesAnalyzed: string;
  totalGamesAnalyzed: string;
  puzzlesGenerated: string;
  lastUpdate: string;
  never: string;
  loading: string;
}

export type AnalysisStatusPanelProps = Omit<React.ComponentProps<"section">, "children"> & {
  /** null while the first answer is awaited. */
  status: AnalysisStatusValue | null;
  /** Shown instead of the figures when the server cannot be reached ('Failed to connect to analysis server'). */
  error?: string | null | undefined;
  labels: AnalysisStatusLabels;
  /** Formats numbers and the date in the page language (e.g. "ar" uses Arabic-Indic digits). */
  locale: string;
  /** Extra controls at the end (the admin page's Stop / Resume). */
  actions?: React.ReactNode;
};

/**
 * The analysis worker's state: running (a job in hand), stopped (by the admin: the page's button says Resume) or
 * waiting for games; games analysed, puzzles generated, last update.
 */
export function AnalysisStatusPanel({
  status,
  error,
  labels,
  locale,
  actions,
  className,
  ...props
}: AnalysisStatusPanelProps) {
  const number = new Intl.NumberFormat(locale);
  const figures: [string, string][] = status
    ? [
        [labels.gamesAnalyzed, number.format(status.gamesAnalyzed)],
        [labels.totalGamesAnalyzed, number.format(status.totalGamesAnalyzed)],
        [labels.puzzlesGenerated, number.format(status.puzzlesGenerated)],
        [labels.lastUpdate, status.lastUpdate ? formatDateTime(locale, status.lastUpdate) : labels.never],
      ]
    : [];
  const state = status?.isRunning ? "running" : status?.paused ? "stopped" : "idle";
  return (
    <Card data-slot="analysis-status-panel" className={cn("w-full", className)} {...props}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{labels.title}</CardTitle>
        {status && !error ? (
          <span
            aria-live="polite"
            data-state={state}
            className="inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold data-[state=running]:bg-success-muted data-[state=running]:text-success-strong data-[state=stopped]:bg-warning-muted data-[state=stopped]:text-warning-strong data-[state=idle]:bg-surface-sunken data-[state=idle]:text-fg-muted"
          >
            <span
              aria-hidden
              className={cn(
                "size-2 rounded-full",
                state === "running"
                  ? "bg-success-solid"
                  : state === "stopped"
                    ? "bg-warning-strong"
                    : "bg-fg-faint",
              )}
            />
            {labels[state]}
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {error ? (
          <Alert variant="error">{error}</Alert>
        ) : status ? (
          <dl className="m-0 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {figures.map(([term, value]) => (
              <div key={term} className="flex flex-col">
                <dt className="text-fg-subtle">{term}</dt>
                <dd className="m-0 font-semibold text-fg tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="m-0 text-sm text-fg-subtle">{labels.loading}</p>
        )}
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </CardContent>
    </Card>
  );
}
