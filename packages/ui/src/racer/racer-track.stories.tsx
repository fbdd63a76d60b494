import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { RacerTrack } from "./racer-track";

const DESCRIPTION = `Puzzle Racer's shared track: one lane per player, each runner as far along as its score (the
leader's score or the goal fills a lane), the viewer's own lane in the brand colour. Names are isolated so a Latin name
reads whole in an Arabic page.

**Do**
- Give the track a \`label\` in the page's language: it names the region for screen readers.
- Mark the viewer's lane with \`you\`, and format the score with \`points\` in the page's language and digits.

**Don't**
- Don't rely on the bars alone: each lane's points are written beside its name.
- Don't sort the lanes by score while the race runs: each player keeps their lane, and the runners move.`;

const meta = {
  title: "Training/RacerTrack",
  component: RacerTrack,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { label: "", lanes: [], goal: 20, points: String, youLabel: "" },
} satisfies Meta<typeof RacerTrack>;
export default meta;
type Story = StoryObj<typeof meta>;

const LANES = [
  { id: "a", name: "Noor", score: 14, you: true },
  { id: "b", name: "tal_fan", score: 19 },
  { id: "c", name: "endgame_owl", score: 6 },
  { id: "d", name: "Guest-42", score: 0 },
];

/** Four players during a race: the viewer second, the leader's lane full. */
export const Overview: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <RacerTrack
        {...args}
        label={t("racer.track")}
        lanes={LANES}
        goal={10}
        points={(count) => t("racer.points", { count })}
        youLabel={t("racer.lobby.you")}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items).toHaveLength(4);
    await expect(canvasElement.querySelector('[data-you="true"]')?.textContent).toContain("Noor");
    const bar = (name: string) =>
      canvasElement.querySelector<HTMLElement>(`[data-player="${name}"] [aria-hidden]`)?.style.width;
    await expect(bar("tal_fan")).toBe("100%");
    await expect(bar("Guest-42")).toBe("0%");
  },
};
