import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { LanguageToggle } from "../language-toggle";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { ThemeToggle } from "../theme-toggle";
import { NavBar } from "./nav-bar";

const hrefs = [
  ["/", "nav.home"],
  ["/training", "nav.training"],
  ["/blog", "nav.blog"],
  ["/about", "nav.about"],
  ["/contact", "nav.contact"],
] as const;

const tools = [
  ["/position-setup", "nav.positionSetup"],
  ["/notation", "nav.notation"],
  ["/move-highlighting", "nav.moveHighlighting"],
  ["/chess-features", "nav.chessFeatures"],
] as const;

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The top navigation (spec section 2, Shell) with the active-link rule. From 768 px the links sit
in the bar and each menu is a disclosure (WAI-ARIA's navigation pattern: a button that shows a list of links under it;
arrow keys move through the links, Escape, a press outside or leaving it by Tab closes it); below, one Menu button
opens every link in a panel under the bar, the menus as named groups. A menu's button looks active while one of its
links is.

**Do**
- Pass the page's path as \`currentPath\`: the bar marks the matching link with \`aria-current="page"\` and closes its
  menus when the path changes.
- Group the less used pages in \`menus\` ("Tools": position setup, notation) so the bar keeps a few links.
- Pass the site's router link as \`renderLink\`, and the language and theme toggles in \`end\`: they stay in the bar
  on a phone.

**Don't**
- Don't put actions (Save, Log out) among the links: every item is a link to a page.
- Don't show a count in a link's label: use its \`badge\` (text shown, \`label\` read after it), as for the puzzles
  due for review.`;

const meta = {
  title: "Shell/NavBar",
  component: NavBar,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { label: "", menuLabel: "", currentPath: "/", links: [] },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const english = i18n.language === "en";
    return (
      <NavBar
        {...args}
        {...textsOr(args, {
          label: t("nav.label"),
          menuLabel: t("nav.menu"),
          menus: [{ label: t("nav.tools"), links: tools.map(([href, key]) => ({ href, label: t(key) })) }],
          end: (
            <LanguageToggle
              label={t("language.switchTo")}
              ariaLabel={t("language.switchToLabel")}
              targetLanguage={english ? "ar" : "en"}
              onToggle={() => undefined}
            />
          ),
        })}
        links={hrefs.map(([href, key]) => ({ href, label: t(key) }))}
      />
    );
  },
} satisfies Meta<typeof NavBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_BARS = [
  { label: "Home active", story: () => HomeActive },
  { label: "Tool page active", story: () => ToolPageActive },
  { label: "Training due", story: () => TrainingDue },
  { label: "With theme toggle", story: () => WithThemeToggle },
];

/**
 * The bar on the home page, on a tool's page (Tools marked), with the count of puzzles due, and as the site has it
 * (theme and language toggles at the end). The narrow menu is the Narrow story's (a viewport of its own).
 */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      {OVERVIEW_BARS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory meta={meta} story={story()} globals={context.globals} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_BARS.map(({ label }) => label),
    );
    await expect(within(canvasElement).getAllByRole("navigation", { name: t("nav.label") })).toHaveLength(4);
    const home = within(shown["Home active"] as HTMLElement);
    await expect(home.getAllByRole("link", { name: t("nav.home") })[0]).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      within(shown["With theme toggle"] as HTMLElement).getByRole("button", { name: t("theme.dark") }),
    ).toBeInTheDocument();
  },
};

export const HomeActive: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation", { name: t("nav.label") });
    await expect(within(nav).getByRole("link", { name: t("nav.home") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(within(nav).getByRole("link", { name: t("nav.training") })).not.toHaveAttribute(
      "aria-current",
    );
    // The tools are behind the Tools button, which is not active here.
    const tools = within(nav).getByRole("button", { name: t("nav.tools") });
    await expect(tools).toHaveAttribute("aria-expanded", "false");
    await expect(tools).toHaveAttribute("data-active", "false");
  },
};

export const NestedTrainingPath: Story = {
  args: { currentPath: "/training/endgame" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: t("nav.training") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(canvas.getByRole("link", { name: t("nav.home") })).not.toHaveAttribute("aria-current");
  },
};

export const BlogPost: Story = { args: { currentPath: "/blog/queen-sacrifices" } };

/** Opened by keyboard: a list of the tool pages' links under the button; arrow keys move, Escape closes and returns focus. */
export const ToolsMenu: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("button", { name: t("nav.tools") });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const menu = await canvas.findByRole("list", { name: t("nav.tools") });
    const items = within(menu).getAllByRole("link");
    await expect(items.map((item) => item.textContent)).toEqual(tools.map(([, key]) => t(key)));
    await expect(items.map((item) => item.getAttribute("href"))).toEqual(tools.map(([href]) => href));
    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard("{End}");
    await expect(items.at(-1)).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(canvas.queryByRole("list", { name: t("nav.tools") })).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  },
};

