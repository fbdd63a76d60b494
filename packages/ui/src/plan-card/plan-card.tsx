import { Check, Flame } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

export interface ProgressRingProps extends Omit<React.ComponentProps<"div">, "children"> {
  value: number;
  max: number;
  /** The figure inside the ring ("3 of 12"). */
  text: string;
  /** The ring's accessible name with its value in words ("Today's plan: 3 of 12 done"). */
  label: string;
}

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A ring that fills as the day's work is done: from the top, clockwise in a left-to-right page and counterclockwise
 * in a right-to-left one (the drawing mirrors, its text does not). A progressbar for assistive technology.
 */
export function ProgressRing({ value, max, text, label, className, ...props }: ProgressRingProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const complete = max > 0 && value >= max;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={label}
      aria-label={label}
      data-slot="progress-ring"
      data-complete={complete || undefined}
      className={cn("relative grid size-20 shrink-0 place-items-center sm:size-24", className)}
      {...props}
    >
      <svg
        viewBox="0 0 100 100"
        aria-hidden
        className="absolute inset-0 size-full -rotate-90 rtl:-scale-y-100"
      >
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="10" className="stroke-surface-strong" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
          className={cn(
            "transition-[stroke-dashoffset] duration-500 motion-reduce:transition-none",
            complete ? "stroke-success" : "stroke-brand",
            share === 0 && "opacity-0",
          )}
        />
      </svg>
      <span aria-hidden className="relative text-center text-sm leading-tight font-bold text-fg tabular-nums">
        {complete ? <Check className="mx-auto size-8 text-success" /> : text}
      </span>
    </div>
  );
}

/** One step of the day's plan. */
export interface PlanStepItem {
  /** The step's kind (find-level, review, weak, new), mirrored in data-step. */
  key: string;
  name: string;
  detail?: string;
  /** Done of total, in words ("2 of 5"). */
  count: string;
  done: number;
  total: number;
  /** Done; the one to work on now; or one still to come. */
  state: "done" | "current" | "waiting";
  /** The link that starts the step ("Start", "Continue"); a done step has none. */
  action?: { href: string; label: string };
}

export interface PlanCardProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  intro: string;
  ring: { value: number; max: number; text: string; label: string };
  /** The streak of days in words, and a note under it (keep it going, today counts). */
  streak: { days: number; text: string; note?: string };
  steps: readonly PlanStepItem[];
  /** Said when every step is done. */
  complete?: string | null;
  /** The word a done step shows instead of its link. */
  doneLabel: string;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** The title's heading level (h2 on a page with its own h1). */
  headingLevel?: 2 | 3;
}

/**
 * Today's plan (issue 39) as a card: a ring that fills as the day's work is done, the streak of days, and the steps
 * in order (due reviews, weak themes, new puzzles; or "Find your level" first for a new visitor), each with its done
 * and total and a link that starts it. Every text is a prop, in the page's language.
 */
export function PlanCard({
  title,
  intro,
  ring,
  streak,
  steps,
  complete,
  doneLabel,
  renderLink = defaultRenderLink,
  headingLevel = 2,
  className,
  ...props
}: PlanCardProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  // Named from the card's id when it has one, else an id of its own (two cards on a page name different titles).
  const generated = useId();
  const titleId = `${props.id ?? generated}-title`;
  return (
    <section
      aria-labelledby={titleId}
      data-slot="daily-plan"
      data-complete={complete ? true : undefined}
      className={cn("w-full min-w-0", className)}
      {...props}
    >
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <div className="flex items-center gap-4">
            <ProgressRing value={ring.value} max={ring.max} text={ring.text} label={ring.label} />
            <div className="flex min-w-0 flex-col gap-1">
              <Heading id={titleId} className="m-0 text-lg font-bold text-fg">
                {title}
              </Heading>
              <p className="m-0 text-sm text-fg-muted">{intro}</p>
              <p
                data-slot="plan-streak"
                data-days={streak.days}
                className="m-0 flex items-start gap-1.5 text-sm"
              >
                <Flame
                  aria-hidden
                  className={cn("mt-0.5 size-4 shrink-0", streak.days > 0 ? "text-brand" : "text-fg-faint")}
                />
                <span>
                  <span className="font-semibold text-fg">{streak.text}</span>
                  {streak.note ? <span className="text-fg-muted"> {streak.note}</span> : null}
                </span>
              </p>
            </div>
          </div>
          {complete ? (
            <p role="status" data-slot="plan-complete" className="m-0 font-semibold text-success-strong">
              {complete}
            </p>
          ) : null}
          <ol className="m-0 flex list-none flex-col gap-2 p-0">
            {steps.map((step, index) => (
              <li
                key={step.key}
                data-step={step.key}
                data-state={step.state}
                className={cn(
                  "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border px-3 py-2",
                  step.state === "current" ? "border-brand bg-brand-soft" : "border-line bg-surface",
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    "grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold",
                    step.state === "done"
                      ? "bg-success-soft text-success-strong"
                      : step.state === "current"
                        ? "bg-brand text-brand-fg"
                        : "bg-surface-strong text-fg-muted",
                  )}
                >
                  {step.state === "done" ? <Check className="size-4" /> : index + 1}
                </span>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span data-slot="plan-step-name" className="font-semibold text-fg">
                      {step.name}
                    </span>
                    <span data-slot="plan-step-count" className="text-sm text-fg-muted tabular-nums">
                      {step.count}
                    </span>
                  </span>
                  {step.detail ? <span className="text-sm text-fg-muted">{step.detail}</span> : null}
                </div>
                {step.state === "done" || !step.action ? (
                  <span className="text-sm font-semibold text-success-strong">{doneLabel}</span>
                ) : (
                  renderLink({
                    href: step.action.href,
                    className: buttonVariants({
                      variant: step.state === "current" ? "primary" : "secondary",
                      size: "sm",
                    }),
                    children: (
                      <>
                        {step.action.label}
                        <span className="sr-only">: {step.name}</span>
                      </>
                    ),
                  })
                )}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}
