import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { LanguageToggle } from "../language-toggle";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { NavBar } from "../nav-bar";
import { ThemeToggle } from "../theme-toggle";
import { AccountLink, type AccountLinkProps } from "./account-link";

const NAME = "ada_lovelace";

/** The link as the site's bar shows it: "Sign in" for a visitor, the name (and "Your account: name") once signed in. */
function Link(args: AccountLinkProps) {
  const { t } = useTranslation();
  const signedIn = args.state === "signed-in";
  return (
    <AccountLink
      {...args}
      {...textsOr(args, {
        label: signedIn ? NAME : t("nav.signIn"),
        ...(signedIn ? { ariaLabel: t("nav.account", { username: NAME }) } : {}),
      })}
      href={args.href || (signedIn ? "/account" : "/account/sign-in")}
    />
  );
}

const meta = {
  title: "Account/AccountLink",
  component: AccountLink,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { state: "signed-out", href: "", label: "" },
  render: (args) => <Link {...args} />,
} satisfies Meta<typeof AccountLink>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW = [
  { label: "Not known yet (room kept, unseen)", story: () => Unknown },
  { label: "Signed out", story: () => SignedOut },
  { label: "Signed in", story: () => SignedIn },
  { label: "On the account page", story: () => Current },
];

/** Before the browser asked, for a visitor, for a player, and on the page it links to. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants>
      {OVERVIEW.map(({ label, story }) => (
        <Variant key={label} label={label}>
          <FromStory meta={meta} story={story()} globals={context.globals} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW.map(({ label }) => label),
    );
    await expect(
      within(shown["Not known yet (room kept, unseen)"] as HTMLElement).queryByRole("link"),
    ).toBeNull();
    await expect(within(shown["Signed out"] as HTMLElement).getByRole("link")).toHaveAccessibleName(
      t("nav.signIn"),
    );
    await expect(within(shown["Signed in"] as HTMLElement).getByRole("link")).toHaveAccessibleName(
      t("nav.account", { username: NAME }),
    );
    await expect(within(shown["On the account page"] as HTMLElement).getByRole("link")).toHaveAttribute(
      "aria-current",
      "page",
    );
  },
};

/** The server's page: the link's room is kept, unseen and out of reach, so the bar does not move after. */
export const Unknown: Story = {
  args: { state: "unknown" },
  play: async ({ canvasElement }) => {
    const slot = canvasElement.querySelector<HTMLElement>("[data-slot=account-link]");
    await expect(slot).not.toBeVisible();
    await expect(slot).toHaveAttribute("aria-hidden", "true");
    await expect(slot?.getBoundingClientRect().width).toBeGreaterThan(40);
    await expect(within(canvasElement).queryByRole("link")).toBeNull();
  },
};

export const SignedOut: Story = {
  args: { state: "signed-out" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const link = within(canvasElement).getByRole("link", { name: t("nav.signIn") });
    await expect(link).toHaveAttribute("href", "/account/sign-in");
    await expect(link).not.toHaveAttribute("aria-current");
  },
};

/** The player's name, cut with an ellipsis when long; its accessible name says it is the account. */
export const SignedIn: Story = {
  args: { state: "signed-in" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const link = within(canvasElement).getByRole("link", { name: t("nav.account", { username: NAME }) });
    await expect(link).toHaveAttribute("href", "/account");
    await expect(link).toHaveTextContent(NAME);
  },
};

export const Current: Story = {
  args: { state: "signed-in", currentPath: "/account" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link")).toHaveAttribute("aria-current", "page");
  },
};

/** In the bar on a phone, beside the theme and language toggles; the longest name fits. */
export const InTheBarOnAPhone: Story = {
  globals: { viewport: { value: "mobile2" } },
  parameters: chromaticParameters({ viewport: "mobile2" }),
  args: { state: "signed-in", label: "a_twenty_char_name_x" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <NavBar
        label={t("nav.label")}
        menuLabel={t("nav.menu")}
        currentPath="/training"
        links={[
          { href: "/", label: t("nav.home") },
          { href: "/training", label: t("nav.training") },
        ]}
        end={
          <div className="flex items-center gap-2">
            <ThemeToggle target="dark" label={t("theme.dark")} onToggle={() => undefined} />
            <LanguageToggle
              label={t("language.switchTo")}
              ariaLabel={t("language.switchToLabel")}
              targetLanguage={i18n.language === "en" ? "ar" : "en"}
              onToggle={() => undefined}
            />
            <Link {...args} ariaLabel={t("nav.account", { username: args.label })} />
          </div>
        }
      />
    );
  },
  play: async ({ canvasElement }) => {
    const nav = canvasElement.querySelector<HTMLElement>("[data-slot=nav-bar]");
    const link = within(nav as HTMLElement).getByRole("link", { name: /a_twenty_char_name_x/ });
    await expect(link).toBeVisible();
    // Nothing runs past the bar's edge.
    const bar = nav?.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(bar?.left ?? 0);
    await expect(box.right).toBeLessThanOrEqual(bar?.right ?? 0);
  },
};

export const Arabic: Story = {
  ...SignedOut,
  ...ARABIC_STORY,
};

export const ArabicInTheBarOnAPhone: Story = {
  ...InTheBarOnAPhone,
  globals: { ...ARABIC_STORY.globals, viewport: { value: "mobile2" } },
  parameters: chromaticParameters({ viewport: "mobile2", arabic: true }),
};
