import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { buttonVariants } from "../button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../card";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

export type ModuleCardProps = Omit<React.ComponentProps<"section">, "children" | "title"> & {
  /** 'Middle Game Strategy', 'Endgame Essentials' or 'Opening Repertoire'. */
  title: string;
  description: string;
  /** The position count in words, e.g. "Positions: 1,204"; null while it loads. */
  positionCount: string | null;
  /** Shown while the count loads. */
  countLoadingLabel?: string | undefined;
  /** Shown instead of the count when it could not be loaded ('Error loading positions'). */
  countError?: string | null | undefined;
  /** 'Start'. */
  startLabel: string;
  /** Where Start goes, e.g. /training/middle-game. */
  href: string;
  /** Renders the Start link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** Decorative picture at the top (an icon, say). */
  icon?: React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

/** One card of the training module list (/training): title, description, position count and Start. */
export function ModuleCard({
  title,
  description,
  positionCount,
  countLoadingLabel,
  countError,
  startLabel,
  href,
  renderLink = defaultRenderLink,
  icon,
  className,
  ...props
}: ModuleCardProps) {
  const headingId = useId();
  return (
    <Card
      data-slot="module-card"
      aria-labelledby={headingId}
      className={cn("flex h-full flex-col", className)}
      {...props}
    >
      <CardHeader>
        {icon ? (
          <span
            aria-hidden
            className="mb-2 inline-flex size-10 items-center justify-center rounded-md bg-brand-soft text-brand"
          >
            {icon}
          </span>
        ) : null}
        <CardTitle id={headingId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p
          data-slot="module-card-count"
          data-state={countError ? "error" : positionCount === null ? "loading" : "ready"}
          className="m-0 text-sm font-semibold text-fg-soft tabular-nums data-[state=error]:text-danger data-[state=loading]:text-fg-subtle"
        >
          {countError ? countError : (positionCount ?? countLoadingLabel ?? "")}
        </p>
      </CardContent>
      <CardFooter>
        {renderLink({
          href,
          className: cn(buttonVariants({ variant: "primary", size: "md" }), "no-underline"),
          children: (
            <>
              {startLabel}
              {/* Names the link's target for screen readers and link lists ("Start Middle Game Strategy"). */}
              <span className="sr-only"> {title}</span>
              <ArrowRight aria-hidden className="rtl:rotate-180" />
            </>
          ),
        })}
      </CardFooter>
    </Card>
  );
}
