import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { Banner } from "./banner";

const meta = {
  title: "Shell/Banner",
  component: Banner,
  // The text comes from the story's locale; typed in Controls, it replaces it.
  args: { text: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return <Banner {...args} {...textsOr(args, { text: t("banner") })} />;
  },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The one banner, as wide as the page, and in a narrow column where its line wraps. */
export const Overview: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <Variants>
        <Variant label="Page width" className="w-full items-stretch">
          <Banner text={t("banner")} />
        </Variant>
        <Variant label="Narrow" className="w-72 items-stretch">
          <Banner text={t("banner")} />
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const shown = await expectVariants(canvasElement, ["Page width", "Narrow"]);
    for (const frame of Object.values(shown))
      await expect(within(frame).getByText(storyTexts(globals)("banner"))).toBeVisible();
  },
};

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByText(storyTexts(globals)("banner"))).toBeVisible();
  },
};
