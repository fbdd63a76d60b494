import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { RatingBadge } from "./rating-badge";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The player's puzzle rating (Glicko-2) with the last result's change: "1532?" while provisional,
"+12" in green or "−8" in red with an arrow, so the change never rests on colour alone. Use it in the training title
bar's \`meta\` slot, where the player sees the rating move after each puzzle.

**Do**
- Pass the rating and \`deviation\` as the server gives them: the badge decides itself when the rating is provisional
  (deviation above 110) and adds the "?".
- Pass \`change: null\` before the player's first result: no change is shown, rather than a "+0".
- Give \`labels.provisional\` and \`labels.change\` in the page's language: screen readers hear them where sighted
  players see the "?" and the arrow.

**Don't**
- Don't round or format the numbers yourself: \`locale\` formats them, and the value stays left to right in Arabic.
- Don't show it for anything but the player's puzzle rating (a game's Elo belongs in the GameInfoCard).`;

const meta = {
  title: "Training/RatingBadge",
  component: RatingBadge,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    rating: 1500,
    deviation: 500,
    change: null,
    // Texts come from the story's locale; typed in Controls, they replace it.
    labels: { rating: "", provisional: "", change: "" },
    locale: "",
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <RatingBadge
        {...args}
        {...textsOr(args, {
          labels: {
            rating: t("training.rating.label"),
            provisional: t("training.rating.provisional"),
            change: t("training.rating.change"),
          },
          locale: i18n.language,
        })}
      />
    );
  },
} satisfies Meta<typeof RatingBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_BADGES = [
  { label: "Provisional", story: () => Provisional },
  { label: "Gained", story: () => Gained },
  { label: "Lost", story: () => Lost },
];

/** A new player's provisional rating, a rating after a gain, and after a loss. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants>
      {OVERVIEW_BADGES.map(({ label, story }) => (
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
      OVERVIEW_BADGES.map(({ label }) => label),
    );
    await expect(shown.Provisional).toHaveTextContent("?");
    await expect(shown.Provisional).toHaveTextContent(t("training.rating.provisional"));
    await expect((shown.Gained as HTMLElement).querySelector("[data-change=up]")).toHaveTextContent("+14");
    await expect((shown.Lost as HTMLElement).querySelector("[data-change=down]")).toHaveTextContent("112");
    await expect(shown.Gained).not.toHaveTextContent(t("training.rating.provisional"));
  },
};

/** A newcomer: 1500 with a "?" while the deviation is high, and no change yet. */
export const Provisional: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const badge = within(canvasElement).getByText(t("training.rating.label")).parentElement as HTMLElement;
    await expect(badge).toHaveTextContent("?");
    await expect(badge).toHaveTextContent(t("training.rating.provisional"));
    await expect(badge.querySelector("[data-change]")).toBeNull();
  },
};

/** After a clean solve: the gain in green with an up arrow (never colour alone). */
export const Gained: Story = {
  args: { rating: 1623.4, deviation: 95, change: 14 },
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector("[data-slot=rating-badge]") as HTMLElement;
    await expect(badge).not.toHaveTextContent("?");
    await expect(badge.querySelector("[data-change=up]")).toHaveTextContent("+14");
    await expect(within(badge).getByTestId("rating-value")).toHaveTextContent(/1.?623/);
  },
};

/** After a loss (a hint, a mistake or a shown answer): the drop in red with a down arrow. */
export const Lost: Story = {
  args: { rating: 1388, deviation: 240, change: -112 },
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector("[data-slot=rating-badge]") as HTMLElement;
    await expect(badge.querySelector("[data-change=down]")).toHaveTextContent("112");
  },
};

/** One label typed in Controls (`labels.rating`) replaces the locale's; the labels left empty keep the locale's. */
export const EditedInControls: Story = {
  args: { labels: { rating: "Puzzle rating", provisional: "", change: "" } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const badge = canvasElement.querySelector("[data-slot=rating-badge]") as HTMLElement;
    await expect(badge).toHaveTextContent("Puzzle rating");
    await expect(badge).not.toHaveTextContent(t("training.rating.label"));
    await expect(badge).toHaveTextContent(t("training.rating.provisional"));
  },
};
