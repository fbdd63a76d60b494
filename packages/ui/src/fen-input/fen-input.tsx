import { Upload } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "../button";
import { inputClassName } from "../field";
import { cn } from "../lib/cn";

export type FenInputProps = Omit<React.ComponentProps<"form">, "children" | "onSubmit" | "onLoad"> & {
  /** Visible label of the text box, e.g. "Load a FEN". */
  label: string;
  placeholder?: string;
  /** The button, e.g. "Load". */
  loadLabel: string;
  /** Called with the text when Load is pressed (or Enter); the caller judges it and sets `message`. */
  onLoad: (text: string) => void;
  /**
   * The outcome of the last load: an error ('Invalid FEN. Please check your input.') marks the box invalid and is
   * announced at once; a success note is announced politely.
   */
  message?: { kind: "error" | "success"; text: string } | null;
  defaultValue?: string;
};

/** Paste a position string and load it: a labelled text box, a Load button and the result under them. */
export function FenInput({
  label,
  placeholder,
  loadLabel,
  onLoad,
  message,
  defaultValue = "",
  className,
  ...props
}: FenInputProps) {
  const inputId = useId();
  const messageId = useId();
  const [value, setValue] = useState(defaultValue);
  const error = message?.kind === "error";
  return (
    <form
      data-slot="fen-input"
      className={cn("flex flex-col gap-1", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onLoad(value);
      }}
      {...props}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-fg-soft">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          // A position string reads left to right; the placeholder follows the page, in its words' font (an Arabic
          // placeholder in the monospace stack fell back to whichever system font the browser picked).
          dir={value ? "ltr" : undefined}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error || undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => setValue(event.target.value)}
          className={cn(inputClassName, "min-w-0 flex-1 font-mono text-xs placeholder:font-sans")}
        />
        <Button type="submit" variant="secondary">
          <Upload aria-hidden />
          {loadLabel}
        </Button>
      </div>
      {/* Two live regions, always present, so a message is announced when it appears. */}
      <p
        id={error ? messageId : undefined}
        role="alert"
        className="m-0 text-sm text-danger"
        data-slot="fen-input-error"
      >
        {error ? message.text : ""}
      </p>
      <p
        id={message && !error ? messageId : undefined}
        role="status"
        className="m-0 text-sm text-success"
        data-slot="fen-input-note"
      >
        {message && !error ? message.text : ""}
      </p>
    </form>
  );
}
