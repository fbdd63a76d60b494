import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { StormResult } from "./storm-result";

const DESCRIPTION = `Puzzle Storm's result screen: the score, moves per second, best combo, accuracy and time, what the
server made of the run (checked and saved, the rank), and every puzzle played with its result and a link that plays
it again in the trainer.

**Do**
- Pass the page's \`locale\`, so the score is written with its digits.
- Say in \`status\` what became of the run (checked, saved, its rank, or why it was not kept): it is announced.
- Give every puzzle its link to play it again in the trainer, through \`renderLink\` for the router.

**Don't**
- Don't show two result screens on one page: the heading's id that names the section is fixed.
- Don't show a result by colour alone: each puzzle has its icon and its result in words.`;

const meta = {
  title: "Training/StormResult",
  component: StormResult,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "",
    scoreLabel: "",
    score: 0,
    stats: [],
    puzzlesTitle: "",
    puzzles: [],
    replayLabel: "",
    again: { label: "", onClick: fn() },
  },
} satisfies Meta<typeof StormResult>;
export default meta;
type Story = StoryObj<typeof meta>;

const PLAYED = [
  { id: 301, rating: 1012, result: "solved" },
  { id: 302, rating: 1064, result: "solved" },
  { id: 303, rating: 1120, result: "failed" },
  { id: 304, rating: 1133, result: "solved" },
  { id: 305, rating: 1190, result: "failed" },
] as const;

/** A short run: 3 solved, 2 failed, a new personal best, saved. */
export const Overview: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    return (
      <StormResult
        title={t("storm.result.title")}
        scoreLabel={t("storm.result.score")}
        score={3}
        newBest={t("storm.result.newBest")}
        stats={[
          { label: t("storm.result.movesPerSecond"), value: number.format(0.42) },
          { label: t("storm.result.bestCombo"), value: number.format(6) },
          { label: t("storm.result.accuracy"), value: `${number.format(80)}%` },
          { label: t("storm.result.time"), value: "0:24" },
        ]}
        status={`${t("storm.result.saved")} ${t("storm.result.rank", { rank: 2 })}`}
        puzzlesTitle={t("storm.result.puzzles")}
        puzzles={PLAYED.map((puzzle, index) => ({
          id: puzzle.id,
          label: t("storm.result.puzzle", { n: index + 1, rating: puzzle.rating }),
          result: puzzle.result,
          resultLabel: t(`storm.result.${puzzle.result}`),
          href: `/training/puzzle/${puzzle.id}`,
        }))}
        replayLabel={t("storm.result.replay")}
        again={{ label: t("storm.result.again"), onClick: args.again.onClick }}
        locale={i18n.language}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const items = canvasElement.querySelectorAll<HTMLElement>('[data-slot="storm-result-puzzle"]');
    await expect([...items].map((item) => item.dataset.result)).toEqual([
      "solved",
      "solved",
      "failed",
      "solved",
      "failed",
    ]);
    await expect(canvas.getAllByRole("link")[2]).toHaveAttribute("href", "/training/puzzle/303");
    await userEvent.click(canvas.getByRole("button"));
    await expect(args.again.onClick).toHaveBeenCalledOnce();
  },
};
