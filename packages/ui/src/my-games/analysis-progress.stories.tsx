import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { AnalysisProgress, type AnalysisProgressLabels } from "./analysis-progress";

/** The labels as the site writes them (apps/site/src/my-games/screen/run-panel.tsx), in the story's language. */
function useLabels(state: string, done: number, total: number): AnalysisProgressLabels {
  const { t } = useTranslation();
  const over = state === "done" || state === "cancelled";
  return {
    title: t("myGames.progress.title"),
    progress: t("myGames.progress.label"),
    games: t("myGames.progress.games", { done, total }),
    current: over
      ? null
      : t("myGames.progress.current", { n: done + 1, white: "Anderssen", black: "Kieseritzky" }),
    stage: over ? null : t("myGames.progress.stageScan", { done: 37, total: 81 }),
    speed: t("myGames.progress.speed", { speed: 6.4 }),
    left:
      state === "running"
        ? t("myGames.progress.left", { time: t("myGames.progress.minutes", { count: 4 }) })
        : null,
    status:
      state === "paused"
        ? t("myGames.progress.paused")
        : state === "cancelled"
          ? t("myGames.progress.cancelled")
          : state === "done"
            ? t("myGames.progress.done", { games: done, puzzles: 5 })
            : null,
    pause: t("myGames.progress.pause"),
    resume: t("myGames.progress.resume"),
    cancel: t("myGames.progress.cancel"),
  };
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The progress of an analysis of the player's games: a bar of games done against the total, the
game in progress, the speed and the time left, and Pause / Resume and Cancel while it is not over. Every text is a
prop. Use it on My games while the player's own games are being analysed.

**Do**
- Pass \`labels.games\` as words ("3 of 12 games"): it is shown and is also what screen readers hear for the bar.
- Give \`labels.status\` for paused, cancelled and done, so the change of state is announced.
- Leave out \`labels.left\` until the time left is known, rather than a guess.

**Don't**
- Don't count on the speed line being announced: it is not a live region, so anything the player must hear goes in
  \`labels.status\`.
- Don't use it for the admin's analysis queue: that is the AnalysisJobList.
- Don't put engine jargon (depth, centipawns) in \`stage\` or \`speed\`: say it as a coach would.`;

const meta = {
  title: "My games/AnalysisProgress",
  component: AnalysisProgress,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    state: "running",
    done: 3,
    total: 12,
    labels: {} as AnalysisProgressLabels,
    onPause: fn(),
    onResume: fn(),
    onCancel: fn(),
  },
  render: function Render(args) {
    const labels = useLabels(args.state, args.done, args.total);
    return <AnalysisProgress {...args} labels={labels} className="max-w-panel" />;
  },
} satisfies Meta<typeof AnalysisProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_STATES = [
  { label: "Running", story: () => Running },
  { label: "Paused", story: () => Paused },
  { label: "Done", story: () => Done },
  { label: "Cancelled", story: () => Cancelled },
];

/** Running (Pause, Cancel), paused (Resume), done and cancelled (no buttons). */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {OVERVIEW_STATES.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory meta={meta} story={story()} globals={context.globals} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_STATES.map(({ label }) => label),
    );
    await expect(within(canvasElement).getAllByRole("progressbar")).toHaveLength(4);
    const buttons = (label: string) =>
      within(shown[label] as HTMLElement)
        .queryAllByRole("button")
        .map((button) => button.textContent);
    await expect(buttons("Running")).toEqual([t("myGames.progress.pause"), t("myGames.progress.cancel")]);
    await expect(buttons("Paused")).toContain(t("myGames.progress.resume"));
    await expect(buttons("Done")).toEqual([]);
    await expect(buttons("Cancelled")).toEqual([]);
  },
};

/** Game 4 of 12 under way: the bar, the game and its stage, the speed and time left; Pause and Cancel. */
export const Running: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const bar = canvas.getByRole("progressbar", { name: t("myGames.progress.label") });
    await expect(bar).toHaveAttribute("value", "3");
    await expect(bar).toHaveAttribute("max", "12");
    await expect(canvas.getByText(t("myGames.progress.games", { done: 3, total: 12 }))).toBeVisible();
    await expect(
      canvas.getByText(t("myGames.progress.speed", { speed: 6.4 }), { exact: false }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: t("myGames.progress.pause") }));
    await expect(args.onPause).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole("button", { name: t("myGames.progress.cancel") }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole("button", { name: t("myGames.progress.resume") })).toBeNull();
  },
};

/** Paused: what is done is kept; Resume takes Pause's place. */
export const Paused: Story = {
  args: { state: "paused" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("myGames.progress.paused"));
    await userEvent.click(canvas.getByRole("button", { name: t("myGames.progress.resume") }));
    await expect(args.onResume).toHaveBeenCalledOnce();
  },
};

/** Finished: the full bar and the result, no buttons. */
export const Done: Story = {
  args: { state: "done", done: 12, total: 12 },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      t("myGames.progress.done", { games: 12, puzzles: 5 }),
    );
    await expect(canvas.queryAllByRole("button")).toHaveLength(0);
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("value", "12");
  },
};

/** Cancelled part-way: the puzzles found so far are kept. */
export const Cancelled: Story = {
  args: { state: "cancelled", done: 5, total: 12 },
};
