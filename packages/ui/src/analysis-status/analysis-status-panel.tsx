import type * as React from "react";
import { Alert } from "../alert";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";

/** GET /api/analysis/status (spec section 3). */
export interface AnalysisStatusValue {
  isRunning: boolean;
  gamesAnalyzed: number;
  totalGamesAnalyzed: number;
  puzzlesGenerated: number;
  lastUpdate: string | null;
}

export interface AnalysisStatusLabels {
  title: string;
  running: string;
  stopped: string;
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

/** The analysis worker's state: running or stopped, games analysed, puzzles generated, last update. */
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
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const figures: [string, string][] = status
    ? [
        [labels.gamesAnalyzed, number.format(status.gamesAnalyzed)],
        [labels.totalGamesAnalyzed, number.format(status.totalGamesAnalyzed)],
        [labels.puzzlesGenerated, number.format(status.puzzlesGenerated)],
        [labels.lastUpdate, status.lastUpdate ? date.format(new Date(status.lastUpdate)) : labels.never],
      ]
    : [];
  return (
    <Card data-slot="analysis-status-panel" className={cn("w-full", className)} {...props}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{labels.title}</CardTitle>
        {status && !error ? (
          <span
            aria-live="polite"
            data-state={status.isRunning ? "running" : "stopped"}
            className="inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold data-[state=running]:bg-success-muted data-[state=running]:text-success-strong data-[state=stopped]:bg-surface-sunken data-[state=stopped]:text-fg-muted"
          >
            <span
              aria-hidden
              className={cn("size-2 rounded-full", status.isRunning ? "bg-success-solid" : "bg-fg-faint")}
            />
            {status.isRunning ? labels.running : labels.stopped}
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
