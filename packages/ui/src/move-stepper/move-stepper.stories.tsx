import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { MoveStepper, type MoveStepperLabels } from "./move-stepper";

function useLabels(): MoveStepperLabels {
  const { t } = useTranslation();
  const stepper = t("notation.stepper", { returnObjects: true }) as MoveStepperLabels;
  return {
    group: stepper.group,
    first: stepper.first,
    previous: stepper.previous,
    next: stepper.next,
    last: stepper.last,
  };
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Buttons to step through a line of moves: to the starting position, one move back, one forward, to
the last move. The arrows point the way the line reads, so they turn round in a right-to-left page. Use it under a
board that replays a line (the notation page's game), with the move list beside it.

**Do**
- Keep the board, the MoveList's \`currentIndex\` and the stepper's \`index\` on the same move (-1 is the starting
  position).
- Give a \`status\` ("Move 3 of 16"): it is shown beside the buttons and announced, so a screen-reader player knows
  where the line stands.
- Fill every one of \`labels\`: the buttons show icons only, and the labels are their names and tooltips.

**Don't**
- Don't hide the buttons at either end of the line: they stay, marked aria-disabled, so the keyboard focus is kept.
- Don't turn the arrows yourself for Arabic: they follow the page's direction.
- Don't use it to go from one training position to the next: that is TrainingControls' Previous and Next.`;

const meta = {
  title: "Chess/MoveStepper",
  component: MoveStepper,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    labels: { group: "", first: "", previous: "", next: "", last: "" },
    index: 4,
    count: 10,
    onIndexChange: fn(),
  },
  render: function Render(args) {
    return <MoveStepper {...args} {...textsOr(args, { labels: useLabels() })} />;
  },
} satisfies Meta<typeof MoveStepper>;

export default meta;
type Story = StoryObj<typeof meta>;

function buttons(canvasElement: HTMLElement, globals: Record<string, unknown>) {
  const t = storyTexts(globals);
  const group = within(canvasElement).getByRole("group", { name: t("notation.stepper.group") });
  const get = (key: "first" | "previous" | "next" | "last") =>
    within(group).getByRole("button", { name: t(`notation.stepper.${key}`) });
  return { first: get("first"), previous: get("previous"), next: get("next"), last: get("last") };
}

const OVERVIEW_STEPPERS = [
  { label: "In the middle", story: () => InTheMiddle },
  { label: "At the start", story: () => AtTheStart },
  { label: "At the end", story: () => AtTheEnd },
  { label: "No moves", story: () => NoMoves },
];

/** In the middle of a line (every button on), at its start, at its end, and a line without moves (all off). */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (args, context) => (
    <Variants>
      {OVERVIEW_STEPPERS.map(({ label, story }) => (
        <Variant key={label} label={label}>
          <FromStory
            meta={meta}
            story={story()}
            globals={context.globals}
            args={{ onIndexChange: args.onIndexChange }}
          />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_STEPPERS.map(({ label }) => label),
    );
    const enabled = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-disabled") !== "true");
    await expect(enabled("In the middle")).toEqual([true, true, true, true]);
    await expect(enabled("At the start")).toEqual([false, false, true, true]);
    await expect(enabled("At the end")).toEqual([true, true, false, false]);
    await expect(enabled("No moves")).toEqual([false, false, false, false]);
  },
};

export const InTheMiddle: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const { first, previous, next, last } = buttons(canvasElement, globals);
    for (const button of [first, previous, next, last])
      await expect(button).not.toHaveAttribute("aria-disabled");
    await userEvent.click(previous);
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(next);
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(5);
    await userEvent.click(first);
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(-1);
    await userEvent.click(last);
    await expect(args.onIndexChange).toHaveBeenLastCalledWith(9);
  },
};

/** At the starting position there is nothing to step back to. */
export const AtTheStart: Story = {
  args: { index: -1 },
  play: async ({ args, canvasElement, globals }) => {
    const { first, previous, next } = buttons(canvasElement, globals);
    await expect(first).toHaveAttribute("aria-disabled", "true");
    await expect(previous).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(previous);
    await expect(args.onIndexChange).not.toHaveBeenCalled();
    await userEvent.click(next);
    await expect(args.onIndexChange).toHaveBeenCalledWith(0);
  },
};

export const AtTheEnd: Story = {
  args: { index: 9 },
  play: async ({ canvasElement, globals }) => {
    const { next, last, previous } = buttons(canvasElement, globals);
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(last).toHaveAttribute("aria-disabled", "true");
    await expect(previous).not.toHaveAttribute("aria-disabled");
  },
};

/** A line without moves: every button is off. */
export const NoMoves: Story = {
  args: { index: -1, count: 0 },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole("button")) {
      await expect(button).toHaveAttribute("aria-disabled", "true");
    }
  },
};

/** With the status line; Enter on Next walks to the end and the button keeps focus there. */
export const KeyboardWithStatus: Story = {
  args: { index: -1, count: 3 },
  render: function Render(args) {
    const { t } = useTranslation();
    const [index, setIndex] = useState(args.index);
    return (
      <MoveStepper
        {...args}
        {...textsOr(args, {
          labels: useLabels(),
          status:
            index < 0
              ? t("notation.stepper.atStart")
              : t("notation.stepper.atMove", { n: index + 1, total: args.count }),
        })}
        index={index}
        onIndexChange={setIndex}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const status = within(canvasElement).getByRole("status");
    await expect(status).toHaveTextContent(t("notation.stepper.atStart"));
    const { next } = buttons(canvasElement, globals);
    next.focus();
    await userEvent.keyboard("{Enter}{Enter}{Enter}{Enter}");
    await expect(status).toHaveTextContent(t("notation.stepper.atMove", { n: 3, total: 3 }));
    await expect(next).toHaveFocus();
    await expect(next).toHaveAttribute("aria-disabled", "true");
  },
};
