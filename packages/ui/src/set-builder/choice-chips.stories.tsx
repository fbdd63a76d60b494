import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { ChoiceChips, type ChoiceChipsProps } from "./set-builder";

type Phase = "any" | "opening" | "middlegame" | "endgame";
const PHASES: Phase[] = ["any", "opening", "middlegame", "endgame"];

/** The custom set's phase: any, or one of the three. */
function Phases(props: Partial<ChoiceChipsProps<Phase>>) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Phase>(props.value ?? "any");
  return (
    <ChoiceChips<Phase>
      label={t("customSet.phase.legend")}
      options={PHASES.map((phase) => ({ value: phase, label: t(`customSet.phase.${phase}`) }))}
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange?.(next);
      }}
    />
  );
}

const meta = {
  title: "Controls/ChoiceChips",
  component: ChoiceChips,
  args: {
    // The label comes from the story's locale; typed in Controls, it replaces it.
    label: "",
    options: PHASES.map((value) => ({ value, label: value })),
    value: "any",
    onValueChange: fn(),
    size: "md",
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Phases
        value={args.value as Phase}
        size={args.size}
        onValueChange={args.onValueChange}
        {...textsOr(args, { label: t("customSet.phase.legend") })}
      />
    );
  },
} satisfies Meta<typeof ChoiceChips<Phase>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Any phase in medium chips, one phase chosen in small chips. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants>
      <Variant label="Default (medium)">
        <FromStory meta={meta} story={Default} globals={context.globals} />
      </Variant>
      <Variant label="One chosen (small)">
        <FromStory meta={meta} story={Chosen} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Default (medium)", "One chosen (small)"]);
    const group = (label: string) =>
      within(shown[label] as HTMLElement).getByRole("radiogroup", { name: t("customSet.phase.legend") });
    await expect(
      within(group("Default (medium)")).getByRole("radio", { name: t("customSet.phase.any") }),
    ).toBeChecked();
    await expect(
      within(group("One chosen (small)")).getByRole("radio", { name: t("customSet.phase.endgame") }),
    ).toBeChecked();
  },
};

/** "Any phase" chosen; the arrow keys move the choice, as in any radio group. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const group = canvas.getByRole("radiogroup", { name: t("customSet.phase.legend") });
    const any = within(group).getByRole("radio", { name: t("customSet.phase.any") });
    await expect(any).toBeChecked();
    await userEvent.click(any);
    // Held as a person holds it: Radix moves the focus a moment after the key goes down, and checks while it is down.
    await userEvent.keyboard("{ArrowDown>}");
    const opening = within(group).getByRole("radio", { name: t("customSet.phase.opening") });
    await waitFor(() => expect(opening).toBeChecked());
    await userEvent.keyboard("{/ArrowDown}");
    await expect(opening).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith("opening");
  },
};

/** One phase chosen, small chips. */
export const Chosen: Story = {
  args: { value: "endgame", size: "sm" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: t("customSet.phase.endgame") })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: t("customSet.phase.any") })).not.toBeChecked();
  },
};
