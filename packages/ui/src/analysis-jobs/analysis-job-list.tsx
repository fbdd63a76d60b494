import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export type AnalysisJobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface AnalysisJobRow {
  id: number;
  name: string;
  status: AnalysisJobStatus;
  total_games: number;
  games_analyzed: number;
  puzzles: number;
  problems: { game: number; message: string }[];
  created_at: string;
}

export interface AnalysisJobLabels {
  caption: string;
  file: string;
  status: string;
  progress: string;
  puzzles: string;
  skipped: string;
  created: string;
  actions: string;
  cancel: string;
  /** The button of a failed job: queue it again, to resume at its next game. */
  retry: string;
  empty: string;
  states: Record<AnalysisJobStatus, string>;
}

export type AnalysisJobListProps = Omit<React.ComponentProps<"div">, "children"> & {
  jobs: readonly AnalysisJobRow[];
  labels: AnalysisJobLabels;
  locale: string;
  onCancel?: ((id: number) => void) | undefined;
  /** Shows a Retry button on failed jobs. */
  onRetry?: ((id: number) => void) | undefined;
};

const stateClass: Record<AnalysisJobStatus, string> = {
  queued: "bg-surface-sunken text-fg-soft",
  running: "bg-success-muted text-success-strong",
  done: "bg-brand-soft text-brand",
  failed: "bg-danger-muted text-danger-strong",
  cancelled: "bg-warning-muted text-warning-strong",
};

/**
 * The analysis queue, newest first: file, state, games analysed of the total, puzzles found, skipped games; Cancel
 * on queued and running jobs, Retry on failed ones.
 */
export function AnalysisJobList({
  jobs,
  labels,
  locale,
  onCancel,
  onRetry,
  className,
  ...props
}: AnalysisJobListProps) {
  const number = new Intl.NumberFormat(locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  if (jobs.length === 0) {
    return (
      <div data-slot="analysis-job-list" className={cn("text-sm text-fg-subtle", className)} {...props}>
        <p className="m-0">{labels.empty}</p>
      </div>
    );
  }
  return (
    <div data-slot="analysis-job-list" className={cn("overflow-x-auto", className)} {...props}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{labels.caption}</caption>
        <thead>
          <tr className="border-b border-line-strong text-start">
            {[
              labels.file,
              labels.status,
              labels.progress,
              labels.puzzles,
              labels.skipped,
              labels.created,
            ].map((heading) => (
              <th key={heading} scope="col" className="px-2 py-2 text-start font-semibold text-fg-muted">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-start font-semibold text-fg-muted">
              <span className="sr-only">{labels.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} className="border-b border-line">
              <td className="max-w-48 truncate px-2 py-2 font-semibold" title={job.name}>
                {job.name}
              </td>
              <td className="px-2 py-2">
                <span
                  className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", stateClass[job.status])}
                >
                  {labels.states[job.status]}
                </span>
              </td>
              <td className="px-2 py-2 tabular-nums">
                <progress
                  className="me-2 h-2 w-20 align-middle accent-brand"
                  max={Math.max(1, job.total_games)}
                  value={job.games_analyzed}
                  aria-label={`${labels.progress}: ${job.name}`}
                />
                {number.format(job.games_analyzed)} / {number.format(job.total_games)}
              </td>
              <td className="px-2 py-2 tabular-nums">{number.format(job.puzzles)}</td>
              <td
                className="px-2 py-2 tabular-nums"
                title={job.problems.map((problem) => `#${problem.game}: ${problem.message}`).join("\n")}
              >
                {number.format(job.problems.length)}
              </td>
              <td className="px-2 py-2 whitespace-nowrap">{date.format(new Date(job.created_at))}</td>
              <td className="px-2 py-2">
                {onCancel && (job.status === "queued" || job.status === "running") ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onCancel(job.id)}
                    aria-label={`${labels.cancel}: ${job.name}`}
                  >
                    {labels.cancel}
                  </Button>
                ) : null}
                {onRetry && job.status === "failed" ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onRetry(job.id)}
                    aria-label={`${labels.retry}: ${job.name}`}
                  >
                    {labels.retry}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
