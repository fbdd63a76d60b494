import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { LanguageToggle } from "./language-toggle";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The language toggle of the top bar (spec section 2, Shell): one button that switches the site
between English and Arabic, and the page with it between left to right and right to left.

**Do**
- Label it with the name of the other language, in that language ('العربية' on an English page, 'English' on an Arabic
  one), and set \`targetLanguage\` to it: the label is then marked with its own language and direction.
- Give an \`ariaLabel\` in the current page's language when the screen reader should announce it in that language.
- Keep it in the top bar, beside the ThemeToggle, on every page.

**Don't**
- Don't use a flag: a language is not a country.
- Don't translate the label into the current language ("Arabic"): a reader of the other language must recognise it.`;

const meta = {
  title: "Shell/LanguageToggle",
  component: LanguageToggle,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { label: "العربية", ariaLabel: "العربية (Arabic)", targetLanguage: "ar", onToggle: fn() },
} satisfies Meta<typeof LanguageToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The toggle while the site is in English (it offers Arabic) and while it is in Arabic (it offers English). */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      <Variant label="While English">
        <FromStory
          meta={meta}
          story={WhileEnglish}
          globals={context.globals}
          args={{ onToggle: args.onToggle }}
        />
      </Variant>
      <Variant label="While Arabic">
        <FromStory
          meta={meta}
          story={WhileArabic}
          globals={context.globals}
          args={{ onToggle: args.onToggle }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["While English", "While Arabic"]);
    await expect(within(shown["While English"] as HTMLElement).getByRole("button")).toHaveAccessibleName(
      "العربية (Arabic)",
    );
    await expect(within(shown["While Arabic"] as HTMLElement).getByRole("button")).toHaveAccessibleName(
      "English (الإنجليزية)",
    );
  },
};

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
