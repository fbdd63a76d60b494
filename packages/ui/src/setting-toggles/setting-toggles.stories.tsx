import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { SettingSlider, SettingSwitch, SettingToggles } from "./setting-toggles";

const SWITCHES = ["showLegalMoves", "showCoordinates", "showLastMove", "highlightCheck"] as const;
type SwitchKey = (typeof SWITCHES)[number];

/** The board settings of the spec (section 3) with their defaults: every highlight on, 300 ms animation. */
function BoardSettings({
  initial,
  onChange,
  title,
}: {
  initial?: Partial<Record<SwitchKey, boolean>> & { animationDuration?: number };
  onChange?: (key: string, value: boolean | number) => void;
  /** The panel's heading typed in Controls; empty: the locale's. */
  title?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    showLegalMoves: true,
    showCoordinates: true,
    showLastMove: true,
    highlightCheck: true,
    animationDuration: 300,
    ...initial,
  });
  const set = (key: SwitchKey | "animationDuration", value: boolean | number) => {
    setValues((current) => ({ ...current, [key]: value }));
    onChange?.(key, value);
  };
  return (
    <SettingToggles title={title || t("moveHighlighting.settings.title")} className="max-w-panel">
      {SWITCHES.map((key) => (
        <SettingSwitch
          key={key}
          label={t(`moveHighlighting.settings.${key}`)}
          checked={values[key]}
          onCheckedChange={(checked) => set(key, checked)}
        />
      ))}
      <SettingSlider
        label={t("moveHighlighting.settings.animationDuration")}
        value={values.animationDuration}
        onValueChange={(value) => set("animationDuration", value)}
        min={0}
        max={1000}
        step={50}
        valueText={t("moveHighlighting.settings.duration", { value: values.animationDuration })}
      />
    </SettingToggles>
  );
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A panel of settings: a heading and its rows of switches and sliders. Fill it with SettingSwitch
(an on/off setting, a Radix switch at the end of the row) and SettingSlider (a number on a slider, with its value as
text). Use it for the board's settings on the training screen and the move highlighting page.

**Do**
- Give each switch a label that names the setting in the positive ("Show legal moves"), and a \`description\` when the
  effect is not obvious.
- Give each slider a \`valueText\` with its unit ("300 ms"): it is shown and read.
- Apply a setting as soon as it changes: the panel has no Save button.

**Don't**
- Don't use a switch for an action (Reset progress): that is a Button.
- Don't use a switch for a choice among more than two: that is a SelectField.`;

const meta = {
  title: "Controls/SettingToggles",
  component: SettingToggles,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // The heading comes from the story's locale; typed in Controls, it replaces it.
  args: { title: "" },
  render: function Render(args) {
    return <BoardSettings title={args.title} />;
  },
} satisfies Meta<typeof SettingToggles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The board settings with their defaults, with some switched off, and one switch with a description. */
export const Overview: Story = {
  // The sliders' round thumbs and the switches' ends, four times over, anti-alias a little differently from run to
  // run in dark (10 pixels seen on a busy machine, where 8 are allowed).
  parameters: { ...REPEATED_LANDMARKS, visual: { maxDiffPixels: 24 } },
  render: (args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="Defaults" className="items-stretch">
        <FromStory meta={meta} story={Defaults} globals={context.globals} args={args} />
      </Variant>
      <Variant label="Some off" className="items-stretch">
        <FromStory meta={meta} story={SomeOff} globals={context.globals} args={args} />
      </Variant>
      <Variant label="Switch with description" className="col-span-2">
        <FromStory meta={meta} story={SwitchWithDescription} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Defaults", "Some off", "Switch with description"]);
    const checked = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("switch")
        .map((toggle) => toggle.getAttribute("aria-checked"));
    await expect(checked("Defaults")).toEqual(["true", "true", "true", "true"]);
    await expect(checked("Some off")).toEqual(["false", "true", "true", "false"]);
    await expect(
      within(shown["Switch with description"] as HTMLElement).getByRole("switch", {
        name: t("features.showNotation"),
      }),
    ).toBeChecked();
  },
};

/** The spec's defaults: legal moves, coordinates, last move and check on; animation 300 ms. */
export const Defaults: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const panel = within(canvasElement).getByRole("region", { name: t("moveHighlighting.settings.title") });
    for (const key of SWITCHES) {
      await expect(
        within(panel).getByRole("switch", { name: t(`moveHighlighting.settings.${key}`) }),
      ).toBeChecked();
    }
    const slider = within(panel).getByRole("slider", {
      name: t("moveHighlighting.settings.animationDuration"),
    });
    await expect(slider).toHaveAttribute("aria-valuenow", "300");
    await expect(slider).toHaveAttribute(
      "aria-valuetext",
      t("moveHighlighting.settings.duration", { value: 300 }),
    );
  },
};

const onChange = fn();

/** A click on the switch or on its label turns the setting off and on again. */
export const ToggleByClick: Story = {
  render: function Render(args) {
    return <BoardSettings onChange={onChange} title={args.title} />;
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const coordinates = canvas.getByRole("switch", { name: t("moveHighlighting.settings.showCoordinates") });
    await userEvent.click(coordinates);
    await expect(coordinates).not.toBeChecked();
    await expect(onChange).toHaveBeenLastCalledWith("showCoordinates", false);
    await userEvent.click(canvas.getByText(t("moveHighlighting.settings.showCoordinates")));
    await expect(coordinates).toBeChecked();
  },
};

/** Keyboard: Space flips a switch; the arrow keys move the slider in steps of 50 ms. */
export const Keyboard: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.tab();
    const legal = canvas.getByRole("switch", { name: t("moveHighlighting.settings.showLegalMoves") });
    await expect(legal).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(legal).not.toBeChecked();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    const slider = canvas.getByRole("slider", { name: t("moveHighlighting.settings.animationDuration") });
    await expect(slider).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    await expect(slider).toHaveAttribute("aria-valuenow", "400");
    await userEvent.keyboard("{Home}");
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
    await expect(canvas.getByText(t("moveHighlighting.settings.duration", { value: 0 }))).toBeVisible();
  },
};

/** Settings kept from an earlier change: some off, animation off. */
export const SomeOff: Story = {
  render: function Render(args) {
    return (
      <BoardSettings
        initial={{ showLegalMoves: false, highlightCheck: false, animationDuration: 0 }}
        title={args.title}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("switch", { name: t("moveHighlighting.settings.showLegalMoves") }),
    ).not.toBeChecked();
    await expect(
      canvas.getByRole("switch", { name: t("moveHighlighting.settings.showLastMove") }),
    ).toBeChecked();
    await expect(canvas.getByRole("slider")).toHaveAttribute("aria-valuenow", "0");
  },
};

/** One switch with a description under its label (the chess features page's notation panel switch). */
export const SwitchWithDescription: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const [checked, setChecked] = useState(true);
    return (
      <SettingSwitch
        className="max-w-md"
        label={t("features.showNotation")}
        description={t("features.showNotationHelp")}
        checked={checked}
        onCheckedChange={setChecked}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const toggle = within(canvasElement).getByRole("switch", { name: t("features.showNotation") });
    await expect(toggle).toHaveAccessibleDescription(t("features.showNotationHelp"));
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).not.toBeChecked();
  },
};
