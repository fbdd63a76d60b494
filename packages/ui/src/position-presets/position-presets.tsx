import type * as React from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export interface PositionPreset {
  value: string;
  /** The button's text, in the page's language, e.g. "Sicilian Defense". */
  label: string;
}

export type PositionPresetsProps = Omit<React.ComponentProps<"div">, "children" | "onChange"> & {
  /** Accessible name of the group, e.g. "Load a position". */
  label: string;
  presets: readonly PositionPreset[];
  /** The preset on the board; null when the board shows something else. */
  value: string | null;
  onValueChange: (value: string) => void;
};

/**
 * A row of buttons that each load a sample position (the notation demo's Starting Position, Sicilian Defense,
 * Simple Endgame). The loaded one is pressed; pressing it again loads it afresh.
 */
export function PositionPresets({
  label,
  presets,
  value,
  onValueChange,
  className,
  ...props
}: PositionPresetsProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset
    <div
      role="group"
      aria-label={label}
      data-slot="position-presets"
      className={cn("flex flex-wrap gap-2", className)}
      {...props}
    >
      {presets.map((preset) => (
        <Button
          key={preset.value}
          variant="secondary"
          data-value={preset.value}
          aria-pressed={preset.value === value}
          onClick={() => onValueChange(preset.value)}
          className="aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-brand-fg aria-pressed:hover:bg-brand-hover"
        >
          {preset.label}
        </Button>
      ))}
    </div>
  );
}
