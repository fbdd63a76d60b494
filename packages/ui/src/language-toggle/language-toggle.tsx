import { Languages } from "lucide-react";
import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export type LanguageToggleProps = Omit<React.ComponentProps<"button">, "children" | "onClick"> & {
  /** The name of the language it switches to, in that language ('العربية' or 'English'). */
  label: string;
  /** Accessible name, for screen readers announcing the label in the current page language. */
  ariaLabel?: string;
  /** The language the button switches to; marks the label's language for assistive technology. */
  targetLanguage: "en" | "ar";
  onToggle: () => void;
};

/** The language toggle of the top bar (spec section 2, Shell). */
export function LanguageToggle({
  label,
  ariaLabel,
  targetLanguage,
  onToggle,
  className,
  ...props
}: LanguageToggleProps) {
  return (
    <Button
      data-slot="language-toggle"
      variant="secondary"
      size="sm"
      aria-label={ariaLabel}
      onClick={onToggle}
      className={cn("min-h-10", className)}
      {...props}
    >
      <Languages aria-hidden />
      {/* "العربية" on an English page is drawn in the system's Arabic font: the site's Arabic web font (50 kB a
          weight) is then fetched only by pages that show Arabic text, not by every English page for one word. */}
      <span
        lang={targetLanguage}
        dir={targetLanguage === "ar" ? "rtl" : "ltr"}
        className={targetLanguage === "ar" ? "font-[system-ui,sans-serif]" : undefined}
      >
        {label}
      </span>
    </Button>
  );
}
