import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { Alert } from "./alert";

const meta = {
  title: "Basics/Alert",
  component: Alert,
  args: { variant: "error" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Alert {...args}>
        {args.variant === "error" ? t("analysis.statusError") : t("analysis.uploaded", { count: 12 })}
      </Alert>
    );
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
