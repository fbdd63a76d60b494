import type * as React from "react";
import { cn } from "../lib/cn";

export interface StormLeaderboardRow {
  rank: number;
  username: string;
  score: number;
  bestCombo: number;
}

export type StormLeaderboardProps = Omit<React.ComponentProps<"section">, "children"> & {
  title: string;
  rows: readonly StormLeaderboardRow[];
  /** Shown instead of the table when no one has a run yet. */
  empty: string;
  labels: { rank: string; player: string; score: string; combo: string };
  /** The signed-in player's name: their row stands out. */
  current?: string | null;
  locale?: string;
};

/** One of Puzzle Storm's tables (today's, all time): players' best runs, one row each, best first. */
export function StormLeaderboard({
  title,
  rows,
  empty,
  labels,
  current = null,
  locale,
  className,
  ...props
}: StormLeaderboardProps) {
  const number = new Intl.NumberFormat(locale);
  const headingId = `storm-table-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section
      data-slot="storm-leaderboard"
      aria-labelledby={headingId}
      className={cn("flex min-w-0 flex-col gap-2", className)}
      {...props}
    >
      <h2 id={headingId} className="m-0 text-base font-semibold text-fg">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="m-0 text-sm text-fg-muted">{empty}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-line text-start text-fg-muted">
              <th scope="col" className="w-10 py-1 text-start font-medium">
                {labels.rank}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {labels.player}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {labels.score}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {labels.combo}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.username}
                data-current={row.username === current || undefined}
                className={cn(
                  "border-b border-line last:border-0",
                  row.username === current && "bg-brand-soft",
                )}
              >
                <td className="py-1 tabular-nums text-fg-muted">{number.format(row.rank)}</td>
                <td className="py-1 break-all text-fg" dir="auto">
                  {row.username}
                </td>
                <td className="py-1 text-end font-semibold tabular-nums text-fg">
                  {number.format(row.score)}
                </td>
                <td className="py-1 text-end tabular-nums text-fg-muted">{number.format(row.bestCombo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
