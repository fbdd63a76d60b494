import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { BOARD_COLORS, Board, PIECE_CODES, type PieceCode } from "./board";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function usePieceLabels(): Record<PieceCode, string> {
  const { t } = useTranslation();
  return Object.fromEntries(PIECE_CODES.map((code) => [code, t(`board.pieces.${code}`)])) as Record<
    PieceCode,
    string
  >;
}

const meta = {
  title: "Chess/Board",
  component: Board,
  args: {
    fen: START,
    label: "Chess board",
    pieceLabels: {} as Record<PieceCode, string>,
    animationDurationInMs: 0,
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <div className="w-[400px]">
        <Board {...args} label={t("board.label")} pieceLabels={usePieceLabels()} />
      </div>
    );
  },
} satisfies Meta<typeof Board>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StartPosition: Story = {
  play: async ({ canvasElement }) => {
    const board = within(canvasElement).getByRole("group", { name: "Chess board" });
    await expect(board).toHaveAttribute("dir", "ltr");
    await expect(within(board).getAllByRole("img", { name: "White pawn" })).toHaveLength(8);
    await expect(within(board).getAllByRole("img", { name: "Black king" })).toHaveLength(1);
  },
};

export const BlackAtTheBottom: Story = { args: { orientation: "black" } };

export const WithoutCoordinates: Story = { args: { showCoordinates: false } };

/** Last move e2-e4 in translucent yellow, legal replies of the knight in translucent green. */
export const Highlights: Story = {
  args: {
    fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    squareStyles: {
      e2: { backgroundColor: BOARD_COLORS.lastMove },
      e4: { backgroundColor: BOARD_COLORS.lastMove },
      f6: { background: `radial-gradient(circle, ${BOARD_COLORS.legal} 25%, transparent 27%)` },
      h6: { background: `radial-gradient(circle, ${BOARD_COLORS.legal} 25%, transparent 27%)` },
    },
  },
};

/** Endgame study position: few pieces, black king in check. */
export const Check: Story = {
  args: {
    fen: "4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1",
    squareStyles: { e8: { backgroundColor: BOARD_COLORS.check } },
  },
};
