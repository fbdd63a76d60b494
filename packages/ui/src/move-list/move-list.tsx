import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";
import { numberMoves } from "./notation";

export type MoveListProps = Omit<React.ComponentProps<"section">, "children"> & {
  /** Moves in standard notation (SAN), in order. */
  moves: readonly string[];
  /** Full-move number of the first move (the position's move number). */
  startMoveNumber?: number;
  /** Side that plays the first move. */
  startColor?: "w" | "b";
  /** Heading of the list, e.g. "Moves". */
  title: string;
  /** Shown while there are no moves, e.g. "No moves yet". */
  emptyLabel: string;
  /** The move shown on the board (highlighted); defaults to the last. -1 marks none (the starting position). */
  currentIndex?: number;
  /**
   * Makes every move a button that shows its position. The list is then one tab stop (the move on show); the
   * arrow keys step through the moves in reading order (mirrored in a right-to-left page), Home and End jump to
   * the first and the last.
   */
  onSelectMove?: (index: number) => void;
};

/** Arrow keys step in reading order: right is forwards in a left-to-right list, backwards in a right-to-left one. */
function stepOf(key: string, direction: string): number | null {
  if (key === "ArrowRight") return direction === "rtl" ? -1 : 1;
  if (key === "ArrowLeft") return direction === "rtl" ? 1 : -1;
  return null;
}

function handleListKey(
  event: React.KeyboardEvent<HTMLOListElement>,
  count: number,
  onSelectMove: (index: number) => void,
) {
  const target = event.target as HTMLElement;
  const from = Number(target.dataset.index);
  if (!Number.isInteger(from) || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = stepOf(event.key, getComputedStyle(event.currentTarget).direction);
  const next =
    step !== null ? from + step : event.key === "Home" ? 0 : event.key === "End" ? count - 1 : null;
  if (next === null) return;
  event.preventDefault();
  if (next < 0 || next >= count || next === from) return;
  onSelectMove(next);
  event.currentTarget.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
}

/**
 * The move notation list: standard notation with move numbers, from any move number and side ("12... Qxh2+ 13. Kf1").
 * Each move stays left to right inside a right-to-left page, where the list itself flows from the right.
 */
export function MoveList({
  moves,
  startMoveNumber = 1,
  startColor = "w",
  title,
  emptyLabel,
  currentIndex,
  onSelectMove,
  className,
  ...props
}: MoveListProps) {
  const numbered = numberMoves(moves, startMoveNumber, startColor);
  const current = currentIndex ?? moves.length - 1;
  // The one tab stop of a clickable list: the move on show, or the first move at the starting position.
  const tabStop = current >= 0 && current < moves.length ? current : 0;
  const headingId = useId();
  return (
    <section
      data-slot="move-list"
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-2", className)}
      {...props}
    >
      <h2 id={headingId} className="m-0 text-sm font-bold text-fg-soft">
        {title}
      </h2>
      {numbered.length === 0 ? (
        <p className="m-0 text-sm text-fg-subtle">{emptyLabel}</p>
      ) : (
        <ol
          className="m-0 flex list-none flex-wrap gap-x-1 gap-y-1 p-0 text-sm"
          onKeyDown={onSelectMove ? (event) => handleListKey(event, moves.length, onSelectMove) : undefined}
        >
          {numbered.map((move) => {
            const text = (
              <bdi dir="ltr">
                {move.prefix ? <span className="text-fg-subtle">{move.prefix} </span> : null}
                {move.san}
              </bdi>
            );
            return (
              <li
                key={move.index}
                data-color={move.color}
                aria-current={!onSelectMove && move.index === current ? "step" : undefined}
                className={
                  onSelectMove
                    ? undefined
                    : "rounded px-1.5 py-0.5 text-fg aria-[current=step]:bg-brand-soft aria-[current=step]:font-bold"
                }
              >
                {onSelectMove ? (
                  <button
                    type="button"
                    data-slot="move-list-move"
                    data-index={move.index}
                    tabIndex={move.index === tabStop ? 0 : -1}
                    aria-current={move.index === current ? "step" : undefined}
                    // The name as written, "2. Nf3" (name computation would drop the space after the number).
                    aria-label={move.prefix ? `${move.prefix} ${move.san}` : move.san}
                    onClick={() => onSelectMove(move.index)}
                    className="cursor-pointer rounded border-0 bg-transparent px-1.5 py-0.5 text-sm text-fg hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[current=step]:bg-brand-soft aria-[current=step]:font-bold"
                  >
                    {text}
                  </button>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
