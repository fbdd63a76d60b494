import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";

/** `compact` trims the padding (the training screen, where the board and the panel must fit one screen). */
export const taskPanelVariants = cva("w-full", {
  variants: { density: { comfortable: "", compact: "" } },
  defaultVariants: { density: "comfortable" },
});

export type TaskPanelProps = Omit<React.ComponentProps<"section">, "title"> &
  VariantProps<typeof taskPanelVariants> & {
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
  density,
  className,
  children,
  ...props
}: TaskPanelProps) {
  const headingId = useId();
  const compact = density === "compact";
  return (
    <Card
      data-slot="task-panel"
      data-density={density ?? "comfortable"}
      aria-labelledby={headingId}
      className={cn(taskPanelVariants({ density }), className)}
      {...props}
    >
      <CardHeader
        className={cn("flex-row flex-wrap items-baseline justify-between gap-2", compact && "px-4 pt-3")}
      >
        <CardTitle id={headingId}>{title}</CardTitle>
        <p data-slot="task-panel-position" className="m-0 text-sm font-semibold text-brand">
          {position}
        </p>
      </CardHeader>
      <CardContent className={cn("flex flex-col gap-3", compact && "gap-2 px-4 pt-2 pb-3")}>
        {status ? (
          <p role="status" className="m-0 text-sm text-fg-subtle">
            {status}
          </p>
        ) : description ? (
          <p className="m-0 text-base text-fg">{description}</p>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
