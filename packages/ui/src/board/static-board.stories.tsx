import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { Board, type PieceCode } from "./board";
import { StaticBoard } from "./static-board";
import { usePieceLabels } from "./story-labels";

/** White to move: Nc7+ forks the king on e8 and the rook on a8. */
const KNIGHT_FORK = "r3k3/pp3ppp/8/3N4/8/8/PP3PPP/4K3 w - - 0 1";

/** What a board shows on each square, in its order on screen: colour, coordinates, piece and the piece's name. */
function drawing(board: HTMLElement): string[] {
  return [...board.querySelectorAll<HTMLElement>("[data-square]")].map((square) => {
    const piece = square.querySelector("[data-piece]");
    const name = square.querySelector("[role=img]")?.getAttribute("aria-label") ?? "";
    const box = square.getBoundingClientRect();
    const image = square.querySelector("svg")?.getBoundingClientRect();
    return [
      square.dataset.square,
      getComputedStyle(square).backgroundColor,
      square.textContent,
      piece?.getAttribute("data-piece") ?? "-",
      name,
      `${Math.round(box.x - board.getBoundingClientRect().x)},${Math.round(box.y - board.getBoundingClientRect().y)}`,
      image ? `${Math.round(image.width)}x${Math.round(image.height)}` : "",
    ].join(" ");
  });
}

const DESCRIPTION = `A board to look at: the home page's sample position and the blog's diagrams. It draws what the
Board draws for a position nobody plays on (the same squares, colours, coordinates and pieces), without
react-chessboard's drag-and-drop machinery, so it renders and hydrates in a fraction of the time.

**Do**
- Use it wherever a position is only shown; give it a \`label\` and \`pieceLabels\` in the page's language.

**Don't**
- Don't use it for a position the player moves on: that is the Board, with its keyboard model and highlights.`;

const meta = {
  title: "Chess/StaticBoard",
  component: StaticBoard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    fen: KNIGHT_FORK,
    // Texts come from the story's locale; typed in Controls, they replace it.
    label: "",
    pieceLabels: {} as Record<PieceCode, string>,
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <div className="w-[400px]">
        <StaticBoard
          {...args}
          {...textsOr(args, { label: t("board.label"), pieceLabels: usePieceLabels() })}
        />
      </div>
    );
  },
} satisfies Meta<typeof StaticBoard>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_BOARDS = [
  { label: "White at the bottom", props: {} },
  { label: "Black, no coordinates", props: { orientation: "black" as const, showCoordinates: false } },
  { label: "Blue, geometric pieces", props: { boardTheme: "blue" as const, pieceSet: "geometric" as const } },
];

/** The same position in both orientations, with and without coordinates, and in the blue theme's geometric set. */
export const Overview: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const pieceLabels = usePieceLabels();
    return (
      <Variants className="gap-x-4">
        {OVERVIEW_BOARDS.map(({ label, props }, index) => (
          <Variant key={label} label={label} className="w-[236px]">
            <div className="w-full">
              <StaticBoard
                {...props}
                fen={KNIGHT_FORK}
                boardId={`overview-${index}`}
                label={t("board.label")}
                pieceLabels={pieceLabels}
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
    for (const frame of Object.values(shown)) {
      const board = within(frame).getByRole("group", { name: t("board.label") });
      await expect(board.querySelectorAll("[data-square]")).toHaveLength(64);
      await expect(within(board).getAllByRole("img", { name: t("board.pieces.wP") })).toHaveLength(5);
    }
    const black = shown["Black, no coordinates"] as HTMLElement;
    await expect(black.querySelector("[data-square]")).toHaveAttribute("data-square", "h1");
  },
};

export const Position: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const board = within(canvasElement).getByRole("group", { name: t("board.label") });
    await expect(board).toHaveAttribute("dir", "ltr");
    await expect(board.querySelectorAll("[tabindex], button")).toHaveLength(0);
    await expect(within(board).getAllByRole("img", { name: t("board.pieces.wP") })).toHaveLength(5);
    await expect(within(board).getByRole("img", { name: t("board.pieces.wN") })).toBeInTheDocument();
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

export const BlueWithGeometricPieces: Story = {
  args: { boardTheme: "blue", pieceSet: "geometric" },
};

/**
 * The static board beside the Board for the same positions and options: square for square the same colours,
 * coordinates, pieces, names and places (the static board stands in for it on pages that only show a position).
 */
export const SameAsTheBoard: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const pieceLabels = usePieceLabels();
    const pairs = [
      { fen: KNIGHT_FORK, orientation: "white" as const, showCoordinates: true },
      { fen: KNIGHT_FORK, orientation: "black" as const, showCoordinates: false },
    ];
    return (
      <div className="grid grid-cols-2 gap-4">
        {pairs.map((options, index) => (
          <div key={options.orientation} className="contents">
            <div className="w-[300px]" data-testid={`board-${index}`}>
              <Board
                {...options}
                boardId={`board-${index}`}
                label={t("board.label")}
                pieceLabels={pieceLabels}
                animationDurationInMs={0}
              />
            </div>
            <div className="w-[300px]" data-testid={`static-${index}`}>
              <StaticBoard
                {...options}
                boardId={`static-${index}`}
                label={t("board.label")}
                pieceLabels={pieceLabels}
              />
            </div>
          </div>
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const index of [0, 1]) {
      const board = canvas.getByTestId(`board-${index}`);
      const still = canvas.getByTestId(`static-${index}`);
      await expect(drawing(still)).toEqual(drawing(board));
      await expect(drawing(still)).toHaveLength(64);
    }
  },
};
