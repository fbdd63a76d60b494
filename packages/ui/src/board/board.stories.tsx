import type { Meta, StoryObj } from "@storybook/react-vite";
import { Chess } from "chess.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  ARROW_COLORS,
  BOARD_COLORS,
  Board,
  type BoardKeyboardLabels,
  type BoardMove,
  type PieceCode,
} from "./board";
import { usePieceLabels } from "./story-labels";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/** White to move: Nc7+ forks the king on e8 and the rook on a8. */
const KNIGHT_FORK = "r3k3/pp3ppp/8/3N4/8/8/PP3PPP/4K3 w - - 0 1";
/** After the wrong 3.Qg4?: Bxg4 takes the queen. */
const AFTER_QG4 = "rnbqkbnr/ppp2ppp/3p4/4p3/4P1Q1/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3";

function useKeyboardLabels(): BoardKeyboardLabels {
  const { t } = useTranslation();
  return t("board.keyboard", { returnObjects: true }) as BoardKeyboardLabels;
}

async function expectOneMove(onMove: unknown, move: BoardMove) {
  await expect(onMove).toHaveBeenCalledOnce();
  await expect(onMove).toHaveBeenCalledWith(move);
}

function square(canvasElement: HTMLElement, name: string): HTMLElement {
  const element = canvasElement.querySelector<HTMLElement>(`[data-square="${name}"]`);
  if (!element) throw new Error(`no square ${name}`);
  return element;
}

/** The inline style the board gives a square's highlight layer. */
function highlightOf(canvasElement: HTMLElement, name: string): string {
  return square(canvasElement, name).querySelector<HTMLElement>(":scope > div")?.getAttribute("style") ?? "";
}

/** The arrows react-chessboard draws (an SVG path with an arrowhead marker each), as "from-to colour". */
function arrowsOf(canvasElement: HTMLElement): string[] {
  return [...canvasElement.querySelectorAll("svg path[marker-end]")].map((path) => {
    const [, from, to] = /-([a-h][1-8])-([a-h][1-8])\)$/.exec(path.getAttribute("marker-end") ?? "") ?? [];
    return `${from}-${to} ${path.getAttribute("stroke")}`;
  });
}

/** The docs page's description: the component's own words, then how to use it (see also Docs/Board). */
const DESCRIPTION = `The chess board: react-chessboard with the site's colours and named pieces, last-move, check and
legal-move highlights, and moves by click, drag or keyboard. Always laid out left to right, so an Arabic
(right-to-left) page does not mirror the files.

**Do**
- Give it a \`label\`, \`pieceLabels\` and \`keyboardLabels\` in the page's language: the board is one focusable
  application; arrow keys move between squares and a live region reads each square and its piece ("e4, white
  pawn"), which is how a screen-reader or keyboard player moves.
- Pass a full FEN (never "start") and let the board's highlights say what happened: last move, check, the hint ring and
  arrows.
- Let the player choose the board theme and piece set; keep the squares' colours from the board tokens.

**Don't**
- Don't override the board's \`dir="ltr"\` in a right-to-left page: files must run a to h from White's side.
- Don't use the highlight colours for anything else on the page, and don't let a highlight be the only sign of
  something: the hint card writes the hint, the feedback card the verdict.
- Don't make it small in a wide layout: on a phone it takes the full width, beside the panel up to 800 px.`;

const meta = {
  title: "Chess/Board",
  component: Board,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    fen: START,
    // Texts come from the story's locale; typed in Controls, they replace it.
    label: "",
    pieceLabels: {} as Record<PieceCode, string>,
    animationDurationInMs: 0,
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <div className="w-[400px]">
        <Board
          {...args}
          {...textsOr(args, {
            label: t("board.label"),
            pieceLabels: usePieceLabels(),
            keyboardLabels: useKeyboardLabels(),
          })}
        />
      </div>
    );
  },
} satisfies Meta<typeof Board>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StartPosition: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("group", { name: t("board.label") });
    await expect(board).toHaveAttribute("dir", "ltr");
    await expect(board).not.toHaveAttribute("tabindex");
    await expect(within(board).getAllByRole("img", { name: t("board.pieces.wP") })).toHaveLength(8);
    await expect(within(board).getAllByRole("img", { name: t("board.pieces.bK") })).toHaveLength(1);
    // No tab stop per piece: react-chessboard's draggable wrappers are quietened (by an observer, so soon after
    // each render).
    await waitFor(() => expect(board.querySelectorAll("[tabindex]")).toHaveLength(0));
  },
};

