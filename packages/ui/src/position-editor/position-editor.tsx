import { ArrowUpDown, Eraser, RotateCcw, Trash2 } from "lucide-react";
import * as React from "react";
import {
  Chessboard,
  type ChessboardOptions,
  ChessboardProvider,
  type PositionDataType,
  SparePiece,
} from "react-chessboard";
import { BOARD_COLORS, labelledPieces, PIECE_CODES, type PieceCode, useQuietDraggables } from "../board";
import { Button } from "../button";
import { cn } from "../lib/cn";
import { type DragTexts, useDragTexts } from "./drag-texts";

/** What a click, a key press or Enter on a square does: put that piece there, or take a piece off. */
export type EditorTool = PieceCode | "eraser";

/** Pieces by square, e.g. { e1: "wK", e8: "bK" }. */
export type EditorPieces = Readonly<Record<string, PieceCode>>;

/** Texts of the editor, in the page's language. */
export interface PositionEditorLabels {
  /** Accessible name of the board, e.g. "Board editor". */
  board: string;
  /** Read when the board gets focus: how to place and remove pieces with the keyboard. */
  instructions: string;
  /** Said for a square without a piece, e.g. "empty". */
  empty: string;
  /** Legend of the piece palette, e.g. "Pieces". */
  palette: string;
  /** The palette's remove tool, e.g. "Eraser". */
  eraser: string;
  /** Accessible name of the row of buttons, e.g. "Board actions". */
  actions: string;
  /** 'Clear Board'. */
  clear: string;
  /** 'Start Position'. */
  start: string;
  /** 'Flip Board'. */
  flip: string;
  /** What screen readers get around dragging (dnd-kit's instructions and announcements). */
  drag: DragTexts;
}

export type PositionEditorProps = Omit<React.ComponentProps<"div">, "children" | "onChange"> & {
  pieces: EditorPieces;
  /** Called with the new pieces after every placement, removal or drag. */
  onPiecesChange: (pieces: Record<string, PieceCode>) => void;
  /** Clear Board: the caller empties the board (and whatever goes with it, like the en passant square). */
  onClear: () => void;
  /** Start Position: the caller sets up the standard start position. */
  onStartPosition: () => void;
  labels: PositionEditorLabels;
  /** Accessible name of each piece, in the page's language. */
  pieceLabels: Record<PieceCode, string>;
  /** Which side is at the bottom (controlled); leave undefined to let the editor keep it. */
  orientation?: "white" | "black";
  defaultOrientation?: "white" | "black";
  onOrientationChange?: (orientation: "white" | "black") => void;
  /** The palette's selected tool (controlled); leave undefined to let the editor keep it. */
  tool?: EditorTool;
  defaultTool?: EditorTool;
  onToolChange?: (tool: EditorTool) => void;
  /** Unique id when several boards share a page. */
  boardId?: string;
};

const FILES = "abcdefgh";
const WHITE_PIECES = PIECE_CODES.filter((code) => code.startsWith("w")).reverse();
const BLACK_PIECES = PIECE_CODES.filter((code) => code.startsWith("b")).reverse();

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** Visual column and row (0..7 from the top left) of a square for an orientation, and back. */
function toVisual(square: string, orientation: "white" | "black"): [number, number] {
  const file = FILES.indexOf(square[0] ?? "a");
  const rank = Number(square[1]);
  return orientation === "white" ? [file, 8 - rank] : [7 - file, rank - 1];
}

function fromVisual(column: number, row: number, orientation: "white" | "black"): string {
  return orientation === "white" ? `${FILES[column]}${8 - row}` : `${FILES[7 - column]}${row + 1}`;
}

/** The pieces after using a tool on a square: a piece goes on (or comes off when the same piece is there). */
export function applyTool(pieces: EditorPieces, square: string, tool: EditorTool): Record<string, PieceCode> {
  const next: Record<string, PieceCode> = { ...pieces };
  if (tool === "eraser" || next[square] === tool) delete next[square];
  else next[square] = tool;
  return next;
}

