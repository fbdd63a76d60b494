import { CheckCircle2, XCircle } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** One puzzle of the run on the result screen, with the link that plays it again in the trainer. */
export interface StormResultPuzzle {
  id: number;
  label: string;
  result: "solved" | "failed";
  resultLabel: string;
  href: string;
}

export type StormResultProps = Omit<React.ComponentProps<"section">, "children"> & {
  title: string;
  scoreLabel: string;
  score: number;
  /** "New personal best!" when the run beat it. */
  newBest?: string | null;
  /** Moves per second, best combo, accuracy, time: label and formatted value. */
  stats: readonly { label: string; value: string }[];
  /** What became of the run: checking, saved, the rank, or why it was not kept. */
  status?: string | null;
  puzzlesTitle: string;
  puzzles: readonly StormResultPuzzle[];
  replayLabel: string;
  again: { label: string; onClick: () => void };
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  locale?: string;
};

/**
 * Puzzle Storm's result screen: the score, the run's figures, what the server made of it, and every puzzle played
 * with its result and a link to play it again.
 */
export function StormResult({
  title,
  scoreLabel,
  score,
  newBest = null,
  stats,
  status = null,
  puzzlesTitle,
  puzzles,
  replayLabel,
  again,
  renderLink = defaultRenderLink,
  locale,
  className,
  ...props
}: StormResultProps) {
  const number = new Intl.NumberFormat(locale);
  return (
    <section
      data-slot="storm-result"
      aria-labelledby="storm-result-title"
      className={cn("flex flex-col gap-4", className)}
      {...props}
    >
      <div className="flex flex-wrap items-end justify-between gap-4 rounded-md border border-line bg-surface p-4">
        <div className="flex flex-col">
          <h2 id="storm-result-title" className="m-0 text-lg font-semibold text-fg">
            {title}
          </h2>
          <span className="text-sm text-fg-muted">{scoreLabel}</span>
          <span data-slot="storm-result-score" className="text-5xl font-bold tabular-nums text-fg">
            {number.format(score)}
          </span>
          {newBest ? <span className="font-semibold text-success-strong">{newBest}</span> : null}
        </div>
        <Button onClick={again.onClick}>{again.label}</Button>
      </div>
      <dl className="m-0 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col rounded-md border border-line bg-surface p-3">
            <dt className="text-xs text-fg-muted">{stat.label}</dt>
            <dd className="m-0 text-xl font-semibold tabular-nums text-fg">
              <bdi>{stat.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {status ? (
        <p role="status" data-slot="storm-result-status" className="m-0 text-sm text-fg">
          {status}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="m-0 text-base font-semibold text-fg">{puzzlesTitle}</h3>
        <ol className="m-0 grid list-none gap-2 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {puzzles.map((puzzle) => (
            <li
              key={puzzle.id}
              data-slot="storm-result-puzzle"
              data-result={puzzle.result}
              className="flex items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm"
            >
              <span className="flex items-center gap-2">
                {puzzle.result === "solved" ? (
                  <CheckCircle2 aria-hidden className="size-4 text-success" />
                ) : (
                  <XCircle aria-hidden className="size-4 text-danger" />
                )}
                <span className="tabular-nums text-fg">{puzzle.label}</span>
                <span className="sr-only">{puzzle.resultLabel}</span>
              </span>
              {renderLink({
                href: puzzle.href,
                className: "font-medium text-brand underline-offset-2 hover:underline",
                children: replayLabel,
              })}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
