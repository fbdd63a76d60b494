import * as React from "react";
import type { PieceRenderObject } from "react-chessboard";

/** The pieces a pawn can become, in the order the picker offers them (lichess's): queen first, at the edge. */
export const PROMOTION_PIECES = ["q", "n", "r", "b"] as const;
export type PromotionPiece = (typeof PROMOTION_PIECES)[number];

export interface PromotionPickerProps {
  /** The promotion square's visual column (0 the left edge) and whether it is on the top row of the board. */
  column: number;
  top: boolean;
  color: "w" | "b";
  /** The group's accessible name, e.g. "Promote the pawn to". */
  label: string;
  /** Accessible name of each choice, by piece code ("wQ"…). */
  pieceLabels: Record<string, string>;
  /** The drawings of the pieces (the board's piece set). */
  pieces: PieceRenderObject;
  onChoose: (piece: PromotionPiece) => void;
  onCancel: () => void;
}

const NEXT_KEYS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * The promotion choice, drawn over the promotion square as lichess does: a column of four squares from the edge
 * of the board inwards (queen, knight, rook, bishop) over a dimmed board. Escape cancels the move (and a press
 * outside the choice: the board handles that); arrow keys and Tab go round the choices, Enter or Space takes one.
 * The first choice has focus on opening.
 */
export function PromotionPicker({
  column,
  top,
  color,
  label,
  pieceLabels,
  pieces,
  onChoose,
  onCancel,
}: PromotionPickerProps) {
  const buttons = React.useRef<(HTMLButtonElement | null)[]>([]);
  React.useEffect(() => {
    buttons.current[0]?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const index = buttons.current.indexOf(event.target as HTMLButtonElement);
    let step = NEXT_KEYS[event.key];
    // Downwards on the screen is away from the edge: the picker opening upwards turns the arrows round.
    if (step !== undefined && !top && (event.key === "ArrowDown" || event.key === "ArrowUp")) step = -step;
    if (event.key === "Tab") step = event.shiftKey ? -1 : 1;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (step === undefined || index < 0) return;
    event.preventDefault();
    event.stopPropagation();
    const count = PROMOTION_PIECES.length;
    buttons.current[(index + step + count) % count]?.focus();
  };

  return (
    <>
      {/* The board dimmed under the choice; a press on it cancels the move (the board sees to that). */}
      <div aria-hidden data-slot="promotion-cover" className="absolute inset-0 z-20 bg-overlay/80" />
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons; a fieldset would need a legend */}
      <div
        role="group"
        aria-label={label}
        data-slot="promotion-picker"
        data-direction={top ? "down" : "up"}
        className="absolute z-30 flex h-1/2 w-[12.5%] data-[direction=up]:flex-col-reverse data-[direction=down]:flex-col"
        style={{ insetInlineStart: `${column * 12.5}%`, ...(top ? { top: 0 } : { bottom: 0 }) }}
        onKeyDown={onKeyDown}
      >
        {PROMOTION_PIECES.map((piece, index) => {
          const code = `${color}${piece.toUpperCase()}`;
          return (
            <button
              key={piece}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              aria-label={pieceLabels[code]}
              data-piece={piece}
              className="flex aspect-square w-full cursor-pointer items-center justify-center rounded-full border-0 bg-board-light p-0 shadow-md outline-none transition-[border-radius] hover:rounded-none hover:bg-board-dark focus-visible:rounded-none focus-visible:bg-board-dark focus-visible:shadow-[inset_0_0_0_3px_var(--board-focus-outer),inset_0_0_0_6px_var(--board-focus-inner)]"
              onClick={() => onChoose(piece)}
            >
              <span aria-hidden className="size-[85%]">
                {pieces[code]?.()}
              </span>
            </button>
          );
        })}
      </div>
    </>
  );
}
