import { validateFen } from "chess.js";
import * as React from "react";
import { Alert } from "../alert";
import { type PieceCode, StaticBoard } from "../board";
import { cn } from "../lib/cn";

/** The standard start position: what a diagram shows when its FEN is unusable (spec section 5). */
export const DIAGRAM_START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Defaults for the fields a short FEN leaves out: white to move, all castling rights, no en passant, 0, 1. */
const FEN_DEFAULTS = ["w", "KQkq", "-", "0", "1"] as const;

/**
 * The FEN a diagram can show, or null: fewer than six fields are completed with the spec's defaults (section 5),
 * then the position is checked (eight ranks, one king a side, no pawns on the back ranks, consistent fields).
 */
export function diagramFen(fen: string): string | null {
  const fields = fen.trim().split(/\s+/).filter(Boolean);
  if (fields.length === 0 || fields.length > 6) return null;
  for (let index = fields.length; index < 6; index++) fields.push(FEN_DEFAULTS[index - 1] ?? "");
  const completed = fields.join(" ");
  return validateFen(completed).ok ? completed : null;
}

/** What the diagram shows, for building its accessible name. */
export interface DiagramPosition {
  /** The FEN on the board (the start position when the given one was invalid). */
  fen: string;
  /** Side to move. */
  turn: "w" | "b";
  /** False when the given FEN was refused and the start position is shown instead. */
  valid: boolean;
}

export type ChessDiagramProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** The position: a FEN, complete or with only its first fields (the rest get the spec's defaults). */
  fen: string;
  /**
   * Accessible name of the board, e.g. "Chess diagram, White to move"; a function gets the shown position, so the
   * name can say whose move it is.
   */
  label: string | ((position: DiagramPosition) => string);
  /** Accessible name of each piece, in the page's language. */
  pieceLabels: Record<PieceCode, string>;
  /** Shown in an alert above the board when the FEN is invalid: 'Invalid chess position provided'. */
  invalidMessage: string;
  /** File and rank letters along the edges. Default true. */
  showCoordinates?: boolean;
};

/**
 * A non-interactive board for a blog post (spec section 2): 400 px wide (narrower on small screens), white at the
 * bottom, green and cream squares. An invalid FEN shows an alert and the start position instead.
 */
export function ChessDiagram({
  fen,
  label,
  pieceLabels,
  invalidMessage,
  showCoordinates = true,
  className,
  ...props
}: ChessDiagramProps) {
  const reactId = React.useId();
  const boardId = `diagram-${reactId.replace(/[^a-zA-Z0-9]/g, "")}`;
  const checked = React.useMemo(() => diagramFen(fen), [fen]);
  const shown = checked ?? DIAGRAM_START_FEN;
  const position: DiagramPosition = {
    fen: shown,
    turn: shown.split(" ")[1] === "b" ? "b" : "w",
    valid: checked !== null,
  };
  const name = typeof label === "function" ? label(position) : label;

  return (
    <div
      data-slot="chess-diagram"
      data-valid={position.valid}
      className={cn(
        // Spec section 9: a 400 px board in a container at least 400 px high; on narrower screens both shrink.
        "flex w-diagram max-w-full flex-col gap-2 min-h-[min(400px,calc(100vw-2rem))]",
        className,
      )}
      {...props}
    >
      {position.valid ? null : <Alert variant="error">{invalidMessage}</Alert>}
      <StaticBoard
        fen={shown}
        label={name}
        pieceLabels={pieceLabels}
        orientation="white"
        showCoordinates={showCoordinates}
        boardId={boardId}
      />
    </div>
  );
}
