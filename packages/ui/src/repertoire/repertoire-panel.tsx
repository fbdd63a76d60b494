import type * as React from "react";
import { Button } from "../button";
import { Card, CardContent } from "../card";
import { cn } from "../lib/cn";
import { TrainerStatus, type TrainerStatusValue } from "../trainer-status";

/** Where the trainer stands (the shared TrainerStatus). */
export type RepertoireStatus = TrainerStatusValue;

export interface RepertoireMoveItem {
  /** Numbered standard notation: "3.Bb5", "3...a6". */
  label: string;
  /** "played", the one to play now ("current"), or still to come ("waiting", hidden in Drill). */
  state: "played" | "current" | "waiting";
}

export interface RepertoireAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

export interface RepertoirePanelProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  /** "Learn" or "Drill". */
  mode: string;
  /** "You play White". */
  side: string;
  /** "Line 1 of 3: Closed, Chigorin". */
  line: string;
  status: RepertoireStatus;
  /** The idea of the move just played or to be played (the PGN comment), in the page's language. */
  idea?: { title: string; text: string } | null;
  movesTitle: string;
  moves: readonly RepertoireMoveItem[];
  /** "Lines left in this session: 2" (Drill). */
  remaining?: string | null;
  actions: readonly RepertoireAction[];
}

/**
 * The side panel of the repertoire trainer (issue 40): the opening, the mode and the line, the trainer's state
 * (announced as it changes), the idea of the move in question, the line's moves so far and the actions (Next,
 * Continue, Drill again…). Every text is a prop, in the page's language; moves are written left to right in both.
 */
export function RepertoirePanel({
  title,
  mode,
  side,
  line,
  status,
  idea,
  movesTitle,
  moves,
  remaining,
  actions,
  className,
  ...props
}: RepertoirePanelProps) {
  return (
    <section data-slot="repertoire-panel" className={cn("w-full min-w-0", className)} {...props}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <div className="flex flex-col gap-1">
            <h2 className="m-0 text-lg font-bold text-fg">
              {title}
              <span className="ms-2 rounded bg-surface-strong px-2 py-0.5 align-middle text-xs font-semibold text-fg">
                {mode}
              </span>
            </h2>
            <p className="m-0 text-sm font-semibold text-fg" data-slot="repertoire-line">
              {line}
            </p>
            <p className="m-0 flex flex-wrap gap-x-3 text-sm text-fg-muted">
              <span>{side}</span>
              {remaining ? <span data-slot="repertoire-remaining">{remaining}</span> : null}
            </p>
          </div>
          <TrainerStatus data-slot="repertoire-status" status={status} />
          {idea ? (
            <div data-slot="repertoire-idea" className="flex flex-col gap-1">
              <h3 className="m-0 text-base font-semibold text-fg">{idea.title}</h3>
              <p className="m-0 text-sm text-fg">{idea.text}</p>
            </div>
          ) : null}
          <div className="flex flex-col gap-1">
            <h3 className="m-0 text-sm font-semibold text-fg-muted">{movesTitle}</h3>
            <ol
              dir="ltr"
              data-slot="repertoire-moves"
              className="m-0 flex list-none flex-wrap gap-x-2 gap-y-1 p-0 font-mono text-sm"
            >
              {moves.map((move, index) => (
                <li
                  // Moves of a line repeat no position, but their labels may (a "...Nf6" in two lines): keep order.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is the line in order and never reorders.
                  key={index}
                  data-state={move.state}
                  className={cn(
                    "rounded px-1",
                    move.state === "current" && "bg-brand text-brand-fg",
                    move.state === "waiting" && "text-fg-muted",
                  )}
                >
                  {move.label}
                </li>
              ))}
            </ol>
          </div>
          {actions.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {actions.map((action) => (
                <Button
                  key={action.label}
                  variant={action.primary ? "primary" : "secondary"}
                  size="sm"
                  onClick={action.onClick}
                >
                  {action.label}
                </Button>
              ))}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
