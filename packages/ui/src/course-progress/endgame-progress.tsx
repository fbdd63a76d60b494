import type * as React from "react";
import { buttonVariants } from "../button";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** One chapter of the course, every text in the page's language. */
export interface EndgameProgressChapter {
  id: string;
  title: string;
  solved: number;
  total: number;
  /** "3 of 11 passed". */
  progress: string;
  /** The next position to play (the first not passed, or the first when all are): its link. */
  next: { href: string; label: string; name: string };
}

export interface EndgameProgressProps extends Omit<React.ComponentProps<"ul">, "children"> {
  chapters: readonly EndgameProgressChapter[];
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
}

/**
 * The endgame course's progress on the dashboard (issue 40): one row per chapter with a bar of the positions passed,
 * the count in words and a link to continue (or replay a finished chapter). Every text is a prop.
 */
export function EndgameProgress({
  chapters,
  renderLink = defaultRenderLink,
  className,
  ...props
}: EndgameProgressProps) {
  return (
    <ul
      data-slot="endgame-progress"
      className={cn(
        "m-0 grid list-none grid-cols-[1fr_auto_auto] divide-y divide-line p-0 sm:grid-cols-[minmax(0,15rem)_1fr_auto_auto]",
        className,
      )}
      {...props}
    >
      {chapters.map((chapter) => {
        const share = chapter.total > 0 ? Math.min(1, chapter.solved / chapter.total) : 0;
        const titleId = `endgame-progress-${chapter.id}`;
        const complete = chapter.total > 0 && chapter.solved >= chapter.total;
        return (
          <li
            key={chapter.id}
            data-chapter={chapter.id}
            data-complete={complete || undefined}
            className="col-span-full grid grid-cols-subgrid items-center gap-x-4 gap-y-1.5 py-3"
          >
            <span id={titleId} className="col-span-full font-semibold text-fg sm:col-span-1">
              {chapter.title}
            </span>
            <span
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={chapter.total}
              aria-valuenow={chapter.solved}
              aria-valuetext={chapter.progress}
              aria-labelledby={titleId}
              className="h-2 min-w-16 overflow-hidden rounded-full bg-surface-strong"
            >
              <span
                className={cn("block h-full rounded-full", complete ? "bg-success" : "bg-brand")}
                style={{ width: `${share * 100}%` }}
              />
            </span>
            <span className="text-sm text-fg-muted tabular-nums">{chapter.progress}</span>
            {renderLink({
              href: chapter.next.href,
              className: buttonVariants({ variant: complete ? "secondary" : "primary", size: "sm" }),
              children: (
                <>
                  <span aria-hidden>{chapter.next.label}</span>
                  <span className="sr-only">{chapter.next.name}</span>
                </>
              ),
            })}
          </li>
        );
      })}
    </ul>
  );
}
