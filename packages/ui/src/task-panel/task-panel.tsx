import type * as React from "react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";

export type TaskPanelProps = Omit<React.ComponentProps<"section">, "title"> & {
  /** Heading of the panel, e.g. "Task". */
  title: string;
  /** 'Position N of M', already formatted in the page's language. */
  position: string;
  /** What to look for in this position (the position's description in the page's language). */
  description?: string | null | undefined;
  /** Shown instead of the description while there is no position ('Loading position...', 'No position available'). */
  status?: string | null | undefined;
};

/** The task panel of the training screen: 'Position N of M' and the position's description (spec section 2). */
export function TaskPanel({
  title,
  position,
  description,
  status,
  className,
  children,
  ...props
}: TaskPanelProps) {
  const headingId = useId();
  return (
    <Card data-slot="task-panel" aria-labelledby={headingId} className={cn("w-full", className)} {...props}>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle id={headingId}>{title}</CardTitle>
        <p data-slot="task-panel-position" className="m-0 text-sm font-semibold text-brand">
          {position}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {status ? (
          <p role="status" className="m-0 text-sm text-neutral-600">
            {status}
          </p>
        ) : description ? (
          <p className="m-0 text-base text-neutral-900">{description}</p>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