export const BlackAtTheBottom: Story = {
  args: { orientation: "black" },
  play: async ({ canvasElement }) => {
    const squares = [...canvasElement.querySelectorAll("[data-square]")].map((s) =>
      s.getAttribute("data-square"),
    );
    await expect(squares[0]).toBe("h1");
    await expect(squares.at(-1)).toBe("a8");
  },
};

export const WithoutCoordinates: Story = {
  args: { showCoordinates: false },
  play: async ({ canvasElement }) => {
    await expect(square(canvasElement, "a1")).not.toHaveTextContent("a");
  },
};

/** The spec's colours: dark squares green #769656, light squares cream #eeeed2. */
export const Colours: Story = {
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(square(canvasElement, "a1")).backgroundColor).toBe("rgb(118, 150, 86)");
    await expect(getComputedStyle(square(canvasElement, "h1")).backgroundColor).toBe("rgb(238, 238, 210)");
  },
};

/** The blue board theme: blue-grey dark squares, pale blue light ones; coordinates in a dark blue on light squares. */
export const BlueTheme: Story = {
  args: { boardTheme: "blue", fen: AFTER_E4, lastMove: { from: "e2", to: "e4" } },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(square(canvasElement, "a1")).backgroundColor).toBe("rgb(102, 136, 170)");
    await expect(getComputedStyle(square(canvasElement, "h1")).backgroundColor).toBe("rgb(228, 236, 244)");
  },
};

/** The geometric piece set, drawn for this project; each piece keeps its name. */
export const GeometricPieces: Story = {
  args: { pieceSet: "geometric" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("group", { name: t("board.label") });
    await expect(board).toHaveAttribute("data-piece-set", "geometric");
    await expect(within(board).getAllByRole("img", { name: t("board.pieces.bN") })).toHaveLength(2);
    await expect(board.querySelectorAll("svg[data-piece-set=geometric]")).toHaveLength(32);
  },
};

/** Both choices together, with a hint and the last move, which read the same on the blue squares. */
export const BlueWithGeometricPieces: Story = {
  args: {
    boardTheme: "blue",
    pieceSet: "geometric",
    fen: KNIGHT_FORK,
    hintSquares: { from: "d5", to: "c7" },
    arrows: [{ from: "d5", to: "c7" }],
  },
};

/** Last move e2-e4 in translucent yellow. */
export const LastMove: Story = {
  args: { fen: AFTER_E4, lastMove: { from: "e2", to: "e4" } },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "e2")).toContain(BOARD_COLORS.lastMove);
    await expect(highlightOf(canvasElement, "e4")).toContain("rgba(255, 255, 0, 0.4)");
    await expect(highlightOf(canvasElement, "d4")).not.toContain("rgba(255, 255, 0");
  },
};

/** The knight on g8 picked up: dots on its legal targets f6 and h6 (computed from the FEN). */
export const LegalMoveDots: Story = {
  args: { fen: AFTER_E4, lastMove: { from: "e2", to: "e4" }, selectedSquare: "g8", onMove: fn(() => true) },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "f6")).toContain("radial-gradient");
    await expect(highlightOf(canvasElement, "h6")).toContain("radial-gradient");
    await expect(highlightOf(canvasElement, "e7")).not.toContain("radial-gradient");
  },
};

/** Targets given by the caller instead of computed. */
export const GivenLegalTargets: Story = {
  args: { selectedSquare: "d2", legalTargets: ["d3", "d4"], onMove: fn(() => true) },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "d4")).toContain("radial-gradient");
    await expect(highlightOf(canvasElement, "d3")).toContain("radial-gradient");
  },
};

/** Black king in check: its square glows red. */
export const Check: Story = {
  args: { fen: "4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1" },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "e8")).toContain("rgba(220, 38, 38, 0.55)");
    await expect(highlightOf(canvasElement, "e1")).not.toContain("rgba(220, 38, 38");
  },
};

export const CheckHighlightOff: Story = {
  args: { fen: "4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1", highlightCheck: false },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "e8")).not.toContain("rgba(220, 38, 38");
  },
};

/** Subtle hint: the piece to move (the knight on d5) is ringed; nothing says where it goes. */
export const HintSubtle: Story = {
  args: { fen: KNIGHT_FORK, hintSquares: { from: "d5" } },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "d5")).toContain(BOARD_COLORS.hintRing);
    await expect(highlightOf(canvasElement, "d5")).toContain(BOARD_COLORS.hintFill);
    await expect(highlightOf(canvasElement, "c7")).not.toContain("dashed");
    await expect(arrowsOf(canvasElement)).toEqual([]);
  },
};

