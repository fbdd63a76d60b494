import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { textsOr } from "../lib/story-texts";
import { Alert } from "./alert";

const meta = {
  title: "Basics/Alert",
  component: Alert,
  // The message comes from the story's locale; typed in Controls, it replaces it.
  args: { variant: "error", children: "" },
  argTypes: { children: { control: "text" } },
  render: function Render(args) {
    const { t } = useTranslation();
    const message =
      args.variant === "error" ? t("analysis.statusError") : t("analysis.uploaded", { count: 12 });
    return <Alert {...args} {...textsOr(args, { children: message })} />;
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorMessage: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toBeVisible();
  },
};
export const Success: Story = {
  args: { variant: "success" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeVisible();
  },
};
export const Warning: Story = { args: { variant: "warning" } };
export const Info: Story = { args: { variant: "info" } };
