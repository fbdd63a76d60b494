import { Lightbulb, RotateCcw } from "lucide-react";
import type * as React from "react";
import { Button, buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";
import { TrainerStatus, type TrainerStatusValue } from "../trainer-status";

const defaultRenderLink = ({ href, className, children }: RenderLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** Where the trainer stands (the shared TrainerStatus). */
export type EndgameStatus = TrainerStatusValue;

export interface EndgameLessonProps extends Omit<React.ComponentProps<"section">, "title"> {
  title: string;
  /** "You play White". */
  side: string;
  goal: string;
  /** The player's moves against the limit ("Your moves: 3 of 15"). */
  moves: string;
  lessonTitle: string;
  lesson: string;
  hint: { label: string; title: string; text: string; shown: boolean; onShow: () => void };
  status: EndgameStatus;
  retry: { label: string; onClick: () => void; disabled?: boolean };
  /** The next position, once this one is solved. */
  next?: { label: string; href: string } | null;
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
}

/**
 * The side panel of an endgame exercise (issue 40): the position's title, the side played, the goal and the moves
 * used, the lesson, a hint that names the technique, the exercise's state (announced as it changes) and Retry.
 * Every text is a prop, in the page's language.
 */
export function EndgameLesson({
  title,
  side,
  goal,
  moves,
  lessonTitle,
  lesson,
  hint,
  status,
  retry,
  next,
  renderLink = defaultRenderLink,
  className,
  ...props
}: EndgameLessonProps) {
  return (
    <section data-slot="endgame-lesson" className={cn("w-full min-w-0", className)} {...props}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <div className="flex flex-col gap-1">
            <h2 className="m-0 text-lg font-bold text-fg">{title}</h2>
            <p className="m-0 text-sm font-semibold text-fg" data-slot="endgame-goal">
              {goal}
            </p>
            <p className="m-0 flex flex-wrap gap-x-3 text-sm text-fg-muted">
              <span>{side}</span>
              <span data-slot="endgame-moves" className="tabular-nums">
                {moves}
              </span>
            </p>
          </div>
          <TrainerStatus data-slot="endgame-status" status={status} />
          <div className="flex flex-col gap-1">
            <h3 className="m-0 text-base font-semibold text-fg">{lessonTitle}</h3>
            <p className="m-0 text-sm text-fg">{lesson}</p>
          </div>
          {hint.shown ? (
            <div
              data-slot="endgame-hint"
              className="rounded-md border border-line bg-surface-strong px-3 py-2 text-sm"
            >
              <p className="m-0 font-semibold">{hint.title}</p>
              <p className="m-0 mt-1">{hint.text}</p>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {hint.shown ? null : (
              <Button variant="secondary" size="sm" onClick={hint.onShow}>
                <Lightbulb aria-hidden />
                {hint.label}
              </Button>
            )}
            <Button variant="secondary" size="sm" onClick={retry.onClick} disabled={retry.disabled}>
              <RotateCcw aria-hidden className="rtl:-scale-x-100" />
              {retry.label}
            </Button>
            {next
              ? renderLink({
                  href: next.href,
                  className: buttonVariants({ variant: "primary", size: "sm" }),
                  children: next.label,
                })
              : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
