import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";

export type SettingTogglesProps = React.ComponentProps<"section"> & {
  /** Heading of the panel, e.g. "Board settings". */
  title: string;
};

/** A panel of settings: a heading and its rows of switches and sliders. */
export function SettingToggles({ title, className, children, ...props }: SettingTogglesProps) {
  const headingId = useId();
  return (
    <section
      data-slot="setting-toggles"
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-1 rounded-lg border border-line bg-surface p-4 shadow-sm", className)}
      {...props}
    >
      <h2 id={headingId} className="m-0 mb-2 text-base font-bold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}
