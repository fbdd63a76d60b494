import { X } from "lucide-react";
import { Label } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { Button } from "../button";
import { cn } from "../lib/cn";

export interface OpeningOption {
  /** The value the filter compares with a position's opening (the English name). */
  value: string;
  /** The name shown, in the page's language. */
  label: string;
}

export type OpeningFilterLayout = "stacked" | "inline" | "inline-lg";

const LAYOUT: Record<OpeningFilterLayout, { root: string; controls: string; select: string }> = {
  stacked: { root: "flex flex-col gap-1", controls: "", select: "" },
  inline: {
    root: "flex flex-wrap items-center gap-x-2 gap-y-1",
    controls: "min-w-0 flex-1",
    select: "min-w-44",
  },
  "inline-lg": {
    root: "flex flex-col gap-1 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-2",
    controls: "lg:min-w-0 lg:flex-1",
    select: "lg:min-w-44",
  },
};

export type OpeningFilterProps = Omit<React.ComponentProps<"div">, "onChange"> & {
  /** The openings to choose from (the 29 of the opening list), in the order to show. */
  openings: readonly OpeningOption[];
  /** The chosen opening's value; null for all openings. */
  value: string | null;
  onValueChange: (value: string | null) => void;
  /** Visible label of the dropdown, e.g. "Opening". */
  label: string;
  /** The first choice, meaning no filter: 'All Openings'. */
  allLabel: string;
  /** 'Clear Filter'. */
  clearLabel: string;
  /** Called by Clear Filter; defaults to `onValueChange(null)`. */
  onClear?: () => void;
  /** A note under the filter, e.g. 'No positions found for this opening'; announced politely. */
  message?: string | null | undefined;
  disabled?: boolean;
  /**
   * `stacked` (default): the label above the dropdown. `inline`: the label beside it, the note after the button.
   * `inline-lg`: stacked below 992 px, inline from there (a toolbar on wide screens, a menu on a phone).
   */
  layout?: OpeningFilterLayout;
};

/**
 * The trainer's opening filter (spec section 2): a native select with 'All Openings' and the named openings, and a
 * Clear Filter button, enabled while a filter is set.
 */
export function OpeningFilter({
  openings,
  value,
  onValueChange,
  label,
  allLabel,
  clearLabel,
  onClear,
  message,
  disabled = false,
  layout = "stacked",
  id,
  className,
  ...props
}: OpeningFilterProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  const classes = LAYOUT[layout];
  return (
    <div data-slot="opening-filter" data-layout={layout} className={cn(classes.root, className)} {...props}>
      <Label.Root htmlFor={selectId} className="shrink-0 text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      <div className={cn("flex flex-wrap items-center gap-2", classes.controls)}>
        <select
          id={selectId}
          value={value ?? ""}
          disabled={disabled}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => onValueChange(event.target.value === "" ? null : event.target.value)}
          className={cn(
            "h-10 min-w-0 flex-1 rounded-md border border-line-input bg-surface px-3 text-sm text-fg disabled:opacity-60",
            classes.select,
          )}
        >
          <option value="">{allLabel}</option>
          {openings.map((opening) => (
            <option key={opening.value} value={opening.value}>
              {opening.label}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          disabled={disabled || value === null}
          onClick={() => (onClear ? onClear() : onValueChange(null))}
        >
          <X aria-hidden />
          {clearLabel}
        </Button>
      </div>
      <p id={messageId} role="status" className="m-0 text-sm text-fg-muted">
        {message ?? ""}
      </p>
    </div>
  );
}
