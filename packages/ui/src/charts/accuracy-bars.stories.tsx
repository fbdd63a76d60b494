import { themeInfo } from "@ct/chess";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { type AccuracyBar, AccuracyBars } from "./accuracy-bars";

const PHASES: readonly AccuracyBar[] = [
  { key: "opening", label: "opening", wins: 2, total: 5 },
  { key: "middlegame", label: "middlegame", wins: 6, total: 12 },
  { key: "endgame", label: "endgame", wins: 3, total: 3 },
];

/** Ten themes, the most played first; their names come from the theme catalogue in the story's language. */
const THEMES: readonly AccuracyBar[] = [
  ["fork", 9, 14],
  ["mateIn2", 7, 11],
  ["pin", 3, 9],
  ["discoveredAttack", 6, 8],
  ["skewer", 2, 7],
  ["hangingPiece", 6, 6],
  ["backRankMate", 4, 5],
  ["deflection", 1, 5],
  ["sacrifice", 0, 4],
  ["doubleCheck", 2, 3],
].map(([key, wins, total]) => ({
  key: String(key),
  label: String(key),
  wins: Number(wins),
  total: Number(total),
}));

const direction = (globals: Record<string, unknown>) => (globals.direction === "rtl" ? "rtl" : "ltr");

/** A bar's name in the story's language: a phase from the site's texts, a theme from the catalogue. */
function useBarNames(bars: readonly AccuracyBar[]): AccuracyBar[] {
  const { t, i18n } = useTranslation();
  const ar = i18n.language === "ar";
  // The same list between renders: a new one would draw a new chart.
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
const DESCRIPTION = `Accuracy as horizontal bars, one per phase or theme (Chart.js on a canvas), each with its percent
and count at its end. The canvas is one image with a summary for its name; the figures are in the table behind "Show
as table". Mirrored right to left. Use it on the training dashboard, for how often the player solves each phase
cleanly.

**Do**
- Count as \`wins\` only clean first tries: a solve after a hint or a shown answer is in \`total\`, not in \`wins\`.
- Let \`valueText\` say the percent and the count together ("50% of 12"): a percent of two puzzles is not a percent of
  two hundred.
- Write \`labels.summary\` as the chart in one sentence, and pass \`dir\` and \`locale\` from the page.

**Don't**
- Don't use it for plain counts (mistakes by phase): that is CountBars.
- Don't mirror it yourself in CSS: pass \`dir\`, and the names move to the right, the bars growing leftwards.`;

const meta = {
  title: "Charts/AccuracyBars",
  component: AccuracyBars,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    bars: PHASES,
    dir: "ltr",
    locale: "",
    valueText: (_bar, percent) => `${percent}%`,
    labels: {
      summary: "",
      name: "",
      accuracy: "",
      results: "",
      caption: "",
      showTable: "",
    },
  },
  render: function Render(args, { globals }) {
    const { t, i18n } = useTranslation();
    const themes = args.bars !== PHASES;
    const title = t(themes ? "dashboard.accuracy.themeTitle" : "dashboard.accuracy.phaseTitle");
    const bars = useBarNames(args.bars);
    const list = new Intl.ListFormat(i18n.language, { type: "unit" }).format(
      bars.map((bar) =>
        t("dashboard.accuracy.item", {
          name: bar.label,
          percent: Math.round((100 * bar.wins) / bar.total),
          count: bar.total,
        }),
      ),
    );
    return (
      <div className="max-w-2xl">
        <AccuracyBars
          {...args}
          {...textsOr(args, {
            locale: i18n.language,
            labels: {
              summary: t("dashboard.accuracy.summary", { title, list }),
              name: t(themes ? "dashboard.accuracy.theme" : "dashboard.accuracy.phase"),
              accuracy: t("dashboard.accuracy.accuracy"),
              results: t("dashboard.accuracy.results"),
              caption: t(themes ? "dashboard.accuracy.themeCaption" : "dashboard.accuracy.phaseCaption"),
              showTable: t("dashboard.showTable"),
            },
          })}
          bars={bars}
          dir={direction(globals)}
          valueText={(bar, percent) => t("dashboard.accuracy.value", { percent, count: bar.total })}
        />
      </div>
    );
  },
} satisfies Meta<typeof AccuracyBars>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Both charts the dashboard draws: accuracy by phase (three bars) and by theme (ten). */
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
      ["By phase", "dashboard.accuracy.phaseTitle"],
      ["By theme", "dashboard.accuracy.themeTitle"],
    ] as const) {
      const frame = shown[label] as HTMLElement;
      const chart = frame.querySelector("[data-slot=accuracy-bars]");
      await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
      await expect(chart).toHaveAttribute("dir", direction(globals));
      await expect(within(frame).getByRole("img").getAttribute("aria-label")).toContain(t(title));
    }
  },
};

/** The three phases, a bar each with its percent and count; the table lists the same figures. */
export const ByPhase: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const percent = new Intl.NumberFormat(globals.locale === "ar" ? "ar" : "en", { style: "percent" });
    const canvas = within(canvasElement);
    const chart = canvasElement.querySelector("[data-slot=accuracy-bars]") as HTMLElement;
    await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
    await expect(chart).toHaveAttribute("dir", direction(globals));
    const image = canvas.getByRole("img");
    await expect(image).toBeVisible();
    await expect(image.getAttribute("aria-label")).toContain(t("dashboard.accuracy.phaseTitle"));
    await expect(image.getAttribute("aria-label")).toContain(
      t("dashboard.accuracy.item", { name: t("dashboard.phases.middlegame"), percent: 50, count: 12 }),
    );

    await userEvent.click(canvas.getByText(t("dashboard.showTable")));
    const table = canvas.getByRole("table", { name: t("dashboard.accuracy.phaseCaption") });
    const rows = within(table).getAllByRole("row");
    await expect(rows).toHaveLength(4);
    await expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      t("dashboard.accuracy.phase"),
      t("dashboard.accuracy.accuracy"),
      t("dashboard.accuracy.results"),
    ]);
    await expect(
      within(table).getByRole("rowheader", { name: t("dashboard.phases.middlegame") }).parentElement,
    ).toHaveTextContent(percent.format(0.5));
    await expect(
      within(table).getByRole("rowheader", { name: t("dashboard.phases.endgame") }).parentElement,
    ).toHaveTextContent(percent.format(1));
  },
};

/** Ten themes by name, the most played first. */
export const ByTheme: Story = {
  args: { bars: THEMES },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const chart = canvasElement.querySelector("[data-slot=accuracy-bars]") as HTMLElement;
    await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
    await expect(canvas.getByRole("img").getAttribute("aria-label")).toContain(
      t("dashboard.accuracy.themeTitle"),
    );
    await userEvent.click(canvas.getByText(t("dashboard.showTable")));
    const table = canvas.getByRole("table", { name: t("dashboard.accuracy.themeCaption") });
    const names = within(table)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    const fork = themeInfo("fork");
    await expect(names).toHaveLength(10);
    await expect(names[0]).toBe(globals.locale === "ar" ? fork?.name_ar : fork?.name_en);
  },
};
