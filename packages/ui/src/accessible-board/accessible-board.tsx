import * as React from "react";
import { type BoardMove, FILES, type PieceCode, piecesOf, promotes } from "../board/board";
import { loadBoardRules, useBoardRules } from "../board/board-rules";
import { PROMOTION_PIECES, type PromotionPiece } from "../board/promotion-picker";
import { cn } from "../lib/cn";

/**
 * The glyphs' ink: a piece's own colour, the same on every board and page theme (as the board's pieces are), with a
 * halo of the other so it reads on both square colours.
 */
const PIECE_INK = {
  w: { color: "#ffffff", textShadow: "0 0 2px #000000, 0 0 1px #000000" },
  b: { color: "#000000", textShadow: "0 0 2px #ffffff" },
} as const;

import {
  type BoardWords,
  fileWords,
  fill,
  legalMoveWords,
  moveWords,
  rankWords,
  squareWords,
} from "./speech";

/** Texts of the accessible board besides the words it reads the position with. */
export interface AccessibleBoardLabels {
  /**
   * What the keys do; the grid is described by it, and it is shown in a disclosure over the grid (its Latin key
   * names, K, Q, Enter…, kept left to right in a right-to-left sentence).
   */
  instructions: string;
  /** The disclosure's summary, e.g. "Keys". */
  instructionsTitle: string;
  /** Added to the selected square's name, e.g. "selected". */
  selected: string;
  /** Said when Escape drops the selection. */
  cancelled: string;
  /** "{square}: not a legal move" */
  notLegal: string;
  /** Said by the legal-moves key with nothing selected or focused. */
  noSelection: string;
  /** "Last move: {move}" */
  lastMove: string;
  noLastMove: string;
  /** Name of the promotion choice, e.g. "Promote the pawn to". */
  promotion: string;
  /** A row's name: "Rank {rank}" (its squares name themselves). */
  rankName: string;
}

export type AccessibleBoardProps = Omit<React.ComponentProps<"div">, "children" | "onSelect"> & {
  /** A full FEN. */
  fen: string;
  /** The grid's accessible name, e.g. "Training board, White to move". */
  label: string;
  labels: AccessibleBoardLabels;
  /** The words the position and the moves are read with, in the page's language. */
  words: BoardWords;
  orientation?: "white" | "black";
  /** The move that led to the position, in standard notation (read by the last-move key). */
  lastMove?: string | null;
  /** The player may select pieces of the side to move and play them. Defaults to true when `onMove` is given. */
  interactive?: boolean;
  /** Called with a legal move; returns whether the caller took it. */
  onMove?: (move: BoardMove) => boolean;
  /** Everything the board says (a rank, the legal moves, a selection): the page's polite live region reads it. */
  onAnnounce: (text: string) => void;
};

const ROLE_KEYS = new Set(["k", "q", "r", "b", "n", "p"]);

/** Squares in reading order for an orientation: the top row first, each from the left. */
function readingOrder(orientation: "white" | "black"): string[][] {
  const ranks = orientation === "white" ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
  const files = orientation === "white" ? [...FILES] : [...FILES].reverse();
  return ranks.map((rank) => files.map((file) => `${file}${rank}`));
}

const STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * The board for a screen reader (issue 42, after lichess's blind mode): a grid of buttons, one per square, each
 * named by its square and piece ("e4, white knight"). One square is in the tab order (roving tabindex); the arrow
 * keys move on the board as it is seen from the player's side; K, Q, R, B, N and P jump to the next such piece; H
 * reads the focused square's rank, V its file, L the last move, M the legal moves of the selected (or focused)
 * piece. Enter or Space selects a piece of the side to move, then plays it to a square; a promotion asks which piece
 * (queen first); Escape cancels. The grid stays left to right on a right-to-left page, as the board does.
 */
export function AccessibleBoard({
  fen,
  label,
  labels,
  words,
  orientation = "white",
  lastMove = null,
  onMove,
  interactive = onMove !== undefined,
  onAnnounce,
  className,
  ...props
}: AccessibleBoardProps) {
  const instructionsId = React.useId();
  const promotionId = React.useId();
  const rows = React.useMemo(() => readingOrder(orientation), [orientation]);
  const order = React.useMemo(() => rows.flat(), [rows]);
  const pieces = React.useMemo(() => piecesOf(fen), [fen]);
  const turn = fen.trim().split(/\s+/)[1] === "b" ? "b" : "w";
  const rules = useBoardRules();
  const legal = React.useMemo(() => {
    if (!rules) return [];
    try {
      return new rules.Chess(fen).moves({ verbose: true });
    } catch {
      return [];
    }
  }, [rules, fen]);
  // The first square in the tab order: the king of the side to move (a1 when there is none).
  const [focused, setFocused] = React.useState<string>(
    () => [...pieces].find(([, piece]) => piece === `${turn}K`)?.[0] ?? "a1",
  );
  const [selected, setSelected] = React.useState<string | null>(null);
  const [choosing, setChoosing] = React.useState<{ from: string; to: string } | null>(null);
  const buttons = React.useRef(new Map<string, HTMLButtonElement>());
  const choices = React.useRef<(HTMLButtonElement | null)[]>([]);

  // A new position drops a selection made in the last one.
  const [shownFen, setShownFen] = React.useState(fen);
  if (shownFen !== fen) {
    setShownFen(fen);
    setSelected(null);
    setChoosing(null);
  }

  React.useEffect(() => {
    if (choosing) choices.current[0]?.focus();
  }, [choosing]);

  const focus = (square: string) => {
    setFocused(square);
    buttons.current.get(square)?.focus();
  };

  const name = (square: string) => squareWords(square, pieces.get(square), words);
  const movesFrom = (square: string) => legal.filter((move) => move.from === square);

  const play = (move: BoardMove) => {
    setSelected(null);
    setChoosing(null);
    onMove?.(move);
  };

  const press = (square: string) => {
    if (!interactive) return;
    const piece = pieces.get(square);
    const own = piece?.[0] === turn;
    if (selected === null || (own && square !== selected)) {
      if (!own) return;
      setSelected(square);
      onAnnounce(`${name(square)}${words.separator}${labels.selected}`);
      return;
    }
    if (square === selected) {
      setSelected(null);
      onAnnounce(labels.cancelled);
      return;
    }
    const reachable = movesFrom(selected).some((move) => move.to === square);
    // Without the rules loaded yet the caller judges the move.
    if (rules && !reachable) {
      onAnnounce(fill(labels.notLegal, { square }));
      return;
    }
    if (promotes(pieces.get(selected) as PieceCode | undefined, square)) {
      setChoosing({ from: selected, to: square });
      return;
    }
    play({ from: selected, to: square });
  };

  const jump = (role: string) => {
    const start = order.indexOf(focused);
    for (let step = 1; step <= order.length; step++) {
      const square = order[(start + step) % order.length] as string;
      if (pieces.get(square)?.[1]?.toLowerCase() === role) {
        focus(square);
        return;
      }
    }
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = STEPS[event.key];
    const key = event.key.toLowerCase();
    if (step) {
      event.preventDefault();
      const row = rows.findIndex((squares) => squares.includes(focused));
      const column = rows[row]?.indexOf(focused) ?? 0;
      const next =
        rows[Math.min(7, Math.max(0, row + step[1]))]?.[Math.min(7, Math.max(0, column + step[0]))];
      if (next) focus(next);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      press(focused);
    } else if (event.key === "Escape") {
      if (selected === null) return;
      event.preventDefault();
      setSelected(null);
      onAnnounce(labels.cancelled);
    } else if (ROLE_KEYS.has(key)) {
      event.preventDefault();
      jump(key);
    } else if (key === "h") {
      event.preventDefault();
      onAnnounce(rankWords(Number(focused[1]), pieces, words));
    } else if (key === "v") {
      event.preventDefault();
      onAnnounce(fileWords(focused[0] as string, pieces, words));
    } else if (key === "l") {
      event.preventDefault();
      onAnnounce(lastMove ? fill(labels.lastMove, { move: moveWords(lastMove, words) }) : labels.noLastMove);
    } else if (key === "m") {
      event.preventDefault();
      const square = selected ?? (pieces.has(focused) ? focused : null);
      if (!square) {
        onAnnounce(labels.noSelection);
        return;
      }
      // The rules come a moment after the first paint: a key pressed before then waits for them.
      const piece = pieces.get(square);
      loadBoardRules()
        .then((loaded) => {
          const sans = new loaded.Chess(fen)
            .moves({ verbose: true })
            .filter((move) => move.from === square)
            .map((move) => move.san);
          onAnnounce(legalMoveWords(square, piece, sans, words));
        })
        .catch(() => undefined);
    }
  };

  const onChoiceKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const index = choices.current.indexOf(event.target as HTMLButtonElement);
    const count = PROMOTION_PIECES.length;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      const from = choosing?.from;
      setChoosing(null);
      onAnnounce(labels.cancelled);
      if (from) {
        setSelected(null);
        focus(choosing?.to ?? from);
      }
      return;
    }
    const step =
      event.key === "ArrowDown" || event.key === "ArrowRight"
        ? 1
        : event.key === "ArrowUp" || event.key === "ArrowLeft"
          ? -1
          : 0;
    if (!step || index < 0) return;
    event.preventDefault();
    event.stopPropagation();
    choices.current[(index + step + count) % count]?.focus();
  };

  const choose = (piece: PromotionPiece) => {
    if (!choosing) return;
    const { from, to } = choosing;
    play({ from, to, promotion: piece });
    focus(to);
  };

  return (
    <div data-slot="accessible-board" className={cn("flex w-full flex-col gap-2", className)} {...props}>
      <details data-slot="accessible-board-help" className="text-sm text-fg-muted">
        <summary className="w-fit cursor-pointer rounded font-semibold text-fg focus-visible:outline-2 focus-visible:outline-focus">
          {labels.instructionsTitle}
        </summary>
        <p id={instructionsId} data-slot="accessible-board-instructions" className="m-0 mt-1 max-w-prose">
          {withKeys(labels.instructions)}
        </p>
      </details>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table; the role makes a screen reader pass the arrow keys to the board
        role="grid"
        aria-label={label}
        aria-describedby={instructionsId}
        dir="ltr"
        data-orientation={orientation}
        className="aspect-square w-full max-w-board table-fixed border-collapse overflow-hidden rounded border border-line-strong"
        onKeyDown={onKeyDown}
      >
        <tbody>
          {rows.map((squares, row) => (
            <tr key={squares[0]} aria-label={fill(labels.rankName, { rank: squares[0]?.[1] ?? "" })}>
              {squares.map((square, column) => {
                const piece = pieces.get(square);
                const dark = (row + column) % 2 === 1;
                const isSelected = square === selected;
                return (
                  <td key={square} className="p-0">
                    <button
                      ref={(element) => {
                        if (element) buttons.current.set(square, element);
                        else buttons.current.delete(square);
                      }}
                      type="button"
                      tabIndex={square === focused ? 0 : -1}
                      aria-label={
                        isSelected ? `${name(square)}${words.separator}${labels.selected}` : name(square)
                      }
                      data-square={square}
                      data-piece={piece}
                      data-selected={isSelected || undefined}
                      className={cn(
                        "flex aspect-square w-full cursor-pointer items-center justify-center border-0 p-0 text-[clamp(1.25rem,7vw,3rem)] leading-none outline-none",
                        dark ? "bg-board-dark" : "bg-board-light",
                        "focus-visible:shadow-[inset_0_0_0_3px_var(--board-focus-outer),inset_0_0_0_6px_var(--board-focus-inner)]",
                        "data-selected:shadow-[inset_0_0_0_4px_rgb(15,61,31)]",
                      )}
                      onFocus={() => setFocused(square)}
                      onClick={() => {
                        setFocused(square);
                        press(square);
                      }}
                    >
                      {piece ? (
                        <span aria-hidden style={PIECE_INK[piece[0] === "w" ? "w" : "b"]}>
                          {GLYPHS[piece[1] as keyof typeof GLYPHS]}
                        </span>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {choosing ? (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons; a fieldset would need a legend
        <div
          role="group"
          aria-labelledby={promotionId}
          data-slot="accessible-promotion"
          className="flex flex-wrap items-center gap-2"
          onKeyDown={onChoiceKeyDown}
        >
          <span id={promotionId} className="font-semibold text-fg">
            {labels.promotion}
          </span>
          {PROMOTION_PIECES.map((piece, index) => (
            <button
              key={piece}
              ref={(element) => {
                choices.current[index] = element;
              }}
              type="button"
              data-piece={piece}
              className="rounded border border-line-strong bg-surface px-3 py-1.5 text-fg hover:bg-surface-strong focus-visible:outline-2 focus-visible:outline-focus"
              onClick={() => choose(piece)}
            >
              {words.pieces[piece]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Key names in the instructions: single Latin letters of the keys, and the named keys. */
const KEY_NAMES = /\b(Enter|Escape|Space|Tab|[KQRBNPHVLM])\b/;

/**
 * The instructions with each key name in a `<kbd dir="ltr">`: isolated, so "K وQ وR" and "يقرأ H الصف" keep their
 * order and place in an Arabic sentence.
 */
function withKeys(text: string): React.ReactNode[] {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const part of text.split(KEY_NAMES)) {
    // split() with a group: the text between keys, then a key, in turn; a key stands where its text starts.
    parts.push(
      parts.length % 2 === 1 ? (
        <kbd key={at} dir="ltr" className="rounded border border-line px-1 font-sans font-semibold text-fg">
          {part}
        </kbd>
      ) : (
        part
      ),
    );
    at += part.length;
  }
  return parts;
}

/** The pieces' shapes as text (one glyph per piece; its colour is drawn). */
const GLYPHS = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" } as const;
