import type { Chess, Square } from "chess.js";
import * as React from "react";
import {
  Chessboard,
  type ChessboardOptions,
  defaultArrowOptions,
  defaultPieces,
  type PieceRenderObject,
  type PositionDataType,
} from "react-chessboard";
import { flushSync } from "react-dom";
import { cn } from "../lib/cn";
import { type BoardRules, useBoardRules } from "./board-rules";
import { geometricPieces, letterPieces, outlinePieces } from "./pieces";
import { PromotionPicker, type PromotionPiece } from "./promotion-picker";

/** Piece codes as react-chessboard names them: colour (w/b) + piece letter. */
export const PIECE_CODES = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"] as const;
export type PieceCode = (typeof PIECE_CODES)[number];

/**
 * Board colours. The squares and coordinates are the design tokens of styles.css (`--board-*`), so the board theme
 * (`data-board-theme`) swaps them; the green theme is the spec's: dark squares #769656, light squares #eeeed2. The
 * highlights are the same on every board theme and page theme: the values of their `--board-*` tokens, written out
 * because the end-to-end tests read them in the squares' inline styles. Values: packages/ui/src/docs/board.mdx.
 */
export const BOARD_COLORS = {
  dark: "var(--board-dark)",
  light: "var(--board-light)",
  lastMove: "rgba(255, 255, 0, 0.4)",
  legal: "rgba(0, 160, 0, 0.35)",
  check: "rgba(220, 38, 38, 0.55)",
  selected: "rgba(255, 255, 0, 0.65)",
  /** Coordinates: dark green on light squares (5.4:1), white on dark squares. */
  notationOnLight: "var(--board-notation-on-light)",
  notationOnDark: "var(--board-notation-on-dark)",
  /** The keyboard focus square: a white ring inside a dark one, visible on both square colours. */
  focusInner: "#ffffff",
  focusOuter: "#0b3d91",
  /**
   * Hints: the piece to move gets a solid ring in a very dark green (3.7:1 on dark squares, 10:1 on light ones) over
   * a light green wash; its target a dashed ring of the same green, so "from" and "to" differ by more than colour.
   */
  hintRing: "rgb(15, 61, 31)",
  hintFill: "rgba(74, 222, 128, 0.45)",
} as const;

/**
 * The board's colour themes: `green` (the spec's green and cream, the default), `blue`, `brown`, `grey`, `purple`
 * and `ice` (white and steel blue, the highest contrast between the squares). Their values: docs/design-system.md.
 */
export const BOARD_THEMES = ["green", "blue", "brown", "grey", "purple", "ice"] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

/**
 * The piece sets: react-chessboard's `classic` pieces (the default) and three drawn for this project (pieces.tsx):
 * the flat `geometric` ones, the same shapes with a bold `outline`, and `letters` (a disc with the piece's letter).
 */
export const PIECE_SETS = ["classic", "geometric", "outline", "letters"] as const;
export type PieceSet = (typeof PIECE_SETS)[number];

/**
 * Arrow colours by kind: the move itself (dark green), the idea behind it (blue), the opponent's refutation (red).
 * Dark and nearly opaque, so each reads on both square colours and over pieces: about 2.4:1 on the dark green
 * squares (2.8:1 for the blue), 6:1 on the cream ones. A lighter green would melt into the dark squares.
 */
export const ARROW_COLORS = {
  hint: "rgba(20, 83, 45, 0.9)",
  idea: "rgba(30, 58, 138, 0.9)",
  refutation: "rgba(153, 27, 27, 0.9)",
} as const;

/** An arrow drawn on the board: a hint's move (the default), the idea behind it, or a refutation. */
export interface BoardArrow {
  from: string;
  to: string;
  kind?: keyof typeof ARROW_COLORS;
}

/** react-chessboard dims its arrows to 65 %; the colours above carry their own transparency instead. */
const ARROW_OPTIONS = { ...defaultArrowOptions, opacity: 1 };

