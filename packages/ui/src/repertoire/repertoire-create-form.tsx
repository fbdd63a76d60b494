import type * as React from "react";
import { useId } from "react";
import { Alert } from "../alert";
import { Button, buttonVariants } from "../button";
import { Card, CardContent } from "../card";
import { TextField } from "../field";
import { cn } from "../lib/cn";
import { ChoiceChips, ToggleChips } from "../set-builder";

/** A starter opening of the chosen side, with its lines to pick. */
export interface StarterChoice {
  id: string;
  name: string;
  lines: readonly { value: string; label: string }[];
}

export interface RepertoireCreateFormTexts {
  title: string;
  name: string;
  namePlaceholder: string;
  side: string;
  white: string;
  black: string;
  submit: string;
  cancel: string;
  /** New: the title and help of the starter lines. */
  pickTitle?: string;
  pickHint?: string;
  /** Import: the file input's label, its button and the line without a file, the text area's label, the help. */
  file?: string;
  chooseFile?: string;
  noFile?: string;
  text?: string;
  textHint?: string;
}

export interface RepertoireCreateFormProps extends Omit<React.ComponentProps<"form">, "onSubmit"> {
  /** "starters": a name, a side and lines of the starters to pick; "pgn": a name, a side and a PGN file or text. */
  kind: "starters" | "pgn";
  texts: RepertoireCreateFormTexts;
  name: string;
  onNameChange: (name: string) => void;
  side: "white" | "black";
  onSideChange: (side: "white" | "black") => void;
  /** The starters of the chosen side (kind "starters"). */
  starters?: readonly StarterChoice[];
  /** The picked lines' values. */
  picked?: readonly string[];
  onPickedChange?: (picked: string[]) => void;
  /** The PGN text (kind "pgn"); a chosen file's text is read into it by the caller. */
  pgn?: string;
  onPgnChange?: (pgn: string) => void;
  onFile?: (file: File) => void;
  /** The chosen file's name, shown beside the button. */
  fileName?: string;
  /** Why the last submit was refused (nothing was created). */
  error?: string | null;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The form that starts a repertoire of the player's own (issue 40): a name and the side, then either lines picked
 * from the starter repertoires of that side (one toggle group per opening) or a PGN file or text to import. A refused
 * submit shows its reason in an alert above the buttons and changes nothing. Every text is a prop.
 */
export function RepertoireCreateForm({
  kind,
  texts,
  name,
  onNameChange,
  side,
  onSideChange,
  starters = [],
  picked = [],
  onPickedChange,
  pgn = "",
  onPgnChange,
  onFile,
  fileName,
  error,
  onSubmit,
  onCancel,
  className,
  ...props
}: RepertoireCreateFormProps) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <Card className={cn("w-full", className)}>
      <CardContent className="pt-4">
        <form
          data-slot="repertoire-create-form"
          data-kind={kind}
          aria-labelledby={titleId}
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          {...props}
        >
          <h3 id={titleId} className="m-0 text-lg font-bold text-fg">
            {texts.title}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={texts.name}
              placeholder={texts.namePlaceholder}
              value={name}
              maxLength={80}
              onChange={(event) => onNameChange(event.target.value)}
            />
            <ChoiceChips
              label={texts.side}
              size="sm"
              className="[&>span]:text-sm [&>span]:text-fg-soft"
              options={[
                { value: "white", label: texts.white },
                { value: "black", label: texts.black },
              ]}
              value={side}
              onValueChange={onSideChange}
            />
          </div>
          {kind === "starters" ? (
            <fieldset className="m-0 flex flex-col gap-3 border-0 p-0">
              <legend className="mb-1 p-0 text-base font-bold text-fg">{texts.pickTitle}</legend>
              <p className="m-0 text-sm text-fg-subtle">{texts.pickHint}</p>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-slot="starter-lines">
                {starters.map((starter) => (
                  <ToggleChips
                    key={starter.id}
                    data-starter={starter.id}
                    label={starter.name}
                    size="sm"
                    options={starter.lines}
                    value={picked.filter((value) => starter.lines.some((line) => line.value === value))}
                    onValueChange={(chosen) =>
                      onPickedChange?.([
                        ...picked.filter((value) => !starter.lines.some((line) => line.value === value)),
                        ...chosen,
                      ])
                    }
                  />
                ))}
              </div>
            </fieldset>
          ) : (
            <div className="flex flex-col gap-3">
              <div className="flex flex-col gap-1">
                <span className="text-sm font-semibold text-fg-soft">{texts.file}</span>
                {/* The browser's own file button speaks the browser's language: a button of ours covers it. */}
                <label className="flex w-fit flex-wrap items-center gap-3 rounded-md text-sm text-fg-muted has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus">
                  <input
                    type="file"
                    accept=".pgn,application/x-chess-pgn,text/plain"
                    className="sr-only"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) onFile?.(file);
                    }}
                  />
                  <span className={buttonVariants({ variant: "secondary", size: "sm" })}>
                    {texts.chooseFile}
                  </span>
                  <span data-slot="repertoire-file-name">{fileName || texts.noFile}</span>
                </label>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-pgn`} className="text-sm font-semibold text-fg-soft">
                  {texts.text}
                </label>
                <textarea
                  id={`${id}-pgn`}
                  dir="ltr"
                  rows={6}
                  value={pgn}
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => onPgnChange?.(event.target.value)}
                  className="w-full rounded-md border border-line-input bg-surface p-3 font-mono text-sm text-fg"
                />
                <p id={`${id}-hint`} className="m-0 text-sm text-fg-subtle">
                  {texts.textHint}
                </p>
              </div>
            </div>
          )}
          {error ? (
            <Alert variant="error" data-slot="repertoire-create-error">
              {error}
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{texts.submit}</Button>
            <Button type="button" variant="secondary" onClick={onCancel}>
              {texts.cancel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
