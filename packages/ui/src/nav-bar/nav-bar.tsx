import type * as React from "react";
import { cn } from "../lib/cn";
import { isActivePath } from "./active-path";

export interface NavLink {
  href: string;
  label: string;
}

export interface RenderLinkProps {
  href: string;
  className: string;
  children: React.ReactNode;
  "aria-current"?: "page";
  "data-active"?: boolean;
}

export type NavBarProps = Omit<React.ComponentProps<"nav">, "children"> & {
  /** Accessible name of the navigation landmark. */
  label: string;
  currentPath: string;
  links: readonly NavLink[];
  /** Renders one link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** Content at the end of the bar (the language toggle). */
  end?: React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

/** The top navigation (spec section 2, Shell) with the active-link rule. */
export function NavBar({
  label,
  currentPath,
  links,
  renderLink = defaultRenderLink,
  end,
  className,
  ...props
}: NavBarProps) {
  return (
    <nav
      data-slot="nav-bar"
      aria-label={label}
      className={cn("border-b border-neutral-200 bg-white", className)}
      {...props}
    >
      <div className="mx-auto flex max-w-nav flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2">
        <ul className="m-0 flex flex-1 list-none flex-wrap items-center gap-1 p-0">
          {links.map((link) => {
            const active = isActivePath(currentPath, link.href);
            return (
              <li key={link.href}>
                {renderLink({
                  href: link.href,
                  children: link.label,
                  "data-active": active,
                  ...(active ? { "aria-current": "page" as const } : {}),
                  className: cn(
                    "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold text-neutral-700 no-underline hover:bg-neutral-100 hover:text-neutral-900",
                    active && "bg-brand-soft text-brand hover:bg-brand-soft",
                  ),
                })}
              </li>
            );
          })}
        </ul>
        {end ? <div className="flex items-center">{end}</div> : null}
      </div>
    </nav>
  );
}
