import { Label } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";

export interface SelectOption<V extends string> {
  value: V;
  /** The name shown, in the page's language. */
  label: string;
}

export type SelectFieldProps<V extends string> = Omit<React.ComponentProps<"div">, "onChange"> & {
  /** Visible label, e.g. "Puzzles". */
  label: string;
  options: readonly SelectOption<V>[];
  value: V;
  onValueChange: (value: V) => void;
  disabled?: boolean;
  /**
   * `stacked` (default): the label above the dropdown; `inline`: beside it; `inline-lg`: stacked below 992 px,
   * beside it from there (a toolbar on wide screens, a menu on a phone).
   */
  layout?: "stacked" | "inline" | "inline-lg";
};

const LAYOUT = {
  stacked: "flex flex-col gap-1",
  inline: "flex flex-wrap items-center gap-x-2 gap-y-1",
  "inline-lg": "flex flex-col gap-1 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-2",
} as const;

/**
 * A labelled native dropdown for a short fixed choice (the trainer's puzzle order and difficulty). Native, so it is
 * operated the platform's way with the keyboard and a screen reader, and opens as a picker on a phone.
 *
 * **Do**
 * - Use it for a handful of options that are all valid; keep their order meaningful (easiest → hardest).
 * - Apply the choice at once and remember it, as the trainer does.
 *
 * **Don't**
 * - Don't use it for two options (a switch or two buttons show both at once) or for long lists to search (a
 *   text field with suggestions).
 * - Don't leave it without a visible label: `layout="inline"` keeps the label beside it in toolbars.
 */
export function SelectField<V extends string>({
  label,
  options,
  value,
  onValueChange,
  disabled = false,
  layout = "stacked",
  id,
  className,
  ...props
}: SelectFieldProps<V>) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div data-slot="select-field" data-layout={layout} className={cn(LAYOUT[layout], className)} {...props}>
      <Label.Root htmlFor={selectId} className="shrink-0 text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      <select
        id={selectId}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onValueChange(chosen.value);
        }}
        className="h-10 min-w-40 rounded-md border border-line-input bg-surface px-3 text-sm text-fg disabled:opacity-60"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
