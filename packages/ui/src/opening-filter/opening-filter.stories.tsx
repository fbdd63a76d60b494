import { OPENINGS } from "@ct/chess";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { OpeningFilter, type OpeningOption } from "./opening-filter";

/** The trainer's 29 openings, named in the page's language. */
function useOpenings(): OpeningOption[] {
  const { i18n } = useTranslation();
  return OPENINGS.map((opening) => ({
    value: opening.name,
    label: i18n.language === "ar" ? opening.name_ar : opening.name,
  }));
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The trainer's opening filter (spec section 2): a native select with 'All Openings' and the named
openings, and a Clear Filter button, enabled while a filter is set. Use it on the training screen to limit the
positions to one opening.

**Do**
- Give each opening's \`value\` as its English name (what positions are compared with) and its \`label\` in the page's
  language.
- Pass a \`message\` when the filter leaves nothing ('No positions found for this opening'): it is shown under the
  filter and announced politely.
- Choose the \`layout\` for the place: \`stacked\` in a panel, \`inline\` in a toolbar, \`inline-lg\` for a toolbar on
  wide screens that becomes a menu on a phone.

**Don't**
- Don't use it for other lists: for a general choice with a label and an error, that is the SelectField.
- Don't put 'All Openings' in \`openings\`: the filter adds it first (\`allLabel\`), and it means no filter
  (\`null\`).`;

const meta = {
  title: "Training/OpeningFilter",
  component: OpeningFilter,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    openings: [],
    value: null,
    onValueChange: fn(),
    label: "",
    allLabel: "",
    clearLabel: "",
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <OpeningFilter
        {...args}
        {...textsOr(args, {
          label: t("training.filter.label"),
          allLabel: t("training.filter.all"),
          clearLabel: t("training.filter.clear"),
        })}
        openings={useOpenings()}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof OpeningFilter>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_FILTERS = [
  { label: "All openings", story: () => AllOpenings },
  { label: "Filtered", story: () => Filtered },
  { label: "No positions for opening", story: () => NoPositionsForOpening },
  { label: "Disabled", story: () => Disabled },
  { label: "Inline", story: () => Inline },
];

/** No filter, one opening chosen (with Clear), an opening without positions, disabled, and the label inline. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {OVERVIEW_FILTERS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory
            meta={meta}
            story={story()}
            globals={context.globals}
            args={{ onValueChange: args.onValueChange }}
          />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_FILTERS.map(({ label }) => label),
    );
    await expect(
      within(canvasElement).getAllByRole("combobox", { name: t("training.filter.label") }),
    ).toHaveLength(5);
    // Clear is there to press only while an opening is chosen.
    const clear = (label: string) =>
      within(shown[label] as HTMLElement).getByRole("button", { name: t("training.filter.clear") });
    await expect(clear("All openings")).toBeDisabled();
    await expect(clear("Filtered")).toBeEnabled();
    await expect(shown["No positions for opening"]).toHaveTextContent(t("training.filter.empty"));
    await expect(within(shown.Disabled as HTMLElement).getByRole("combobox")).toBeDisabled();
  },
};

export const AllOpenings: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const select = canvas.getByRole("combobox", { name: t("training.filter.label") });
    await expect(select).toHaveDisplayValue(t("training.filter.all"));
    await expect(within(select).getAllByRole("option")).toHaveLength(30);
    await expect(canvas.getByRole("button", { name: t("training.filter.clear") })).toBeDisabled();
    await userEvent.selectOptions(select, "Sicilian Defense");
    await expect(args.onValueChange).toHaveBeenCalledWith("Sicilian Defense");
  },
};

export const Filtered: Story = {
  args: { value: "Ruy Lopez" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("combobox")).toHaveValue("Ruy Lopez");
    await userEvent.click(canvas.getByRole("button", { name: t("training.filter.clear") }));
    await expect(args.onValueChange).toHaveBeenCalledWith(null);
  },
};

/** Choosing 'All Openings' again clears the filter too. */
export const BackToAll: Story = {
  args: { value: "French Defense" },
  play: async ({ args, canvasElement }) => {
    await userEvent.selectOptions(within(canvasElement).getByRole("combobox"), "");
    await expect(args.onValueChange).toHaveBeenCalledWith(null);
  },
};

export const NoPositionsForOpening: Story = {
  args: { value: "Bird's Opening" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <OpeningFilter
        {...args}
        {...textsOr(args, {
          label: t("training.filter.label"),
          allLabel: t("training.filter.all"),
          clearLabel: t("training.filter.clear"),
          message: t("training.filter.empty"),
        })}
        openings={useOpenings()}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("training.filter.empty"));
    await expect(canvas.getByRole("combobox")).toHaveAccessibleDescription(t("training.filter.empty"));
  },
};

export const Disabled: Story = {
  args: { value: "Ruy Lopez", disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("combobox")).toBeDisabled();
    await expect(canvas.getByRole("button")).toBeDisabled();
  },
};

/** A working filter: the state lives in the story. */
export const Playground: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    const [value, setValue] = useState<string | null>(null);
    return (
      <OpeningFilter
        {...args}
        {...textsOr(args, {
          label: t("training.filter.label"),
          allLabel: t("training.filter.all"),
          clearLabel: t("training.filter.clear"),
        })}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
        openings={useOpenings()}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const clear = canvas.getByRole("button", { name: t("training.filter.clear") });
    await userEvent.selectOptions(canvas.getByRole("combobox"), "Italian Game");
    await expect(clear).toBeEnabled();
    await userEvent.click(clear);
    await expect(canvas.getByRole("combobox")).toHaveDisplayValue(t("training.filter.all"));
    await expect(clear).toBeDisabled();
  },
};

/** The label beside the dropdown: the trainer's toolbar on a wide screen. */
export const Inline: Story = {
  args: { layout: "inline", value: "Sicilian Defense" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <OpeningFilter
        {...args}
        {...textsOr(args, {
          label: t("training.filter.label"),
          allLabel: t("training.filter.all"),
          clearLabel: t("training.filter.clear"),
        })}
        openings={useOpenings()}
        className="max-w-xl"
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const select = canvas.getByRole("combobox", { name: t("training.filter.label") });
    const label = canvas.getByText(t("training.filter.label"));
    // Beside, not above: the label and the dropdown share a row.
    const middle = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      return box.top + box.height / 2;
    };
    await expect(Math.abs(middle(label) - middle(select))).toBeLessThan(4);
    await expect(canvas.getByRole("button", { name: t("training.filter.clear") })).toBeEnabled();
  },
};
