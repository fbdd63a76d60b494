import { themeInfo } from "@ct/chess";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { type CountBar, CountBars } from "./count-bars";

const PHASES: readonly CountBar[] = [
  { key: "opening", label: "opening", count: 4 },
  { key: "middlegame", label: "middlegame", count: 11 },
  { key: "endgame", label: "endgame", count: 2 },
];

const THEMES: readonly CountBar[] = [
  ["hangingPiece", 6],
  ["fork", 4],
  ["mateIn1", 3],
  ["pin", 2],
  ["backRankMate", 1],
].map(([key, count]) => ({ key: String(key), label: String(key), count: Number(count) }));

const direction = (globals: Record<string, unknown>) => (globals.direction === "rtl" ? "rtl" : "ltr");

/** A bar's name in the story's language: a phase from the site's texts, a theme from the catalogue. */
function useBarNames(bars: readonly CountBar[]): CountBar[] {
  const { t, i18n } = useTranslation();
  const ar = i18n.language === "ar";
  return useMemo(
    () =>
      bars.map((bar) => {
        const theme = themeInfo(bar.key);
        const phase = ["opening", "middlegame", "endgame"].includes(bar.key)
          ? t(`dashboard.phases.${bar.key as "opening" | "middlegame" | "endgame"}`)
          : null;
        return { ...bar, label: phase ?? (ar ? theme?.name_ar : theme?.name_en) ?? bar.key };
      }),
    [bars, t, ar],
  );
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Counts as horizontal bars, one per phase or theme (Chart.js on a canvas), each with its count at
its end. The canvas is one image named by a summary; the figures are in the table behind "Show as table". Mirrored
right to left. Use it on My games, for where the player's mistakes fall.

**Do**
- Write \`labels.summary\` as the chart in one sentence ("Most mistakes in the middle game: 14"): it is all a screen
  reader hears of the canvas.
- Pass \`dir\` and \`locale\` from the page: in Arabic the names are on the right and the bars grow leftwards.
- Name the table's columns (\`labels.name\`, \`labels.count\`) with what is counted ("Phase", "Mistakes").

**Don't**
- Don't use it for a share or a success rate: that is AccuracyBars, with the percent and its total.
- Don't use it for a rating over time: that is the RatingChart.`;

const meta = {
  title: "Charts/CountBars",
  component: CountBars,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    bars: PHASES,
    dir: "ltr",
    locale: "en",
    labels: { summary: "", name: "", count: "", caption: "", showTable: "" },
  },
  render: function Render(args, { globals }) {
    const { t, i18n } = useTranslation();
    const themes = args.bars !== PHASES;
    const bars = useBarNames(args.bars);
    const title = t(themes ? "myGames.dashboard.themeTitle" : "myGames.dashboard.phaseTitle");
    const list = new Intl.ListFormat(i18n.language, { type: "unit" }).format(
      bars.map((bar) => t("myGames.dashboard.item", { name: bar.label, count: bar.count })),
    );
    return (
      <div className="max-w-2xl">
        <CountBars
          {...args}
          bars={bars}
          dir={direction(globals)}
          locale={i18n.language}
          labels={{
            summary: t("myGames.dashboard.summary", { title, list }),
            name: t("myGames.dashboard.name"),
            count: t("myGames.dashboard.mistakes"),
            caption: t(themes ? "myGames.dashboard.themeCaption" : "myGames.dashboard.phaseCaption"),
            showTable: t("dashboard.showTable"),
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof CountBars>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Both charts My games draws: mistakes by phase (three bars) and by theme (five). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="By phase" className="items-stretch">
        <FromStory meta={meta} story={ByPhase} globals={context.globals} />
      </Variant>
      <Variant label="By theme" className="items-stretch">
        <FromStory meta={meta} story={ByTheme} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["By phase", "By theme"]);
    for (const [label, title] of [
      ["By phase", "myGames.dashboard.phaseTitle"],
      ["By theme", "myGames.dashboard.themeTitle"],
    ] as const) {
      const frame = shown[label] as HTMLElement;
      const chart = frame.querySelector("[data-slot=count-bars]");
      await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
      await expect(chart).toHaveAttribute("dir", direction(globals));
      await expect(within(frame).getByRole("img").getAttribute("aria-label")).toContain(t(title));
    }
  },
};

/** The player's mistakes by phase: a bar each with its count; the table lists the same figures. */
export const ByPhase: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const number = new Intl.NumberFormat(globals.locale === "ar" ? "ar" : "en");
    const canvas = within(canvasElement);
    const chart = canvasElement.querySelector("[data-slot=count-bars]") as HTMLElement;
    await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
    await expect(chart).toHaveAttribute("dir", direction(globals));
    const image = canvas.getByRole("img");
    await expect(image.getAttribute("aria-label")).toContain(t("myGames.dashboard.phaseTitle"));
    await userEvent.click(canvas.getByText(t("dashboard.showTable")));
    const table = canvas.getByRole("table", { name: t("myGames.dashboard.phaseCaption") });
    await expect(within(table).getAllByRole("row")).toHaveLength(4);
    await expect(
      within(table).getByRole("rowheader", { name: t("dashboard.phases.middlegame") }).parentElement,
    ).toHaveTextContent(number.format(11));
  },
};

/** The themes the mistakes fall in, the most frequent first. */
export const ByTheme: Story = {
  args: { bars: THEMES },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const chart = canvasElement.querySelector("[data-slot=count-bars]") as HTMLElement;
    await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
    await userEvent.click(canvas.getByText(t("dashboard.showTable")));
    const names = within(canvas.getByRole("table", { name: t("myGames.dashboard.themeCaption") }))
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    const hanging = themeInfo("hangingPiece");
    await expect(names).toHaveLength(5);
    await expect(names[0]).toBe(globals.locale === "ar" ? hanging?.name_ar : hanging?.name_en);
  },
};
