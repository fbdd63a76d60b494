import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { textsOr } from "../lib/story-texts";
import { TextField } from "./field";

const meta = {
  title: "Basics/TextField",
  component: TextField,
  // The label comes from the story's locale; typed in Controls, it replaces it.
  args: { label: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return <TextField {...args} {...textsOr(args, { label: t("login.username") })} className="max-w-login" />;
  },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty and required, with an error under it, and disabled. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Empty" className="items-stretch">
        <FromStory meta={meta} story={Empty} globals={context.globals} />
      </Variant>
      <Variant label="With error" className="items-stretch">
        <FromStory meta={meta} story={WithError} globals={context.globals} />
      </Variant>
      <Variant label="Disabled" className="items-stretch">
        <FromStory meta={meta} story={Disabled} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Empty", "With error", "Disabled"]);
    await expect(within(shown.Empty as HTMLElement).getByRole("textbox")).toBeRequired();
    await expect(within(shown["With error"] as HTMLElement).getByRole("textbox")).toHaveAccessibleDescription(
      "Invalid username or password",
    );
    await expect(within(shown.Disabled as HTMLElement).getByRole("textbox")).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { required: true, autoComplete: "username" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox");
    await expect(input).toBeRequired();
    await userEvent.type(input, "admin");
    await expect(input).toHaveValue("admin");
  },
};

export const WithError: Story = {
  args: { error: "Invalid username or password", defaultValue: "admin" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Invalid username or password");
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: "admin" } };

/** A label and an error typed in Controls replace the locale's label and show as the user would see them. */
export const EditedInControls: Story = {
  args: { label: "Lichess username", error: "No such player on lichess.org" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Lichess username" });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("No such player on lichess.org");
  },
};
