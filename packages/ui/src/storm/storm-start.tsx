import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export type StormStartProps = Omit<React.ComponentProps<"section">, "children"> & {
  rules: string;
  /** The player's best score in words, or the line saying there is none yet. */
  best: string;
  /** A line under the best (e.g. "Sign in to enter the tables"). */
  note?: string | null;
  start: { label: string; onClick: () => void; disabled?: boolean };
  /** The tables (StormLeaderboard), side by side from 768 px. */
  children?: React.ReactNode;
};

/** Puzzle Storm's start screen: the rules in a sentence, the player's best, Start, and the tables. */
export function StormStart({
  rules,
  best,
  note = null,
  start,
  children,
  className,
  ...props
}: StormStartProps) {
  return (
    <section data-slot="storm-start" className={cn("flex flex-col gap-5", className)} {...props}>
      <div className="flex flex-col gap-3 rounded-md border border-line bg-surface p-4">
        <p className="m-0 max-w-3xl text-fg">{rules}</p>
        <p data-slot="storm-best" className="m-0 font-semibold text-fg">
          {best}
        </p>
        {note ? <p className="m-0 text-sm text-fg-muted">{note}</p> : null}
        <div>
          <Button size="lg" onClick={start.onClick} disabled={start.disabled}>
            {start.label}
          </Button>
        </div>
      </div>
      {children ? <div className="grid gap-6 md:grid-cols-2">{children}</div> : null}
    </section>
  );
}
