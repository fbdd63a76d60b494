import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { TrainingControls, type TrainingControlsLabels } from "./training-controls";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The trainer's buttons: Previous, Reset, Hint, Show Answer, and Next (Complete at the end). Use it
once per training screen, under the board or in its side panel.

**Do**
- Set \`isLast\` on the module's last position: Next becomes Complete, which calls \`onComplete\`.
- Disable what the player cannot do now with \`disabled\` (Previous at the first position); Complete follows
  \`next\`.
- Use \`layout="compact"\` in a side panel or a phone's action bar: one row, where Previous, Reset and Show Answer
  shrink to their icon when narrow, their label kept as a tooltip and for screen readers.

**Don't**
- Don't leave a button out or change their order on some screens: players find Hint and Next in the same place on
  every position.
- Don't present Hint or Show Answer as free: the trainer records the puzzle as helped after a hint, and as failed
  once the answer is shown.
- Don't turn the chevrons yourself for Arabic: they turn round in a right-to-left page.`;

const meta = {
  title: "Training/TrainingControls",
  component: TrainingControls,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    labels: {} as TrainingControlsLabels,
    onPrevious: fn(),
    onReset: fn(),
    onHint: fn(),
    onShowAnswer: fn(),
    onNext: fn(),
    onComplete: fn(),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <TrainingControls
        {...args}
        {...textsOr(args, {
          labels: t("training.controls", { returnObjects: true }) as TrainingControlsLabels,
        })}
        className="max-w-[640px]"
      />
    );
  },
} satisfies Meta<typeof TrainingControls>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_CONTROLS = [
  { label: "All enabled", story: () => AllEnabled },
  { label: "At first position", story: () => AtFirstPosition },
  { label: "Solved", story: () => Solved },
  { label: "Last position (Complete)", story: () => LastPosition },
  { label: "All disabled (loading)", story: () => AllDisabled },
];

/** Every button on, Previous off at the first position, hints off once solved, Complete at the end, all waiting. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      {OVERVIEW_CONTROLS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory
            meta={meta}
            story={story()}
            globals={context.globals}
            args={{ ...args, ...story().args }}
          />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_CONTROLS.map(({ label }) => label),
    );
    const disabled = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("button")
        .filter((button) => (button as HTMLButtonElement).disabled).length;
    await expect(disabled("All enabled")).toBe(0);
    await expect(disabled("At first position")).toBe(1);
    await expect(disabled("Solved")).toBe(2);
    await expect(disabled("All disabled (loading)")).toBe(5);
    await expect(
      within(shown["Last position (Complete)"] as HTMLElement).getByRole("button", {
        name: t("training.controls.complete"),
      }),
    ).toBeEnabled();
  },
};

export const AllEnabled: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const group = within(canvasElement).getByRole("group", { name: t("training.controls.label") });
    const controls = within(group);
    const pairs = [
      ["previous", args.onPrevious],
      ["reset", args.onReset],
      ["hint", args.onHint],
      ["showAnswer", args.onShowAnswer],
      ["next", args.onNext],
    ] as const;
    for (const [key, handler] of pairs) {
      await userEvent.click(controls.getByRole("button", { name: t(`training.controls.${key}`) }));
      await expect(handler).toHaveBeenCalledOnce();
    }
    await expect(controls.queryByRole("button", { name: t("training.controls.complete") })).toBeNull();
    await expect(args.onComplete).not.toHaveBeenCalled();
  },
};

/** The first position of a phase: Previous is disabled (spec section 4). */
export const AtFirstPosition: Story = {
  args: { disabled: { previous: true } },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const previous = canvas.getByRole("button", { name: t("training.controls.previous") });
    await expect(previous).toBeDisabled();
    await userEvent.click(previous, { pointerEventsCheck: 0 });
    await expect(args.onPrevious).not.toHaveBeenCalled();
    await expect(canvas.getByRole("button", { name: t("training.controls.next") })).toBeEnabled();
  },
};

/** The last position: Next becomes Complete. */
export const LastPosition: Story = {
  args: { isLast: true },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: t("training.controls.next") })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: t("training.controls.complete") }));
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};

/** While a position loads every button waits. */
export const AllDisabled: Story = {
  args: { disabled: { previous: true, reset: true, hint: true, showAnswer: true, next: true } },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole("button")) await expect(button).toBeDisabled();
  },
};

/** Solved: the answer and hints are no longer needed. */
export const Solved: Story = {
  args: { disabled: { hint: true, showAnswer: true } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: t("training.controls.hint") })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: t("training.controls.showAnswer") })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: t("training.controls.reset") })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: t("training.controls.next") })).toBeEnabled();
  },
};

export const CompleteDisabled: Story = {
  args: { isLast: true, disabled: { next: true } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(
      within(canvasElement).getByRole("button", { name: t("training.controls.complete") }),
    ).toBeDisabled();
  },
};

/** The compact layout in a width of its own: a phone's action bar (358 px) or the side panel (460 px). */
function CompactIn({ width, ...args }: React.ComponentProps<typeof TrainingControls> & { width: string }) {
  const { t } = useTranslation();
  return (
    <TrainingControls
      {...args}
      {...textsOr(args, {
        labels: t("training.controls", { returnObjects: true }) as TrainingControlsLabels,
      })}
      layout="compact"
      className={width}
    />
  );
}

/**
 * A phone's action bar: one row; Previous, Reset and Show Answer show their icon only, and keep their names for
 * screen readers (and as a tooltip).
 */
export const CompactPhoneBar: Story = {
  render: (args) => <CompactIn {...args} width="max-w-[358px]" />,
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const group = within(canvasElement).getByRole("group", { name: t("training.controls.label") });
    await expect(group).toHaveAttribute("data-layout", "compact");
    const buttons = within(group).getAllByRole("button");
    const top = buttons[0]?.getBoundingClientRect().top;
    for (const button of buttons) await expect(button.getBoundingClientRect().top).toBe(top);
    const showAnswer = within(group).getByRole("button", { name: t("training.controls.showAnswer") });
    await expect(showAnswer).toHaveAttribute("title", t("training.controls.showAnswer"));
    await userEvent.click(showAnswer);
    await expect(args.onShowAnswer).toHaveBeenCalledOnce();
    await expect(within(group).getByText(t("training.controls.hint"))).toBeVisible();
    await expect(within(group).getByText(t("training.controls.next"))).toBeVisible();
  },
};

/** The side panel beside the board on a laptop: Show Answer has room for its label, Previous and Reset do not. */
export const CompactSidePanel: Story = {
  render: (args) => <CompactIn {...args} width="max-w-[460px]" />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const group = within(canvasElement).getByRole("group", { name: t("training.controls.label") });
    await expect(within(group).getByText(t("training.controls.showAnswer"))).toBeVisible();
    await expect(within(group).getByRole("button", { name: t("training.controls.previous") })).toBeVisible();
  },
};
