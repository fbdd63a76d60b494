import type * as React from "react";
import { cn } from "../lib/cn";

export interface RacerLane {
  id: string;
  name: string;
  score: number;
  /** The viewer's own lane stands out. */
  you?: boolean;
}

export type RacerTrackProps = Omit<React.ComponentProps<"section">, "children"> & {
  /** The track's accessible name. */
  label: string;
  lanes: readonly RacerLane[];
  /** The score that fills a lane (the leader's at least). */
  goal: number;
  /** "12 points" from a score. */
  points: (score: number) => string;
  /** "you" beside the viewer's name. */
  youLabel: string;
};

/**
 * Puzzle Racer's shared track: one lane per player, each runner as far along as its score (of `goal`, which grows
 * with the leader), the name and the points beside it. Runners move with a short transition as progress arrives.
 */
export function RacerTrack({ label, lanes, goal, points, youLabel, className, ...props }: RacerTrackProps) {
  const full = Math.max(1, goal, ...lanes.map((lane) => lane.score));
  return (
    <section
      data-slot="racer-track"
      aria-label={label}
      className={cn("flex flex-col gap-2 rounded-md border border-line bg-surface p-3", className)}
      {...props}
    >
      <ol className="m-0 flex list-none flex-col gap-2 p-0">
        {lanes.map((lane) => {
          const share = Math.min(100, (lane.score / full) * 100);
          return (
            <li
              key={lane.id}
              data-player={lane.name}
              data-score={lane.score}
              data-you={lane.you ? "true" : undefined}
            >
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className={cn("truncate", lane.you ? "font-semibold text-fg" : "text-fg")}>
                  <bdi>{lane.name}</bdi>
                  {lane.you ? <span className="ms-1 text-fg-muted">({youLabel})</span> : null}
                </span>
                <span className="shrink-0 tabular-nums text-fg-muted">{points(lane.score)}</span>
              </div>
              <div className="relative mt-1 h-3 rounded-full bg-surface-sunken">
                <div
                  aria-hidden
                  className={cn(
                    "absolute inset-y-0 start-0 rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none",
                    lane.you ? "bg-brand" : "bg-fg-subtle",
                  )}
                  style={{ width: `${share}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
