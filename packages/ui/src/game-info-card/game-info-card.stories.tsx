import { OPENINGS } from "@ct/chess";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { type GameInfo, GameInfoCard, type GameInfoLabels } from "./game-info-card";

const GAME: GameInfo = {
  white: "José Raúl Capablanca",
  black: "Frank Marshall",
  white_elo: 2725,
  black_elo: 2600,
  move_number: 23,
  side_to_move: "white",
  opening: "Ruy Lopez",
  eco: "C89",
};

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Game information: white, black, ratings, opening, ECO, move number and side to move. Missing
fields are left out. Use it on the training screen for the game a position comes from.

**Do**
- Pass the position's game metadata as it is, with \`null\` for what is not known: those rows are left out.
- Give \`locale\` for the numbers and, in Arabic, \`openingLabel\` with the opening's Arabic name.
- Give \`onOpeningClick\` where the opening filter is on the page: the opening becomes a button that filters to it,
  and \`labels.filterByOpening\` tells screen readers so.

**Don't**
- Don't fill missing fields with "?" or "Unknown": an empty row says nothing.
- Don't pass \`onOpeningClick\` on a screen without the opening filter: the button would promise a filter that is not
  there.
- Don't turn the ECO code right to left: it stays left to right, like moves.`;

const meta = {
  title: "Training/GameInfoCard",
  component: GameInfoCard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { info: GAME, labels: {} as GameInfoLabels, locale: "", onOpeningClick: fn() },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const arabic = OPENINGS.find((opening) => opening.name === args.info.opening)?.name_ar;
    return (
      <GameInfoCard
        {...args}
        {...textsOr(args, {
          labels: t("training.game", { returnObjects: true }) as GameInfoLabels,
          locale: i18n.language,
          openingLabel: i18n.language === "ar" && arabic ? arabic : undefined,
        })}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof GameInfoCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A full game, a study position with only the move known, a plain (not clickable) opening, and no ratings. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="Full game" className="items-stretch">
        <FromStory meta={meta} story={FullGame} globals={context.globals} />
      </Variant>
      <Variant label="Partial info" className="items-stretch">
        <FromStory meta={meta} story={PartialInfo} globals={context.globals} />
      </Variant>
      <Variant label="Opening not clickable" className="items-stretch">
        <FromStory meta={meta} story={OpeningNotClickable} globals={context.globals} />
      </Variant>
      <Variant label="No ratings" className="items-stretch">
        <FromStory meta={meta} story={NoRatings} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "Full game",
      "Partial info",
      "Opening not clickable",
      "No ratings",
    ]);
    await expect(
      within(canvasElement).getAllByRole("region", { name: t("training.game.title") }),
    ).toHaveLength(4);
    // The opening is a button only where a filter can be set.
    await expect(within(shown["Full game"] as HTMLElement).getAllByRole("button")).toHaveLength(1);
    await expect(within(shown["Opening not clickable"] as HTMLElement).queryByRole("button")).toBeNull();
    await expect(shown["Full game"]).toHaveTextContent(String(GAME.white));
    await expect(shown["Partial info"]).not.toHaveTextContent(String(GAME.white));
  },
};

export const FullGame: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const card = canvas.getByRole("region", { name: t("training.game.title") });
    await expect(card).toHaveTextContent("Capablanca");
    await expect(card).toHaveTextContent(/2725|٢٧٢٥/);
    await expect(card).toHaveTextContent("C89");
    await expect(card).toHaveTextContent(t("training.game.sides.white"));
    const opening = within(card).getByRole("button");
    await expect(opening).toHaveAccessibleDescription(t("training.game.filterByOpening"));
    await userEvent.click(opening);
    await expect(args.onOpeningClick).toHaveBeenCalledOnce();
    await expect(args.onOpeningClick).toHaveBeenCalledWith("Ruy Lopez");
  },
};

/** A study position without players: only what is known is listed. */
export const PartialInfo: Story = {
  args: { info: { move_number: 41, side_to_move: "black" } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(t("training.game.white"))).toBeNull();
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(canvas.getByText(t("training.game.sides.black"))).toBeVisible();
  },
};

/** Without a filter to set, the opening is plain text. */
export const OpeningNotClickable: Story = {
  args: { onOpeningClick: undefined, info: { ...GAME, opening: "Sicilian Defense", eco: "B90" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).toBeNull();
  },
};

export const NoRatings: Story = {
  args: { info: { ...GAME, white_elo: null, black_elo: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("region")).not.toHaveTextContent("(");
  },
};
