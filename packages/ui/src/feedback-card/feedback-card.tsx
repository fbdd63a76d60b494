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
      excellent: "border-emerald-300 bg-emerald-50 text-emerald-950",
      best: "border-green-300 bg-green-50 text-green-950",
      good: "border-lime-300 bg-lime-50 text-lime-950",
      interesting: "border-sky-300 bg-sky-50 text-sky-950",
      inaccuracy: "border-yellow-300 bg-yellow-50 text-yellow-950",
      mistake: "border-orange-300 bg-orange-50 text-orange-950",
      blunder: "border-red-300 bg-red-50 text-red-950",
      invalid: "border-neutral-300 bg-neutral-100 text-neutral-900",
    },
  },
  defaultVariants: { kind: "best" },
});

const ICONS: Record<FeedbackKind, { icon: LucideIcon; className: string }> = {
  excellent: { icon: Sparkles, className: "text-emerald-700" },
  best: { icon: Star, className: "text-green-700" },
  good: { icon: ThumbsUp, className: "text-lime-700" },
  interesting: { icon: Zap, className: "text-sky-700" },
  inaccuracy: { icon: CircleAlert, className: "text-yellow-700" },
  mistake: { icon: TriangleAlert, className: "text-orange-700" },
  blunder: { icon: CircleX, className: "text-red-700" },
  invalid: { icon: Ban, className: "text-neutral-600" },
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
};

/**
 * The move feedback card: the evaluation kind with its colour and icon, and the message. It is a polite live region,
 * so the verdict of each move is read out without moving focus.
 */
export function FeedbackCard({
  kind = "best",
  kindLabel,
  message,
  explanation,
  extra,
  className,
  ...props
}: FeedbackCardProps) {
  const { icon: Icon, className: iconClassName } = ICONS[kind];
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
    </div>
  );
}
