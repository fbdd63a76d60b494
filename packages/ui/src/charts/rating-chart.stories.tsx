import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { RatingChart, type RatingChartPoint } from "./rating-chart";

/** Ratings after each of a dozen results: a newcomer's first steps, 1500 to 1612. */
const FEW = [1500, 1585, 1632, 1574, 1611, 1650, 1598, 1622, 1641, 1603, 1590, 1612];
/** 240 results: an up-and-down climb from 1450, drawn without points (a fixed sequence, so screenshots are stable). */
const MANY = Array.from({ length: 240 }, (_, index) =>
  Math.round(1450 + index * 0.9 + 40 * Math.sin(index / 7) + 15 * Math.sin(index * 1.7)),
);
const toPoints = (ratings: readonly number[]): RatingChartPoint[] =>
  ratings.map((y, index) => ({ x: index + 1, y }));

const direction = (globals: Record<string, unknown>) => (globals.direction === "rtl" ? "rtl" : "ltr");

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The player's rating after each rated result, as a line (Chart.js on a canvas). The canvas is one
image with a summary for its name; the figures themselves are in the table behind "Show as table". Mirrored right to
left. Use it on the training dashboard, for the player's puzzle rating over time.

**Do**
- Write \`labels.summary\` as the chart in one sentence ("Rating over 12 puzzles, from 1500 to 1612"): it is all a
  screen reader hears of the canvas.
- Pass \`dir\` and \`locale\` from the page: in Arabic the first result is on the right, and the numbers follow the
  page's language.
- Give the table's \`caption\` and \`showTable\` texts: the table is the chart's figures for everyone who cannot read
  the line.

**Don't**
- Don't use it for anything but a rating over results: a count or a share by phase is CountBars or AccuracyBars.
- Don't mirror it yourself in CSS: pass \`dir\`, and the first result and the rating axis move to the right.`;

const meta = {
  title: "Charts/RatingChart",
  component: RatingChart,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    points: toPoints(FEW),
    dir: "ltr",
    locale: "",
    labels: { summary: "", x: "", y: "", caption: "", showTable: "" },
  },
  render: function Render(args, { globals }) {
    const { t, i18n } = useTranslation();
    const first = args.points[0]?.y ?? 0;
    const last = args.points.at(-1)?.y ?? 0;
    return (
      <div className="max-w-3xl">
        <RatingChart
          {...args}
          {...textsOr(args, {
            locale: i18n.language,
            labels: {
              summary: t("dashboard.ratingChart.summary", {
                count: args.points.length,
                from: first,
                to: last,
              }),
              x: t("dashboard.ratingChart.x"),
              y: t("dashboard.ratingChart.y"),
              caption: t("dashboard.ratingChart.caption"),
              showTable: t("dashboard.showTable"),
            },
          })}
          dir={direction(globals)}
        />
      </div>
    );
  },
} satisfies Meta<typeof RatingChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A dozen results (each a point) and hundreds (the line alone). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="Few results" className="items-stretch">
        <FromStory meta={meta} story={FewResults} globals={context.globals} />
      </Variant>
      <Variant label="Many results" className="items-stretch">
        <FromStory meta={meta} story={ManyResults} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Few results", "Many results"]);
    for (const [label, ratings] of [
      ["Few results", FEW],
      ["Many results", MANY],
    ] as const) {
      const frame = shown[label] as HTMLElement;
      const chart = frame.querySelector("[data-slot=rating-chart]");
      await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
      await expect(chart).toHaveAttribute("dir", direction(globals));
      await expect(
        within(frame).getByRole("img", {
          name: t("dashboard.ratingChart.summary", {
            count: ratings.length,
            from: ratings[0],
            to: ratings.at(-1),
          }),
        }),
      ).toBeVisible();
    }
  },
};

/** A dozen results, each a point on the line; the table behind "Show as table" lists them all. */
export const FewResults: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const language = globals.locale === "ar" ? "ar" : "en";
    const number = new Intl.NumberFormat(language);
    const canvas = within(canvasElement);
    const chart = canvasElement.querySelector("[data-slot=rating-chart]") as HTMLElement;
    await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
    await expect(chart).toHaveAttribute("dir", direction(globals));
    await expect(
      canvas.getByRole("img", {
        name: t("dashboard.ratingChart.summary", { count: 12, from: 1500, to: 1612 }),
      }),
    ).toBeVisible();

    await userEvent.click(canvas.getByText(t("dashboard.showTable")));
    const table = canvas.getByRole("table", { name: t("dashboard.ratingChart.caption") });
    await expect(table).toBeVisible();
    const rows = within(table).getAllByRole("row");
    await expect(rows).toHaveLength(1 + FEW.length);
    await expect(rows[1]).toHaveTextContent(`${number.format(1)}${number.format(1500)}`);
    await expect(rows.at(-1)).toHaveTextContent(`${number.format(12)}${number.format(1612)}`);
  },
};

/** Hundreds of results: the line alone; the table stays folded (and scrolls when opened). */
export const ManyResults: Story = {
  args: { points: toPoints(MANY) },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const chart = canvasElement.querySelector("[data-slot=rating-chart]") as HTMLElement;
    await waitFor(() => expect(chart).toHaveAttribute("data-ready", "true"));
    await expect(
      canvas.getByRole("img", {
        name: t("dashboard.ratingChart.summary", { count: 240, from: MANY[0], to: MANY.at(-1) }),
      }),
    ).toBeVisible();
    await expect(canvas.getByText(t("dashboard.showTable"))).toBeVisible();
    await expect(canvasElement.querySelector("table")).not.toBeVisible();
    await expect(canvasElement.querySelectorAll("[data-slot=chart-table] tbody tr")).toHaveLength(240);
  },
};
