import { Moon, Sun } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export type ThemeToggleProps = Omit<React.ComponentProps<"button">, "children" | "onClick"> & {
  /** The theme the button switches to: `dark` while the page is light, `light` while it is dark. */
  target: "light" | "dark";
  /** The name of that theme, e.g. "Dark theme"; shown from 768 px, the button's accessible name everywhere. */
  label: string;
  onToggle: () => void;
};

/**
 * The theme toggle of the top bar, beside the language toggle: a moon (switch to dark) or a sun (switch to light)
 * with the theme's name, the icon alone on narrow screens.
 */
export function ThemeToggle({ target, label, onToggle, className, ...props }: ThemeToggleProps) {
  const Icon = target === "dark" ? Moon : Sun;
  return (
    <Button
      data-slot="theme-toggle"
      data-target={target}
      variant="secondary"
      size="sm"
      onClick={onToggle}
      className={cn("min-h-10 min-w-10 px-2.5 md:px-3", className)}
      {...props}
    >
      <Icon aria-hidden />
      <span className="sr-only md:not-sr-only">{label}</span>
    </Button>
  );
}
