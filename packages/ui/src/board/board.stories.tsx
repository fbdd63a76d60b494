import type { Meta, StoryObj } from "@storybook/react-vite";
import { Chess } from "chess.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
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
/** Before it (White to move), and after Bxg4, the refutation. */
const BEFORE_QG4 = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
const AFTER_BXG4 = "rn1qkbnr/ppp2ppp/3p4/4p3/4P1b1/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4";
/** White's pawn on e7 is about to promote. */
const WHITE_PROMOTES = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
/** Black's pawn on b2 is about to promote (on b1, or by taking on c1). */
const BLACK_PROMOTES = "8/8/8/8/8/4k3/1p6/2R1K3 b - - 0 1";

function useKeyboardLabels(): BoardKeyboardLabels {
  const { t } = useTranslation();
  return t("board.keyboard", { returnObjects: true }) as BoardKeyboardLabels;
}

async function expectOneMove(onMove: unknown, move: BoardMove) {
  await expect(onMove).toHaveBeenCalledOnce();
  await expect(onMove).toHaveBeenCalledWith(move);
}

/** The promotion choice's buttons, in order. */
function promotionChoices(canvasElement: HTMLElement, t: (key: string) => string): HTMLElement[] {
  const picker = within(canvasElement).getByRole("group", { name: t("board.keyboard.promotion") });
  return within(picker).getAllByRole("button");
}

/** Drags the piece on one square to another with the mouse. */
async function drag(canvasElement: HTMLElement, fromName: string, toName: string) {
  const from = square(canvasElement, fromName).getBoundingClientRect();
  const to = square(canvasElement, toName).getBoundingClientRect();
  const piece = square(canvasElement, fromName).querySelector<HTMLElement>("[data-piece]");
  if (!piece) throw new Error(`no piece on ${fromName}`);
  const centre = (rect: DOMRect, dx = 0) => ({
    clientX: rect.left + rect.width / 2 + dx,
    clientY: rect.top + rect.height / 2,
  });
  await userEvent.pointer([
    { keys: "[MouseLeft>]", target: piece, coords: centre(from) },
    { target: piece, coords: centre(from, 8) },
    { target: square(canvasElement, toName), coords: centre(to) },
    { keys: "[/MouseLeft]", target: square(canvasElement, toName), coords: centre(to) },
  ]);
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

/** The Overview's boards: what each shows, with the props it takes (all other props as the meta's). */
const OVERVIEW_BOARDS = [
  { label: "Start, green, classic pieces", props: { fen: START } },
  {
    label: "Black at the bottom, no coordinates",
    props: {
      fen: AFTER_E4,
      orientation: "black" as const,
      showCoordinates: false,
      lastMove: { from: "e2", to: "e4" },
    },
  },
  {
    label: "Hint ring and arrows, blue, geometric",
    props: {
      fen: KNIGHT_FORK,
      boardTheme: "blue" as const,
      pieceSet: "geometric" as const,
      hintSquares: { from: "d5", to: "c7" },
      arrows: [
        { from: "c7", to: "e8", kind: "idea" as const },
        { from: "d5", to: "c7", kind: "hint" as const },
      ],
    },
  },
];

/**
 * The board's looks side by side: both orientations, coordinates on and off, the last move, and the hint's ring and
 * arrows on the blue theme with the geometric pieces (check and a refutation's arrow: the Check and Refutation
 * Arrows stories).
 */
export const Overview: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const pieceLabels = usePieceLabels();
    const keyboardLabels = useKeyboardLabels();
    return (
      <Variants className="gap-x-4">
        {OVERVIEW_BOARDS.map(({ label, props }, index) => (
          <Variant key={label} label={label} className="w-[236px]">
            <div className="w-full">
              <Board
                {...props}
                boardId={`overview-${index}`}
                label={t("board.label")}
                pieceLabels={pieceLabels}
                keyboardLabels={keyboardLabels}
                animationDurationInMs={0}
              />
            </div>
          </Variant>
        ))}
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_BOARDS.map(({ label }) => label),
    );
    const [start, black, hint] = OVERVIEW_BOARDS.map(({ label }) => shown[label] as HTMLElement);
    await expect(within(canvasElement).getAllByRole("group", { name: t("board.label") })).toHaveLength(3);
    await expect(
      within(start as HTMLElement).getAllByRole("img", { name: t("board.pieces.wP") }),
    ).toHaveLength(8);
    await expect(black?.querySelector("[data-square]")).toHaveAttribute("data-square", "h1");
    await expect(within(hint as HTMLElement).getByRole("group")).toHaveAttribute(
      "data-piece-set",
      "geometric",
    );
    await expect(highlightOf(hint as HTMLElement, "d5")).toContain(BOARD_COLORS.hintRing);
    await expect(arrowsOf(hint as HTMLElement)).toEqual([
      `c7-e8 ${ARROW_COLORS.idea}`,
      `d5-c7 ${ARROW_COLORS.hint}`,
    ]);
  },
};

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

