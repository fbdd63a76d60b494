import type * as React from "react";
import { Button, buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** One opening of the repertoire list, every text in the page's language. */
export interface RepertoireOpeningItem {
  id: string;
  name: string;
  /** "You play White". */
  side: string;
  /** "Lines learnt: 1 of 3", then optional figures ("Mastered: 1", "To review: 2"). */
  progress: string;
  figures?: readonly string[];
  /** 0..1, how much of the opening is learnt (the bar under the name). */
  share: number;
  learn: { href: string; label: string; name: string };
  drill: { href: string; label: string; name: string };
  /** Downloads the opening's repertoire as a PGN file. */
  exportPgn?: { label: string; name: string; onClick: () => void };
}

export interface RepertoireOpeningsProps extends React.ComponentProps<"ul"> {
  openings: readonly RepertoireOpeningItem[];
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
}

/**
 * The Opening Repertoire's list (issue 40): each opening with the side the player plays, the lines learnt (a bar and
 * in words), the lines mastered and due, its Learn and Drill links and, when given, its Export button. Every text is
 * a prop.
 */
export function RepertoireOpenings({
  openings,
  renderLink = defaultRenderLink,
  className,
  ...props
}: RepertoireOpeningsProps) {
  return (
    <ul
      data-slot="repertoire-openings"
      className={cn("m-0 grid list-none gap-3 p-0 sm:grid-cols-2 xl:grid-cols-3", className)}
      {...props}
    >
      {openings.map((opening) => (
        <li key={opening.id} data-opening={opening.id} className="min-w-0">
          <Card className="h-full">
            <CardContent className="flex h-full flex-col gap-2 pt-4">
              <h3 className="m-0 text-base font-bold text-fg">{opening.name}</h3>
              <p className="m-0 text-sm text-fg-muted">{opening.side}</p>
              <div
                aria-hidden
                className="h-1.5 w-full overflow-hidden rounded-full bg-surface-strong"
                data-slot="repertoire-share"
              >
                <div
                  className="h-full rounded-full bg-brand"
                  style={{ width: `${Math.round(Math.min(1, Math.max(0, opening.share)) * 100)}%` }}
                />
              </div>
              <p className="m-0 text-sm text-fg tabular-nums" data-slot="repertoire-progress">
                {opening.progress}
                {opening.figures?.map((figure) => (
                  <span key={figure} className="ms-3 text-fg-muted">
                    {figure}
                  </span>
                ))}
              </p>
              <div className="mt-auto flex flex-wrap gap-2 pt-1">
                {renderLink({
                  href: opening.learn.href,
                  className: buttonVariants({ variant: "secondary", size: "sm" }),
                  children: (
                    <>
                      <span aria-hidden>{opening.learn.label}</span>
                      <span className="sr-only">{opening.learn.name}</span>
                    </>
                  ),
                })}
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
                {opening.exportPgn ? (
                  <Button size="sm" variant="ghost" onClick={opening.exportPgn.onClick}>
                    <span aria-hidden>{opening.exportPgn.label}</span>
                    <span className="sr-only">{opening.exportPgn.name}</span>
                  </Button>
                ) : null}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
