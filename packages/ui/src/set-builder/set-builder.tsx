import { cva, type VariantProps } from "class-variance-authority";
import { Check } from "lucide-react";
import { Label, RadioGroup, ToggleGroup } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { inputClassName } from "../field/field";
import { cn } from "../lib/cn";

/**
 * The parts of a form that builds a set of puzzles (the custom set, issue 39): a rating range, a single choice shown
 * as chips (the phase), and several choices as toggle chips (the themes). Every text is a prop.
 */

/** A chip of ChoiceChips and ToggleChips: a pill that fills with the brand colour when chosen. */
export const choiceChipVariants = cva(
  "inline-flex cursor-pointer items-center gap-1.5 rounded-full border font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 border-line-strong bg-surface text-fg hover:bg-surface-sunken data-[state=checked]:border-brand data-[state=checked]:bg-brand data-[state=checked]:text-brand-fg data-[state=on]:border-brand data-[state=on]:bg-brand data-[state=on]:text-brand-fg",
  {
    variants: {
      size: {
        sm: "min-h-8 px-3 py-1 text-xs",
        md: "min-h-10 px-4 py-1.5 text-sm",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export interface ChipOption<V extends string = string> {
  value: V;
  /** The name shown, in the page's language. */
  label: string;
}

export type RatingRangeFieldProps = Omit<React.ComponentProps<"fieldset">, "onChange"> & {
  /** The group's visible name, e.g. "Rating range". */
  legend: string;
  /** The two inputs' labels, e.g. "Lowest rating" and "Highest rating". */
  minLabel: string;
  maxLabel: string;
  /** The ends as typed (text, so a half-typed number stays as it is). */
  min: string;
  max: string;
  onMinChange: (value: string) => void;
  onMaxChange: (value: string) => void;
  /** The ratings the inputs offer (their arrows stop there) and the arrows' step. */
  bounds: { min: number; max: number };
  step?: number;
  /** Shown under the inputs while there is no error, e.g. the library's bounds. */
  hint?: string | undefined;
  /** What is wrong with the range: shown under it, announced, and marks both inputs invalid. */
  error?: string | null | undefined;
};

/**
 * A rating range: two labelled number inputs side by side (lowest, highest) under one legend, with one message
 * under them. The numbers stay left-to-right in Arabic.
 *
 * **Do**
 * - Say the bounds in `hint`, and in `error` what makes the range impossible and how to fix it.
 *
 * **Don't**
 * - Don't correct what the player types while they type: say what is wrong and let them fix it.
 */
export function RatingRangeField({
  legend,
  minLabel,
  maxLabel,
  min,
  max,
  onMinChange,
  onMaxChange,
  bounds,
  step = 50,
  hint,
  error,
  className,
  ...props
}: RatingRangeFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error || hint;
  const input = (which: "min" | "max", label: string, value: string, onChange: (value: string) => void) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <Label.Root htmlFor={`${id}-${which}`} className="text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      <input
        id={`${id}-${which}`}
        type="number"
        inputMode="numeric"
        dir="ltr"
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        className={cn(inputClassName, "text-start tabular-nums")}
      />
    </div>
  );
  return (
    <fieldset
      data-slot="rating-range-field"
      className={cn("m-0 flex min-w-0 flex-col gap-2 border-0 p-0", className)}
      {...props}
    >
      <legend className="mb-2 p-0 text-base font-bold text-fg">{legend}</legend>
      <div className="flex gap-3">
        {input("min", minLabel, min, onMinChange)}
        {input("max", maxLabel, max, onMaxChange)}
      </div>
      <p
        id={messageId}
        aria-live="polite"
        className={cn("m-0 min-h-5 text-sm", error ? "font-semibold text-danger" : "text-fg-subtle")}
      >
        {message}
      </p>
    </fieldset>
  );
}

export type ChoiceChipsProps<V extends string> = Omit<
  React.ComponentProps<"div">,
  "onChange" | "defaultValue" | "dir"
> &
  VariantProps<typeof choiceChipVariants> & {
    /** The group's visible name, e.g. "Phase". */
    label: string;
    options: readonly ChipOption<V>[];
    value: V;
    onValueChange: (value: V) => void;
  };

/**
 * One choice among a few, all shown at once as chips (a Radix radio group): Tab reaches the chosen chip, the arrow
 * keys move the choice. For a short fixed list (a phase, "any" first); a long list is a SelectField.
 *
 * **Do**
 * - Keep it to a handful of options that fit on one or two lines, with the widest choice ("Any") first.
 * - Give the group a visible \`label\`: it names the radio group for screen readers.
 *
 * **Don't**
 * - Don't use it for several answers at once: that is ToggleChips.
 * - Don't leave it without a value: one option is always chosen, as in a radio group.
 */
export function ChoiceChips<V extends string>({
  label,
  options,
  value,
  onValueChange,
  size,
  className,
  ...props
}: ChoiceChipsProps<V>) {
  const labelId = useId();
  return (
    <div data-slot="choice-chips" className={cn("flex flex-col gap-2", className)} {...props}>
      <span id={labelId} className="text-base font-bold text-fg">
        {label}
      </span>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        onValueChange={(chosen) => {
          const option = options.find((candidate) => candidate.value === chosen);
          if (option) onValueChange(option.value);
        }}
        className="flex flex-wrap gap-2"
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            data-size={size ?? "md"}
            className={choiceChipVariants({ size })}
          >
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

export type ToggleChipsProps = Omit<React.ComponentProps<"div">, "onChange" | "defaultValue" | "dir"> &
  VariantProps<typeof choiceChipVariants> & {
    /** The group's visible name, e.g. "Tactics". */
    label: string;
    /** A line under the name, e.g. "A puzzle must have every theme you choose". */
    description?: string | undefined;
    options: readonly ChipOption[];
    /** The chosen options' values. */
    value: readonly string[];
    onValueChange: (value: string[]) => void;
    disabled?: boolean;
  };

/**
 * Several choices as toggle chips (a Radix toggle group): each chip is a button that is pressed or not, with a tick
 * when pressed (not colour alone). Tab reaches the group, the arrow keys move between chips, Space or Enter toggles.
 *
 * **Do**
 * - Say in \`description\` what choosing several means ("a puzzle must have every theme you choose").
 * - Keep the chosen values in the page and update them from \`onValueChange\`.
 *
 * **Don't**
 * - Don't use it for a single choice: that is ChoiceChips, or a SelectField for a long list.
 * - Don't hide a chip that cannot be chosen now: disable the group, and say why beside it.
 */
export function ToggleChips({
  label,
  description,
  options,
  value,
  onValueChange,
  disabled = false,
  size,
  className,
  ...props
}: ToggleChipsProps) {
  const labelId = useId();
  const descriptionId = `${labelId}-description`;
  return (
    <div data-slot="toggle-chips" className={cn("flex flex-col gap-2", className)} {...props}>
      <span id={labelId} className="text-sm font-bold text-fg-soft">
        {label}
      </span>
      {description ? (
        <p id={descriptionId} className="m-0 text-sm text-fg-subtle">
          {description}
        </p>
      ) : null}
      <ToggleGroup.Root
        type="multiple"
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        value={[...value]}
        onValueChange={onValueChange}
        disabled={disabled}
        className="flex flex-wrap gap-2"
      >
        {options.map((option) => (
          <ToggleGroup.Item
            key={option.value}
            value={option.value}
            data-size={size ?? "md"}
            className={cn(choiceChipVariants({ size }), "group")}
          >
            <Check aria-hidden className="hidden size-3.5 shrink-0 group-data-[state=on]:block" />
            {option.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  );
}