/** A move as the board reports it: coordinates, and the piece the player chose when a pawn promotes. */
export interface BoardMove {
  from: string;
  to: string;
  promotion?: PromotionPiece;
}

/**
 * A position shown for a while in place of the one the player moves in, e.g. a wrong move and the opponent's
 * refutation played on it. The player's first press or key on the board ends it, and the board takes that move.
 */
export interface BoardInterlude {
  fen: string;
  lastMove?: { from: string; to: string } | null;
  arrows?: readonly BoardArrow[];
}

/** Texts of the board's own controls (the keyboard mode, the promotion choice), in the page's language. */
export interface BoardKeyboardLabels {
  /** Read when the board gets focus, e.g. "Arrow keys move between squares; Enter or Space picks up a piece…". */
  instructions: string;
  /** Said for a square without a piece, e.g. "empty". */
  empty: string;
  /** Added to the focused square's description while its piece is picked up, e.g. "selected". */
  selected: string;
  /** Said when Escape puts a picked-up piece back, e.g. "Selection cancelled". */
  cancelled: string;
  /** Name of the promotion choice, e.g. "Promote the pawn to"; each choice is named by `pieceLabels`. */
  promotion: string;
}

export type BoardProps = Omit<React.ComponentProps<"div">, "children" | "onSelect"> & {
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
  /** Extra styles per square, keyed by square name; drawn over the board's own highlights. */
  squareStyles?: Record<string, React.CSSProperties>;
  /** Pieces can be dragged. Defaults to true on an interactive board. */
  allowDragging?: boolean;
  /** Low-level drop handler; when given it replaces the board's own drop handling (and `onMove` for drags). */
  onPieceDrop?: ChessboardOptions["onPieceDrop"];
  onSquareClick?: ChessboardOptions["onSquareClick"];
  /** Unique id when several boards share a page. */
  boardId?: string;
  /**
   * Called for every attempted move (click, drag or keyboard), legal or not, so the caller can judge it. Returns
   * whether the move was accepted; a refused drag snaps back. A pawn reaching the last rank asks which piece it
   * becomes (`autoQueen` makes it a queen at once); the move is reported once the player has chosen.
   */
  onMove?: (move: BoardMove) => boolean;
  /** Every promotion becomes a queen without asking (the player's choice). Defaults to asking. */
  autoQueen?: boolean;
  /**
   * A position shown in place of `fen` until the player acts on the board (a press, or a key): then
   * `onInterludeEnd` is called and the board shows `fen` at once, without animation, and takes the move.
   */
  interlude?: BoardInterlude | null;
  onInterludeEnd?: () => void;
  /**
   * What a click (or Enter) on a square the picked-up piece cannot reach does: `report` it to `onMove` like any
   * attempt (the default), or just `deselect` the piece, as a trainer does so a slip of the mouse is not a try.
   */
  unreachable?: "report" | "deselect";
  /** The player may pick up pieces of the side to move. Defaults to true when `onMove` is given. */
  interactive?: boolean;
  /** The square whose piece is picked up (controlled); leave undefined to let the board keep it. */
  selectedSquare?: string | null;
  onSelectSquare?: (square: string | null) => void;
  /** Targets of the selected piece, shown as dots; by default computed from the FEN. */
  legalTargets?: readonly string[];
  /** Dots on the selected piece's targets (spec UI setting, default on). */
  showLegalMoves?: boolean;
  /** The move that led to this position, highlighted in translucent yellow. */
  lastMove?: { from: string; to: string } | null;
  showLastMove?: boolean;
  /** Colours the checked king's square red (spec UI setting, default on). */
  highlightCheck?: boolean;
  /** Texts of the keyboard mode; needed on an interactive board. */
  keyboardLabels?: BoardKeyboardLabels;
  /**
   * Arrows drawn over the pieces (hints, ideas, refutations), each over the ones before it. The player cannot draw
   * arrows of their own.
   */
  arrows?: readonly BoardArrow[];
  /** A hint's squares: the piece to move (a ring over a wash) and its target (a dashed ring). */
  hintSquares?: { from?: string | null; to?: string | null };
  /** The squares' colours (the player's choice, BOARD_THEMES): green by default. */
  boardTheme?: BoardTheme;
  /** The pieces' drawing (the player's choice, PIECE_SETS): classic by default. */
  pieceSet?: PieceSet;
};

