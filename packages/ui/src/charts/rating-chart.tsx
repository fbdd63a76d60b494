import type { ChartConfiguration } from "chart.js";
import * as React from "react";
import { cn } from "../lib/cn";
import {
  CHART_FONT_FAMILY,
  CHART_FONT_SIZE,
  type ChartColors,
  tooltipBase,
  useChart,
  useChartColors,
} from "./chart-setup";
import { ChartTable } from "./chart-table";

export interface RatingChartPoint {
  /** The result's number: 1 for the first rated puzzle. */
  x: number;
  /** The rating after it. */
  y: number;
}

export interface RatingChartLabels {
  /** The chart read as one sentence (the canvas's accessible name): "Rating over 12 puzzles, from 1500 to 1612". */
  summary: string;
  /** Axis titles (the rating's above the chart), also the table's column headers: "Puzzle", "Rating". */
  x: string;
  y: string;
  /** The table's caption. */
  caption: string;
  /** The disclosure that shows the table: "Show as table". */
  showTable: string;
}

export type RatingChartProps = Omit<React.ComponentProps<"div">, "children" | "dir"> & {
  points: readonly RatingChartPoint[];
  labels: RatingChartLabels;
  /** Right to left mirrors the chart: the first result on the right, the rating axis on the right. */
  dir: "ltr" | "rtl";
  /** Formats the numbers (ticks, tooltips, table) in the page's language. */
  locale: string;
};

/** Above this many results the points are not drawn (the line alone stays readable). */
const POINTS_UP_TO = 60;

function ratingConfig(
  points: readonly RatingChartPoint[],
  labels: Pick<RatingChartLabels, "x" | "y">,
  dir: "ltr" | "rtl",
  locale: string,
  colors: ChartColors,
): ChartConfiguration<"line", RatingChartPoint[]> {
  const rtl = dir === "rtl";
  const font = { family: CHART_FONT_FAMILY, size: CHART_FONT_SIZE };
  const title = (text: string) => ({
    display: true,
    text,
    color: colors.title,
    font: { ...font, weight: 600 },
  });
  const ticks = { color: colors.text, font };
  return {
    type: "line",
    data: {
      datasets: [
        {
          label: labels.y,
          data: [...points],
          borderColor: colors.brand,
          backgroundColor: colors.brand,
          borderWidth: 2,
          pointRadius: points.length > POINTS_UP_TO ? 0 : 3,
          pointHoverRadius: 5,
          tension: 0,
          // The first and last points sit on the chart's edges: drawn whole, not cut in half.
          clip: 6,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale,
      interaction: { mode: "nearest", axis: "x", intersect: false },
      scales: {
        x: {
          type: "linear",
          reverse: rtl,
          min: 1,
          max: Math.max(2, points.length),
          title: title(labels.x),
          ticks: { ...ticks, precision: 0 },
          grid: { color: colors.grid },
        },
        y: {
          type: "linear",
          position: rtl ? "right" : "left",
          grace: "5%",
          ticks: { ...ticks, precision: 0 },
          grid: { color: colors.grid },
        },
      },
      plugins: {
        tooltip: {
          ...tooltipBase(dir, font),
          callbacks: {
            title: (items) => `${labels.x} ${items[0]?.label ?? ""}`,
            label: (item) => `${labels.y}: ${item.formattedValue}`,
          },
        },
      },
    },
  };
}

/**
 * The player's rating after each rated result, as a line (Chart.js on a canvas). The canvas is one image with a
 * summary for its name; the figures themselves are in the table behind "Show as table". Mirrored right to left.
 */
export function RatingChart({ points, labels, dir, locale, className, ...props }: RatingChartProps) {
  const { x, y } = labels;
  const colors = useChartColors();
  const config = React.useMemo(
    () => ratingConfig(points, { x, y }, dir, locale, colors),
    [points, x, y, dir, locale, colors],
  );
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const { canvasRef, ready } = useChart(config, `${x}${y}${number.format(1234567890)}`);
  return (
    <div
      data-slot="rating-chart"
      data-ready={ready ? "true" : undefined}
      dir={dir}
      className={cn("flex flex-col gap-3", className)}
      {...props}
    >
      {/*
        The rating axis's title, written above its ticks rather than turned on its side in the canvas: rotated
        Arabic is hard to read. The canvas's name already says what it shows, so screen readers skip this.
      */}
      <p aria-hidden className="m-0 -mb-2 text-sm font-semibold text-fg">
        {labels.y}
      </p>
      <div className="relative h-64 w-full md:h-72">
        <canvas ref={canvasRef} role="img" aria-label={labels.summary} />
      </div>
      <ChartTable
        summary={labels.showTable}
        caption={labels.caption}
        columns={[labels.x, labels.y]}
        rows={points.map((point) => ({
          key: String(point.x),
          cells: [number.format(point.x), number.format(point.y)],
        }))}
      />
    </div>
  );
}
