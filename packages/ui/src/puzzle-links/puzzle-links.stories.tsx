import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { PuzzleLinks } from "./puzzle-links";

const DESCRIPTION = `What a player can do around a finished puzzle: Analyse opens the puzzle's position on the analysis
board (the engine's three best lines, moves playable), and a lichess puzzle links to the game it came from, in a new
tab. Shown in the feedback card once the puzzle is over.

**Do**
- Pass the game's address as the library has it (lichess's GameUrl); any address that is not https://lichess.org is
  not shown.
- Let \`onAnalyse\` navigate inside the app; the link still works as a link (new tab, copy address).

**Don't**
- Don't show the game link before the puzzle is over: the game shows the answer.`;

const GAME = "https://lichess.org/seIMDWkD#25";

const meta = {
  title: "Training/PuzzleLinks",
  component: PuzzleLinks,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "",
    analyseHref: "/analysis?fen=2kr1b1r%2Fp1p2pp1%2F2pqN3%2F7p%2F6n1%2F2NPB3%2FPPP2PPP%2FR2Q1RK1+b+-+-+0+13",
    analyseLabel: "",
    analyseDescription: "",
    gameUrl: GAME,
    onAnalyse: fn((event: { preventDefault: () => void }) => event.preventDefault()),
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <PuzzleLinks
        {...args}
        title={args.title || t("aroundPuzzle.after.title")}
        analyseLabel={args.analyseLabel || t("aroundPuzzle.after.analyse")}
        analyseDescription={args.analyseDescription || t("aroundPuzzle.after.analyseHelp")}
        gameLabel={args.gameLabel || t("aroundPuzzle.after.game")}
        newTabLabel={args.newTabLabel || t("aroundPuzzle.after.newTab")}
      />
    );
  },
} satisfies Meta<typeof PuzzleLinks>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A lichess puzzle (Analyse and its game) beside one without a recorded game (Analyse only). */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants>
      <Variant label="With game">
        <FromStory meta={meta} story={WithGame} globals={context.globals} />
      </Variant>
      <Variant label="Without game">
        <FromStory meta={meta} story={WithoutGame} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["With game", "Without game"]);
    const withGame = within(shown["With game"] as HTMLElement).getAllByRole("link");
    await expect(withGame).toHaveLength(2);
    await expect(withGame[0]).toHaveTextContent(t("aroundPuzzle.after.analyse"));
    await expect(withGame[1]).toHaveAttribute("href", GAME);
    const withoutGame = within(shown["Without game"] as HTMLElement).getAllByRole("link");
    await expect(withoutGame).toHaveLength(1);
    await expect(withoutGame[0]).toHaveTextContent(t("aroundPuzzle.after.analyse"));
  },
};

/** A lichess puzzle: Analyse, and its game in a new tab. */
export const WithGame: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("navigation", { name: t("aroundPuzzle.after.title") })).toBeVisible();
    const game = canvas.getByRole("link", {
      name: `${t("aroundPuzzle.after.game")} ${t("aroundPuzzle.after.newTab")}`,
    });
    await expect(game).toHaveAttribute("href", GAME);
    await expect(game).toHaveAttribute("target", "_blank");
    await expect(game).toHaveAttribute("rel", "noopener noreferrer");
    const analyse = canvas.getByRole("link", { name: t("aroundPuzzle.after.analyse") });
    await expect(analyse).toHaveAccessibleDescription(t("aroundPuzzle.after.analyseHelp"));
    analyse.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onAnalyse).toHaveBeenCalledOnce();
  },
};

/** Our own puzzles and those without a recorded game: Analyse only. */
export const WithoutGame: Story = {
  args: { gameUrl: null },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("link")).toHaveLength(1);
    await expect(canvas.getByRole("link")).toHaveTextContent(t("aroundPuzzle.after.analyse"));
  },
};

/** An address that is not a lichess one (here another site) is never shown. */
export const OtherSiteRefused: Story = {
  args: { gameUrl: "https://example.com/seIMDWkD" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("link")).toHaveLength(1);
  },
};
