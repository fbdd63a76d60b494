import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PositionPresets } from "./position-presets";

const VALUES = ["start", "sicilian", "endgame"] as const;

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A row of buttons that each load a sample position (the notation demo's Starting Position,
Sicilian Defense, Simple Endgame). The loaded one is pressed; pressing it again loads it afresh.

**Do**
- Pass \`value: null\` once the board shows something else (a move was played): no preset stays pressed for a
  position it no longer shows.
- Keep it to a few presets with short names in the page's language; the group's \`label\` says what they do ("Load a
  position").

**Don't**
- Don't use it to switch between views or settings: each button loads a position on the board.
- Don't use it for a long list of positions: that is a SelectField, or the FenInput for any position.`;

const meta = {
  title: "Chess/PositionPresets",
  component: PositionPresets,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { label: "", presets: [], value: "start", onValueChange: fn() },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PositionPresets
        {...args}
        {...textsOr(args, { label: t("notation.presets.label") })}
        presets={VALUES.map((value) => ({ value, label: t(`notation.presets.${value}`) }))}
      />
    );
  },
} satisfies Meta<typeof PositionPresets>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A preset loaded (its button pressed) and none loaded (the player set up a position of their own). */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      <Variant label="Starting position loaded">
        <FromStory
          meta={meta}
          story={StartingPositionLoaded}
          globals={context.globals}
          args={{ onValueChange: args.onValueChange }}
        />
      </Variant>
      <Variant label="None loaded">
        <FromStory
          meta={meta}
          story={NoneLoaded}
          globals={context.globals}
          args={{ onValueChange: args.onValueChange }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Starting position loaded", "None loaded"]);
    const pressed = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-pressed"));
    await expect(pressed("Starting position loaded")).toEqual(["true", "false", "false"]);
    await expect(pressed("None loaded")).toEqual(["false", "false", "false"]);
  },
};

/** The notation demo's three buttons; the loaded one is pressed. */
export const StartingPositionLoaded: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const group = within(canvasElement).getByRole("group", { name: t("notation.presets.label") });
    const buttons = within(group).getAllByRole("button");
    await expect(buttons.map((button) => button.textContent)).toEqual([
      t("notation.presets.start"),
      t("notation.presets.sicilian"),
      t("notation.presets.endgame"),
    ]);
    await expect(buttons[0]).toHaveAttribute("aria-pressed", "true");
    await expect(buttons[1]).toHaveAttribute("aria-pressed", "false");
  },
};

export const Choose: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: t("notation.presets.sicilian") }));
    await expect(args.onValueChange).toHaveBeenCalledWith("sicilian");
    // Keyboard: Tab to the last button and press Enter.
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("endgame");
  },
};

/** Nothing pressed: the board shows a position of none of the presets. */
export const NoneLoaded: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole("button")) {
      await expect(button).toHaveAttribute("aria-pressed", "false");
    }
  },
};

export const Playground: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    const [value, setValue] = useState<string | null>("start");
    return (
      <PositionPresets
        {...args}
        {...textsOr(args, { label: t("notation.presets.label") })}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
        presets={VALUES.map((preset) => ({ value: preset, label: t(`notation.presets.${preset}`) }))}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const endgame = canvas.getByRole("button", { name: t("notation.presets.endgame") });
    await userEvent.click(endgame);
    await expect(endgame).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByRole("button", { name: t("notation.presets.start") })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  },
};
