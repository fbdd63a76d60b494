import type { Plugin } from "chart.js";
import * as React from "react";
import { CHART_FONT_FAMILY, CHART_FONT_SIZE, type ChartColors, useChartColors } from "./chart-setup";
import { HorizontalBarsFrame, horizontalBarsConfig, VALUE_GAP } from "./horizontal-bars";

/** One bar: a phase or a theme, with the results it counts and the wins (clean first tries) among them. */
export interface AccuracyBar {
  key: string;
  label: string;
  wins: number;
  total: number;
}

export interface AccuracyBarsLabels {
  /** The chart read as one sentence (the canvas's accessible name). */
  summary: string;
  /** Column headers of the table: "Phase", "Accuracy", "Results". */
  name: string;
  accuracy: string;
  results: string;
  /** The table's caption. */
  caption: string;
  /** The disclosure that shows the table: "Show as table". */
  showTable: string;
}

export type AccuracyBarsProps = Omit<React.ComponentProps<"div">, "children" | "dir"> & {
  bars: readonly AccuracyBar[];
  labels: AccuracyBarsLabels;
  /** The text at the end of a bar and in its tooltip: "50% of 12". */
  valueText: (bar: AccuracyBar, percent: number) => string;
  /** Right to left mirrors the chart: the names on the right, the bars growing leftwards. */
  dir: "ltr" | "rtl";
  /** Formats the numbers (ticks, table) in the page's language. */
  locale: string;
};

/** Rounded percent of wins (0 for no results). */
export function accuracyPercent(bar: Pick<AccuracyBar, "wins" | "total">): number {
  return bar.total > 0 ? Math.round((100 * bar.wins) / bar.total) : 0;
}

const BAR_ROW = 40;
const GAP = VALUE_GAP;

/**
 * Writes each bar's value at its end: outside the bar in the text colour where there is room, else inside it in
 * white (a full bar). The bars grow to the right, or to the left when the axis is mirrored.
 */
function valueLabels(texts: readonly string[], rtl: boolean, colors: ChartColors): Plugin<"bar"> {
  return {
    id: "accuracyValues",
    afterDatasetsDraw(chart) {
      const { ctx, chartArea } = chart;
      ctx.save();
      ctx.font = `600 ${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`;
      ctx.textBaseline = "middle";
      ctx.direction = rtl ? "rtl" : "ltr";
      chart.getDatasetMeta(0).data.forEach((element, index) => {
        const text = texts[index];
        if (!text) return;
        const { x, y } = element.getProps(["x", "y"], true) as { x: number; y: number };
        const width = ctx.measureText(text).width;
        const room = rtl ? x - chartArea.left : chartArea.right - x;
        const outside = room >= width + 2 * GAP;
        ctx.fillStyle = outside ? colors.text : colors.onBrand;
        // Outside: past the bar's end; inside: just before it.
        const towardsEnd = outside !== rtl;
        ctx.textAlign = towardsEnd ? "left" : "right";
        ctx.fillText(text, towardsEnd ? x + GAP : x - GAP, y);
      });
      ctx.restore();
    },
  };
}

/**
 * Accuracy as horizontal bars, one per phase or theme (Chart.js on a canvas), each with its percent and count at
 * its end. The canvas is one image with a summary for its name; the figures are in the table behind "Show as
 * table". Mirrored right to left.
 */
export function AccuracyBars({
  bars,
  labels,
  valueText,
  dir,
  locale,
  className,
  ...props
}: AccuracyBarsProps) {
  const values = bars.map((bar) => valueText(bar, accuracyPercent(bar)));
  const valuesKey = values.join("\n");
  const colors = useChartColors();
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const config = React.useMemo(() => {
    const texts = valuesKey.split("\n");
    const format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
    return horizontalBarsConfig({
      names: bars.map((bar) => bar.label),
      data: bars.map(accuracyPercent),
      values: texts,
      dir,
      locale,
      colors,
      maxBarThickness: 28,
      axis: { min: 0, max: 100, ticks: { stepSize: 25, format: (value) => format.format(value / 100) } },
      valuesPlugin: valueLabels(texts, dir === "rtl", colors),
    });
  }, [bars, valuesKey, dir, locale, colors]);
  return (
    <HorizontalBarsFrame
      data-slot="accuracy-bars"
      className={className}
      {...props}
      config={config}
      // Every text the canvas draws, so its font faces load first.
      texts={`${bars.map((bar) => bar.label).join("")}${valuesKey}${number.format(1234567890)}${percent.format(1)}`}
      rowHeight={BAR_ROW}
      rows={bars.length}
      summary={labels.summary}
      dir={dir}
      table={{
        summary: labels.showTable,
        caption: labels.caption,
        columns: [labels.name, labels.accuracy, labels.results],
        rows: bars.map((bar) => ({
          key: bar.key,
          cells: [bar.label, percent.format(accuracyPercent(bar) / 100), number.format(bar.total)],
        })),
      }}
    />
  );
}
