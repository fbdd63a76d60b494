import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { Spinner } from "./spinner";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A spinning ring with a status text for screen readers: the admin guard's session check, a screen
or a list that is loading. \`centered\` (the default) fills the space it is given (at least half the screen's height);
\`inline\` takes only its size.

**Do**
- Give a \`label\` that says what is loading ("Loading module…", "Checking session…"): it is the only thing screen
  readers hear.
- Use \`layout="inline"\` inside a list or a panel, and the default \`centered\` when the whole screen waits.
- Show it only for a wait the player notices; keep what is already on screen rather than replacing it.

**Don't**
- Don't leave it spinning after a failure: replace it with an Alert that says what failed and offers Retry.
- Don't use it for the engine checking a move or for an analysis with progress: those have their own texts (the
  feedback's "Checking your move…", the AnalysisProgress bar).`;

const meta = {
  title: "Basics/Spinner",
  component: Spinner,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // The label comes from the story's locale; typed in Controls, it replaces it.
  args: { label: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return <Spinner {...args} {...textsOr(args, { label: t("common.loading") })} />;
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Centred in its space, inline and small beside text, and large. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      <Variant label="Centered" className="w-48 items-stretch">
        <FromStory meta={meta} story={Centered} globals={context.globals} args={args} />
      </Variant>
      <Variant label="Inline, small">
        <FromStory meta={meta} story={Inline} globals={context.globals} args={args} />
      </Variant>
      <Variant label="Large">
        <FromStory meta={meta} story={Large} globals={context.globals} args={args} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expectVariants(canvasElement, ["Centered", "Inline, small", "Large"]);
    const spinners = within(canvasElement).getAllByRole("status");
    await expect(spinners).toHaveLength(3);
    for (const spinner of spinners) await expect(spinner).toHaveTextContent(t("common.loading"));
  },
};

export const Centered: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      storyTexts(globals)("common.loading"),
    );
  },
};
export const Inline: Story = { args: { layout: "inline", size: "sm" } };
export const Large: Story = { args: { size: "lg" } };
