import { Label, Slider, Switch } from "radix-ui";
import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";

// The panel has its own module, so a screen that shows only the panel does not load Radix Switch and Slider.
export { SettingToggles, type SettingTogglesProps } from "./panel";

export type SettingSwitchProps = Omit<React.ComponentProps<typeof Switch.Root>, "children"> & {
  /** The visible label, e.g. "Show legal moves". */
  label: string;
  /** A line under the label that says what the setting does. */
  description?: string;
};

/** One on/off setting: its label, and a switch (Radix Switch, role "switch") at the end of the row. */
export function SettingSwitch({ label, description, id, className, ...props }: SettingSwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const descriptionId = `${switchId}-description`;
  return (
    <div data-slot="setting-switch" className={cn("flex items-center justify-between gap-4 py-2", className)}>
      <div className="flex min-w-0 flex-col">
        <Label.Root htmlFor={switchId} className="text-sm font-semibold text-fg">
          {label}
        </Label.Root>
        {description ? (
          <p id={descriptionId} className="m-0 text-sm text-fg-subtle">
            {description}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={switchId}
        aria-describedby={description ? descriptionId : undefined}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-control-off transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand"
        {...props}
      >
        <Switch.Thumb className="block size-5 rounded-full bg-control-thumb shadow transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5" />
      </Switch.Root>
    </div>
  );
}

export type SettingSliderProps = Omit<
  React.ComponentProps<typeof Slider.Root>,
  "children" | "value" | "defaultValue" | "onValueChange" | "onValueCommit"
> & {
  /** The visible label, e.g. "Animation duration". */
  label: string;
  value: number;
  onValueChange: (value: number) => void;
  /** The value as read and shown, e.g. "300 ms". */
  valueText: string;
};

/** A number setting on a slider (Radix Slider): label, the value as text, and a thumb moved by pointer or arrows. */
export function SettingSlider({
  label,
  value,
  onValueChange,
  valueText,
  min = 0,
  max = 100,
  step = 1,
  className,
  ...props
}: SettingSliderProps) {
  const labelId = useId();
  return (
    <div data-slot="setting-slider" className={cn("flex flex-col gap-2 py-2", className)}>
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="text-sm font-semibold text-fg">
          {label}
        </span>
        <span aria-hidden className="text-sm text-fg-muted tabular-nums">
          {valueText}
        </span>
      </div>
      <Slider.Root
        value={[value]}
        onValueChange={([next]) => {
          if (next !== undefined) onValueChange(next);
        }}
        min={min}
        max={max}
        step={step}
        className="relative flex h-5 w-full touch-none items-center select-none"
        {...props}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-line-input">
          <Slider.Range className="absolute h-full rounded-full bg-brand" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={labelId}
          aria-valuetext={valueText}
          className="block size-5 rounded-full border-2 border-brand bg-control-thumb shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        />
      </Slider.Root>
    </div>
  );
}
