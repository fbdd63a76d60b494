import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { ThemeToggle } from "./theme-toggle";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The theme toggle of the top bar, beside the language toggle: a moon (switch to dark) or a sun
(switch to light) with the theme's name, the icon alone on narrow screens.

**Do**
- Set \`target\` to the theme the button switches to (\`dark\` while the page is light), and \`label\` to that theme's
  name ("Dark theme"): it shows from 768 px and names the button everywhere.
- Keep it in the top bar beside the LanguageToggle, on every page.

**Don't**
- Don't label it with the current theme: the icon and the name say what a press does.
- Don't give a component its own dark colours: the theme changes the tokens, and the components follow.`;

const meta = {
  title: "Shell/ThemeToggle",
  component: ThemeToggle,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { target: "dark", label: "Dark theme", onToggle: fn() },
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The toggle while the page is light (it offers the dark theme: a moon) and while it is dark (a sun). */
export const Overview: Story = {
  render: (args, context) => (
    <Variants>
      <Variant label="While light">
        <FromStory
          meta={meta}
          story={WhileLight}
          globals={context.globals}
          args={{ onToggle: args.onToggle }}
        />
      </Variant>
      <Variant label="While dark">
        <FromStory
          meta={meta}
          story={WhileDark}
          globals={context.globals}
          args={{ onToggle: args.onToggle }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["While light", "While dark"]);
    await expect(within(shown["While light"] as HTMLElement).getByRole("button")).toHaveAccessibleName(
      "Dark theme",
    );
    await expect(within(shown["While dark"] as HTMLElement).getByRole("button")).toHaveAccessibleName(
      "Light theme",
    );
  },
};

/** While the page is light the toggle offers the dark theme (a moon). */
export const WhileLight: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Dark theme" });
    await userEvent.click(button);
    await expect(args.onToggle).toHaveBeenCalledOnce();
  },
};

/** While the page is dark it offers the light theme (a sun). */
export const WhileDark: Story = {
  args: { target: "light", label: "Light theme" },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Light theme" });
    button.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onToggle).toHaveBeenCalledOnce();
  },
};

/** On a phone the icon alone shows; the theme's name is still the button's name. */
export const Narrow: Story = {
  globals: { viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1" }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Dark theme" })).toBeVisible();
  },
};
