import { numberFormat } from "@ct/texts/number-format";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../lib/cn";

/** Ease-out cubic: fast at first, settling on the value. */
export function easeOutCubic(progress: number): number {
  const t = Math.min(Math.max(progress, 0), 1);
  return 1 - (1 - t) ** 3;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

export type AnimatedCounterProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** The number to count up to. */
  value: number;
  /** What is counted, e.g. "Training Positions". */
  label: string;
  /** Formats the number in the page's language (Intl.NumberFormat). */
  locale: string;
  /** Length of the count-up in ms (spec: 2 seconds). */
  durationMs?: number;
};

/**
 * A statistic that counts up from 0 to its value with requestAnimationFrame (spec section 2, Home). With reduced
 * motion it shows the value at once. Screen readers get the final value and label only, never the frames.
 */
export function AnimatedCounter({
  value,
  label,
  locale,
  durationMs = 2000,
  className,
  ...props
}: AnimatedCounterProps) {
  // From 0 on the server and in the browser's first render alike (a page rendered on the server hydrates without a
  // mismatch); with reduced motion the effect then shows the value at once.
  const [shown, setShown] = useState(0);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    const from = shownRef.current;
    if (from === value) return;
    if (prefersReducedMotion() || durationMs <= 0) {
      setShown(value);
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const progress = (now - start) / durationMs;
      if (progress >= 1) {
        setShown(value);
        return;
      }
      setShown(Math.round(from + (value - from) * easeOutCubic(progress)));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs]);

  const format = numberFormat(locale);
  return (
    <div
      data-slot="animated-counter"
      data-state={shown === value ? "done" : "counting"}
      className={cn("flex flex-col items-center gap-1 text-center", className)}
      {...props}
    >
      <span aria-hidden className="text-3xl font-bold text-brand tabular-nums md:text-4xl">
        {format.format(shown)}
      </span>
      <span className="sr-only">{format.format(value)}</span>
      <span className="text-sm font-semibold text-fg-muted">{label}</span>
    </div>
  );
}
