import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { storyTexts, textsOr } from "../lib/story-texts";
import { Spinner } from "./spinner";

const meta = {
  title: "Basics/Spinner",
  component: Spinner,
  // The label comes from the story's locale; typed in Controls, it replaces it.
  args: { label: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return <Spinner {...args} {...textsOr(args, { label: t("common.loading") })} />;
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Centered: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      storyTexts(globals)("common.loading"),
    );
  },
};
export const Inline: Story = { args: { layout: "inline", size: "sm" } };
export const Large: Story = { args: { size: "lg" } };
