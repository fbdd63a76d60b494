import type { ChartConfiguration, LinearScaleOptions, Plugin } from "chart.js";
import type * as React from "react";
import { cn } from "../lib/cn";
import { CHART_FONT_FAMILY, CHART_FONT_SIZE, type ChartColors, tooltipBase, useChart } from "./chart-setup";
import { ChartTable } from "./chart-table";

/** What a horizontal bar chart draws: one bar per row, its value written at its end and in its tooltip. */
export interface HorizontalBarsInput {
  /** The bars' names, read on the category axis. */
  names: readonly string[];
  data: readonly number[];
  /** The text written at each bar's end and in its tooltip. */
  values: readonly string[];
  dir: "ltr" | "rtl";
  locale: string;
  colors: ChartColors;
  maxBarThickness: number;
  /** The value axis: its bounds and how its ticks read. */
  axis: Pick<Partial<LinearScaleOptions>, "min" | "max" | "suggestedMax"> & {
    ticks: { stepSize?: number; precision?: number; format: (value: number) => string };
  };
  /** Room past the longest bar, on its growing side (px), for a value written outside it. */
  endPadding?: number;
  /** Draws the values (a Chart.js plugin made by the caller). */
  valuesPlugin: Plugin<"bar">;
}

/** Space between a bar's end and the value written beside it (px). */
export const VALUE_GAP = 6;

/**
 * The configuration both bar charts share: horizontal bars in the brand colour on a linear value axis, names on the
 * category axis, mirrored right to left (the names on the right, the bars growing leftwards), no animation, the
 * charts' font and tooltip.
 */
export function horizontalBarsConfig(
  input: HorizontalBarsInput,
): ChartConfiguration<"bar", number[], string> {
  const { names, data, values, dir, locale, colors, axis, endPadding } = input;
  const rtl = dir === "rtl";
  const font = { family: CHART_FONT_FAMILY, size: CHART_FONT_SIZE };
  const { ticks, ...bounds } = axis;
  return {
    type: "bar",
    data: {
      labels: [...names],
      datasets: [
        {
          data: [...data],
          backgroundColor: colors.brand,
          hoverBackgroundColor: colors.brandHover,
          borderRadius: 3,
          maxBarThickness: input.maxBarThickness,
          // A bar of 0 still shows where it stands.
          minBarLength: 2,
        },
      ],
    },
    options: {
      indexAxis: "y",
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      locale,
      ...(endPadding ? { layout: { padding: rtl ? { left: endPadding } : { right: endPadding } } } : {}),
      scales: {
        x: {
          type: "linear",
          ...bounds,
          reverse: rtl,
          ticks: {
            color: colors.text,
            font,
            ...(ticks.stepSize !== undefined ? { stepSize: ticks.stepSize } : {}),
            ...(ticks.precision !== undefined ? { precision: ticks.precision } : {}),
            callback: (value) => ticks.format(Number(value)),
          },
          grid: { color: colors.grid },
        },
        y: {
          type: "category",
          position: rtl ? "right" : "left",
          ticks: { color: colors.title, font },
          grid: { display: false },
        },
      },
      plugins: {
        tooltip: {
          ...tooltipBase(dir, font),
          callbacks: { label: (item) => values[item.dataIndex] ?? "" },
        },
      },
    },
    plugins: [input.valuesPlugin],
  };
}

export type HorizontalBarsFrameProps = Omit<React.ComponentProps<"div">, "children" | "dir"> & {
  config: ChartConfiguration<"bar", number[], string>;
  /** Every text the canvas draws, so its font faces load before it is drawn. */
  texts: string;
  /** Height of one bar's row and of the value axis under the bars (px). */
  rowHeight: number;
  rows: number;
  /** The chart read as one sentence (the canvas's accessible name). */
  summary: string;
  dir: "ltr" | "rtl";
  table: React.ComponentProps<typeof ChartTable>;
};

/** Height of the value axis under the bars: its ticks and their margin (px). */
const AXIS_HEIGHT = 40;

/**
 * A bar chart's markup: the canvas, one image named by its summary and as tall as its rows, and the figures in a
 * table behind "Show as table". `data-ready` is set once the chart is drawn with the site's fonts.
 */
export function HorizontalBarsFrame({
  config,
  texts,
  rowHeight,
  rows,
  summary,
  dir,
  table,
  className,
  ...props
}: HorizontalBarsFrameProps) {
  const { canvasRef, ready } = useChart(config, texts);
  return (
    <div
      data-ready={ready ? "true" : undefined}
      dir={dir}
      className={cn("flex flex-col gap-3", className)}
      {...props}
    >
      <div className="relative w-full" style={{ height: rows * rowHeight + AXIS_HEIGHT }}>
        <canvas ref={canvasRef} role="img" aria-label={summary} />
      </div>
      <ChartTable {...table} />
    </div>
  );
}