export const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;

/** Pieces by square from the first field of a FEN, e.g. { e1: "wK", … }. */
export function piecesOf(fen: string): Map<string, PieceCode> {
  const pieces = new Map<string, PieceCode>();
  const rows = (fen.trim().split(/\s+/)[0] ?? "").split("/");
  rows.forEach((row, index) => {
    const rank = 8 - index;
    let file = 0;
    for (const char of row) {
      if (/[1-8]/.test(char)) {
        file += Number(char);
        continue;
      }
      const color = char === char.toUpperCase() ? "w" : "b";
      const code = `${color}${char.toUpperCase()}` as PieceCode;
      if (PIECE_CODES.includes(code) && file < 8) pieces.set(`${FILES[file]}${rank}`, code);
      file += 1;
    }
  });
  return pieces;
}

function turnOf(fen: string): "w" | "b" {
  return fen.trim().split(/\s+/)[1] === "b" ? "b" : "w";
}

/** Whether a piece moving to a square is a pawn reaching its last rank. */
export function promotes(piece: PieceCode | undefined, to: string): boolean {
  return (piece === "wP" && to.endsWith("8")) || (piece === "bP" && to.endsWith("1"));
}

/** A pawn moving to the last rank: the move carries a promotion, to a queen unless another piece is given. */
export function withPromotion(
  piece: PieceCode | undefined,
  from: string,
  to: string,
  promotion: PromotionPiece = "q",
): BoardMove {
  return promotes(piece, to) ? { from, to, promotion } : { from, to };
}

function chessOf(rules: BoardRules, fen: string): Chess | null {
  try {
    return new rules.Chess(fen, { skipValidation: true });
  } catch {
    return null;
  }
}

/** Whether the piece on `from` can move to `to`; true when the position cannot be read (the caller judges then). */
function reaches(chess: Chess | null, from: string, to: string): boolean {
  if (!chess) return true;
  try {
    return chess.moves({ square: from as Square, verbose: true }).some((move) => move.to === to);
  } catch {
    return true;
  }
}

/** Visual column and row (0..7 from the top left) of a square for an orientation, and back. */
function toVisual(square: string, orientation: "white" | "black"): [number, number] {
  const file = FILES.indexOf(square[0] as (typeof FILES)[number]);
  const rank = Number(square[1]);
  return orientation === "white" ? [file, 8 - rank] : [7 - file, rank - 1];
}

function fromVisual(column: number, row: number, orientation: "white" | "black"): string {
  return orientation === "white" ? `${FILES[column]}${8 - row}` : `${FILES[7 - column]}${row + 1}`;
}

const KEY_STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** The drawings of a piece set, unnamed. */
export function piecesOfSet(set: PieceSet): PieceRenderObject {
  return PIECE_DRAWINGS[set];
}

const PIECE_DRAWINGS: Record<PieceSet, PieceRenderObject> = {
  classic: defaultPieces,
  geometric: geometricPieces,
  outline: outlinePieces,
  letters: letterPieces,
};

