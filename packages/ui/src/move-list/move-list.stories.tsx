import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { MoveList } from "./move-list";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The move notation list: standard notation with move numbers, from any move number and side
("12... Qxh2+ 13. Kf1"). Each move stays left to right inside a right-to-left page, where the list itself flows from
the right. Use it beside the board for the moves played so far: the trainer's moves card, the position setup's
practice panel, the notation page.

**Do**
- Pass \`startMoveNumber\` and \`startColor\` from the position's FEN, so a puzzle where Black starts reads "12...
  Qxh2+", not "1. Qxh2+".
- Give \`onSelectMove\` when choosing a move shows its position on the board: the moves become buttons, one tab stop,
  stepped with the arrow keys, Home and End. Keep \`currentIndex\` in step with the board (-1 for the start).
- Give an \`emptyLabel\` that says what will come ("No moves yet") rather than leaving the heading alone.

**Don't**
- Don't translate the moves or reverse them in Arabic: moves stay in Latin letters and left to right.
- Don't pass \`onSelectMove\` when nothing shows the chosen position: a button that changes nothing misleads.
- Don't put a move's verdict in the list: that is the FeedbackCard.`;

const meta = {
  title: "Training/MoveList",
  component: MoveList,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { moves: ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], title: "", emptyLabel: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <MoveList
        {...args}
        {...textsOr(args, { title: t("training.moves.title"), emptyLabel: t("training.moves.empty") })}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof MoveList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** From the start, from Black's move 12, with the current move marked (clickable), and empty. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="From the start" className="items-stretch">
        <FromStory meta={meta} story={FromTheStart} globals={context.globals} />
      </Variant>
      <Variant label="Black starts at move 12" className="items-stretch">
        <FromStory meta={meta} story={BlackStartsAtMove12} globals={context.globals} />
      </Variant>
      <Variant label="Clickable, current move" className="items-stretch">
        <FromStory meta={meta} story={ClickableMoves} globals={context.globals} />
      </Variant>
      <Variant label="Empty" className="items-stretch">
        <FromStory meta={meta} story={Empty} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "From the start",
      "Black starts at move 12",
      "Clickable, current move",
      "Empty",
    ]);
    await expect(within(shown["From the start"] as HTMLElement).getAllByRole("listitem")).toHaveLength(6);
    await expect(
      within(shown["Black starts at move 12"] as HTMLElement).getAllByRole("listitem")[0],
    ).toHaveTextContent("12... Qxh2+");
    const clickable = within(shown["Clickable, current move"] as HTMLElement).getAllByRole("button");
    await expect(clickable).toHaveLength(6);
    await expect(clickable[5]).toHaveAttribute("aria-current");
    await expect(shown.Empty).toHaveTextContent(t("training.moves.empty"));
  },
};

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

/** Clickable moves: each move is a button; the one on show is marked current. */
export const ClickableMoves: Story = {
  args: { onSelectMove: fn(), currentIndex: 5 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const moves = canvas.getAllByRole("button");
    await expect(moves.map((move) => move.textContent)).toEqual([
      "1. e4",
      "e5",
      "2. Nf3",
      "Nc6",
      "3. Bb5",
      "a6",
    ]);
    await expect(moves[5]).toHaveAttribute("aria-current", "step");
    await userEvent.click(canvas.getByRole("button", { name: "2. Nf3" }));
    await expect(args.onSelectMove).toHaveBeenCalledWith(2);
  },
};

/**
 * The list is one tab stop; the arrow keys step through the moves in reading order (mirrored right to left),
 * Home and End jump to the ends.
 */
export const KeyboardSteps: Story = {
  args: { onSelectMove: fn() },
  render: function Render(args) {
    const { t } = useTranslation();
    const [current, setCurrent] = useState(-1);
    return (
      <MoveList
        {...args}
        {...textsOr(args, { title: t("training.moves.title"), emptyLabel: t("training.moves.empty") })}
        currentIndex={current}
        onSelectMove={(index) => {
          setCurrent(index);
          args.onSelectMove?.(index);
        }}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const forward = globals.direction === "rtl" ? "{ArrowLeft}" : "{ArrowRight}";
    const back = globals.direction === "rtl" ? "{ArrowRight}" : "{ArrowLeft}";
    // Nothing is on show yet: the tab stop is the first move.
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "1. e4" })).toHaveFocus();
    await expect(canvas.queryByRole("button", { current: "step" })).toBeNull();
    await userEvent.keyboard(forward);
    await expect(canvas.getByRole("button", { name: "e5" })).toHaveFocus();
    await expect(canvas.getByRole("button", { name: "e5" })).toHaveAttribute("aria-current", "step");
    await userEvent.keyboard("{End}");
    await expect(canvas.getByRole("button", { name: "a6" })).toHaveFocus();
    await userEvent.keyboard(forward);
    await expect(canvas.getByRole("button", { name: "a6" })).toHaveAttribute("aria-current", "step");
    await userEvent.keyboard(`${back}{Enter}`);
    await expect(canvas.getByRole("button", { name: "3. Bb5" })).toHaveAttribute("aria-current", "step");
    await userEvent.keyboard("{Home}");
    await expect(canvas.getByRole("button", { name: "1. e4" })).toHaveAttribute("aria-current", "step");
    // One tab stop: Tab leaves the list.
    await userEvent.tab();
    await expect(canvasElement.contains(document.activeElement)).toBe(false);
  },
};
