import { ChevronDown, Menu, X } from "lucide-react";
import { Collapsible } from "radix-ui";
import * as React from "react";
import { cn } from "../lib/cn";
import { isActivePath } from "./active-path";

export interface NavLink {
  href: string;
  label: string;
  /** A count after the label (puzzles due for review): `text` shows, `label` is read after it. */
  badge?: { text: string; label: string } | undefined;
}

/** Links behind one button of the bar, e.g. "Tools": position setup, notation, ... */
export interface NavMenu {
  /** The button's text and the group's name, e.g. "Tools". */
  label: string;
  links: readonly NavLink[];
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
  /** Groups of links after the links: a dropdown menu in the bar, a named group in the narrow-screen menu. */
  menus?: readonly NavMenu[];
  /** Text of the button that opens the links on narrow screens (below 768 px), e.g. "Menu". */
  menuLabel: string;
  /** Renders one link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** Content at the end of the bar (the language toggle); it stays in the bar on narrow screens. */
  end?: React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

const itemClass =
  "inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-fg-muted no-underline hover:bg-surface-sunken hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";
const activeClass = "bg-brand-soft text-brand hover:bg-brand-soft hover:text-brand";

/**
 * The top navigation (spec section 2, Shell) with the active-link rule. From 768 px the links sit in the bar and
 * each menu is a disclosure (WAI-ARIA's navigation pattern: a button that shows a list of links under it; arrow keys
 * move through the links, Escape, a press outside or leaving it by Tab closes it); below, one Menu button opens every link in a panel under the
 * bar, the menus as named groups. A menu's button looks active while one of its links is.
 */
export function NavBar({
  label,
  currentPath,
  links,
  menus = [],
  menuLabel,
  renderLink = defaultRenderLink,
  end,
  className,
  ...props
}: NavBarProps) {
  const [open, setOpen] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);

  // A followed link closes the narrow-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  React.useEffect(() => setOpen(false), [currentPath]);