/** The pieces after a drag: from the palette onto a square, from square to square, or off the board. */
export function applyDrop(
  pieces: EditorPieces,
  drop: { piece: PieceCode; fromPalette: boolean; from: string; to: string | null },
): Record<string, PieceCode> | null {
  if (drop.fromPalette) return drop.to ? { ...pieces, [drop.to]: drop.piece } : null;
  if (drop.to === drop.from) return null;
  const next: Record<string, PieceCode> = { ...pieces };
  delete next[drop.from];
  if (drop.to) next[drop.to] = drop.piece;
  return next;
}

function useControllable<T>(value: T | undefined, initial: T, onChange?: (value: T) => void) {
  const [own, setOwn] = React.useState(initial);
  const current = value === undefined ? own : value;
  const set = (next: T) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  return [current, set] as const;
}

const paletteItemClass =
  "relative flex size-11 cursor-pointer items-center justify-center rounded-md border-2 border-transparent bg-surface p-0.5 hover:bg-surface-sunken has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand";

/**
 * The position editor's board (spec section 2): a palette of both colours' pieces and an eraser, and a board to
 * build on. Pieces go on by choosing a palette piece and clicking squares (clicking the same piece again takes it
 * off), by dragging from the palette, and move by dragging from square to square; dragging a piece off the board
 * removes it. Keyboard: the palette is one radio group; on the board the arrow keys move between squares, Enter or
 * Space uses the selected tool, Delete or Backspace empties the square. Clear Board, Start Position and Flip Board
 * sit under the board. The board stays left to right in a right-to-left page.
 */
