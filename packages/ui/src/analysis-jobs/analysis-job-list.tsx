import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";
import { formatDateTime } from "../lib/dates";

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

/** The job's Cancel (queued or running) or Retry (failed) button, named with the job for screen readers. */
function JobAction({
  job,
  labels,
  onCancel,
  onRetry,
}: Pick<AnalysisJobListProps, "labels" | "onCancel" | "onRetry"> & { job: AnalysisJobRow }) {
  if (onCancel && (job.status === "queued" || job.status === "running"))
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onCancel(job.id)}
        aria-label={`${labels.cancel}: ${job.name}`}
      >
        {labels.cancel}
      </Button>
    );
  if (onRetry && job.status === "failed")
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onRetry(job.id)}
        aria-label={`${labels.retry}: ${job.name}`}
      >
        {labels.retry}
      </Button>
    );
  return null;
}

function StateBadge({ job, labels }: { job: AnalysisJobRow; labels: AnalysisJobLabels }) {
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        stateClass[job.status],
      )}
    >
      {labels.states[job.status]}
    </span>
  );
}

/**
 * The analysis queue, newest first: file, state, games analysed of the total, puzzles found, skipped games; Cancel
 * on queued and running jobs, Retry on failed ones. A table where there is room (768 px and up), one card a job
 * on a phone, so nothing scrolls sideways.
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
  if (jobs.length === 0) {
    return (
      <div data-slot="analysis-job-list" className={cn("text-sm text-fg-subtle", className)} {...props}>
        <p className="m-0">{labels.empty}</p>
      </div>
    );
  }
  const progress = (job: AnalysisJobRow) => (
    <>
      <progress
        className="me-2 h-2 w-20 align-middle accent-brand"
        max={Math.max(1, job.total_games)}
        value={job.games_analyzed}
        aria-label={`${labels.progress}: ${job.name}`}
      />
      {number.format(job.games_analyzed)} / {number.format(job.total_games)}
    </>
  );
  const skipped = (job: AnalysisJobRow) =>
    job.problems.map((problem) => `#${problem.game}: ${problem.message}`).join("\n");
  return (
    <div data-slot="analysis-job-list" className={cn("min-w-0", className)} {...props}>
      <div className="hidden overflow-x-auto md:block">
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
                  <StateBadge job={job} labels={labels} />
                </td>
                <td className="px-2 py-2 tabular-nums">{progress(job)}</td>
                <td className="px-2 py-2 tabular-nums">{number.format(job.puzzles)}</td>
                <td className="px-2 py-2 tabular-nums" title={skipped(job)}>
                  {number.format(job.problems.length)}
                </td>
                <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(locale, job.created_at)}</td>
                <td className="px-2 py-2">
                  <JobAction job={job} labels={labels} onCancel={onCancel} onRetry={onRetry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={labels.caption} className="m-0 flex list-none flex-col gap-3 p-0 md:hidden">
        {jobs.map((job) => (
          <li
            key={job.id}
            data-slot="analysis-job-card"
            className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3 text-sm"
          >
            <div className="flex min-w-0 items-center justify-between gap-2">
              <span className="min-w-0 truncate font-semibold" title={job.name}>
                {job.name}
              </span>
              <StateBadge job={job} labels={labels} />
            </div>
            <dl className="m-0 grid grid-cols-2 gap-x-4 gap-y-1">
              {(
                [
                  [labels.progress, progress(job)],
                  [labels.puzzles, number.format(job.puzzles)],
                  [labels.skipped, number.format(job.problems.length)],
                  [labels.created, formatDateTime(locale, job.created_at)],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="flex min-w-0 flex-col">
                  <dt className="text-fg-subtle">{term}</dt>
                  <dd className="m-0 tabular-nums" title={term === labels.skipped ? skipped(job) : undefined}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="flex">
              <JobAction job={job} labels={labels} onCancel={onCancel} onRetry={onRetry} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
