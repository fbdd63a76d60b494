import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { RatingRangeField, type RatingRangeFieldProps } from "./set-builder";

const BOUNDS = { min: 400, max: 3300 };

/** The custom set's range as the page has it: what is typed stays, and a reversed range is said. */
function Range(props: Partial<RatingRangeFieldProps>) {
  const { t } = useTranslation();
  const [min, setMin] = useState(props.min ?? "1200");
  const [max, setMax] = useState(props.max ?? "1600");
  const reversed = Number(min) > Number(max);
  return (
    <RatingRangeField
      legend={t("customSet.range.legend")}
      minLabel={t("customSet.range.min")}
      maxLabel={t("customSet.range.max")}
      hint={t("customSet.range.hint", { low: BOUNDS.min, high: BOUNDS.max })}
      error={reversed ? t("customSet.range.reversed", { min, max }) : null}
      bounds={BOUNDS}
      className="max-w-md"
      {...props}
      min={min}
      max={max}
      onMinChange={(value) => {
        setMin(value);
        props.onMinChange?.(value);
      }}
      onMaxChange={(value) => {
        setMax(value);
        props.onMaxChange?.(value);
      }}
    />
  );
}

const meta = {
  title: "Controls/RatingRangeField",
  component: RatingRangeField,
  args: {
    // The texts come from the story's locale; typed in Controls, they replace them.
    legend: "",
    minLabel: "",
    maxLabel: "",
    min: "1200",
    max: "1600",
    bounds: BOUNDS,
    onMinChange: fn(),
    onMaxChange: fn(),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Range
        min={args.min}
        max={args.max}
        onMinChange={args.onMinChange}
        onMaxChange={args.onMaxChange}
        {...textsOr(args, {
          legend: t("customSet.range.legend"),
          minLabel: t("customSet.range.min"),
          maxLabel: t("customSet.range.max"),
        })}
      />
    );
  },
} satisfies Meta<typeof RatingRangeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A range within the bounds, and a reversed one with its message. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="Within the bounds" className="items-stretch">
        <FromStory meta={meta} story={Default} globals={context.globals} />
      </Variant>
      <Variant label="Reversed" className="items-stretch">
        <FromStory meta={meta} story={Reversed} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Within the bounds", "Reversed"]);
    const inBounds = within(shown["Within the bounds"] as HTMLElement);
    await expect(inBounds.getByRole("spinbutton", { name: t("customSet.range.min") })).toHaveValue(1200);
    await expect(inBounds.getByRole("spinbutton", { name: t("customSet.range.max") })).not.toBeInvalid();
    const reversed = within(shown.Reversed as HTMLElement);
    await expect(reversed.getByRole("spinbutton", { name: t("customSet.range.max") })).toBeInvalid();
    await expect(
      reversed.getByText(t("customSet.range.reversed", { min: "1600", max: "1200" })),
    ).toBeVisible();
  },
};

/** A range within the bounds: both ends labelled, the bounds said under them; typing reports the text. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: t("customSet.range.legend") })).toBeVisible();
    const max = canvas.getByRole("spinbutton", { name: t("customSet.range.max") });
    await expect(max).toHaveValue(1600);
    await expect(max).toHaveAccessibleDescription(t("customSet.range.hint", { low: 400, high: 3300 }));
    await userEvent.clear(max);
    await userEvent.type(max, "1800");
    await expect(args.onMaxChange).toHaveBeenLastCalledWith("1800");
    await expect(max).not.toBeInvalid();
  },
};

/** The lowest end above the highest: both inputs invalid, and the message says why. */
export const Reversed: Story = {
  args: { min: "1600", max: "1200" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const message = t("customSet.range.reversed", { min: "1600", max: "1200" });
    for (const name of [t("customSet.range.min"), t("customSet.range.max")]) {
      const input = canvas.getByRole("spinbutton", { name });
      await expect(input).toBeInvalid();
      await expect(input).toHaveAccessibleDescription(message);
    }
    // Fixing the range takes the message away.
    const min = canvas.getByRole("spinbutton", { name: t("customSet.range.min") });
    await userEvent.clear(min);
    await userEvent.type(min, "1000");
    await expect(min).not.toBeInvalid();
  },
};
