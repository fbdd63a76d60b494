import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { SelectField, type SelectFieldProps } from "./select-field";

type Difficulty = "easiest" | "easier" | "normal" | "harder" | "hardest";
const DIFFICULTIES: Difficulty[] = ["easiest", "easier", "normal", "harder", "hardest"];

function Difficulties(props: Partial<SelectFieldProps<Difficulty>>) {
  const { t } = useTranslation();
  const [value, setValue] = useState<Difficulty>("normal");
  return (
    <SelectField<Difficulty>
      label={t("training.difficulty.label")}
      options={DIFFICULTIES.map((key) => ({ value: key, label: t(`training.difficulty.${key}`) }))}
      value={value}
      {...props}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange?.(next);
      }}
    />
  );
}

const meta = {
  title: "Basics/SelectField",
  component: SelectField,
  args: {
    // The label comes from the story's locale; typed in Controls, it replaces it.
    label: "",
    options: DIFFICULTIES.map((value) => ({ value, label: value })),
    value: "normal",
    onValueChange: fn(),
    layout: "stacked",
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Difficulties
        layout={args.layout}
        onValueChange={args.onValueChange}
        {...textsOr(args, { label: t("training.difficulty.label") })}
      />
    );
  },
} satisfies Meta<typeof SelectField<Difficulty>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The label above the box (stacked) and beside it (inline). */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      <Variant label="Stacked">
        <FromStory
          meta={meta}
          story={Stacked}
          globals={context.globals}
          args={{ onValueChange: args.onValueChange }}
        />
      </Variant>
      <Variant label="Inline">
        <FromStory
          meta={meta}
          story={Inline}
          globals={context.globals}
          args={{ onValueChange: args.onValueChange }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Stacked", "Inline"]);
    for (const frame of Object.values(shown))
      await expect(
        within(frame).getByRole("combobox", { name: t("training.difficulty.label") }),
      ).toHaveTextContent(t("training.difficulty.normal"));
  },
};

/** The label above the dropdown; choosing with the keyboard reports the value. */
export const Stacked: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const select = within(canvasElement).getByRole("combobox", { name: t("training.difficulty.label") });
    await expect(select).toHaveValue("normal");
    await userEvent.selectOptions(select, t("training.difficulty.harder"));
    await expect(select).toHaveValue("harder");
    await expect(args.onValueChange).toHaveBeenCalledWith("harder");
  },
};

/** The label beside the dropdown (a toolbar). */
export const Inline: Story = {
  args: { layout: "inline" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const select = within(canvasElement).getByRole("combobox", { name: t("training.difficulty.label") });
    await expect(within(select).getAllByRole("option")).toHaveLength(5);
  },
};
