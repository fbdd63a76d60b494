import type * as React from "react";
import { Chessboard, type ChessboardOptions, defaultPieces, type PieceRenderObject } from "react-chessboard";
import { cn } from "../lib/cn";

/** Piece codes as react-chessboard names them: colour (w/b) + piece letter. */
export const PIECE_CODES = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"] as const;
export type PieceCode = (typeof PIECE_CODES)[number];

/** Board colours of the spec: dark squares green, light squares cream. Kept in sync with tailwind.config.ts. */
export const BOARD_COLORS = {
  dark: "#769656",
  light: "#eeeed2",
  lastMove: "rgba(255, 255, 0, 0.4)",
  legal: "rgba(0, 160, 0, 0.35)",
  check: "rgba(220, 38, 38, 0.55)",
} as const;

export type BoardProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** A full FEN (react-chessboard 5 needs a real position, not the "start" shorthand). */
  fen: string;
  /** Accessible name of the board, e.g. "Chess board, white to move". */
  label: string;
  /** Accessible name of each piece, in the page's language. */
  pieceLabels: Record<PieceCode, string>;
  orientation?: "white" | "black";
  showCoordinates?: boolean;
  /** Move animation in ms (spec default 300); 0 turns animation off. */
  animationDurationInMs?: number;
  /** Extra styles per square (highlights), keyed by square name. */
  squareStyles?: Record<string, React.CSSProperties>;
  allowDragging?: boolean;
  onPieceDrop?: ChessboardOptions["onPieceDrop"];
  onSquareClick?: ChessboardOptions["onSquareClick"];
  /** Unique id when several boards share a page. */
  boardId?: string;
};

function labelledPieces(labels: Record<PieceCode, string>): PieceRenderObject {
  const pieces: PieceRenderObject = {};
  for (const code of PIECE_CODES) {
    const render = defaultPieces[code];
    if (!render) continue;
    pieces[code] = (props) => (
      <div role="img" aria-label={labels[code]} className="size-full">
        {render(props)}
      </div>
    );
  }
  return pieces;
}

/**
 * The chess board: react-chessboard with the site's colours and named pieces. Always laid out left to right, so
 * an Arabic (right-to-left) page does not mirror the files.
 */
export function Board({
  fen,
  label,
  pieceLabels,
  orientation = "white",
  showCoordinates = true,
  animationDurationInMs = 300,
  squareStyles,
  allowDragging = false,
  onPieceDrop,
  onSquareClick,
  boardId = "board",
  className,
  ...props
}: BoardProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of squares, not a form fieldset
    <div
      dir="ltr"
      role="group"
      aria-label={label}
      data-slot="board"
      data-orientation={orientation}
      className={cn("aspect-square w-full max-w-board", className)}
      {...props}
    >
      <Chessboard
        options={{
          id: boardId,
          position: fen,
          boardOrientation: orientation,
          showNotation: showCoordinates,
          animationDurationInMs,
          showAnimations: animationDurationInMs > 0,
          allowDragging,
          allowDrawingArrows: false,
          pieces: labelledPieces(pieceLabels),
          darkSquareStyle: { backgroundColor: BOARD_COLORS.dark },
          lightSquareStyle: { backgroundColor: BOARD_COLORS.light },
          ...(squareStyles ? { squareStyles } : {}),
          ...(onPieceDrop ? { onPieceDrop } : {}),
          ...(onSquareClick ? { onSquareClick } : {}),
        }}
      />
    </div>
  );
}