/** The pieces of a set, each wrapped as an image named in the current language. */
export function labelledPieces(
  labels: Record<PieceCode, string>,
  set: PieceSet = "classic",
): PieceRenderObject {
  const source = piecesOfSet(set);
  const pieces: PieceRenderObject = {};
  for (const code of PIECE_CODES) {
    const render = source[code];
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
 * react-chessboard wraps every piece in a dnd-kit draggable: a focusable role=button with English instructions. The
 * board (and the position editor, palette pieces included) has its own keyboard model, so those wrappers become
 * plain containers of the labelled piece image (no tab stop per piece, no untranslated description), and dnd-kit's
 * English live region and instructions are hidden (the board announces in the page language). A mutation observer
 * keeps it so while react-chessboard re-renders its squares.
 */
const DRAGGABLE_ATTRIBUTES = [
  "role",
  "tabindex",
  "aria-roledescription",
  "aria-describedby",
  "aria-disabled",
  "aria-pressed",
];
function quietDraggables(root: HTMLElement) {
  for (const element of root.querySelectorAll("[aria-roledescription], [aria-pressed], [role=button]")) {
    for (const name of DRAGGABLE_ATTRIBUTES) element.removeAttribute(name);
  }
  for (const element of root.ownerDocument.querySelectorAll("[id^=DndLiveRegion-], [id^=DndDescribedBy-]")) {
    if (!element.hasAttribute("aria-hidden")) element.setAttribute("aria-hidden", "true");
  }
  // dnd-kit's English description of the draggables (`#dnd-{id}`), which nothing refers to any more: emptied, so no
  // English is left on an Arabic page (the position editor puts its own text there: position-editor/drag-texts.ts).
  for (const element of root.querySelectorAll("[id^=dnd-]")) {
    if (element.textContent?.includes("To pick up a draggable item")) element.textContent = "";
  }
}

export function useQuietDraggables(rootRef: React.RefObject<HTMLElement | null>) {
  React.useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    quietDraggables(root);
    const observer = new MutationObserver(() => quietDraggables(root));
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["role", "tabindex", "aria-pressed"],
    });
    return () => observer.disconnect();
  }, [rootRef]);
}

/**
 * The chess board: react-chessboard with the site's colours and named pieces, last-move, check and legal-move
 * highlights, and moves by click, drag or keyboard. Always laid out left to right, so an Arabic (right-to-left)
 * page does not mirror the files.
 */
