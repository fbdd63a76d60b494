import { Label } from "radix-ui";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "../button";
import { inputClassName } from "../field";
import { cn } from "../lib/cn";
import { parsePuzzleId } from "./puzzle-id";

export type PuzzleIdInputLayout = "stacked" | "inline" | "inline-lg";

const LAYOUT: Record<PuzzleIdInputLayout, { root: string; controls: string }> = {
  stacked: { root: "flex flex-col gap-1", controls: "" },
  inline: { root: "flex flex-wrap items-center gap-x-2 gap-y-1", controls: "min-w-0 flex-1" },
  "inline-lg": {
    root: "flex flex-col gap-1 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-2",
    controls: "lg:min-w-0 lg:flex-1",
  },
};

export type PuzzleIdInputProps = Omit<React.ComponentProps<"form">, "onSubmit"> & {
  /** 'Go to Puzzle by ID'. */
  label: string;
  /** 'Go'. */
  goLabel: string;
  /** Shown when the text is not a whole number of at least 1: 'Please enter a valid numeric ID.' */
  invalidMessage: string;
  /** Called with the id when a valid one is submitted (Go or Enter). */
  onGo: (id: number) => void;
  /** While the puzzle loads: Go is disabled. */
  loading?: boolean;
  /** The outcome of the last Go from the caller: 'Puzzle not found.' (error) or 'Loaded puzzle #12' (success). */
  result?: { kind: "error" | "success"; text: string } | null | undefined;
  /** Starting text of the box. */
  defaultValue?: string;
  /**
   * `stacked` (default): the label above the box. `inline`: the label beside it, the message after Go.
   * `inline-lg`: stacked below 992 px, inline from there (a toolbar on wide screens, a menu on a phone).
   */
  layout?: PuzzleIdInputLayout;
};

/** A numeric box with a Go button to jump to one puzzle (spec section 4, Go by ID). */
export function PuzzleIdInput({
  label,
  goLabel,
  invalidMessage,
  onGo,
  loading = false,
  result,
  defaultValue = "",
  layout = "stacked",
  id,
  className,
  ...props
}: PuzzleIdInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const [text, setText] = useState(defaultValue);
  const [invalid, setInvalid] = useState(false);
  const empty = text.trim() === "";
  const message = invalid ? { kind: "error" as const, text: invalidMessage } : (result ?? null);
  const classes = LAYOUT[layout];

  return (
    <form
      data-slot="puzzle-id-input"
      data-layout={layout}
      noValidate
      className={cn(classes.root, className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (empty || loading) return;
        const puzzleId = parsePuzzleId(text);
        setInvalid(puzzleId === null);
        if (puzzleId !== null) onGo(puzzleId);
      }}
      {...props}
    >
      <Label.Root htmlFor={inputId} className="shrink-0 text-sm font-semibold text-fg-soft">
        {label}
      </Label.Root>
      <div className={cn("flex gap-2", classes.controls)}>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={message?.kind === "error" ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={cn(inputClassName, "min-w-0 flex-1")}
        />
        <Button type="submit" disabled={empty || loading} aria-busy={loading || undefined}>
          {goLabel}
        </Button>
      </div>
      <p
        id={messageId}
        role={message?.kind === "error" ? "alert" : "status"}
        data-kind={message?.kind}
        className="m-0 text-sm data-[kind=error]:text-danger data-[kind=success]:text-success"
      >
        {message?.text ?? ""}
      </p>
    </form>
  );
}
