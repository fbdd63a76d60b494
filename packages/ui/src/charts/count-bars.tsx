import type { Plugin } from "chart.js";
import * as React from "react";
import { CHART_FONT_FAMILY, CHART_FONT_SIZE, type ChartColors, useChartColors } from "./chart-setup";
import { HorizontalBarsFrame, horizontalBarsConfig, VALUE_GAP } from "./horizontal-bars";

/** One bar: a phase or a theme and how many of something (the player's mistakes) fall in it. */
export interface CountBar {
  key: string;
  label: string;
  count: number;
}

export interface CountBarsLabels {
  /** The chart read as one sentence (the canvas's accessible name). */
  summary: string;
  /** Column headers of the table: "Phase", "Mistakes". */
  name: string;
  count: string;
  /** The table's caption. */
  caption: string;
  /** The disclosure that shows the table: "Show as table". */
  showTable: string;
}

export type CountBarsProps = Omit<React.ComponentProps<"div">, "children" | "dir"> & {
  bars: readonly CountBar[];
  labels: CountBarsLabels;
  /** Right to left mirrors the chart: the names on the right, the bars growing leftwards. */
  dir: "ltr" | "rtl";
  /** Formats the numbers (ticks, values, table) in the page's language. */
  locale: string;
};

const BAR_ROW = 36;
const GAP = VALUE_GAP;

/** Writes each bar's count just past its end. */
function countLabels(texts: readonly string[], rtl: boolean, colors: ChartColors): Plugin<"bar"> {
  return {
    id: "countValues",
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      ctx.save();
      ctx.font = `600 ${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`;
      ctx.textBaseline = "middle";
      ctx.fillStyle = colors.text;
      ctx.textAlign = rtl ? "right" : "left";
      chart.getDatasetMeta(0).data.forEach((element, index) => {
        const { x, y } = element.getProps(["x", "y"], true) as { x: number; y: number };
        ctx.fillText(texts[index] ?? "", rtl ? x - GAP : x + GAP, y);
      });
      ctx.restore();
    },
  };
}

/**
 * Counts as horizontal bars, one per phase or theme (Chart.js on a canvas), each with its count at its end. The
 * canvas is one image named by a summary; the figures are in the table behind "Show as table". Mirrored right to
 * left.
 */
export function CountBars({ bars, labels, dir, locale, className, ...props }: CountBarsProps) {
  const colors = useChartColors();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const config = React.useMemo(() => {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const values = bars.map((bar) => format.format(bar.count));
    return horizontalBarsConfig({
      names: bars.map((bar) => bar.label),
      data: bars.map((bar) => bar.count),
      values,
      dir,
      locale,
      colors,
      maxBarThickness: 24,
      axis: {
        min: 0,
        suggestedMax: Math.max(1, ...bars.map((bar) => bar.count)),
        ticks: { precision: 0, format: (value) => format.format(value) },
      },
      // Room past the longest bar for its count.
      endPadding: 32,
      valuesPlugin: countLabels(values, dir === "rtl", colors),
    });
  }, [bars, dir, locale, colors]);
  return (
    <HorizontalBarsFrame
      data-slot="count-bars"
      className={className}
      {...props}
      config={config}
      texts={`${bars.map((bar) => bar.label).join("")}${number.format(1234567890)}`}
      rowHeight={BAR_ROW}
      rows={bars.length}
      summary={labels.summary}
      dir={dir}
      table={{
        summary: labels.showTable,
        caption: labels.caption,
        columns: [labels.name, labels.count],
        rows: bars.map((bar) => ({ key: bar.key, cells: [bar.label, number.format(bar.count)] })),
      }}
    />
  );
}
