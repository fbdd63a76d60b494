import type { Meta, StoryObj } from "@storybook/react-vite";
import { ArrowRight } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";

const meta = {
  title: "Basics/Button",
  component: Button,
  args: { children: "Start Training", onClick: fn() },
  argTypes: {
    variant: { control: "inline-radio", options: ["primary", "secondary", "ghost", "danger", "link"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg", "icon"] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Start Training" });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
    await expect(button).toHaveAttribute("data-variant", "primary");
  },
};

export const Secondary: Story = { args: { variant: "secondary", children: "Reset" } };
export const Ghost: Story = { args: { variant: "ghost", children: "Cancel" } };
export const Danger: Story = { args: { variant: "danger", children: "Delete" } };
export const Link: Story = { args: { variant: "link", children: "Return Home" } };
export const Small: Story = { args: { size: "sm", children: "Copy FEN" } };
export const Large: Story = { args: { size: "lg" } };

export const WithIcon: Story = {
  args: {
    children: (
      <>
        Next <ArrowRight aria-hidden className="rtl:rotate-180" />
      </>
    ),
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: "Logging in..." },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button");
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#training">Start Training</a> },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Start Training" });
    await expect(link).toHaveAttribute("data-slot", "button");
  },
};

export const Playground: Story = {};
