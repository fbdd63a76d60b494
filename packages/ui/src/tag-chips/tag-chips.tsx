import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

export const tagChipVariants = cva(
  "inline-flex items-center rounded-full bg-brand-soft font-semibold text-brand no-underline",
  {
    variants: {
      size: {
        sm: "px-2.5 py-0.5 text-xs",
        md: "px-3 py-1 text-sm",
      },
    },
    defaultVariants: { size: "sm" },
  },
);

export type TagChipsProps = Omit<React.ComponentProps<"ul">, "children"> &
  VariantProps<typeof tagChipVariants> & {
    tags: readonly string[];
    /** Accessible name of the list, e.g. "Tags". */
    label: string;
    /** Makes each chip a link (to the blog filtered by that tag, say). */
    hrefFor?: ((tag: string) => string) | undefined;
    /** Renders the links; the site passes its router's Link. Defaults to a plain anchor. */
    renderLink?: ((props: RenderLinkProps) => React.ReactNode) | undefined;
  };

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

/** A post's tags as small rounded chips, optionally links. Nothing is rendered for no tags. */
export function TagChips({
  tags,
  label,
  hrefFor,
  renderLink = defaultRenderLink,
  size,
  className,
  ...props
}: TagChipsProps) {
  if (tags.length === 0) return null;
  const chip = tagChipVariants({ size });
  return (
    <ul
      aria-label={label}
      data-slot="tag-chips"
      data-size={size ?? "sm"}
      className={cn("m-0 flex list-none flex-wrap gap-2 p-0", className)}
      {...props}
    >
      {tags.map((tag) => (
        <li key={tag} className="flex">
          {hrefFor ? (
            renderLink({
              href: hrefFor(tag),
              className: cn(chip, "hover:bg-brand hover:text-brand-fg focus-visible:outline-2"),
              children: tag,
            })
          ) : (
            <span className={chip}>{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