/** Moderate hint: the piece, its target square (dashed ring) and the idea in blue, the check on the king. */
export const HintModerate: Story = {
  args: {
    fen: KNIGHT_FORK,
    hintSquares: { from: "d5", to: "c7" },
    arrows: [{ from: "c7", to: "e8", kind: "idea" }],
  },
  play: async ({ canvasElement }) => {
    await expect(highlightOf(canvasElement, "d5")).toContain(BOARD_COLORS.hintRing);
    await expect(highlightOf(canvasElement, "c7")).toContain("dashed");
    await expect(highlightOf(canvasElement, "c7")).toContain(BOARD_COLORS.hintRing);
    await expect(arrowsOf(canvasElement)).toEqual([`c7-e8 ${ARROW_COLORS.idea}`]);
  },
};

/** Explicit hint: the move itself as a green arrow, over the same squares and the idea. */
export const HintExplicit: Story = {
  args: {
    fen: KNIGHT_FORK,
    hintSquares: { from: "d5", to: "c7" },
    // The move's arrow last: drawn over the idea where the two cross.
    arrows: [
      { from: "c7", to: "e8", kind: "idea" },
      { from: "d5", to: "c7", kind: "hint" },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(arrowsOf(canvasElement)).toEqual([
      `c7-e8 ${ARROW_COLORS.idea}`,
      `d5-c7 ${ARROW_COLORS.hint}`,
    ]);
    await expect(highlightOf(canvasElement, "d5")).toContain(BOARD_COLORS.hintRing);
    await expect(highlightOf(canvasElement, "c7")).toContain("dashed");
  },
};

/** Why not 3.Qg4?: the opponent's answer Bxg4 in red, after the wrong move (last move in yellow). */
export const RefutationArrows: Story = {
  args: {
    fen: AFTER_QG4,
    lastMove: { from: "d1", to: "g4" },
    arrows: [{ from: "c8", to: "g4", kind: "refutation" }],
  },
  play: async ({ canvasElement }) => {
    await expect(arrowsOf(canvasElement)).toEqual([`c8-g4 ${ARROW_COLORS.refutation}`]);
    await expect(highlightOf(canvasElement, "g4")).toContain("rgba(255, 255, 0, 0.4)");
  },
};

export const ClickToMove: Story = {
  args: { onMove: fn(() => true) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(square(canvasElement, "e2"));
    await waitFor(() => expect(highlightOf(canvasElement, "e4")).toContain("radial-gradient"));
    await userEvent.click(square(canvasElement, "e4"));
    await expectOneMove(args.onMove, { from: "e2", to: "e4" });
  },
};

/** Only the side to move can pick up a piece; clicking another own piece switches the selection. */
export const ClickSelectsOwnPiecesOnly: Story = {
  args: { onMove: fn(() => true) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(square(canvasElement, "e7"));
    await expect(highlightOf(canvasElement, "e5")).not.toContain("radial-gradient");
    await userEvent.click(square(canvasElement, "g1"));
    await userEvent.click(square(canvasElement, "b1"));
    await waitFor(() => expect(highlightOf(canvasElement, "c3")).toContain("radial-gradient"));
    await expect(highlightOf(canvasElement, "f3")).not.toContain("radial-gradient");
    await expect(args.onMove).not.toHaveBeenCalled();
  },
};

/** Illegal attempts are reported too, so the trainer can say 'Invalid move. Please try a different move.' */
export const IllegalAttemptIsReported: Story = {
  args: { onMove: fn(() => false) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(square(canvasElement, "e2"));
    await userEvent.click(square(canvasElement, "e5"));
    await expectOneMove(args.onMove, { from: "e2", to: "e5" });
    await expect(highlightOf(canvasElement, "e3")).not.toContain("radial-gradient");
  },
};

/** In a trainer, a click on a square the piece cannot reach only puts the piece down: a slip is not a try. */
export const UnreachableSquareDeselects: Story = {
  args: { onMove: fn(() => true), unreachable: "deselect" },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(square(canvasElement, "e2"));
    await waitFor(() => expect(highlightOf(canvasElement, "e4")).toContain("radial-gradient"));
    await userEvent.click(square(canvasElement, "e5"));
    await expect(args.onMove).not.toHaveBeenCalled();
    await waitFor(() => expect(highlightOf(canvasElement, "e4")).not.toContain("radial-gradient"));
    await userEvent.click(square(canvasElement, "e2"));
    await userEvent.click(square(canvasElement, "e4"));
    await expectOneMove(args.onMove, { from: "e2", to: "e4" });
  },
};

