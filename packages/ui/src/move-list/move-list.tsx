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
  /** The move shown on the board (highlighted); defaults to the last. */
  currentIndex?: number;
};

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
  className,
  ...props
}: MoveListProps) {
  const numbered = numberMoves(moves, startMoveNumber, startColor);
  const current = currentIndex ?? moves.length - 1;
  const headingId = useId();
  return (
    <section
      data-slot="move-list"
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-2", className)}
      {...props}
    >
      <h2 id={headingId} className="m-0 text-sm font-bold text-neutral-800">
        {title}
      </h2>
      {numbered.length === 0 ? (
        <p className="m-0 text-sm text-neutral-600">{emptyLabel}</p>
      ) : (
        <ol className="m-0 flex list-none flex-wrap gap-x-1 gap-y-1 p-0 text-sm">
          {numbered.map((move) => (
            <li
              key={move.index}
              data-color={move.color}
              aria-current={move.index === current ? "step" : undefined}
              className="rounded px-1.5 py-0.5 text-neutral-900 aria-[current=step]:bg-brand-soft aria-[current=step]:font-bold"
            >
              <bdi dir="ltr">
                {move.prefix ? <span className="text-neutral-600">{move.prefix} </span> : null}
                {move.san}
              </bdi>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
