import { Check } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Card, CardContent } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** One position of a chapter, as the course page lists it. */
export interface EndgameExerciseItem {
  id: string;
  title: string;
  /** The goal in words ("Goal: hold the draw"). */
  goal: string;
  href: string;
  solved: boolean;
}

export interface EndgameChapterItem {
  id: string;
  title: string;
  /** Solved of total, in words ("2 of 7 solved"). */
  progress: string;
  solved: number;
  total: number;
  exercises: readonly EndgameExerciseItem[];
}

export interface EndgameChaptersProps extends Omit<React.ComponentProps<"div">, "children"> {
  chapters: readonly EndgameChapterItem[];
  /** The word beside a solved position (read by screen readers; the check shows it). */
  solvedLabel: string;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** The chapters' heading level (h2 on a page with its own h1). */
  headingLevel?: 2 | 3;
}

/**
 * The endgame course's chapters (issue 40): each a card with its title, a bar of the positions solved and the
 * positions as links, solved ones checked. Every text is a prop, in the page's language.
 */
export function EndgameChapters({
  chapters,
  solvedLabel,
  renderLink = defaultRenderLink,
  headingLevel = 2,
  className,
  ...props
}: EndgameChaptersProps) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  // Ids of this list's own (two lists on a page, as in the workbench, name different headings).
  const base = useId();
  return (
    <div data-slot="endgame-chapters" className={cn("grid gap-4 md:grid-cols-2", className)} {...props}>
      {chapters.map((chapter) => {
        const share = chapter.total > 0 ? Math.min(1, chapter.solved / chapter.total) : 0;
        const titleId = `${base}-chapter-${chapter.id}`;
        return (
          <section
            key={chapter.id}
            aria-labelledby={titleId}
            data-slot="endgame-chapter"
            data-chapter={chapter.id}
            data-complete={chapter.total > 0 && chapter.solved >= chapter.total ? true : undefined}
          >
            <Card className="h-full">
              <CardContent className="flex flex-col gap-3 pt-5">
                <Heading id={titleId} className="m-0 text-lg font-bold text-fg">
                  {chapter.title}
                </Heading>
                <div className="flex items-center gap-3">
                  <div
                    role="progressbar"
                    aria-valuemin={0}
                    aria-valuemax={chapter.total}
                    aria-valuenow={chapter.solved}
                    aria-valuetext={chapter.progress}
                    aria-labelledby={titleId}
                    className="h-2 flex-1 overflow-hidden rounded-full bg-surface-strong"
                  >
                    <div
                      className={cn("h-full rounded-full", share >= 1 ? "bg-success" : "bg-brand")}
                      style={{ width: `${share * 100}%` }}
                    />
                  </div>
                  <span data-slot="chapter-progress" className="text-sm text-fg-muted tabular-nums">
                    {chapter.progress}
                  </span>
                </div>
                <ul className="m-0 flex list-none flex-col gap-1 p-0">
                  {chapter.exercises.map((exercise) => (
                    <li
                      key={exercise.id}
                      data-exercise={exercise.id}
                      data-solved={exercise.solved || undefined}
                    >
                      {renderLink({
                        href: exercise.href,
                        className:
                          "flex items-start gap-2 rounded-md px-2 py-1.5 no-underline text-fg hover:bg-surface-strong focus-visible:outline-2 focus-visible:outline-brand",
                        children: (
                          <>
                            <span
                              aria-hidden
                              className={cn(
                                "mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border",
                                exercise.solved
                                  ? "border-success bg-success-solid text-brand-fg"
                                  : "border-line",
                              )}
                            >
                              {exercise.solved ? <Check className="size-3.5" /> : null}
                            </span>
                            <span className="flex min-w-0 flex-col">
                              <span className="font-semibold">
                                {exercise.title}
                                {exercise.solved ? <span className="sr-only"> ({solvedLabel})</span> : null}
                              </span>
                              <span className="text-sm text-fg-muted">{exercise.goal}</span>
                            </span>
                          </>
                        ),
                      })}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </section>
        );
      })}
    </div>
  );
}