/** A pawn reaching the last rank promotes to a queen. */
export const PromotionToQueen: Story = {
  args: { fen: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", onMove: fn(() => true) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(square(canvasElement, "e7"));
    await userEvent.click(square(canvasElement, "e8"));
    await expectOneMove(args.onMove, { from: "e7", to: "e8", promotion: "q" });
  },
};

export const KeyboardMove: Story = {
  args: { onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("application", { name: t("board.label") });
    await userEvent.tab();
    await expect(board).toHaveFocus();
    await expect(board).toHaveAccessibleDescription(t("board.keyboard.instructions"));
    const status = within(board).getByRole("status");
    await expect(status).toHaveTextContent(`a1, ${t("board.pieces.wR")}`);
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowUp}");
    await expect(status).toHaveTextContent(`e2, ${t("board.pieces.wP")}`);
    await expect(highlightOf(canvasElement, "e2")).toContain("inset");
    await userEvent.keyboard("{Enter}");
    await expect(status).toHaveTextContent(`e2, ${t("board.pieces.wP")}, ${t("board.keyboard.selected")}`);
    await userEvent.keyboard("{ArrowUp}");
    await expect(status).toHaveTextContent(`e3, ${t("board.keyboard.empty")}`);
    await userEvent.keyboard("{ArrowUp} ");
    await expectOneMove(args.onMove, { from: "e2", to: "e4" });
  },
};

/** Escape puts the picked-up piece back; arrows stop at the edge; black's view turns the arrows round. */
export const KeyboardCancelAsBlack: Story = {
  args: { fen: AFTER_E4, orientation: "black", onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("application");
    await userEvent.tab();
    const status = within(board).getByRole("status");
    await expect(status).toHaveTextContent(`h8, ${t("board.pieces.bR")}`);
    // Black's view: g8 is right of h8, and the bottom edge stops the cursor.
    await userEvent.keyboard("{ArrowRight}{ArrowDown}");
    await expect(status).toHaveTextContent(`g8, ${t("board.pieces.bN")}`);
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(highlightOf(canvasElement, "f6")).toContain("radial-gradient"));
    await userEvent.keyboard("{Escape}");
    await expect(status).toHaveTextContent(t("board.keyboard.cancelled"));
    await expect(highlightOf(canvasElement, "f6")).not.toContain("radial-gradient");
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowRight}{Enter}");
    await expectOneMove(args.onMove, { from: "g8", to: "f6" });
  },
};

export const DragMove: Story = {
  args: { onMove: fn(() => true) },
  play: async ({ args, canvasElement }) => {
    const from = square(canvasElement, "g1").getBoundingClientRect();
    const to = square(canvasElement, "f3").getBoundingClientRect();
    const piece = square(canvasElement, "g1").querySelector<HTMLElement>("[data-piece]");
    if (!piece) throw new Error("no piece on g1");
    const centre = (rect: DOMRect, dx = 0) => ({
      clientX: rect.left + rect.width / 2 + dx,
      clientY: rect.top + rect.height / 2,
    });
    await userEvent.pointer([
      { keys: "[MouseLeft>]", target: piece, coords: centre(from) },
      { target: piece, coords: centre(from, 8) },
      { target: square(canvasElement, "f3"), coords: centre(to) },
      { keys: "[/MouseLeft]", target: square(canvasElement, "f3"), coords: centre(to) },
    ]);
    await waitFor(() => expectOneMove(args.onMove, { from: "g1", to: "f3" }));
  },
};

/** A working board: moves are checked with chess.js, last move and check are highlighted. */
export const Playground: Story = {
  args: { animationDurationInMs: 300 },
  render: function Render(args) {
    const { t } = useTranslation();
    const [game] = useState(() => new Chess());
    const [fen, setFen] = useState(game.fen());
    const [lastMove, setLastMove] = useState<{ from: string; to: string } | null>(null);
    const onMove = (move: BoardMove) => {
      try {
        const played = game.move(move);
        setFen(game.fen());
        setLastMove({ from: played.from, to: played.to });
        return true;
      } catch {
        return false;
      }
    };
    return (
      <div className="w-[400px]">
        <Board
          {...args}
          fen={fen}
          lastMove={lastMove}
          onMove={onMove}
          label={t("board.label")}
          pieceLabels={usePieceLabels()}
          keyboardLabels={useKeyboardLabels()}
        />
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(square(canvasElement, "f2"));
    await userEvent.click(square(canvasElement, "f3"));
    await waitFor(() =>
      expect(
        within(square(canvasElement, "f3")).getByRole("img", { name: t("board.pieces.wP") }),
      ).toBeVisible(),
    );
    await expect(highlightOf(canvasElement, "f2")).toContain("rgba(255, 255, 0, 0.4)");
  },
};
