import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { LanguageToggle } from "../language-toggle";
import { NavBar } from "./nav-bar";

const hrefs = [
  ["/", "nav.home"],
  ["/training", "nav.training"],
  ["/blog", "nav.blog"],
  ["/about", "nav.about"],
  ["/contact", "nav.contact"],
] as const;

const meta = {
  title: "Shell/NavBar",
  component: NavBar,
  args: { label: "Main navigation", currentPath: "/", links: [] },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const english = i18n.language === "en";
    return (
      <NavBar
        {...args}
        label={t("nav.label")}
        links={hrefs.map(([href, key]) => ({ href, label: t(key) }))}
        end={
          <LanguageToggle
            label={t("language.switchTo")}
            ariaLabel={t("language.switchToLabel")}
            targetLanguage={english ? "ar" : "en"}
            onToggle={() => undefined}
          />
        }
      />
    );
  },
} satisfies Meta<typeof NavBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HomeActive: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main navigation" });
    await expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: "Training" })).not.toHaveAttribute("aria-current");
  },
};

export const NestedTrainingPath: Story = {
  args: { currentPath: "/training/endgame" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  },
};

export const BlogPost: Story = { args: { currentPath: "/blog/queen-sacrifices" } };
export const NothingActive: Story = { args: { currentPath: "/position-setup" } };