  const link = (item: NavLink, className: string, extra: Partial<RenderLinkProps> = {}) => {
    const active = isActivePath(currentPath, item.href);
    return renderLink({
      href: item.href,
      children: item.badge ? (
        <>
          {item.label}
          <span
            data-slot="nav-bar-badge"
            className="ms-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-brand-fg tabular-nums"
          >
            {item.badge.text}
            <span className="sr-only"> {item.badge.label}</span>
          </span>
        </>
      ) : (
        item.label
      ),
      "data-active": active,
      ...(active ? { "aria-current": "page" as const } : {}),
      className: cn(className, active && activeClass),
      ...extra,
    });
  };

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <nav
        data-slot="nav-bar"
        aria-label={label}
        className={cn("relative border-b border-line bg-surface", className)}
        {...props}
      >
        <div className="mx-auto flex max-w-nav items-center gap-2 px-4 py-2">
          <Collapsible.Trigger
            ref={triggerRef}
            data-slot="nav-bar-menu-trigger"
            className={cn(itemClass, "border border-line-strong md:hidden")}
          >
            {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            {menuLabel}
          </Collapsible.Trigger>
          <ul
            data-slot="nav-bar-links"
            className="m-0 hidden flex-1 list-none flex-wrap items-center gap-1 p-0 md:flex"
          >
            {links.map((item) => (
              <li key={item.href}>{link(item, itemClass)}</li>
            ))}
            {menus.map((menu) => (
              <li key={menu.label}>
                <NavDropdown menu={menu} currentPath={currentPath} link={link} />
              </li>
            ))}
          </ul>
          {end ? <div className="ms-auto flex items-center">{end}</div> : null}
        </div>
        <Collapsible.Content
          data-slot="nav-bar-panel"
          className="border-t border-line bg-surface md:hidden"
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            setOpen(false);
            triggerRef.current?.focus();
          }}
        >
          <ul className="m-0 flex list-none flex-col gap-1 px-4 py-3">
            {links.map((item) => (
              <li key={item.href}>{link(item, cn(itemClass, "flex w-full"))}</li>
            ))}
            {menus.map((menu) => (
              <li key={menu.label} className="mt-2 border-t border-line pt-2">
                <MenuGroup menu={menu} link={link} />
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </nav>
    </Collapsible.Root>
  );
}

type LinkRenderer = (item: NavLink, className: string, extra?: Partial<RenderLinkProps>) => React.ReactNode;

function NavDropdown({
  menu,
  currentPath,
  link,
}: {
  menu: NavMenu;
  currentPath: string;
  link: LinkRenderer;
}) {
  const [open, setOpen] = React.useState(false);
  const rootRef = React.useRef<HTMLDivElement>(null);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const active = menu.links.some((item) => isActivePath(currentPath, item.href));

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  React.useEffect(() => setOpen(false), [currentPath]);

  // A press outside closes it.
  React.useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  // Keys and focus, listened to on the wrapper: arrows, Home and End move through the links (ArrowDown or ArrowUp
  // on the button opens the list), Escape closes it and returns to the button, focus leaving it closes it.
  React.useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const links = () => [...root.querySelectorAll<HTMLElement>("[data-slot=nav-bar-dropdown] a")];
    const onKeyDown = (event: KeyboardEvent) => {
      const onTrigger = event.target === triggerRef.current;
      const moves: Record<string, (count: number, current: number) => number> = {
        ArrowDown: (_, current) => (onTrigger ? 0 : current + 1),
        ArrowUp: (count, current) => (onTrigger ? count - 1 : current - 1),
        Home: () => 0,
        End: (count) => count - 1,
      };
      const move = moves[event.key];
      const expanded = triggerRef.current?.getAttribute("aria-expanded") === "true";
      if (event.key === "Escape" && expanded) {
        event.preventDefault();
        setOpen(false);
        triggerRef.current?.focus();
      } else if (move && (expanded || (onTrigger && event.key.startsWith("Arrow")))) {
        event.preventDefault();
        const focus = () => {
          const items = links();
          const current = items.indexOf(document.activeElement as HTMLElement);
          items[(move(items.length, current) + items.length) % items.length]?.focus();
        };
        if (expanded) focus();
        else {
          setOpen(true);
          // The list renders on open: focus its link once it is there.
          requestAnimationFrame(focus);
        }
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    root.addEventListener("keydown", onKeyDown);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      root.removeEventListener("keydown", onKeyDown);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <div ref={rootRef} className="relative">
        <Collapsible.Trigger
          ref={triggerRef}
          data-slot="nav-bar-dropdown-trigger"
          data-active={active}
          className={cn(itemClass, active ? activeClass : "data-[state=open]:bg-surface-sunken")}
        >
          {menu.label}
          <ChevronDown aria-hidden className="size-4 transition-transform in-data-[state=open]:rotate-180" />
        </Collapsible.Trigger>
        <Collapsible.Content asChild>
          <ul
            data-slot="nav-bar-dropdown"
            aria-label={menu.label}
            className="absolute start-0 top-full z-50 m-0 mt-1.5 flex min-w-52 list-none flex-col gap-0.5 rounded-md border border-line bg-surface p-1 shadow-lg"
          >
            {menu.links.map((item) => (
              <li key={item.href}>{link(item, cn(itemClass, "flex w-full"))}</li>
            ))}
          </ul>
        </Collapsible.Content>
      </div>
    </Collapsible.Root>
  );
}

/** A menu's links as a named group of the narrow-screen panel. */
function MenuGroup({ menu, link }: { menu: NavMenu; link: LinkRenderer }) {
  const headingId = React.useId();
  return (
    <>
      <span
        id={headingId}
        className="block px-3 pb-1 text-xs font-bold tracking-wide text-fg-subtle uppercase"
      >
        {menu.label}
      </span>
      <ul aria-labelledby={headingId} className="m-0 flex list-none flex-col gap-1 p-0">
        {menu.links.map((item) => (
          <li key={item.href}>{link(item, cn(itemClass, "flex w-full"))}</li>
        ))}
      </ul>
    </>
  );
}