/**
 * The four themes and two piece sets of issue 42: brown with the outline pieces, grey with the letters, purple and
 * ice with the geometric and classic ones, each with the last move and a hint's ring and arrow.
 */
export const MoreThemesAndSets: Story = {
  // Four boards of 252 px: squares of 31.5 px, whose shared edges and the arrows' curves anti-alias a little
  // differently from one machine to another (20 pixels on CI's, dark mode), and from run to run in the dark shot
  // taken after the light one on the same page (35 pixels).
  parameters: { visual: { maxDiffPixels: 48 } },
  render: function Render(args) {
    const { t } = useTranslation();
    const pieceLabels = usePieceLabels();
    const looks = [
      ["brown", "outline"],
      ["grey", "letters"],
      ["purple", "geometric"],
      ["ice", "classic"],
    ] as const;
    return (
      <div className="grid w-[520px] grid-cols-2 gap-4">
        {looks.map(([boardTheme, pieceSet]) => (
          <Board
            key={boardTheme}
            {...args}
            boardId={boardTheme}
            label={`${t("board.label")} (${boardTheme}, ${pieceSet})`}
            pieceLabels={pieceLabels}
            boardTheme={boardTheme}
            pieceSet={pieceSet}
            fen={KNIGHT_FORK}
            hintSquares={{ from: "d5", to: "c7" }}
            arrows={[{ from: "d5", to: "c7" }]}
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const boards = canvasElement.querySelectorAll<HTMLElement>("[data-slot=board]");
    await expect(boards).toHaveLength(4);
    const squareColors = (board: HTMLElement) =>
      [board.querySelector("[data-square=a1]"), board.querySelector("[data-square=h1]")].map((element) =>
        element ? getComputedStyle(element).backgroundColor : "",
      );
    await expect(squareColors(boards[0] as HTMLElement)).toEqual(["rgb(169, 122, 85)", "rgb(240, 217, 181)"]);
    await expect(squareColors(boards[3] as HTMLElement)).toEqual(["rgb(95, 140, 179)", "rgb(247, 251, 255)"]);
    await expect(boards[0]?.querySelectorAll("svg[data-piece-set=outline]").length).toBeGreaterThan(0);
    await expect(boards[1]?.querySelectorAll("svg[data-piece-set=letters]").length).toBeGreaterThan(0);
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
    // The dots come from chess.js, which arrives after the first paint (a chunk of its own).
    await waitFor(() => expect(highlightOf(canvasElement, "f6")).toContain("radial-gradient"));
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
    // Check is read by chess.js, which arrives after the first paint.
    await waitFor(() => expect(highlightOf(canvasElement, "e8")).toContain("rgba(220, 38, 38, 0.55)"));
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

/** With `autoQueen` (the player's choice), a pawn reaching the last rank becomes a queen without asking. */
export const PromotionToQueen: Story = {
  args: { fen: WHITE_PROMOTES, autoQueen: true, onMove: fn(() => true) },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(square(canvasElement, "e7"));
    await userEvent.click(square(canvasElement, "e8"));
    await expectOneMove(args.onMove, { from: "e7", to: "e8", promotion: "q" });
    await expect(canvasElement.querySelector("[data-slot=promotion-picker]")).toBeNull();
  },
};

/**
 * A pawn reaching the last rank asks which piece it becomes: a column over the promotion square, from the edge
 * inwards, queen first, then knight, rook and bishop (as lichess), over a dimmed board. The queen has focus.
 */
export const PromotionChoice: Story = {
  args: { fen: WHITE_PROMOTES, onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(square(canvasElement, "e7"));
    await userEvent.click(square(canvasElement, "e8"));
    const choices = promotionChoices(canvasElement, t);
    await expect(choices.map((choice) => choice.getAttribute("aria-label"))).toEqual(
      ["wQ", "wN", "wR", "wB"].map((code) => t(`board.pieces.${code}`)),
    );
    await waitFor(() => expect(choices[0]).toHaveFocus());
    // Over the promotion square, downwards: the queen on e8, the bishop on e5.
    const top = square(canvasElement, "e8").getBoundingClientRect();
    const bottom = square(canvasElement, "e5").getBoundingClientRect();
    await expect(Math.round(choices[0]?.getBoundingClientRect().top ?? 0)).toBe(Math.round(top.top));
    await expect(Math.round(choices[3]?.getBoundingClientRect().left ?? 0)).toBe(Math.round(bottom.left));
    await expect(Math.round(choices[3]?.getBoundingClientRect().bottom ?? 0)).toBe(Math.round(bottom.bottom));
    await expect(args.onMove).not.toHaveBeenCalled();
  },
};

/** Black promoting on a board seen from White's side: the choice opens upwards from b1, the queen on b1. */
export const PromotionChoiceUpwards: Story = {
  args: { fen: BLACK_PROMOTES, onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(square(canvasElement, "b2"));
    await userEvent.click(square(canvasElement, "b1"));
    const choices = promotionChoices(canvasElement, t);
    await expect(choices.map((choice) => choice.getAttribute("aria-label"))).toEqual(
      ["bQ", "bN", "bR", "bB"].map((code) => t(`board.pieces.${code}`)),
    );
    const b1 = square(canvasElement, "b1").getBoundingClientRect();
    const b4 = square(canvasElement, "b4").getBoundingClientRect();
    await expect(Math.round(choices[0]?.getBoundingClientRect().bottom ?? 0)).toBe(Math.round(b1.bottom));
    await expect(Math.round(choices[3]?.getBoundingClientRect().top ?? 0)).toBe(Math.round(b4.top));
    await expect(args.onMove).not.toHaveBeenCalled();
  },
};

/** A click on a choice plays the move with that piece; a press on the dimmed board cancels the move. */
export const PromotionByClick: Story = {
  args: { fen: WHITE_PROMOTES, onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.click(square(canvasElement, "e7"));
    await userEvent.click(square(canvasElement, "e8"));
    await userEvent.click(square(canvasElement, "a1"));
    await expect(canvasElement.querySelector("[data-slot=promotion-picker]")).toBeNull();
    await expect(args.onMove).not.toHaveBeenCalled();
    await userEvent.click(square(canvasElement, "e7"));
    await userEvent.click(square(canvasElement, "e8"));
    await userEvent.click(promotionChoices(canvasElement, t)[1] as HTMLElement);
    await expectOneMove(args.onMove, { from: "e7", to: "e8", promotion: "n" });
    await expect(canvasElement.querySelector("[data-slot=promotion-picker]")).toBeNull();
  },
};

/** A drag to the last rank asks too; the pawn waits on its promotion square. */
export const PromotionByDrag: Story = {
  args: { fen: BLACK_PROMOTES, onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await drag(canvasElement, "b2", "c1");
    await waitFor(() => expect(promotionChoices(canvasElement, t)).toHaveLength(4));
    await waitFor(() =>
      expect(
        within(square(canvasElement, "c1")).getByRole("img", { name: t("board.pieces.bP") }),
      ).toBeInTheDocument(),
    );
    // dnd-kit swallows clicks for 50 ms after a drag (so a drop is no click); a hand takes longer than that.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await userEvent.click(promotionChoices(canvasElement, t)[3] as HTMLElement);
    await expectOneMove(args.onMove, { from: "b2", to: "c1", promotion: "b" });
  },
};

/**
 * From the keyboard: Enter on the pawn and on its promotion square opens the choice; arrows (or Tab) go round it,
 * Enter takes one, Escape cancels the move and gives the board its focus back.
 */
export const PromotionByKeyboard: Story = {
  args: { fen: WHITE_PROMOTES, onMove: fn(() => true) },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("application");
    await userEvent.tab();
    // From a1 to e7, then up to e8.
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}");
    await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{Enter}{ArrowUp}{Enter}");
    let choices = promotionChoices(canvasElement, t);
    await waitFor(() => expect(choices[0]).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    await expect(canvasElement.querySelector("[data-slot=promotion-picker]")).toBeNull();
    await expect(board).toHaveFocus();
    await expect(within(board).getByRole("status")).toHaveTextContent(t("board.keyboard.cancelled"));
    await expect(args.onMove).not.toHaveBeenCalled();
    await userEvent.keyboard("{ArrowDown}{Enter}{ArrowUp}{Enter}");
    choices = promotionChoices(canvasElement, t);
    await waitFor(() => expect(choices[0]).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await expect(choices[1]).toHaveFocus();
    await userEvent.tab();
    await expect(choices[2]).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}");
    await expect(choices[3]).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    await expectOneMove(args.onMove, { from: "e7", to: "e8", promotion: "r" });
    await expect(board).toHaveFocus();
  },
};

/**
 * An interlude (a wrong move and its refutation, 3.Qg4? Bxg4) shows over the position; the player's first press
 * ends it at once and the board takes the move: here a click on the knight, then on f3.
 */
export const InterludeEndsOnClick: Story = {
  args: {
    fen: BEFORE_QG4,
    interlude: {
      fen: AFTER_BXG4,
      lastMove: { from: "c8", to: "g4" },
      arrows: [{ from: "c8", to: "g4", kind: "refutation" }],
    },
    onInterludeEnd: fn(),
    onMove: fn(() => true),
    // Animated, as on the site: the way back from an interlude the player ended is not.
    animationDurationInMs: 300,
  },
  // As a trainer does: the caller takes the interlude away when it ends, and renders the board again (with its
  // labels built afresh).
  render: function Render(args) {
    const { t } = useTranslation();
    const [interlude, setInterlude] = useState(args.interlude);
    return (
      <div className="w-[400px]">
        <Board
          {...args}
          interlude={interlude}
          onInterludeEnd={() => {
            args.onInterludeEnd?.();
            setInterlude(null);
          }}
          label={t("board.label")}
          pieceLabels={usePieceLabels()}
          keyboardLabels={useKeyboardLabels()}
        />
      </div>
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(arrowsOf(canvasElement)).toEqual([`c8-g4 ${ARROW_COLORS.refutation}`]);
    await expect(within(square(canvasElement, "g4")).getByRole("img")).toHaveAccessibleName(
      t("board.pieces.bB"),
    );
    // The press lands on the knight's drawing, which must stay in place as the board goes back.
    await userEvent.click(within(square(canvasElement, "g1")).getByRole("img"));
    await expect(args.onInterludeEnd).toHaveBeenCalledOnce();
    await expect(arrowsOf(canvasElement)).toEqual([]);
    // At once, not as a 300 ms animation back: the press interrupts the replay.
    await expect(canvasElement.querySelector("[data-piece][style*='300ms']")).toBeNull();
    await waitFor(() =>
      expect(within(square(canvasElement, "d1")).getByRole("img")).toHaveAccessibleName(t("board.pieces.wQ")),
    );
    await waitFor(() => expect(highlightOf(canvasElement, "f3")).toContain("radial-gradient"));
    await userEvent.click(square(canvasElement, "f3"));
    await expectOneMove(args.onMove, { from: "g1", to: "f3" });
  },
};

/** A drag during the interlude is the move itself. */
export const InterludeEndsOnDrag: Story = {
  args: { ...InterludeEndsOnClick.args },
  render: InterludeEndsOnClick.render,
  play: async ({ args, canvasElement }) => {
    await drag(canvasElement, "b1", "c3");
    await waitFor(() => expectOneMove(args.onMove, { from: "b1", to: "c3" }));
    await expect(args.onInterludeEnd).toHaveBeenCalledOnce();
    await expect(arrowsOf(canvasElement)).toEqual([]);
  },
};

/** A key on the board ends the interlude too; the keys then move as ever. */
export const InterludeEndsOnKey: Story = {
  args: { ...InterludeEndsOnClick.args },
  // 18 pixels apart once on CI's machine (dark mode; not seen here in 60 runs of the board's stories): the
  // pieces' edges after the way back anti-alias a little differently from one machine to another.
  parameters: { visual: { maxDiffPixels: 24 } },
  render: InterludeEndsOnClick.render,
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await userEvent.tab();
    await expect(args.onInterludeEnd).not.toHaveBeenCalled();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    await expect(args.onInterludeEnd).toHaveBeenCalledOnce();
    const status = within(within(canvasElement).getByRole("application")).getByRole("status");
    await expect(status).toHaveTextContent(`d1, ${t("board.pieces.wQ")}`);
    await userEvent.keyboard("{Enter}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowRight}{ArrowRight}{ArrowRight}{Enter}");
    await expectOneMove(args.onMove, { from: "d1", to: "g4" });
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
    await drag(canvasElement, "g1", "f3");
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
