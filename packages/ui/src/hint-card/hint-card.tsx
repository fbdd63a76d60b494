import { cva } from "class-variance-authority";
import { Crosshair, Lightbulb, Play } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export const HINT_LEVELS = ["subtle", "moderate", "explicit"] as const;
export type HintLevel = (typeof HINT_LEVELS)[number];

export const hintCardVariants = cva("flex flex-col gap-3 rounded-lg border bg-surface px-4 py-3 shadow-sm", {
  variants: {
    level: {
      subtle: "border-info-line-subtle",
      moderate: "border-info-line",
      explicit: "border-info-line-strong",
    },
  },
  defaultVariants: { level: "subtle" },
});

export type HintCardProps = Omit<React.ComponentProps<"section">, "children" | "title"> & {
  level?: HintLevel;
  /** The hint of this level, in the page's language. */
  text: string;
  /** Heading, e.g. "Hint". */
  title: string;
  /** The level in words, e.g. "Hint 2 of 3". */
  levelLabel: string;
  /** 'More Help'; the button is hidden at the explicit level. */
  moreHelpLabel: string;
  onMoreHelp: () => void;
  /** The first correct move's target square, shown from the moderate level on (not at subtle). */
  targetSquare?: string | null | undefined;
  /** Words before the square, e.g. "Target square:". */
  targetSquareLabel?: string | undefined;
  /** The suggested move in standard notation, shown as a button at the explicit level. */
  move?: string | null | undefined;
  /** Words before the move button, e.g. "Suggested move:". */
  suggestedMoveLabel?: string | undefined;
  /** Accessible name of the move button, e.g. "Play Nf3". */
  playMoveLabel?: string | undefined;
  onPlayMove?: (move: string) => void;
};

/**
 * The hint card (spec section 4, Hints): the hint of the current level, More Help to go one level further (hidden at
 * explicit), the target square at moderate, and at explicit the suggested move as a button that plays it. Its border
 * strengthens with the level; the level is also written in words (`levelLabel`).
 *
 * **Do**
 * - Show it only after the player asked for a hint, and count the puzzle as helped from then on.
 * - Keep the levels in order: the idea first, then the square, then the move.
 * - Pair it with the board's hint marks (the ring, then the arrow), so the text and the board say the same thing.
 *
 * **Don't**
 * - Don't give the move before the explicit level, in the text or in the title.
 * - Don't show More Help at the explicit level: there is nothing further.
 * - Don't rely on the border alone to tell the levels apart; `levelLabel` must say it.
 */
export function HintCard({
  level = "subtle",
  text,
  title,
  levelLabel,
  moreHelpLabel,
  onMoreHelp,
  targetSquare,
  targetSquareLabel,
  move,
  suggestedMoveLabel,
  playMoveLabel,
  onPlayMove,
  className,
  ...props
}: HintCardProps) {
  const headingId = useId();
  const showTarget = level === "moderate" && targetSquare;
  const showMove = level === "explicit" && move;
  return (
    <section
      aria-labelledby={headingId}
      data-slot="hint-card"
      data-level={level}
      className={cn(hintCardVariants({ level }), className)}
      {...props}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="m-0 flex items-center gap-2 text-base font-bold text-fg">
          <Lightbulb aria-hidden className="size-5 text-info" />
          {title}
        </h2>
        <span className="rounded-full bg-info-muted px-2.5 py-0.5 text-xs font-semibold text-info-strong">
          {levelLabel}
        </span>
      </div>
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-2">
        <p className="m-0 text-sm text-fg">{text}</p>
        {showTarget ? (
          <p data-slot="hint-card-target" className="m-0 flex items-center gap-2 text-sm text-fg-soft">
            <Crosshair aria-hidden className="size-4 text-info" />
            {targetSquareLabel}{" "}
            <bdi dir="ltr" className="font-mono font-bold">
              {targetSquare}
            </bdi>
          </p>
        ) : null}
        {showMove ? (
          <p
            data-slot="hint-card-move"
            className="m-0 flex flex-wrap items-center gap-2 text-sm text-fg-soft"
          >
            {suggestedMoveLabel}
            <Button size="sm" aria-label={playMoveLabel} onClick={() => onPlayMove?.(move)}>
              <Play aria-hidden className="rtl:rotate-180" />
              <bdi dir="ltr" className="font-mono">
                {move}
              </bdi>
            </Button>
          </p>
        ) : null}
      </div>
      {level !== "explicit" ? (
        <Button variant="secondary" size="sm" onClick={onMoreHelp} className="self-start">
          {moreHelpLabel}
        </Button>
      ) : null}
    </section>
  );
}
