import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

export type PhaseCardProps = Omit<React.ComponentProps<"section">, "children" | "title"> & {
  /** The phase's name, e.g. "Middle Game". */
  title: string;
  /** The count in words, e.g. "Positions: 1,204"; null while it loads. */
  count: string | null;
  /** Shown while the count loads. */
  loadingLabel?: string | undefined;
  /** 'Error loading positions' when the count could not be loaded. */
  error?: string | null | undefined;
  /** Text of the link to the phase's module. */
  linkLabel: string;
  href: string;
  /** Renders the link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  icon?: React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

/** A home-page card for one game phase: its name, its position count (or the error) and a link to train it. */
export function PhaseCard({
  title,
  count,
  loadingLabel,
  error,
  linkLabel,
  href,
  renderLink = defaultRenderLink,
  icon,
  className,
  ...props
}: PhaseCardProps) {
  const headingId = useId();
  const state = error ? "error" : count === null ? "loading" : "ready";
  return (
    <Card
      data-slot="phase-card"
      data-state={state}
      aria-labelledby={headingId}
      className={cn("flex h-full flex-col", className)}
      {...props}
    >
      <CardHeader className="flex-row items-center gap-3">
        {icon ? (
          <span
            aria-hidden
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand"
          >
            {icon}
          </span>
        ) : null}
        <CardTitle id={headingId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-3">
        <p
          role={state === "error" ? "alert" : undefined}
          className={cn(
            "m-0 text-sm tabular-nums",
            state === "error"
              ? "text-danger"
              : state === "loading"
                ? "text-fg-subtle"
                : "font-semibold text-fg-soft",
          )}
        >
          {error ? error : (count ?? loadingLabel ?? "")}
        </p>
        {renderLink({
          href,
          className:
            "inline-flex items-center gap-1 self-start font-semibold text-brand underline-offset-4 hover:underline [&_svg]:size-4",
          children: (
            <>
              {linkLabel}
              <ArrowRight aria-hidden className="rtl:rotate-180" />
            </>
          ),
        })}
      </CardContent>
    </Card>
  );
}
