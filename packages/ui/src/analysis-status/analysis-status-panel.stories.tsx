import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { Button } from "../button";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { type AnalysisStatusLabels, AnalysisStatusPanel } from "./analysis-status-panel";

const running = {
  isRunning: true,
  gamesAnalyzed: 42,
  totalGamesAnalyzed: 1297,
  puzzlesGenerated: 318,
  lastUpdate: "2026-11-20T14:05:00.000Z",
};

function useLabels(): AnalysisStatusLabels {
  const { t } = useTranslation();
  return t("analysis.status", { returnObjects: true }) as AnalysisStatusLabels;
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The analysis worker's state: running (a job in hand), stopped (by the admin: the page's button
says Resume) or waiting for games; games analysed, puzzles generated, last update. Use it on the admin's analysis
page, with Stop or Resume in \`actions\`.

**Do**
- Pass \`status: null\` until the first answer: the panel says \`labels.loading\` rather than showing zeros.
- Pass \`error\` ('Failed to connect to analysis server') when the server cannot be reached: it replaces the figures
  with an error alert.
- Pass \`paused\` when the admin stopped the worker, so the state reads Stopped, not waiting for games.

**Don't**
- Don't rely on the state's colour: the state is written in words (\`labels.running\`, \`stopped\`, \`idle\`).
- Don't use it for one upload's progress: each job's progress is in the AnalysisJobList.`;

const meta = {
  title: "Training/AnalysisStatusPanel",
  component: AnalysisStatusPanel,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; a label typed in Controls (labels: { "title": … }) replaces it.
  args: { status: running, locale: "", labels: {} as AnalysisStatusLabels },
  render: function Render(args) {
    const { i18n } = useTranslation();
    return (
      <AnalysisStatusPanel
        {...args}
        {...textsOr(args, { labels: useLabels(), locale: i18n.language })}
        className="max-w-panel"
      />
    );
  },
} satisfies Meta<typeof AnalysisStatusPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state side by side: running, stopped by the admin, waiting for games, loading, server down, with controls. */
export const Overview: Story = {
  render: function Render() {
    const { t, i18n } = useTranslation();
    const labels = useLabels();
    const panel = { labels, locale: i18n.language, className: "w-panel max-w-full" };
    return (
      <Variants>
        <Variant label="Running">
          <AnalysisStatusPanel {...panel} status={running} />
        </Variant>
        <Variant label="Stopped">
          <AnalysisStatusPanel
            {...panel}
            status={{ ...running, isRunning: false, paused: true, gamesAnalyzed: 0 }}
          />
        </Variant>
        <Variant label="Waiting for games">
          <AnalysisStatusPanel
            {...panel}
            status={{ ...running, isRunning: false, paused: false, gamesAnalyzed: 0, lastUpdate: null }}
          />
        </Variant>
        <Variant label="Loading">
          <AnalysisStatusPanel {...panel} status={null} />
        </Variant>
        <Variant label="Server down">
          <AnalysisStatusPanel {...panel} status={null} error={t("analysis.statusError")} />
        </Variant>
        <Variant label="With controls">
          <AnalysisStatusPanel
            {...panel}
            status={running}
            actions={<Button variant="secondary">{t("analysis.stop")}</Button>}
          />
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "Running",
      "Stopped",
      "Waiting for games",
      "Loading",
      "Server down",
      "With controls",
    ]);
    // The state in words (the captions, English, say the same in the English locale: they are not the state).
    const state = (label: string) => (shown[label] as HTMLElement).querySelector("[aria-live]");
    await expect(state("Running")).toHaveTextContent(t("analysis.status.running"));
    await expect(state("Stopped")).toHaveTextContent(t("analysis.status.stopped"));
    await expect(state("Waiting for games")).toHaveTextContent(t("analysis.status.idle"));
    await expect(shown.Loading).toHaveTextContent(t("analysis.status.loading"));
    await expect(within(shown["Server down"] as HTMLElement).getByRole("alert")).toHaveTextContent(
      t("analysis.statusError"),
    );
    await expect(within(shown["With controls"] as HTMLElement).getByRole("button")).toHaveTextContent(
      t("analysis.stop"),
    );
  },
};

export const Running: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Running|يعمل/)).toBeVisible();
    await expect(canvas.getByText(/1,297|١٬٢٩٧/)).toBeVisible();
  },
};

/** Stopped by the admin (the admin page's button then says Resume analysis). */
export const Stopped: Story = {
  args: { status: { ...running, isRunning: false, paused: true, gamesAnalyzed: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^(Stopped|متوقف)$/)).toBeVisible();
  },
};

/** Not stopped, with nothing in the queue: not "Stopped", which would contradict the page's Stop button. */
export const WaitingForGames: Story = {
  args: { status: { ...running, isRunning: false, paused: false, gamesAnalyzed: 0, lastUpdate: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^(Waiting for games|بانتظار مباريات)$/)).toBeVisible();
    await expect(canvas.queryByText(/^(Stopped|متوقف)$/)).toBeNull();
  },
};

export const Loading: Story = { args: { status: null } };

export const ServerDown: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <AnalysisStatusPanel
        {...args}
        status={null}
        error={t("analysis.statusError")}
        labels={useLabels()}
        locale={i18n.language}
        className="max-w-panel"
      />
    );
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      /Failed to connect to analysis server|تعذّر الاتصال بخادم التحليل/,
    );
  },
};

export const WithControls: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <AnalysisStatusPanel
        {...args}
        labels={useLabels()}
        locale={i18n.language}
        className="max-w-panel"
        actions={<Button variant="secondary">{t("analysis.stop")}</Button>}
      />
    );
  },
};