/** On a tool's page the Tools button looks active, and that tool is the current page in the menu. */
export const ToolPageActive: Story = {
  args: { currentPath: "/notation" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("button", { name: t("nav.tools") });
    await expect(trigger).toHaveAttribute("data-active", "true");
    for (const [, key] of hrefs) {
      await expect(canvas.getByRole("link", { name: t(key) })).not.toHaveAttribute("aria-current");
    }
    await userEvent.click(trigger);
    const menu = await canvas.findByRole("list", { name: t("nav.tools") });
    await expect(within(menu).getByRole("link", { name: t("nav.notation") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await userEvent.keyboard("{Escape}");
  },
};

/** 414 px wide: one Menu button opens every link, the tools as a named group; the language toggle stays. */
export const Narrow: Story = {
  globals: { viewport: { value: "mobile2" } },
  parameters: chromaticParameters({ viewport: "mobile2" }),
  args: { currentPath: "/position-setup" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation", { name: t("nav.label") });
    await expect(within(nav).queryByRole("link", { name: t("nav.home") })).toBeNull();
    await expect(within(nav).getByRole("button", { name: t("language.switchToLabel") })).toBeVisible();
    const menuButton = within(nav).getByRole("button", { name: t("nav.menu") });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(menuButton);
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    for (const [, key] of hrefs) await expect(within(nav).getByRole("link", { name: t(key) })).toBeVisible();
    const group = within(nav).getByRole("list", { name: t("nav.tools") });
    await expect(
      within(group)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(tools.map(([, key]) => t(key)));
    await expect(within(group).getByRole("link", { name: t("nav.positionSetup") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Escape closes it and gives the focus back to the button.
    within(group)
      .getByRole("link", { name: t("nav.notation") })
      .focus();
    await userEvent.keyboard("{Escape}");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toHaveFocus();
  },
};

export const ArabicToolsMenu: Story = { ...ToolsMenu, ...ARABIC_STORY };

export const ArabicNarrow: Story = {
  ...Narrow,
  globals: { ...ARABIC_STORY.globals, viewport: { value: "mobile2" } },
  parameters: chromaticParameters({ viewport: "mobile2", arabic: true }),
};

/** Training with the count of puzzles due for review: the number shows, the words are read after it. */
export const TrainingDue: Story = {
  args: { currentPath: "/blog" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <NavBar
        {...args}
        {...textsOr(args, { label: t("nav.label"), menuLabel: t("nav.menu") })}
        links={hrefs.map(([href, key]) => ({
          href,
          label: t(key),
          badge:
            href === "/training"
              ? {
                  text: t("training.review.navCount", { count: 3 }),
                  label: t("training.review.navLabel", { count: 3 }),
                }
              : undefined,
        }))}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    if (!window.matchMedia("(min-width: 768px)").matches) return;
    const badge = canvasElement.querySelector("[data-slot=nav-bar-links] [data-slot=nav-bar-badge]");
    await expect(badge).toHaveTextContent(`3 ${t("training.review.navLabel", { count: 3 })}`);
    await expect(badge?.closest("a")).toHaveAccessibleName(
      new RegExp(`^${t("nav.training")}\\s*3 ${t("training.review.navLabel", { count: 3 })}$`),
    );
  },
};

/** The site's bar: the theme toggle beside the language toggle at the end, a moon while the page is light. */
function SiteBar(args: React.ComponentProps<typeof NavBar>) {
  const { t, i18n } = useTranslation();
  return (
    <NavBar
      {...args}
      {...textsOr(args, {
        label: t("nav.label"),
        menuLabel: t("nav.menu"),
        menus: [{ label: t("nav.tools"), links: tools.map(([href, key]) => ({ href, label: t(key) })) }],
        end: (
          <div className="flex items-center gap-2">
            <ThemeToggle target="dark" label={t("theme.dark")} onToggle={() => undefined} />
            <LanguageToggle
              label={t("language.switchTo")}
              ariaLabel={t("language.switchToLabel")}
              targetLanguage={i18n.language === "en" ? "ar" : "en"}
              onToggle={() => undefined}
            />
          </div>
        ),
      })}
      links={hrefs.map(([href, key]) => ({ href, label: t(key) }))}
    />
  );
}

export const WithThemeToggle: Story = {
  render: (args) => <SiteBar {...args} />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByRole("button", { name: t("theme.dark") })).toBeVisible();
  },
};

/** On a phone the theme toggle is its icon alone, so Menu, the theme and the language fit one row. */
export const WithThemeToggleNarrow: Story = {
  ...WithThemeToggle,
  globals: { viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1" }),
};
