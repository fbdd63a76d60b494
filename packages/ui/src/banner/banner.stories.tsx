import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
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

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByText(storyTexts(globals)("banner"))).toBeVisible();
  },
};
