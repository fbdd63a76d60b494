import { Dialog } from "radix-ui";
import type * as React from "react";
import { useRef } from "react";
import { Button } from "../button";
import { TextField } from "../field";
import { cn } from "../lib/cn";

/** The dialog's optional second field. Its value may stay empty; Enter in it confirms like Enter in the first. */
export type InsertDialogExtraField = {
  label: string;
  placeholder?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
};

export type InsertDialogProps = {
  open: boolean;
  /** Called with false when the dialog asks to close: Cancel, Escape, or a click on the backdrop. */
  onOpenChange: (open: boolean) => void;
  /** 'Insert Chess Diagram' / 'Insert YouTube Video'. */
  title: string;
  /** A sentence under the title explaining what to paste. */
  description: string;
  /** Visible label of the input. */
  inputLabel: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Insert, or Enter in the input. Not called while the value is blank. */
  onConfirm: () => void;
  cancelLabel: string;
  insertLabel: string;
  /** Why the value was refused, shown under the input. */
  error?: string | null | undefined;
  /**
   * A third action at the start of the footer, e.g. 'Remove link' when the link dialog edits an existing link.
   * Shown when both the label and the handler are given.
   */
  removeLabel?: string | undefined;
  onRemove?: (() => void) | undefined;
  /** The kind of value typed, for the on-screen keyboard ("url" for addresses). */
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  /**
   * The direction of what is typed: "ltr" (the default) for a FEN or an address, "auto" for words in either
   * language (an image's alt text), which then run the way their own first letters go.
   */
  inputDir?: "ltr" | "auto";
  /** A second, optional field under the first, e.g. an image's caption (typed in either language: dir auto). */
  extraField?: InsertDialogExtraField | undefined;
  /** Where the focus goes when the dialog closes; without `preventDefault()` it returns to what had it before. */
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
};

/**
 * The editor's insert dialog (spec section 2): a title, an explanation, one input (and an optional second one, such
 * as an image's caption), Cancel and Insert (plus Remove when given, for an existing link). Enter confirms; Escape, Cancel and a click on the backdrop close it. An empty
 * value inserts nothing (Insert is disabled).
 */
export function InsertDialog({
  open,
  onOpenChange,
  title,
  description,
  inputLabel,
  placeholder,
  value,
  onValueChange,
  onConfirm,
  cancelLabel,
  insertLabel,
  error,
  removeLabel,
  onRemove,
  inputMode,
  inputDir = "ltr",
  extraField,
  onCloseAutoFocus,
  className,
}: InsertDialogProps) {
  const blank = value.trim() === "";
  // The editor opens the dialog from its toolbar, not from a Dialog.Trigger: remember what had the focus, and give
  // it back on close unless the caller moves the focus elsewhere (into the editor after an insert, say).
  const opener = useRef<HTMLElement | null>(null);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blank) onConfirm();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-slot="insert-dialog-overlay" className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content
          data-slot="insert-dialog"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            opener.current?.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-line bg-surface p-6 shadow-lg",
            className,
          )}
        >
          <div className="flex flex-col gap-1">
            <Dialog.Title className="m-0 text-lg font-bold text-fg">{title}</Dialog.Title>
            <Dialog.Description className="m-0 text-sm text-fg-muted">{description}</Dialog.Description>
          </div>
          <form className="flex flex-col gap-4" onSubmit={submit}>
            <TextField
              label={inputLabel}
              placeholder={placeholder}
              value={value}
              error={error}
              dir={inputDir}
              autoComplete="off"
              spellCheck={inputDir !== "ltr"}
              inputMode={inputMode}
              onChange={(event) => onValueChange(event.currentTarget.value)}
            />
            {extraField ? (
              <TextField
                label={extraField.label}
                placeholder={extraField.placeholder}
                value={extraField.value}
                dir="auto"
                autoComplete="off"
                onChange={(event) => extraField.onValueChange(event.currentTarget.value)}
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              {removeLabel && onRemove ? (
                <Button variant="ghost" className="me-auto text-danger" onClick={onRemove}>
                  {removeLabel}
                </Button>
              ) : null}
              <Dialog.Close asChild>
                <Button variant="secondary">{cancelLabel}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={blank}>
                {insertLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
