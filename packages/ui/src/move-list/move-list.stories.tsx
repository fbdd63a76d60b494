import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { storyTexts } from "../lib/story-texts";
import { MoveList } from "./move-list";

const meta = {
  title: "Training/MoveList",
  component: MoveList,
  args: { moves: ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], title: "Moves", emptyLabel: "No moves yet" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <MoveList
        {...args}
        title={t("training.moves.title")}
        emptyLabel={t("training.moves.empty")}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof MoveList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FromTheStart: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const list = within(canvasElement).getByRole("region", { name: t("training.moves.title") });
    const items = within(list).getAllByRole("listitem");
    await expect(items.map((item) => item.textContent)).toEqual([
      "1. e4",
      "e5",
      "2. Nf3",
      "Nc6",
      "3. Bb5",
      "a6",
    ]);
    await expect(items.at(-1)).toHaveAttribute("aria-current", "step");
  },
};

/** A puzzle from move 12 with Black to move: "12... Qxh2+ 13. Kf1". */
export const BlackStartsAtMove12: Story = {
  args: { moves: ["Qxh2+", "Kf1", "Qh1#"], startMoveNumber: 12, startColor: "b" },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items.map((item) => item.textContent)).toEqual(["12... Qxh2+", "13. Kf1", "Qh1#"]);
  },
};

export const WhiteStartsAtMove27: Story = {
  args: { moves: ["Rxf7", "Kxf7", "Qh5+"], startMoveNumber: 27, startColor: "w", currentIndex: 1 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items.map((item) => item.textContent)).toEqual(["27. Rxf7", "Kxf7", "28. Qh5+"]);
    await expect(items[1]).toHaveAttribute("aria-current", "step");
    await expect(items[2]).not.toHaveAttribute("aria-current");
  },
};

export const Empty: Story = {
  args: { moves: [] },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t("training.moves.empty"))).toBeVisible();
    await expect(canvas.queryByRole("list")).toBeNull();
  },
};

/** A long game wraps onto several lines. */
export const LongGame: Story = {
  args: {
    moves: [
      "d4",
      "Nf6",
      "c4",
      "e6",
      "Nc3",
      "Bb4",
      "e3",
      "O-O",
      "Bd3",
      "d5",
      "Nf3",
      "c5",
      "O-O",
      "Nc6",
      "a3",
      "Bxc3",
      "bxc3",
      "dxc4",
      "Bxc4",
      "Qc7",
      "Bd3",
      "e5",
      "Qc2",
      "Re8",
      "e4",
      "exd4",
      "cxd4",
      "Bg4",
    ],
  },
};
