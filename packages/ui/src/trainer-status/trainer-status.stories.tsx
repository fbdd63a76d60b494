import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { isolateLtr } from "../lib/bidi";
import { TrainerStatus } from "./trainer-status";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A trainer's state in its side panel, in words (the repertoire trainer, the endgame course): on
(info), right or done (success), wrong or failed (failure, with a second sentence). Announced politely as it changes.

**Do**
- Say what the player did and what comes next ("This line comes back later in this session").

**Don't**
- Don't use it for the puzzle trainer's verdict on a move: that is the FeedbackCard.`;

const meta = {
  title: "Training/TrainerStatus",
  component: TrainerStatus,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { status: { tone: "info", text: "" } },
} satisfies Meta<typeof TrainerStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The three tones, in the locale's words (the repertoire's drill). */
export const Overview: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <div className="flex max-w-md flex-col gap-3">
        <TrainerStatus status={{ tone: "info", text: t("repertoire.drillStep.yours") }} />
        <TrainerStatus
          status={{
            tone: "failure",
            text: t("repertoire.drillStep.wrong", { played: isolateLtr("Bc4"), move: isolateLtr("d4") }),
            detail: t("repertoire.drillStep.later"),
          }}
        />
        <TrainerStatus status={{ tone: "success", text: t("repertoire.learnStep.done") }} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const statuses = within(canvasElement).getAllByRole("status");
    await expect(statuses.map((status) => status.dataset.tone)).toEqual(["info", "failure", "success"]);
    await expect(statuses[1]?.querySelectorAll("p")).toHaveLength(2);
  },
};
