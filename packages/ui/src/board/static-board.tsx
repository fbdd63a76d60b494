import type * as React from "react";
import {
  defaultAlphaNotationStyle,
  defaultBoardStyle,
  defaultNumericNotationStyle,
  defaultSquareStyle,
} from "react-chessboard";
import { cn } from "../lib/cn";
import {
  BOARD_COLORS,
  type BoardTheme,
  FILES,
  labelledPieces,
  type PieceCode,
  type PieceSet,
  piecesOf,
} from "./board";

export type StaticBoardProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** The position: a full FEN (only its first field is read). */
  fen: string;
  /** Accessible name of the board, e.g. "Chess diagram, White to move". */
  label: string;
  /** Accessible name of each piece, in the page's language. */
  pieceLabels: Record<PieceCode, string>;
  orientation?: "white" | "black";
  showCoordinates?: boolean;
  /** Unique id when several boards share a page (the squares' ids start with it). */
  boardId?: string;
  boardTheme?: BoardTheme;
  pieceSet?: PieceSet;
};

// react-chessboard's own styles (the same module as the Board's), so the two boards cannot drift apart.
const BOARD = defaultBoardStyle(8);
const FILL: React.CSSProperties = { width: "100%", height: "100%" };

/**
 * A board to look at, not to play on: the home page's sample position and the blog's diagrams. It draws what
 * `Board` draws for a non-interactive position (the same squares, colours, coordinates and pieces, square for
 * square), without react-chessboard's drag-and-drop machinery, so a page that only shows a position renders and
 * hydrates it in a fraction of the time and does not load the interactive board's code.
 */
export function StaticBoard({
  fen,
  label,
  pieceLabels,
  orientation = "white",
  showCoordinates = true,
  boardId = "board",
  boardTheme = "green",
  pieceSet = "classic",
  className,
  ...props
}: StaticBoardProps) {
  const pieces = piecesOf(fen);
  const drawn = labelledPieces(pieceLabels, pieceSet);
  const ranks = orientation === "white" ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
  const files = orientation === "white" ? FILES : [...FILES].reverse();
  const bottomRank = orientation === "white" ? 1 : 8;
  const leftFile = orientation === "white" ? "a" : "h";

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of piece images, as the Board is; a fieldset is for form controls
    <div
      dir="ltr"
      role="group"
      aria-label={label}
      data-slot="board"
      data-orientation={orientation}
      data-board-theme={boardTheme}
      data-piece-set={pieceSet}
      data-fen={fen}
      className={cn("relative aspect-square w-full max-w-board", className)}
      {...props}
    >
      <div id={`${boardId}-board`} style={BOARD}>
        {ranks.map((rank) =>
          files.map((file) => {
            const square = `${file}${rank}`;
            const light = (FILES.indexOf(file) + rank) % 2 === 0;
            const piece = pieces.get(square);
            const Piece = piece ? drawn[piece] : undefined;
            return (
              <div key={square}>
                <div
                  id={`${boardId}-square-${square}`}
                  data-column={file}
                  data-row={rank}
                  data-square={square}
                  style={{
                    ...defaultSquareStyle,
                    backgroundColor: light ? BOARD_COLORS.light : BOARD_COLORS.dark,
                  }}
                >
                  {showCoordinates ? (
                    <span
                      style={{
                        color: light ? BOARD_COLORS.notationOnLight : BOARD_COLORS.notationOnDark,
                        fontWeight: 600,
                      }}
                    >
                      {rank === bottomRank ? <span style={defaultAlphaNotationStyle}>{file}</span> : null}
                      {file === leftFile ? <span style={defaultNumericNotationStyle}>{rank}</span> : null}
                    </span>
                  ) : null}
                  <div style={FILL}>
                    {piece && Piece ? (
                      <div>
                        <div id={`${boardId}-piece-${piece}-${square}`} data-piece={piece} style={FILL}>
                          <Piece square={square} />
                        </div>
                      </div>
                    ) : null}
                  </div>
                </div>
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
}
