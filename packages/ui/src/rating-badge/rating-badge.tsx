import { numberFormat } from "@ct/texts/number-format";
import { TrendingDown, TrendingUp } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";

/** Above this deviation a rating is provisional, written with a "?" as lichess does. */
export const PROVISIONAL_DEVIATION = 110;

export interface RatingBadgeLabels {
  /** "Your rating". */
  rating: string;
  /** Read after a provisional rating: "provisional: it settles as you play". */
  provisional: string;
  /** Read before the last change: "last puzzle". */
  change: string;
}

export type RatingBadgeProps = React.ComponentProps<"p"> & {
  rating: number;
  deviation: number;
  /** The last result's change (null before the first result). */
  change: number | null;
  labels: RatingBadgeLabels;
  /** Formats the numbers in the page's language. */
  locale: string;
};

/**
 * The player's puzzle rating (Glicko-2) with the last result's change: "1532?" while provisional, "+12" in green or
 * "−8" in red with an arrow, so the change never rests on colour alone.
 */
export function RatingBadge({
  rating,
  deviation,
  change,
  labels,
  locale,
  className,
  ...props
}: RatingBadgeProps) {
  const number = numberFormat(locale, { maximumFractionDigits: 0 });
  const signed = numberFormat(locale, { maximumFractionDigits: 0, signDisplay: "exceptZero" });
  const provisional = deviation > PROVISIONAL_DEVIATION;
  const rounded = change === null ? 0 : Math.round(change);
  return (
    <p
      data-slot="rating-badge"
      className={cn(
        "m-0 inline-flex items-center gap-2 rounded-full border border-line-strong bg-surface px-3 py-1 text-sm text-fg",
        className,
      )}
      {...props}
    >
      {/* On a phone the number alone shows (the label is still read out), so the title bar keeps one line. */}
      <span className="text-fg-muted max-md:sr-only">{labels.rating}</span>
      {/* Left to right in Arabic too: "1,532?" keeps its question mark after the number. */}
      <span className="font-bold tabular-nums">
        <bdi dir="ltr" data-testid="rating-value">
          {number.format(Math.round(rating))}
          {provisional ? <span aria-hidden>?</span> : null}
        </bdi>
        {provisional ? <span className="sr-only"> ({labels.provisional})</span> : null}
      </span>
      {change !== null && rounded !== 0 ? (
        <span
          data-change={rounded > 0 ? "up" : "down"}
          className={cn(
            "inline-flex items-center gap-0.5 font-semibold tabular-nums",
            rounded > 0 ? "text-success" : "text-danger-strong",
          )}
        >
          <span className="sr-only">{labels.change} </span>
          {rounded > 0 ? (
            <TrendingUp aria-hidden className="size-4" />
          ) : (
            <TrendingDown aria-hidden className="size-4" />
          )}
          <bdi>{signed.format(rounded)}</bdi>
        </span>
      ) : null}
    </p>
  );
}
