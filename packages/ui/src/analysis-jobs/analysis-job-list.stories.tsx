import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { textsOr } from "../lib/story-texts";
import { type AnalysisJobLabels, AnalysisJobList, type AnalysisJobRow } from "./analysis-job-list";

const jobs: AnalysisJobRow[] = [
  {
    id: 3,
    name: "capablanca-1901-1941.pgn",
    status: "running",
    total_games: 597,
    games_analyzed: 212,
    puzzles: 64,
    problems: [{ game: 17, message: "illegal move Ke3" }],
    created_at: "2026-11-20T14:05:00.000Z",
  },
  {
    id: 2,
    name: "london-1851.pgn",
    status: "done",
    total_games: 251,
    games_analyzed: 251,
    puzzles: 97,
    problems: [],
    created_at: "2026-11-19T09:30:00.000Z",
  },
  {
    id: 1,
    name: "club-games.pgn",
    status: "cancelled",
    total_games: 40,
    games_analyzed: 3,
    puzzles: 0,
    problems: [],
    created_at: "2026-11-18T18:00:00.000Z",
  },
];

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The analysis queue, newest first: file, state, games analysed of the total, puzzles found,
skipped games; Cancel on queued and running jobs, Retry on failed ones. A table where there is room (768 px and up),
one card a job on a phone, so nothing scrolls sideways. Use it on the admin's analysis page, under the upload of PGN
files.

**Do**
- Give \`onCancel\` and \`onRetry\` only where the admin may use them: without them the rows show no buttons.
- Give \`labels.empty\` for the empty queue, and \`labels.actions\` and \`labels.caption\`: they name the action
  column and the table for screen readers.
- Pass the job's problems as they come: the Skipped column counts them and shows each game's reason on hover.

**Don't**
- Don't use it for the worker's overall state (running, stopped): that is the AnalysisStatusPanel beside it.
- Don't show it to players: the queue, its file names and its errors are for the admin.`;

const meta = {
  title: "Admin/AnalysisJobList",
  component: AnalysisJobList,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { jobs, locale: "", labels: {} as AnalysisJobLabels, onCancel: fn(), onRetry: fn() },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <AnalysisJobList
        {...args}
        {...textsOr(args, {
          labels: t("analysis.jobs", { returnObjects: true }) as AnalysisJobLabels,
          locale: i18n.language,
        })}
      />
    );
  },
} satisfies Meta<typeof AnalysisJobList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The queue with a running, a failed, a finished and a cancelled job (Cancel and Retry where they apply), and empty. */
export const Overview: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const labels = t("analysis.jobs", { returnObjects: true }) as AnalysisJobLabels;
    const failed: AnalysisJobRow = {
      ...(jobs[1] as AnalysisJobRow),
      id: 4,
      name: "club-championship.pgn",
      status: "failed",
      total_games: 91,
      games_analyzed: 10,
      puzzles: 4,
    };
    return (
      <Variants>
        <Variant label="Queue" className="w-full items-stretch">
          <AnalysisJobList {...args} jobs={[failed, ...jobs]} labels={labels} locale={i18n.language} />
        </Variant>
        <Variant label="Empty" className="w-full items-stretch">
          <AnalysisJobList {...args} jobs={[]} labels={labels} locale={i18n.language} />
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Queue", "Empty"]);
    const queue = within(shown.Queue as HTMLElement);
    await expect(queue.getAllByRole("row")).toHaveLength(5);
    // Retry on the failed job, Cancel on the running one.
    await expect(queue.getAllByRole("button")).toHaveLength(2);
    await expect(within(shown.Empty as HTMLElement).queryByRole("table")).toBeNull();
  },
};

export const Jobs: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("row")).toHaveLength(4);
    const cancel = canvas.getAllByRole("button");
    await expect(cancel).toHaveLength(1);
    await userEvent.click(cancel[0] as HTMLElement);
    await expect(args.onCancel).toHaveBeenCalledWith(3);
  },
};

/** A job that failed (its engine crashed) shows Retry, which queues it again to resume at its next game. */
export const RetryFailedJob: Story = {
  args: {
    jobs: [
      {
        id: 4,
        name: "club-championship.pgn",
        status: "failed",
        total_games: 91,
        games_analyzed: 10,
        puzzles: 4,
        problems: [],
        created_at: "2026-11-21T08:15:00.000Z",
      },
      ...jobs,
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = canvas.getByRole("row", { name: /club-championship\.pgn/ });
    const retry = within(failed).getByRole("button");
    await expect(retry).toHaveAccessibleName(/: club-championship\.pgn$/);
    // Retry only on the failed job; Cancel only on the running one.
    await expect(canvas.getAllByRole("button")).toHaveLength(2);
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledWith(4);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { jobs: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("table")).toBeNull();
  },
};

/** On a phone (414 px): one card a job, nothing scrolls sideways, Cancel in reach. */
export const Phone: Story = {
  globals: { viewport: { value: "mobile2" } },
  parameters: chromaticParameters({ viewport: "mobile2" }),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("table")).toBeNull();
    const cards = canvasElement.querySelectorAll("[data-slot=analysis-job-card]");
    await expect(cards).toHaveLength(3);
    const list = canvasElement.querySelector("[data-slot=analysis-job-list]") as HTMLElement;
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
    await userEvent.click(canvas.getByRole("button"));
    await expect(args.onCancel).toHaveBeenCalledWith(3);
  },
};
