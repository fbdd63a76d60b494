import type { Meta, StoryObj } from "@storybook/react-vite";
import { Crown, Flag, Swords } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PhaseCard } from "./phase-card";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A home-page card for one game phase: its name, its position count (or the error) and a link to
train it. Use one for each phase (opening, middle game, endgame), side by side on the home page.

**Do**
- Pass \`count: null\` while the count loads, with a \`loadingLabel\`; pass \`error\` ('Error loading positions') when
  it failed: the error is announced, and the link to train stays.
- Write the count in words, formatted in the page's language ("Positions: 1,204").
- Pass the site's router link as \`renderLink\`.

**Don't**
- Don't use it on the training page's module list: that is the ModuleCard, with its description and Start button.
- Don't add more actions: the card has one link, to the phase's module.`;

const meta = {
  title: "Home/PhaseCard",
  component: PhaseCard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it (`count` and `error` here only say
  // whether the story shows a count or an error, in the locale's words).
  args: { title: "", count: null, linkLabel: "", loadingLabel: "", href: "/training/middle-game" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PhaseCard
        {...args}
        {...textsOr(args, {
          title: t("home.phases.middleGame"),
          loadingLabel: t("home.phases.loading"),
          linkLabel: t("home.phases.link"),
        })}
        count={args.count === null ? null : t("home.phases.count", { count: 1204 })}
        error={args.error ? t("home.phases.error") : null}
        icon={<Swords className="size-5" />}
        className="max-w-[280px]"
      />
    );
  },
} satisfies Meta<typeof PhaseCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With its count of positions, while the count loads, and when it failed. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="gap-x-4">
      <Variant label="With count" className="w-[236px] items-stretch">
        <FromStory meta={meta} story={WithCount} globals={context.globals} />
      </Variant>
      <Variant label="Loading" className="w-[236px] items-stretch">
        <FromStory meta={meta} story={Loading} globals={context.globals} />
      </Variant>
      <Variant label="Load error" className="w-[236px] items-stretch">
        <FromStory meta={meta} story={LoadError} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  parameters: REPEATED_LANDMARKS,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["With count", "Loading", "Load error"]);
    await expect(
      within(canvasElement).getAllByRole("region", { name: t("home.phases.middleGame") }),
    ).toHaveLength(3);
    await expect(shown["With count"]).toHaveTextContent(t("home.phases.count", { count: 1204 }));
    await expect(shown.Loading).toHaveTextContent(t("home.phases.loading"));
    await expect(shown["Load error"]).toHaveTextContent(t("home.phases.error"));
  },
};

export const WithCount: Story = {
  args: { count: "1204" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const card = within(canvasElement).getByRole("region", { name: t("home.phases.middleGame") });
    await expect(card).toHaveTextContent(t("home.phases.count", { count: 1204 }));
    await expect(within(card).getByRole("link", { name: t("home.phases.link") })).toHaveAttribute(
      "href",
      "/training/middle-game",
    );
  },
};

export const Loading: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByText(t("home.phases.loading"))).toBeVisible();
  },
};

/** The phase counts call failed: 'Error loading positions'. */
export const LoadError: Story = {
  args: { error: "Error loading positions" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("home.phases.error"));
    await expect(canvas.getByRole("link", { name: t("home.phases.link") })).toBeVisible();
  },
};

/** The home page's three phase cards. */
export const Phases: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const phases = [
      ["middleGame", "/training/middle-game", 1204, <Swords key="i" className="size-5" />],
      ["endgame", "/training/endgame", 356, <Crown key="i" className="size-5" />],
      ["opening", "/training/opening", 87, <Flag key="i" className="size-5" />],
    ] as const;
    return (
      <div className="grid max-w-[900px] gap-4 md:grid-cols-3">
        {phases.map(([key, href, count, icon]) => (
          <PhaseCard
            key={key}
            title={t(`home.phases.${key}`)}
            count={t("home.phases.count", { count })}
            linkLabel={t("home.phases.link")}
            href={href}
            icon={icon}
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getAllByRole("link", { name: t("home.phases.link") })).toHaveLength(3);
  },
};
