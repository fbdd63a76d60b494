import type * as React from "react";
import { cn } from "../lib/cn";

export interface Feature {
  id: string;
  /** e.g. "Three levels of hints". */
  title: string;
  description: string;
  /** A decorative icon (hidden from assistive technology). */
  icon?: React.ReactNode;
}

export type FeatureListProps = Omit<React.ComponentProps<"ul">, "children"> & {
  features: readonly Feature[];
  /** Level of each feature's heading under the page's section heading. */
  headingLevel?: 3 | 4;
};

/** A grid of features: icon, title and a sentence or two each; one column on phones, two from 768 px, three from 1024 px. */
export function FeatureList({ features, headingLevel = 3, className, ...props }: FeatureListProps) {
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
          className="flex gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm"
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
            <Heading className="m-0 text-base font-bold text-neutral-900">{feature.title}</Heading>
            <p className="m-0 text-sm text-neutral-700">{feature.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
