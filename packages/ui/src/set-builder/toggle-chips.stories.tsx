import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { ToggleChips, type ToggleChipsProps } from "./set-builder";

/** A few of the library's motifs with their names as the themes API gives them (English and Arabic). */
const MOTIFS = [
  { value: "fork", en: "Fork", ar: "الشوكة" },
  { value: "pin", en: "Pin", ar: "التثبيت" },
  { value: "skewer", en: "Skewer", ar: "السيخ" },
  { value: "discoveredAttack", en: "Discovered attack", ar: "الهجوم المكشوف" },
  { value: "deflection", en: "Deflection", ar: "الإبعاد" },
  { value: "attraction", en: "Attraction", ar: "الجذب" },
];

/** The custom set's themes: several chosen at once. */
function Motifs(props: Partial<ToggleChipsProps>) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState<readonly string[]>(props.value ?? []);
  return (
    <ToggleChips
      label={t("customSet.themes.legend")}
      description={t("customSet.themes.hint")}
      options={MOTIFS.map((motif) => ({
        value: motif.value,
        label: i18n.language === "ar" ? motif.ar : motif.en,
      }))}
      className="max-w-lg"
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
  title: "Controls/ToggleChips",
  component: ToggleChips,
  args: {
    // The texts come from the story's locale; typed in Controls, they replace them.
    label: "",
    description: "",
    options: MOTIFS.map((motif) => ({ value: motif.value, label: motif.en })),
    value: [],
    onValueChange: fn(),
    size: "md",
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Motifs
        value={args.value}
        size={args.size}
        disabled={args.disabled ?? false}
        onValueChange={args.onValueChange}
        {...textsOr(args, { label: t("customSet.themes.legend"), description: t("customSet.themes.hint") })}
      />
    );
  },
} satisfies Meta<typeof ToggleChips>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen (medium), two chosen (small), disabled. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="flex-col">
      <Variant label="Nothing chosen (medium)">
        <FromStory meta={meta} story={Default} globals={context.globals} />
      </Variant>
      <Variant label="Two chosen (small)">
        <FromStory meta={meta} story={Chosen} globals={context.globals} />
      </Variant>
      <Variant label="Disabled">
        <FromStory meta={meta} story={Disabled} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, [
      "Nothing chosen (medium)",
      "Two chosen (small)",
      "Disabled",
    ]);
    const pressed = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("button")
        .filter((chip) => chip.getAttribute("aria-pressed") === "true");
    await expect(pressed("Nothing chosen (medium)")).toHaveLength(0);
    await expect(pressed("Two chosen (small)")).toHaveLength(2);
    for (const chip of within(shown.Disabled as HTMLElement).getAllByRole("button")) {
      await expect(chip).toBeDisabled();
    }
  },
};

/** Nothing chosen; a click and the keyboard (arrows, Space) choose several. */
export const Default: Story = {
  // The focus ring on Pin meets Fork's edge: in the dark modes a few of those pixels were shaded differently from
  // one run to the next (9 of 480,000 seen), with nothing else changed.
  parameters: { visual: { maxDiffPixels: 24 } },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    // A Radix toggle group is a toolbar: Tab reaches it once, the arrows move within it.
    const group = canvas.getByRole("toolbar", { name: t("customSet.themes.legend") });
    await expect(group).toHaveAccessibleDescription(t("customSet.themes.hint"));
    const [fork, pin] = within(group).getAllByRole("button");
    await expect(fork).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(fork as HTMLElement);
    await expect(fork).toHaveAttribute("aria-pressed", "true");
    // Down is "next" in both directions (Right would be "previous" in Arabic).
    await userEvent.keyboard("{ArrowDown}");
    await expect(pin).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(pin).toHaveAttribute("aria-pressed", "true");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["fork", "pin"]);
  },
};

/** Two chosen, each with a tick besides its colour; small chips. */
export const Chosen: Story = {
  args: { value: ["pin", "deflection"], size: "sm" },
  play: async ({ canvasElement }) => {
    const pressed = within(canvasElement)
      .getAllByRole("button")
      .filter((chip) => chip.getAttribute("aria-pressed") === "true");
    await expect(pressed).toHaveLength(2);
  },
};

/** While nothing can change (the themes are being counted, say). */
export const Disabled: Story = {
  args: { value: ["fork"], disabled: true },
  play: async ({ canvasElement }) => {
    for (const chip of within(canvasElement).getAllByRole("button")) await expect(chip).toBeDisabled();
  },
};
