import type * as React from "react";
import { buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { isolateLtr } from "../lib/bidi";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

export type RepertoireLineStatus = "new" | "learnt" | "drilled" | "mastered";

/** One line of an opening, every text in the page's language. */
export interface RepertoireProgressLine {
  id: string;
  name: string;
  status: RepertoireLineStatus;
  /** The status in words ("Mastered"). */
  statusLabel: string;
  /** "2 moves to review", when some of the line's moves are due. */
  due?: string;
}

/** An opening the player started. */
export interface RepertoireProgressOpening {
  id: string;
  name: string;
  /** "You play White". */
  side: string;
  /** The opening's figures: lines learnt, drilled, mastered (each "n of total"), moves to review. */
  figures: readonly { id: string; label: string; value: string }[];
  /** The heading of the line list ("The lines of the Ruy Lopez"), read by screen readers. */
  linesLabel: string;
  lines: readonly RepertoireProgressLine[];
  drill: { href: string; label: string; name: string };
}

export interface RepertoireProgressProps extends Omit<React.ComponentProps<"ul">, "children"> {
  openings: readonly RepertoireProgressOpening[];
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** The openings' heading level (h3 under the dashboard's section heading). */
  headingLevel?: 2 | 3;
}

/**
 * A line's name with its moves isolated left to right (LRI … PDI): "نايدورف، 6.Bg5" keeps "6.Bg5" in its order
 * inside an Arabic name (a run of Latin letters, digits and signs, spaces inside it included).
 */
function isolateMoves(name: string): string {
  return name.replace(/[\x21-\x7e]+(?: +[\x21-\x7e]+)*/g, isolateLtr);
}

const STATUS_CLASS: Record<RepertoireLineStatus, string> = {
  new: "border-line text-fg-muted",
  learnt: "border-info-line bg-info-muted text-info-strong",
  drilled: "border-warning-line bg-warning-muted text-warning-strong",
  mastered: "border-success-line bg-success-muted text-success-strong",
};

/**
 * The repertoire's progress on the dashboard (issue 40): each opening the player started, with its figures (lines
 * learnt, drilled and mastered, moves to review), each line with its status, and a link to drill it. Every text is
 * a prop.
 */
export function RepertoireProgress({
  openings,
  renderLink = defaultRenderLink,
  headingLevel = 3,
  className,
  ...props
}: RepertoireProgressProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul
      data-slot="repertoire-progress"
      className={cn("m-0 grid list-none gap-4 p-0 lg:grid-cols-2", className)}
      {...props}
    >
      {openings.map((opening) => {
        const titleId = `repertoire-progress-${opening.id}`;
        return (
          <li key={opening.id} data-opening={opening.id} className="min-w-0">
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-3 pt-5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <Heading id={titleId} className="m-0 text-lg font-bold text-fg">
                    {opening.name}
                  </Heading>
                  <span className="text-sm text-fg-muted">{opening.side}</span>
                </div>
                <dl className="m-0 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {opening.figures.map((figure) => (
                    <div
                      key={figure.id}
                      data-figure={figure.id}
                      className="flex flex-col rounded-md bg-surface-muted px-2 py-1.5"
                    >
                      <dt className="text-xs text-fg-muted">{figure.label}</dt>
                      <dd className="m-0 font-semibold text-fg tabular-nums">{figure.value}</dd>
                    </div>
                  ))}
                </dl>
                <ul aria-label={opening.linesLabel} className="m-0 flex list-none flex-col gap-1.5 p-0">
                  {opening.lines.map((line) => (
                    <li
                      key={line.id}
                      data-line={line.id}
                      data-status={line.status}
                      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
                    >
                      <span className="min-w-0 flex-1 text-fg">{isolateMoves(line.name)}</span>
                      {line.due ? <span className="text-fg-muted">{line.due}</span> : null}
                      <span
                        className={cn(
                          "shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold",
                          STATUS_CLASS[line.status],
                        )}
                      >
                        {line.statusLabel}
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="mt-auto pt-1">
                  {renderLink({
                    href: opening.drill.href,
                    className: buttonVariants({ variant: "primary", size: "sm" }),
                    children: (
                      <>
                        <span aria-hidden>{opening.drill.label}</span>
                        <span className="sr-only">{opening.drill.name}</span>
                      </>
                    ),
                  })}
                </div>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
