import { cva } from "class-variance-authority";
import {
  Ban,
  CircleAlert,
  CircleX,
  type LucideIcon,
  Sparkles,
  Star,
  ThumbsUp,
  TriangleAlert,
  Zap,
} from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Button } from "../button/button";
import { cn } from "../lib/cn";

/** The evaluation kinds of spec section 3, plus 'invalid' for a move the rules do not allow. */
export const FEEDBACK_KINDS = [
  "excellent",
  "best",
  "good",
  "interesting",
  "inaccuracy",
  "mistake",
  "blunder",
  "invalid",
] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const feedbackCardVariants = cva("flex flex-col gap-2 rounded-lg border px-4 py-3", {
  variants: {
    kind: {
      excellent: "border-grade-excellent-line bg-grade-excellent-bg text-grade-excellent-fg",
      best: "border-grade-best-line bg-grade-best-bg text-grade-best-fg",
      good: "border-grade-good-line bg-grade-good-bg text-grade-good-fg",
      interesting: "border-grade-interesting-line bg-grade-interesting-bg text-grade-interesting-fg",
      inaccuracy: "border-grade-inaccuracy-line bg-grade-inaccuracy-bg text-grade-inaccuracy-fg",
      mistake: "border-grade-mistake-line bg-grade-mistake-bg text-grade-mistake-fg",
      blunder: "border-grade-blunder-line bg-grade-blunder-bg text-grade-blunder-fg",
      invalid: "border-line-strong bg-surface-sunken text-fg",
    },
  },
  defaultVariants: { kind: "best" },
});

const ICONS: Record<FeedbackKind, { icon: LucideIcon; className: string }> = {
  excellent: { icon: Sparkles, className: "text-grade-excellent-icon" },
  best: { icon: Star, className: "text-grade-best-icon" },
  good: { icon: ThumbsUp, className: "text-grade-good-icon" },
  interesting: { icon: Zap, className: "text-grade-interesting-icon" },
  inaccuracy: { icon: CircleAlert, className: "text-grade-inaccuracy-icon" },
  mistake: { icon: TriangleAlert, className: "text-grade-mistake-icon" },
  blunder: { icon: CircleX, className: "text-grade-blunder-icon" },
  invalid: { icon: Ban, className: "text-fg-subtle" },
};

export type FeedbackCardProps = Omit<React.ComponentProps<"div">, "children"> & {
  kind?: FeedbackKind;
  /** The kind in words, in the page's language, e.g. "Best move". */
  kindLabel: string;
  /** The spec's message, e.g. 'Excellent! This is the correct move. Click Next when you are ready to continue.' */
  message: string;
  /** Further explanation of the position (the position's explanation in the page's language). */
  explanation?: string | null | undefined;
  /** Extra content under the message: the refutation line of a wrong move, say. */
  extra?: React.ReactNode;
  /**
   * "Try again" after a puzzle solved with help or its answer shown: replays it at once, as a review. The button
   * shows when `onTryAgain` and `tryAgainLabel` are given; `tryAgainDescription` says what it does (its description).
   */
  onTryAgain?: (() => void) | undefined;
  tryAgainLabel?: string | undefined;
  tryAgainDescription?: string | undefined;
};

/**
 * The move feedback card: the evaluation kind with its colour and icon, and the message. It is a polite live region,
 * so the verdict of each move is read out without moving focus.
 *
 * **Do**
 * - Show one card per move, replacing the last: the live region then reads only the new verdict.
 * - Say what happened in words in `message` ("Not the best move. Try again."): the colour and the icon repeat it for
 *   those who see them.
 * - Put the refutation (the opponent's answer and what it wins) in `extra`, with moves in notation.
 * - Offer "Try again" (`onTryAgain`) once a puzzle ended with help or its answer shown: a retry while it is fresh.
 *
 * **Don't**
 * - Don't call a helped solve "Excellent": only a clean first-try solve gets the best kinds.
 * - Don't use the card for errors of the site (a failed request): that is an Alert.
 * - Don't stack several cards; older verdicts belong in the move list.
 */
export function FeedbackCard({
  kind = "best",
  kindLabel,
  message,
  explanation,
  extra,
  onTryAgain,
  tryAgainLabel,
  tryAgainDescription,
  className,
  ...props
}: FeedbackCardProps) {
  const { icon: Icon, className: iconClassName } = ICONS[kind];
  const descriptionId = useId();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-slot="feedback-card"
      data-kind={kind}
      className={cn(feedbackCardVariants({ kind }), className)}
      {...props}
    >
      <p className="m-0 flex items-center gap-2 text-base font-bold">
        <Icon aria-hidden className={cn("size-5 shrink-0", iconClassName)} />
        {kindLabel}
      </p>
      <p className="m-0 text-sm">{message}</p>
      {explanation ? <p className="m-0 text-sm opacity-90">{explanation}</p> : null}
      {extra ? <div data-slot="feedback-card-extra">{extra}</div> : null}
      {onTryAgain && tryAgainLabel ? (
        <div data-slot="feedback-card-again" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            size="sm"
            variant="secondary"
            onClick={onTryAgain}
            aria-describedby={tryAgainDescription ? descriptionId : undefined}
          >
            {tryAgainLabel}
          </Button>
          {tryAgainDescription ? (
            <span id={descriptionId} className="text-sm opacity-90">
              {tryAgainDescription}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