export function PositionEditor({
  pieces,
  onPiecesChange,
  onClear,
  onStartPosition,
  labels,
  pieceLabels,
  orientation: orientationProp,
  defaultOrientation = "white",
  onOrientationChange,
  tool: toolProp,
  defaultTool = "wP",
  onToolChange,
  boardId = "position-editor",
  className,
  ...props
}: PositionEditorProps) {
  const rootRef = React.useRef<HTMLDivElement>(null);
  const instructionsId = React.useId();
  const paletteName = React.useId();
  const [orientation, setOrientation] = useControllable(
    orientationProp,
    defaultOrientation,
    onOrientationChange,
  );
  const [tool, setTool] = useControllable(toolProp, defaultTool, onToolChange);
  const [focusSquare, setFocusSquare] = React.useState<string | null>(null);
  const [keyboardActive, setKeyboardActive] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState("");

  const position = React.useMemo<PositionDataType>(
    () => Object.fromEntries(Object.entries(pieces).map(([square, code]) => [square, { pieceType: code }])),
    [pieces],
  );
  const piecesToRender = React.useMemo(() => labelledPieces(pieceLabels), [pieceLabels]);

  useQuietDraggables(rootRef);
  useDragTexts(rootRef, boardId, labels.drag, pieceLabels, pieces);

  const describe = (square: string, board: EditorPieces) => {
    const piece = board[square];
    return `${square}, ${piece ? pieceLabels[piece] : labels.empty}`;
  };

  const change = (next: Record<string, PieceCode>, square: string, announce: boolean) => {
    onPiecesChange(next);
    if (announce) setAnnouncement(describe(square, next));
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = focusSquare ?? (orientation === "white" ? "a1" : "h8");
    const step = KEY_STEPS[event.key];
    let handled = true;
    if (step) {
      const [column, row] = toVisual(current, orientation);
      const next = fromVisual(
        Math.min(7, Math.max(0, column + step[0])),
        Math.min(7, Math.max(0, row + step[1])),
        orientation,
      );
      setFocusSquare(next);
      setAnnouncement(describe(next, pieces));
    } else if (event.key === "Enter" || event.key === " ") {
      setFocusSquare(current);
      change(applyTool(pieces, current, tool), current, true);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      setFocusSquare(current);
      change(applyTool(pieces, current, "eraser"), current, true);
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
      setKeyboardActive(true);
    }
  };

  const squareStyles: Record<string, React.CSSProperties> = {};
  if (keyboardActive && focusSquare) {
    squareStyles[focusSquare] = {
      boxShadow: `inset 0 0 0 3px ${BOARD_COLORS.focusOuter}, inset 0 0 0 6px ${BOARD_COLORS.focusInner}`,
    };
  }

  const options: ChessboardOptions = {
    id: boardId,
    position,
    boardOrientation: orientation,
    showNotation: true,
    animationDurationInMs: 0,
    showAnimations: false,
    allowDragging: true,
    allowDragOffBoard: true,
    allowDrawingArrows: false,
    pieces: piecesToRender,
    darkSquareStyle: { backgroundColor: BOARD_COLORS.dark },
    lightSquareStyle: { backgroundColor: BOARD_COLORS.light },
    lightSquareNotationStyle: { color: BOARD_COLORS.notationOnLight, fontWeight: 600 },
    darkSquareNotationStyle: { color: BOARD_COLORS.notationOnDark, fontWeight: 600 },
    squareStyles,
    onSquareClick: ({ square }) => {
      setFocusSquare(square);
      change(applyTool(pieces, square, tool), square, false);
    },
    onPieceDrop: ({ piece, sourceSquare, targetSquare }) => {
      const next = applyDrop(pieces, {
        piece: piece.pieceType as PieceCode,
        fromPalette: piece.isSparePiece,
        from: sourceSquare,
        to: targetSquare,
      });
      if (!next) return false;
      onPiecesChange(next);
      return true;
    },
  };

  const paletteItem = (value: EditorTool) => (
    <label key={value} className={paletteItemClass} data-tool={value}>
      <input
        type="radio"
        name={paletteName}
        value={value}
        checked={tool === value}
        onChange={() => setTool(value)}
        className="sr-only"
      />
      {value === "eraser" ? (
        <>
          <Eraser aria-hidden className="size-6 text-fg-soft" />
          <span className="sr-only">{labels.eraser}</span>
        </>
      ) : (
        <span className="block size-full [&>div]:size-full">
          <SparePiece pieceType={value} />
        </span>
      )}
    </label>
  );

  return (
    <div
      ref={rootRef}
      data-slot="position-editor"
      data-orientation={orientation}
      className={cn("flex w-full flex-col gap-3", className)}
      {...props}
    >
      <ChessboardProvider options={options}>
        <fieldset data-slot="position-editor-palette" className="m-0 flex flex-col gap-1 border-0 p-0">
          <legend className="mb-1 p-0 text-sm font-semibold text-fg-soft">{labels.palette}</legend>
          {/* Pieces of the side at the top of the board come first, as they are seen. */}
          {(orientation === "white" ? [BLACK_PIECES, WHITE_PIECES] : [WHITE_PIECES, BLACK_PIECES]).map(
            (row, index) => (
              <div key={row[0]} className="flex flex-wrap gap-1">
                {row.map(paletteItem)}
                {index === 1 ? paletteItem("eraser") : null}
              </div>
            ),
          )}
        </fieldset>
        <div
          dir="ltr"
          role="application"
          aria-label={labels.board}
          aria-describedby={instructionsId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: an application role is interactive and needs a tab stop
          tabIndex={0}
          data-slot="position-editor-board"
          className="relative aspect-square w-full max-w-board"
          onKeyDownCapture={handleKeyDown}
          onFocus={(event) => {
            if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
            const square = focusSquare ?? (orientation === "white" ? "a1" : "h8");
            setFocusSquare(square);
            setAnnouncement(describe(square, pieces));
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardActive(false);
          }}
          onPointerDown={() => setKeyboardActive(false)}
        >
          <Chessboard />
          <span id={instructionsId} className="sr-only">
            {labels.instructions}
          </span>
          <span
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="sr-only"
            data-slot="position-editor-status"
          >
            {announcement}
          </span>
        </div>
      </ChessboardProvider>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset */}
      <div role="group" aria-label={labels.actions} className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onClear}>
          <Trash2 aria-hidden />
          {labels.clear}
        </Button>
        <Button variant="secondary" onClick={onStartPosition}>
          <RotateCcw aria-hidden />
          {labels.start}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setOrientation(orientation === "white" ? "black" : "white")}
        >
          <ArrowUpDown aria-hidden />
          {labels.flip}
        </Button>
      </div>
    </div>
  );
}
