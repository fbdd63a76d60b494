import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
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

const TONES = ["error", "success", "warning", "info"] as const;

/** Every tone side by side: error (role alert), success, warning and info (role status). */
export const Overview: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <Variants className="grid max-w-panel grid-cols-1 gap-4">
        {TONES.map((tone) => (
          <Variant key={tone} label={tone[0]?.toUpperCase() + tone.slice(1)} className="items-stretch">
            <Alert variant={tone}>
              {tone === "error" ? t("analysis.statusError") : t("analysis.uploaded", { count: 12 })}
            </Alert>
          </Variant>
        ))}
      </Variants>
    );
  },
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Error", "Success", "Warning", "Info"]);
    for (const tone of TONES) {
      const frame = shown[tone[0]?.toUpperCase() + tone.slice(1)] as HTMLElement;
      await expect(frame.querySelector(`[data-variant=${tone}]`)).toBeVisible();
    }
    await expect(within(canvasElement).getAllByRole("alert")).toHaveLength(1);
    await expect(within(canvasElement).getAllByRole("status")).toHaveLength(3);
  },
};

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
