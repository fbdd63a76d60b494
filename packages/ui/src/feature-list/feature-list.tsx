import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

export interface Feature {
  id: string;
  /** e.g. "Three levels of hints". */
  title: string;
  description: string;
  /** A decorative icon (hidden from assistive technology). */
  icon?: React.ReactNode;
  /** The page where the feature is: the whole card then links there (the title is the link's name). */
  href?: string;
}

export type FeatureListProps = Omit<React.ComponentProps<"ul">, "children"> & {
  features: readonly Feature[];
  /** Level of each feature's heading under the page's section heading. */
  headingLevel?: 3 | 4;
  /** Renders a feature's link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

/**
 * A grid of features: icon, title and a sentence or two each; one column on phones, two from 768 px, three from
 * 1024 px. A feature with an `href` is a card link: its title is the link, stretched over the whole card.
 */
export function FeatureList({
  features,
  headingLevel = 3,
  renderLink = defaultRenderLink,
  className,
  ...props
}: FeatureListProps) {
  const Heading = headingLevel === 4 ? "h4" : "h3";
  return (
    <ul
      data-slot="feature-list"
      className={cn("m-0 grid list-none gap-4 p-0 md:grid-cols-2 xl:grid-cols-3", className)}
      {...props}
    >
      {features.map((feature) => (
        <li
          key={feature.id}
          data-slot="feature"
          data-feature={feature.id}
          data-link={feature.href ? true : undefined}
          className={cn(
            "relative flex gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm",
            feature.href &&
              "transition-colors has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand hover:border-brand hover:bg-brand-soft/40",
          )}
        >
          {feature.icon ? (
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand [&_svg]:size-5"
            >
              {feature.icon}
            </span>
          ) : null}
          <div className="flex min-w-0 flex-col gap-1">
            <Heading className="m-0 text-base font-bold text-fg">
              {feature.href
                ? renderLink({
                    href: feature.href,
                    children: <TitleWithArrow title={feature.title} />,
                    className:
                      "text-fg no-underline outline-none after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:text-brand hover:underline",
                  })
                : feature.title}
            </Heading>
            <p className="m-0 text-sm text-fg-muted">{feature.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The title and an arrow that never goes to a line of its own (it keeps the last word with it). */
function TitleWithArrow({ title }: { title: string }) {
  const cut = title.lastIndexOf(" ") + 1;
  return (
    <>
      {title.slice(0, cut)}
      <span className="whitespace-nowrap">
        {title.slice(cut)}
        <ArrowRight aria-hidden className="ms-1 inline size-4 align-[-0.125em] rtl:rotate-180" />
      </span>
    </>
  );
}
