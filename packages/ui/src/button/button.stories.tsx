import type { Meta, StoryObj } from "@storybook/react-vite";
import { ArrowRight } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
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

const VARIANTS = ["primary", "secondary", "ghost", "danger", "link"] as const;
const SIZES = ["sm", "md", "lg"] as const;

/** Every variant in every size, then the icon size, an icon beside the text, disabled and a link as a button. */
export const Overview: Story = {
  render: () => (
    <Variants>
      {VARIANTS.map((variant) => (
        <Variant key={variant} label={variant[0]?.toUpperCase() + variant.slice(1)} className="basis-full">
          <div className="flex flex-wrap items-center gap-3">
            {SIZES.map((size) => (
              <Button key={size} variant={variant} size={size}>
                Start Training
              </Button>
            ))}
          </div>
        </Variant>
      ))}
      <Variant label="Icon">
        <Button size="icon" variant="secondary" aria-label="Next position">
          <ArrowRight aria-hidden className="rtl:rotate-180" />
        </Button>
      </Variant>
      <Variant label="With icon">
        <Button>
          Next <ArrowRight aria-hidden className="rtl:rotate-180" />
        </Button>
      </Variant>
      <Variant label="Disabled">
        <div className="flex gap-3">
          <Button disabled>Start Training</Button>
          <Button disabled variant="secondary">
            Reset
          </Button>
        </div>
      </Variant>
      <Variant label="As link">
        <Button asChild variant="secondary">
          <a href="#training">Start Training</a>
        </Button>
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, [
      ...VARIANTS.map((variant) => variant[0]?.toUpperCase() + variant.slice(1)),
      "Icon",
      "With icon",
      "Disabled",
      "As link",
    ]);
    for (const variant of VARIANTS) {
      const row = within(shown[variant[0]?.toUpperCase() + variant.slice(1)] as HTMLElement).getAllByRole(
        "button",
      );
      await expect(row.map((button) => button.dataset.size)).toEqual([...SIZES]);
      for (const button of row) await expect(button).toHaveAttribute("data-variant", variant);
    }
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("button")).toHaveLength(VARIANTS.length * SIZES.length + 4);
    await expect(canvas.getByRole("button", { name: "Next position" })).toHaveAttribute("data-size", "icon");
    for (const button of within(shown.Disabled as HTMLElement).getAllByRole("button"))
      await expect(button).toBeDisabled();
    await expect(canvas.getByRole("link", { name: "Start Training" })).toHaveAttribute("data-slot", "button");
  },
};

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
