import { Play } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";

/** One of the engine's lines as the panel shows it; every text already in the page's language. */
export interface EngineLineView {
  /** The evaluation from White's side, e.g. "+1.25", "−0.40", "#3", "#−2". */
  evaluation: string;
  /** Who stands better by the evaluation, for its colour: White, Black, or even. */
  favours: "white" | "black" | "even";
  /** The evaluation read out, e.g. "Mate in 3" (defaults to `evaluation`). */
  evaluationLabel?: string;
  /** The line in numbered standard notation, e.g. "24. Qd7 Rxd7 25. a4". */
  moves: string;
  /** The line's name, e.g. "Line 1", read (not shown) before it. */
  label: string;
  /** The depth the engine reached, e.g. "Depth 14"; optional. */
  depth?: string;
  /** The name of the button that plays the line's first move, e.g. "Play Qd7"; no button without it. */
  playLabel?: string;
}

export type EngineLinesProps = Omit<React.ComponentProps<"section">, "title"> & {
  title: string;
  /** `thinking`: the engine is searching the position (lines of a previous search are not shown). */
  status: "thinking" | "ready" | "failed" | "over";
  /** What the panel says while thinking, when the engine failed or when the game is over. */
  statusText?: string;
  lines: readonly EngineLineView[];
  /** Plays the first move of the line at `index`. */
  onPlayLine?: (index: number) => void;
};

/**
 * The engine's best lines for the position on an analysis board, best first: each with its evaluation (from White's
 * side), its moves in numbered standard notation (kept left to right in an Arabic page) and a button that plays its
 * first move. Presentational: the caller runs the engine and gives the texts.
 */
export function EngineLines({
  title,
  status,
  statusText,
  lines,
  onPlayLine,
  className,
  ...props
}: EngineLinesProps) {
  const shown = status === "ready" ? lines : [];
  return (
    <section
      data-slot="engine-lines"
      data-status={status}
      aria-busy={status === "thinking"}
      className={cn("flex min-w-0 flex-col gap-2", className)}
      {...props}
    >
      <h2 className="m-0 text-base font-semibold">{title}</h2>
      <p role="status" className={cn("m-0 text-sm text-fg-muted", status === "ready" && "sr-only")}>
        {status === "ready" ? "" : (statusText ?? "")}
      </p>
      {shown.length > 0 ? (
        <ol className="m-0 flex list-none flex-col gap-1.5 p-0">
          {shown.map((line, index) => (
            <li
              // The lines are the engine's, best first: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              data-slot="engine-line"
              className="flex min-w-0 items-start gap-2 rounded-md border border-line bg-surface px-2 py-1.5"
            >
              {/* The line's name is read first; the list item keeps its content as what it says. */}
              <span className="sr-only">{`${line.label}: `}</span>
              <span
                data-favours={line.favours}
                title={line.evaluationLabel}
                className={cn(
                  "inline-flex min-w-16 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-sm font-semibold tabular-nums",
                  line.favours === "black"
                    ? "border border-board-eval-black-line bg-board-eval-black text-board-eval-black-fg"
                    : line.favours === "white"
                      ? "border border-line-strong bg-board-eval-white text-board-eval-white-fg"
                      : "bg-surface-sunken text-fg",
                )}
              >
                <bdi dir="ltr" aria-hidden={line.evaluationLabel ? true : undefined}>
                  {line.evaluation}
                </bdi>
                {line.evaluationLabel ? <span className="sr-only">{line.evaluationLabel}</span> : null}
              </span>
              <span className="min-w-0 flex-1 text-sm leading-6 break-words">
                <bdi dir="ltr" data-slot="engine-line-moves">
                  {line.moves}
                </bdi>
                {line.depth ? (
                  <span className="ms-2 text-xs whitespace-nowrap text-fg-subtle">{line.depth}</span>
                ) : null}
              </span>
              {onPlayLine && line.playLabel ? (
                <button
                  type="button"
                  aria-label={line.playLabel}
                  title={line.playLabel}
                  onClick={() => onPlayLine(index)}
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  <Play aria-hidden className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
