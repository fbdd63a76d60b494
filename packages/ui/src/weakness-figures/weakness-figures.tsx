import { Target } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** One theme of a weak or strong list: its name, figure and results, and a link training it (weak themes). */
export interface ThemeFigureItem {
  key: string;
  name: string;
  /** The performance figure, formatted in the page's locale. */
  performance: string;
  /** Its results in words ("6 results, 4 missed"). */
  detail: string;
  link?: { href: string; label: string };
}

export interface ThemeFigureListProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  intro: string;
  /** Said when the list is empty. */
  empty: string;
  items: readonly ThemeFigureItem[];
  kind: "weak" | "strong";
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
}

/**
 * A player's weak or strong themes (issue 39) as a card: each theme by name with its performance figure and results,
 * and for a weak theme a link into the Weaknesses mode. Every text is a prop, in the page's language.
 */
export function ThemeFigureList({
  title,
  intro,
  empty,
  items,
  kind,
  renderLink = defaultRenderLink,
  className,
  ...props
}: ThemeFigureListProps) {
  return (
    <Card data-slot={`weaknesses-${kind}`} data-kind={kind} className={cn("min-w-0", className)} {...props}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <p className="m-0 text-sm text-fg-muted">{intro}</p>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="m-0 text-sm text-fg-muted">{empty}</p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-3 p-0">
            {items.map((item) => (
              <li
                key={item.key}
                data-theme={item.key}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="flex items-baseline gap-2">
                    <span className="font-semibold text-fg">{item.name}</span>
                    <bdi dir="ltr" data-slot="performance" className="font-bold text-brand tabular-nums">
                      {item.performance}
                    </bdi>
                  </span>
                  <span className="text-sm text-fg-muted">{item.detail}</span>
                </div>
                {item.link
                  ? renderLink({
                      href: item.link.href,
                      className:
                        "text-sm font-semibold text-brand underline underline-offset-4 hover:decoration-2",
                      children: item.link.label,
                    })
                  : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One row of a figure table. */
export interface FigureRow {
  key: string;
  name: string;
  /** The formatted figure; null below the results a figure needs (a dash, with `labels.notShown` for readers). */
  performance: string | null;
  results: string;
}

export interface FigureTableProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  labels: { name: string; performance: string; results: string; notShown: string };
  rows: readonly FigureRow[];
}

/** Performance figures as a table (per phase or per theme): name, figure, results. */
export function FigureTable({ title, labels, rows, className, ...props }: FigureTableProps) {
  return (
    <Card className={cn("min-w-0", className)} {...props}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line text-fg-muted">
              <th scope="col" className="py-1 pe-3 text-start font-semibold">
                {labels.name}
              </th>
              <th scope="col" className="py-1 pe-3 text-end font-semibold">
                {labels.performance}
              </th>
              <th scope="col" className="py-1 text-end font-semibold">
                {labels.results}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-key={row.key} className="border-b border-line last:border-b-0">
                <th scope="row" className="py-1.5 pe-3 text-start font-medium text-fg">
                  {row.name}
                </th>
                <td className="py-1.5 pe-3 text-end font-bold text-fg tabular-nums">
                  {row.performance === null ? (
                    <span title={labels.notShown}>
                      <span aria-hidden>–</span>
                      <span className="sr-only">{labels.notShown}</span>
                    </span>
                  ) : (
                    <bdi dir="ltr">{row.performance}</bdi>
                  )}
                </td>
                <td className="py-1.5 text-end text-fg-muted tabular-nums">{row.results}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

export interface WhyThisPuzzleProps extends React.ComponentProps<"p"> {
  /** "Why this puzzle", for screen readers before the reason. */
  label: string;
  /** The reason in words. */
  text: string;
  /** The chooser's reason (weak-theme, level, no-weak-themes), mirrored in data-reason. */
  reason: string;
}

/** The line above the trainer's board in the Weaknesses mode: why the coach chose this puzzle. */
export function WhyThisPuzzle({ label, text, reason, className, ...props }: WhyThisPuzzleProps) {
  return (
    <p
      data-slot="why-this-puzzle"
      data-reason={reason}
      className={cn(
        "m-0 flex items-start gap-2 rounded-md border border-line bg-surface-sunken px-3 py-2 text-sm text-fg",
        className,
      )}
      {...props}
    >
      <Target aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
      <span>
        <span className="sr-only">{label}: </span>
        <span data-slot="why-text">{text}</span>
      </span>
    </p>
  );
}
