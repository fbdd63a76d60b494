import { Check, Copy } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import { Button } from "../button";
import { inputClassName } from "../field";
import { cn } from "../lib/cn";

export type FenBarProps = Omit<React.ComponentProps<"div">, "children"> & {
  fen: string;
  /** Visible label of the position string, e.g. "Position (FEN)". */
  label: string;
  /** 'Copy FEN'. */
  copyLabel: string;
  /** Announced and shown after a copy, e.g. "Copied". */
  copiedLabel: string;
  /** Announced when the clipboard refuses, e.g. "Copying failed". */
  copyFailedLabel: string;
  /** Called after the FEN is on the clipboard. */
  onCopied?: () => void;
  /** How long the "Copied" note stays, in ms. */
  resetAfterMs?: number;
};

/**
 * The current position string with a Copy FEN button that copies it with the Clipboard API and says so. The string
 * is shown whole: it wraps where the bar is narrow (below 448 px, with the button under it).
 */
export function FenBar({
  fen,
  label,
  copyLabel,
  copiedLabel,
  copyFailedLabel,
  onCopied,
  resetAfterMs = 2000,
  className,
  ...props
}: FenBarProps) {
  const inputId = useId();
  // The note belongs to the FEN that was copied: a new position shows none.
  const [note, setNote] = useState<{ state: "copied" | "failed"; fen: string } | null>(null);
  const state = note && note.fen === fen ? note.state : "idle";

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), resetAfterMs);
    return () => clearTimeout(timer);
  }, [note, resetAfterMs]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fen);
      setNote({ state: "copied", fen });
      onCopied?.();
    } catch {
      setNote({ state: "failed", fen });
    }
  };

  return (
    <div
      data-slot="fen-bar"
      data-state={state}
      className={cn("@container flex flex-col gap-1", className)}
      {...props}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-fg-soft">
        {label}
      </label>
      {/* The whole FEN stays readable: it wraps in a narrow column (a side panel), where Copy goes under it. */}
      <div className="flex flex-col items-start gap-2 @md:flex-row">
        <textarea
          id={inputId}
          readOnly
          dir="ltr"
          rows={2}
          value={fen}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(
            inputClassName,
            "field-sizing-content h-auto min-h-10 min-w-0 flex-1 resize-none self-stretch py-2.5 font-mono text-xs leading-normal break-all",
          )}
        />
        <Button variant="secondary" onClick={copy} className="shrink-0">
          {state === "copied" ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copyLabel}
        </Button>
      </div>
      <p
        role="status"
        data-state={state}
        className="m-0 min-h-5 text-sm data-[state=copied]:text-success data-[state=failed]:text-danger"
      >
        {state === "copied" ? copiedLabel : state === "failed" ? copyFailedLabel : ""}
      </p>
    </div>
  );
}