export function Board({
  fen,
  label,
  pieceLabels,
  orientation = "white",
  showCoordinates = true,
  animationDurationInMs = 300,
  squareStyles,
  allowDragging,
  onPieceDrop,
  onSquareClick,
  boardId = "board",
  onMove,
  autoQueen = false,
  interlude,
  onInterludeEnd,
  unreachable = "report",
  interactive = onMove !== undefined,
  selectedSquare,
  onSelectSquare,
  legalTargets,
  showLegalMoves = true,
  lastMove,
  showLastMove = true,
  highlightCheck = true,
  keyboardLabels,
  arrows,
  hintSquares,
  boardTheme = "green",
  pieceSet = "classic",
  className,
  onKeyDownCapture,
  onFocus,
  onBlur,
  onPointerDown,
  onPointerDownCapture,
  ...props
}: BoardProps) {
  const rootRef = React.useRef<HTMLDivElement>(null);
  const instructionsId = React.useId();
  const [ownSelection, setOwnSelection] = React.useState<string | null>(null);
  const selected = selectedSquare === undefined ? ownSelection : selectedSquare;
  const [focusSquare, setFocusSquare] = React.useState<string | null>(null);
  const [keyboardActive, setKeyboardActive] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState("");

  const pieces = React.useMemo(() => piecesOf(fen), [fen]);
  const turn = turnOf(fen);
  // chess.js comes after the first paint (a chunk of its own): until then the board is drawn from the FEN alone.
  const rules = useBoardRules();
  const chess = React.useMemo(() => (rules ? chessOf(rules, fen) : null), [rules, fen]);
  // A move tried before chess.js arrived, on a board that only takes reachable moves: checked once it has.
  const [waiting, setWaiting] = React.useState<{ fen: string; from: string; to: string } | null>(null);
  // Kept while the names' texts stay the same: a caller may build the labels afresh on every render, and new piece
  // components would mount every piece again (a press on a piece would lose its target).
  const labelTexts = PIECE_CODES.map((code) => pieceLabels[code]).join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' texts stand for the labels
  const renderedPieces = React.useMemo(() => labelledPieces(pieceLabels, pieceSet), [labelTexts, pieceSet]);
  // A promotion waiting for the player's choice of piece, on the position it was tried on.
  const [choosing, setChoosing] = React.useState<{ fen: string; from: string; to: string } | null>(null);
  const promotion = choosing?.fen === fen && interactive ? choosing : null;
  // The interlude the player ended (shown no more, even before the caller takes it away), and the position the
  // board then went back to, at once.
  const [ended, setEnded] = React.useState<{ interlude: BoardInterlude; fen: string } | null>(null);
  const shownInterlude = interlude && interlude !== ended?.interlude ? interlude : null;
  // The latest interlude: only when the player ended that one is the way back not animated (one that ran its
  // course is taken back as the caller's position changes usually are).
  const [latest, setLatest] = React.useState<BoardInterlude | null>(null);
  if (interlude && interlude !== latest) setLatest(interlude);
  const jumped = !shownInterlude && ended !== null && ended.interlude === latest && ended.fen === fen;
  // While the player chooses, the pawn stands on its promotion square.
  const promotionPosition = React.useMemo(() => {
    if (!promotion) return fen;
    const position: PositionDataType = {};
    for (const [square, pieceType] of pieces) if (square !== promotion.from) position[square] = { pieceType };
    const pawn = pieces.get(promotion.from);
    if (pawn) position[promotion.to] = { pieceType: pawn };
    return position;
  }, [promotion, pieces, fen]);

  // A new position drops a selection that no longer points at a piece of the side to move.
  const selectedPiece = selected ? pieces.get(selected) : undefined;
  const selectionValid = selectedPiece !== undefined && selectedPiece[0] === turn && !shownInterlude;

  const select = React.useCallback(
    (square: string | null) => {
      if (selectedSquare === undefined) setOwnSelection(square);
      onSelectSquare?.(square);
    },
    [selectedSquare, onSelectSquare],
  );

  const targets = React.useMemo(() => {
    if (!selected || !selectionValid) return [];
    if (legalTargets) return [...legalTargets];
    if (!chess) return [];
    try {
      return chess.moves({ square: selected as Square, verbose: true }).map((move) => move.to as string);
    } catch {
      return [];
    }
  }, [selected, selectionValid, legalTargets, chess]);

  /**
   * Whether the piece on `from` can move to `to` (the given targets when it is the selected piece), or null while
   * chess.js is still loading.
   */
  const reachable = (from: string, to: string): boolean | null => {
    if (from === selected && legalTargets) return legalTargets.includes(to);
    if (!rules) return null;
    return reaches(chess, from, to);
  };

  // The waiting move, once chess.js is there: played if the piece reaches the square on the same position.
  React.useEffect(() => {
    if (!waiting || !rules) return;
    setWaiting(null);
    if (waiting.fen !== fen || !interactive || !onMove) return;
    if (!reaches(chess, waiting.from, waiting.to)) return;
    if (promotes(pieces.get(waiting.from), waiting.to) && !autoQueen)
      setChoosing({ fen, from: waiting.from, to: waiting.to });
    else onMove(withPromotion(pieces.get(waiting.from), waiting.from, waiting.to));
  }, [waiting, rules, chess, fen, interactive, onMove, pieces, autoQueen]);

  /**
   * Plays a move, or first asks which piece a promoting pawn becomes (a move the pieces cannot make is reported
   * as it is, so the caller can refuse it). Returns whether the move was taken, or is waiting for the choice.
   */
  const attempt = React.useCallback(
    (from: string, to: string): boolean => {
      if (!onMove) return false;
      const piece = pieces.get(from);
      if (promotes(piece, to) && !autoQueen && reaches(chess, from, to)) {
        setChoosing({ fen, from, to });
        return true;
      }
      return onMove(withPromotion(piece, from, to));
    },
    [onMove, pieces, autoQueen, chess, fen],
  );

  /** The player's first press or key during an interlude: the board is back on its position before it acts. */
  const endInterlude = () => {
    if (!shownInterlude) return;
    flushSync(() => {
      setEnded({ interlude: shownInterlude, fen });
      onInterludeEnd?.();
    });
  };

  const checkSquare = React.useMemo(() => {
    if (!highlightCheck || !chess) return null;
    try {
      return chess.inCheck() ? (chess.findPiece({ type: "k", color: chess.turn() })[0] ?? null) : null;
    } catch {
      return null;
    }
  }, [highlightCheck, chess]);

  const describe = React.useCallback(
    (square: string, isSelected: boolean) => {
      const piece = pieces.get(square);
      const parts = [square, piece ? pieceLabels[piece] : (keyboardLabels?.empty ?? "")];
      if (isSelected && keyboardLabels?.selected) parts.push(keyboardLabels.selected);
      return parts.filter(Boolean).join(", ");
    },
    [pieces, pieceLabels, keyboardLabels],
  );

  /** Picks up the piece on a square, puts it down, or plays the selected piece there. */
  const activate = React.useCallback(
    (square: string, announce: boolean) => {
      const piece = pieces.get(square);
      const own = piece !== undefined && piece[0] === turn;
      if (selected && selectionValid && square === selected) {
        select(null);
        if (announce) setAnnouncement(describe(square, false));
        return;
      }
      if (own) {
        select(square);
        if (announce) setAnnouncement(describe(square, true));
        return;
      }
      if (selected && selectionValid && unreachable === "deselect" && !legalTargets && !rules && onMove) {
        // chess.js is not there yet to tell whether the piece reaches the square: put it down, and play the move
        // once it is, if it does.
        setWaiting({ fen, from: selected, to: square });
        select(null);
        return;
      }
      if (selected && selectionValid && unreachable === "deselect" && !targets.includes(square)) {
        select(null);
        if (announce) setAnnouncement(describe(square, false));
        return;
      }
      if (selected && selectionValid && onMove) {
        const from = selected;
        select(null);
        attempt(from, square);
      }
    },
    [
      attempt,
      pieces,
      turn,
      selected,
      selectionValid,
      select,
      describe,
      onMove,
      unreachable,
      targets,
      legalTargets,
      rules,
      fen,
    ],
  );

  useQuietDraggables(rootRef);

  /** Focus goes back to the board from the promotion choice as it closes, so the keyboard player stays on it. */
  const leavePromotion = () => {
    const root = rootRef.current;
    if (root && root !== document.activeElement && root.contains(document.activeElement))
      root.focus({ preventScroll: true });
    setChoosing(null);
  };
  const choose = (piece: PromotionPiece) => {
    if (!promotion || !onMove) return;
    leavePromotion();
    onMove(withPromotion(pieces.get(promotion.from), promotion.from, promotion.to, piece));
  };
  const cancelPromotion = () => {
    leavePromotion();
    setAnnouncement(keyboardLabels?.cancelled ?? "");
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    onKeyDownCapture?.(event);
    if (!interactive || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    // The promotion choice takes its own keys.
    if (promotion) return;
    const current = focusSquare ?? (orientation === "white" ? "a1" : "h8");
    const step = KEY_STEPS[event.key];
    if (step || event.key === "Enter" || event.key === " " || event.key === "Escape") endInterlude();
    let handled = true;
    if (step) {
      const [column, row] = toVisual(current, orientation);
      const next = fromVisual(
        Math.min(7, Math.max(0, column + step[0])),
        Math.min(7, Math.max(0, row + step[1])),
        orientation,
      );
      setFocusSquare(next);
      setAnnouncement(describe(next, next === selected && selectionValid));
    } else if (event.key === "Enter" || event.key === " ") {
      setFocusSquare(current);
      activate(current, true);
    } else if (event.key === "Escape" && selected) {
      select(null);
      setAnnouncement(keyboardLabels?.cancelled ?? "");
    } else {
      handled = false;
    }
    if (handled) {
      // Keeps dnd-kit's own keyboard dragging (on a clicked piece) from seeing the key.
      event.preventDefault();
      event.stopPropagation();
      setKeyboardActive(true);
    }
  };

  const styles: Record<string, React.CSSProperties> = {};
  // Background images and box shadows add up instead of replacing each other; a later layer's shadows are drawn
  // over the earlier ones (the focus ring over a hint's ring).
  const layer = (square: string, style: React.CSSProperties) => {
    const current = styles[square] ?? {};
    const images = [current.backgroundImage, style.backgroundImage].filter(Boolean).join(", ");
    const shadows = [style.boxShadow, current.boxShadow].filter(Boolean).join(", ");
    styles[square] = {
      ...current,
      ...style,
      ...(images ? { backgroundImage: images } : {}),
      ...(shadows ? { boxShadow: shadows } : {}),
    };
  };
  const shownLastMove = shownInterlude ? shownInterlude.lastMove : lastMove;
  if (showLastMove && shownLastMove) {
    layer(shownLastMove.from, { backgroundColor: BOARD_COLORS.lastMove });
    layer(shownLastMove.to, { backgroundColor: BOARD_COLORS.lastMove });
  }
  if (selected && selectionValid) layer(selected, { backgroundColor: BOARD_COLORS.selected });
  if (showLegalMoves) {
    for (const target of targets) {
      layer(target, {
        backgroundImage: pieces.has(target)
          ? `radial-gradient(circle, transparent 58%, ${BOARD_COLORS.legal} 60%)`
          : `radial-gradient(circle, ${BOARD_COLORS.legal} 22%, transparent 24%)`,
      });
    }
  }
  // Hints go over the last-move, selection and legal-move highlights: the wash is an inset shadow, which is painted
  // above every background, so the selection's yellow still shows through it.
  const shownHints = shownInterlude ? undefined : hintSquares;
  if (shownHints?.from) {
    layer(shownHints.from, {
      boxShadow: `inset 0 0 0 4px ${BOARD_COLORS.hintRing}, inset 0 0 0 100vmax ${BOARD_COLORS.hintFill}`,
    });
  }
  if (shownHints?.to) {
    layer(shownHints.to, { outline: `3px dashed ${BOARD_COLORS.hintRing}`, outlineOffset: "-5px" });
  }
  if (checkSquare && !shownInterlude) {
    layer(checkSquare, {
      backgroundImage: `radial-gradient(circle, ${BOARD_COLORS.check} 40%, transparent 75%)`,
    });
  }
  if (interactive && keyboardActive && focusSquare) {
    layer(focusSquare, {
      boxShadow: `inset 0 0 0 3px ${BOARD_COLORS.focusOuter}, inset 0 0 0 6px ${BOARD_COLORS.focusInner}`,
    });
  }
  for (const [square, style] of Object.entries(squareStyles ?? {})) layer(square, style);

  const dropHandler: ChessboardOptions["onPieceDrop"] =
    onPieceDrop ??
    (onMove
      ? ({ sourceSquare, targetSquare }) => {
          select(null);
          if (!interactive || !targetSquare || targetSquare === sourceSquare) return false;
          if (unreachable === "deselect") {
            const reach = reachable(sourceSquare, targetSquare);
            // Before chess.js arrives the piece goes back, and the move is played once it is known to be legal.
            if (reach === null) setWaiting({ fen, from: sourceSquare, to: targetSquare });
            if (!reach) return false;
          }
          return attempt(sourceSquare, targetSquare);
        }
      : undefined);

  const options: ChessboardOptions = {
    id: boardId,
    position: shownInterlude?.fen ?? (promotion ? promotionPosition : fen),
    boardOrientation: orientation,
    showNotation: showCoordinates,
    // Back from an interlude the player ended: at once (react-chessboard's own path, so a move it was still
    // animating ends cleanly), and the player's press acts on the position itself.
    animationDurationInMs: jumped ? 1 : animationDurationInMs,
    showAnimations: animationDurationInMs > 0,
    allowDragging: (allowDragging ?? interactive) && !promotion,
    allowDrawingArrows: false,
    arrows: ((shownInterlude ? shownInterlude.arrows : arrows) ?? []).map(({ from, to, kind = "hint" }) => ({
      startSquare: from,
      endSquare: to,
      color: ARROW_COLORS[kind],
    })),
    arrowOptions: ARROW_OPTIONS,
    pieces: renderedPieces,
    darkSquareStyle: { backgroundColor: BOARD_COLORS.dark },
    lightSquareStyle: { backgroundColor: BOARD_COLORS.light },
    lightSquareNotationStyle: { color: BOARD_COLORS.notationOnLight, fontWeight: 600 },
    darkSquareNotationStyle: { color: BOARD_COLORS.notationOnDark, fontWeight: 600 },
    squareStyles: styles,
    canDragPiece: ({ piece }) => !interactive || piece.pieceType[0] === turn,
    onPieceDrag: ({ square }) => {
      if (interactive && square) select(square);
    },
    onSquareClick: (args) => {
      onSquareClick?.(args);
      if (!interactive) return;
      setFocusSquare(args.square);
      activate(args.square, false);
    },
    ...(dropHandler ? { onPieceDrop: dropHandler } : {}),
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the role is "application" (interactive) or "group", set below
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: both roles take a label; biome cannot see a role expression
    <div
      ref={rootRef}
      dir="ltr"
      role={interactive ? "application" : "group"}
      aria-label={label}
      aria-describedby={interactive && keyboardLabels ? instructionsId : undefined}
      // A playable board waiting (the opponent's reply, a check) stays focusable: dropping its tabindex would drop the
      // keyboard player's focus to the page, to be found again after every move.
      tabIndex={interactive ? 0 : onMove ? -1 : undefined}
      data-slot="board"
      data-orientation={orientation}
      data-board-theme={boardTheme}
      data-piece-set={pieceSet}
      data-interactive={interactive || undefined}
      data-fen={shownInterlude?.fen ?? fen}
      className={cn("relative aspect-square w-full max-w-board", className)}
      onKeyDownCapture={handleKeyDown}
      onFocus={(event) => {
        onFocus?.(event);
        if (!interactive || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        const square = focusSquare ?? selected ?? lastMove?.to ?? (orientation === "white" ? "a1" : "h8");
        setFocusSquare(square);
        setAnnouncement(describe(square, square === selected && selectionValid));
      }}
      onBlur={(event) => {
        onBlur?.(event);
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardActive(false);
      }}
      onPointerDown={(event) => {
        onPointerDown?.(event);
        setKeyboardActive(false);
      }}
      onPointerDownCapture={(event) => {
        onPointerDownCapture?.(event);
        // A press outside the promotion choice cancels the move.
        const target = event.target as Element;
        if (promotion && !target.closest("[data-slot=promotion-picker]")) cancelPromotion();
        if (interactive) endInterlude();
      }}
      {...props}
    >
      <Chessboard options={options} />
      {promotion ? (
        <PromotionPicker
          column={toVisual(promotion.to, orientation)[0]}
          top={toVisual(promotion.to, orientation)[1] === 0}
          color={turn}
          label={keyboardLabels?.promotion ?? ""}
          pieceLabels={pieceLabels}
          pieces={piecesOfSet(pieceSet)}
          onChoose={choose}
          onCancel={cancelPromotion}
        />
      ) : null}
      {interactive && keyboardLabels ? (
        <>
          <span id={instructionsId} className="sr-only">
            {keyboardLabels.instructions}
          </span>
          <span
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="sr-only"
            data-slot="board-status"
          >
            {announcement}
          </span>
        </>
      ) : null}
    </div>
  );
}
