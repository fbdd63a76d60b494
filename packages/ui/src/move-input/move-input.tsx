import type * as React from "react";
import { useEffect, useId, useMemo, useState } from "react";
import type { BoardMove } from "../board";
import { loadBoardRules, useBoardRules } from "../board/board-rules";
import { Button } from "../button";
import { inputClassName } from "../field";
import { cn } from "../lib/cn";
import { readTypedMove, suggestTypedMoves, type TypedMoveOption } from "./read-move";

/** Texts of the move box, in the page's language. */
export interface MoveInputLabels {
  /** The box's visible label, e.g. "Type a move". */
  label: string;
  /** How to write a move, e.g. "In notation or by squares: Nf3, exd5, O-O, e7e8n. Enter plays it." */
  hint: string;
  /** The button, e.g. "Play". */
  play: string;
  /** Name of the list of moves that fit what is typed. */
  suggestions: string;
  illegal: string;
  unreadable: string;
  /** Said before the moves that fit an ambiguous text, e.g. "More than one move fits. Choose one:". */
  ambiguous: string;
}

export type MoveInputProps = Omit<React.ComponentProps<"form">, "children" | "onSubmit"> & {
  /** The position the move is played in (a full FEN). */
  fen: string;
  /** A move read from the text; returns whether the caller took it (the box empties when it did). */
  onMove: (move: BoardMove) => boolean | undefined;
  labels: MoveInputLabels;
  /** Not the player's turn, or the board takes no moves now. */
  disabled?: boolean;
};

type Problem = { kind: "illegal" | "unreadable" } | { kind: "ambiguous"; candidates: TypedMoveOption[] };

/**
 * A text box beside a board to play a move by typing it (issue 42): standard notation or coordinates, Arabic-Indic
 * digits too; Enter plays it. The legal moves that fit what is typed are offered as a list (arrow keys, Enter or a
 * click); a move that is not legal, text that is not a move, or a move that fits several (Nd2 for two knights, a
 * promotion without its piece) is said under the box, the last with a button per move that fits.
 */
export function MoveInput({ fen, onMove, labels, disabled = false, className, ...props }: MoveInputProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const listId = `${id}-list`;
  const problemId = `${id}-problem`;
  const rules = useBoardRules();
  useEffect(() => {
    void loadBoardRules().catch(() => {});
  }, []);
  const [value, setValue] = useState("");
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The legal moves in notation, worked out once something is typed (nothing typed reads as nothing): every move's
  // notation plays it to see check and mate, a tenth of the trainer's start on a phone for a box most never use.
  const typing = value !== "";
  const legal = useMemo<TypedMoveOption[]>(() => {
    if (!rules || !typing) return [];
    try {
      return new rules.Chess(fen).moves({ verbose: true });
    } catch {
      return [];
    }
  }, [rules, fen, typing]);
  // A new position (the opponent's reply, the next puzzle): what was said of the last one no longer holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new position only
  useEffect(() => {
    setProblem(null);
    setActive(-1);
  }, [fen]);
  const suggestions = open && !disabled ? suggestTypedMoves(value, legal) : [];
  const expanded = suggestions.length > 0;

  const play = (move: TypedMoveOption) => {
    const promotion = move.promotion as BoardMove["promotion"];
    const taken = onMove({ from: move.from, to: move.to, ...(promotion ? { promotion } : {}) });
    if (taken === false) return;
    setValue("");
    setProblem(null);
    setOpen(false);
    setActive(-1);
  };
  const submit = () => {
    if (disabled) return;
    const chosen = active >= 0 ? suggestions[active] : undefined;
    if (chosen) return play(chosen);
    const reading = readTypedMove(value, legal);
    if (reading.kind === "empty") return;
    if (reading.kind === "move") return play(reading.move);
    setOpen(false);
    setProblem(reading);
  };

  return (
    <form
      data-slot="move-input"
      className={cn("flex flex-col gap-1", className)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      {...props}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-fg-soft">
        {labels.label}
      </label>
      <div className="relative flex gap-2">
        <input
          id={inputId}
          role="combobox"
          // Notation reads left to right in both languages.
          dir="ltr"
          value={value}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          enterKeyHint="go"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={problem && problem.kind !== "ambiguous" ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
            setProblem(null);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              if (!expanded) {
                setOpen(true);
                return;
              }
              event.preventDefault();
              // Round the list, through the typed text itself (no option active).
              const step = event.key === "ArrowDown" ? 1 : -1;
              setActive((current) => {
                const next = current + step;
                return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
              });
            } else if (event.key === "Escape" && (expanded || value)) {
              event.preventDefault();
              if (expanded) setOpen(false);
              else setValue("");
              setActive(-1);
            }
          }}
          className={cn(inputClassName, "min-w-0 flex-1 font-mono")}
        />
        <Button type="submit" variant="secondary" disabled={disabled}>
          {labels.play}
        </Button>
        <div
          id={listId}
          role="listbox"
          aria-label={labels.suggestions}
          hidden={!expanded}
          dir="ltr"
          className="absolute start-0 top-full z-20 mt-1 flex max-w-full flex-wrap gap-1 rounded-md border border-line-strong bg-surface p-1 shadow-md"
        >
          {suggestions.map((move, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (aria-activedescendant)
            <div
              key={`${move.from}${move.to}${move.promotion ?? ""}`}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keep the focus in the box: a press on an option plays it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => play(move)}
              className={cn(
                "cursor-pointer rounded px-2 py-1 font-mono text-sm text-fg",
                index === active ? "bg-brand text-on-brand" : "hover:bg-surface-strong",
              )}
            >
              {move.san}
            </div>
          ))}
        </div>
      </div>
      <p id={hintId} className="m-0 text-xs text-fg-muted">
        {labels.hint}
      </p>
      <div
        id={problemId}
        role="alert"
        data-slot="move-input-problem"
        className="text-sm text-danger empty:hidden"
      >
        {problem?.kind === "illegal" ? labels.illegal : null}
        {problem?.kind === "unreadable" ? labels.unreadable : null}
        {problem?.kind === "ambiguous" ? (
          <div className="flex flex-wrap items-center gap-2 text-fg">
            <span>{labels.ambiguous}</span>
            {problem.candidates.map((move) => (
              <Button
                key={`${move.from}${move.to}${move.promotion ?? ""}`}
                type="button"
                size="sm"
                variant="secondary"
                className="font-mono"
                onClick={() => play(move)}
              >
                <bdi>{move.san}</bdi>
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </form>
  );
}
