import { ChevronLeft, ChevronRight } from "lucide-react";
import type * as React from "react";
import { buttonVariants } from "../button";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

/** What to show between Previous and Next: page numbers, with "gap" where a run of pages is left out. */
export function pageItems(page: number, totalPages: number): (number | "gap")[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, index) => index + 1);
  const shown = new Set([1, totalPages, page - 1, page, page + 1]);
  // Near either end, show a few more pages instead of a gap of one.
  if (page <= 4) for (let n = 2; n <= 5; n++) shown.add(n);
  if (page >= totalPages - 3) for (let n = totalPages - 4; n < totalPages; n++) shown.add(n);
  const pages = [...shown].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  pages.forEach((n, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && n - previous === 2) items.push(n - 1);
    else if (previous !== undefined && n - previous > 2) items.push("gap");
    items.push(n);
  });
  return items;
}

export type PaginationProps = Omit<React.ComponentProps<"nav">, "children"> & {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  /** Accessible name of the navigation, e.g. "Blog pages". */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Accessible name of a page number, e.g. (3) => "Page 3" (it should contain the number as shown). */
  pageLabel: (page: number) => string;
  /** How a page number is written (digits of the page's language). Default: plain digits. */
  formatNumber?: (page: number) => string;
  /** With `hrefFor`, pages are links (the URL holds the page); otherwise buttons that call `onPageChange`. */
  hrefFor?: ((page: number) => string) | undefined;
  onPageChange?: ((page: number) => void) | undefined;
  /** Renders the links; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

const itemClass = cn(buttonVariants({ variant: "secondary", size: "sm" }), "min-w-9 no-underline");
const currentClass = "border-brand bg-brand text-brand-fg hover:bg-brand";

/**
 * Previous, numbered pages and Next (spec section 2), in a labelled navigation landmark; the current page is marked
 * with aria-current. In a right-to-left page the row runs from the right and the arrows turn round. Nothing is
 * rendered for a single page.
 */
export function Pagination({
  page,
  totalPages,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
  formatNumber = String,
  hrefFor,
  onPageChange,
  renderLink = defaultRenderLink,
  className,
  ...props
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);

  const item = (
    target: number,
    children: React.ReactNode,
    options: { disabled?: boolean; current?: boolean } = {},
  ) => {
    const className = cn(itemClass, options.current && currentClass);
    if (options.disabled) {
      return (
        <span aria-disabled="true" className={cn(className, "pointer-events-none opacity-50")}>
          {children}
        </span>
      );
    }
    if (hrefFor) {
      return renderLink({
        href: hrefFor(target),
        className,
        children,
        ...(options.current ? { "aria-current": "page" as const } : {}),
      });
    }
    return (
      <button
        type="button"
        className={className}
        aria-current={options.current ? "page" : undefined}
        onClick={() => onPageChange?.(target)}
      >
        {children}
      </button>
    );
  };

  return (
    <nav
      aria-label={label}
      data-slot="pagination"
      className={cn("flex justify-center", className)}
      {...props}
    >
      <ul className="m-0 flex list-none flex-wrap items-center gap-1 p-0">
        <li>
          {item(
            current - 1,
            <>
              <ChevronLeft aria-hidden className="rtl:rotate-180" />
              {previousLabel}
            </>,
            { disabled: current <= 1 },
          )}
        </li>
        {pageItems(current, totalPages).map((entry, index) =>
          entry === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} aria-hidden className="px-1 text-fg-subtle">
              …
            </li>
          ) : (
            <li key={entry}>
              {item(
                entry,
                <>
                  <span className="sr-only">{pageLabel(entry)}</span>
                  <span aria-hidden>{formatNumber(entry)}</span>
                </>,
                { current: entry === current },
              )}
            </li>
          ),
        )}
        <li>
          {item(
            current + 1,
            <>
              {nextLabel}
              <ChevronRight aria-hidden className="rtl:rotate-180" />
            </>,
            { disabled: current >= totalPages },
          )}
        </li>
      </ul>
    </nav>
  );
}
