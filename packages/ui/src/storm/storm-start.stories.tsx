import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { StormLeaderboard } from "./storm-leaderboard";
import { StormStart } from "./storm-start";

const DESCRIPTION = `Puzzle Storm's start screen: the rules in one sentence, the player's best, Start, and the two
tables of signed-in players' best runs (today's and of all time), one row per player; the signed-in player's row
stands out.

**Do**
- Say the rules in one sentence and the player's best (or that there is none yet) in the page's language.
- Pass the tables (StormLeaderboard) as children: they sit side by side from 768 px and one above the other on a phone.
- Use \`note\` to say why a score would not enter the tables (a guest's run, say).

**Don't**
- Don't disable Start to explain something: say it in \`note\` instead.
- Don't add a second primary button beside Start.`;

const meta = {
  title: "Training/StormStart",
  component: StormStart,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { rules: "", best: "", start: { label: "", onClick: fn() } },
} satisfies Meta<typeof StormStart>;
export default meta;
type Story = StoryObj<typeof meta>;

const DAY = [
  { rank: 1, username: "tal_fan", score: 31, bestCombo: 22 },
  { rank: 2, username: "Noor", score: 24, bestCombo: 15 },
  { rank: 3, username: "endgame_owl", score: 18, bestCombo: 9 },
];

/** A player with a best of 24 who leads nobody yet: today's table and an empty all-time one would not happen, so both hold rows. */
export const Overview: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const labels = {
      rank: t("storm.tables.rank"),
      player: t("storm.tables.player"),
      score: t("storm.tables.score"),
      combo: t("storm.tables.combo"),
    };
    return (
      <StormStart
        rules={t("storm.rules")}
        best={t("storm.best", { score: 24 })}
        note={t("storm.signIn")}
        start={{ label: t("storm.start"), onClick: args.start.onClick }}
      >
        <StormLeaderboard
          title={t("storm.tables.day")}
          rows={DAY}
          empty={t("storm.tables.empty")}
          labels={labels}
          current="Noor"
          locale={i18n.language}
        />
        <StormLeaderboard
          title={t("storm.tables.all")}
          rows={[]}
          empty={t("storm.tables.empty")}
          labels={labels}
          locale={i18n.language}
        />
      </StormStart>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const tables = canvas.getAllByRole("table");
    await expect(tables).toHaveLength(1);
    await expect(within(tables[0] as HTMLElement).getAllByRole("row")).toHaveLength(4);
    await expect(canvasElement.querySelector('[data-current="true"]')?.textContent).toContain("Noor");
    await userEvent.click(canvas.getByRole("button"));
    await expect(args.start.onClick).toHaveBeenCalledOnce();
  },
};
