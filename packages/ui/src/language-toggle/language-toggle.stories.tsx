import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LanguageToggle } from "./language-toggle";

const meta = {
  title: "Shell/LanguageToggle",
  component: LanguageToggle,
  args: { label: "العربية", ariaLabel: "العربية (Arabic)", targetLanguage: "ar", onToggle: fn() },
} satisfies Meta<typeof LanguageToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the site is in English the toggle shows the Arabic word for Arabic. */
export const WhileEnglish: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "العربية (Arabic)" });
    await expect(button).toHaveTextContent("العربية");
    await userEvent.click(button);
    await expect(args.onToggle).toHaveBeenCalledOnce();
  },
};

/** While the site is in Arabic the toggle shows 'English'. */
export const WhileArabic: Story = {
  args: { label: "English", ariaLabel: "English (الإنجليزية)", targetLanguage: "en" },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button");
    await expect(button).toHaveTextContent("English");
    button.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onToggle).toHaveBeenCalledOnce();
  },
};
